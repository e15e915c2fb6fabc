import { redirect } from "react-router";
import { clientOf } from "~/features/accounts/auth-events.server";
import {
  clearSessionCookie,
  currentSessionId,
  requireUser,
} from "~/features/accounts/session.server";
import { endOtherSessions, endSession } from "~/features/accounts/session-list.server";
import { AppError } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/mypage-sessions";

const FIELDS = { intent: { maxLength: 30 }, sessionId: { maxLength: 40 } };

// The /mypage session list's forms: end one session, or every other one; back to /mypage with a
// toast. Ending this very session logs out.
export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, url });
  const form = await readForm(request, FIELDS);
  const client = clientOf(request, context.get(clientIpContext));
  const sid = await currentSessionId(request);
  const back = (title: string, description?: string) =>
    redirect("/mypage", { headers: { "Set-Cookie": flashToast({ title, description }) } });
  try {
    if (form.get("intent") === "end-other-sessions" && sid) {
      const ended = await endOtherSessions(user.id, sid, client);
      return back("다른 기기에서 로그아웃했습니다.", `${ended}개 세션을 종료했습니다.`);
    }
    if (form.get("intent") === "end-session") {
      const ended = await endSession(user.id, String(form.get("sessionId") ?? ""), client);
      if (ended.sid === sid) {
        const headers = new Headers();
        headers.append("Set-Cookie", await clearSessionCookie());
        headers.append("Set-Cookie", flashToast({ title: "로그아웃되었습니다." }));
        return redirect("/", { headers });
      }
      return back("세션을 종료했습니다.");
    }
    throw new AppError("invalid", "알 수 없는 작업입니다.");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirect("/mypage", {
      headers: {
        "Set-Cookie": flashToast({
          title: "처리 실패",
          description: error.message,
          variant: "destructive",
        }),
      },
    });
  }
}

export function loader() {
  return redirect("/mypage");
}
