// The member's own sessions, ended from /mypage's session list: one of them (this very one logs
// out), or every other one.
import { done } from "~/lib/page-action.server";
import type { SessionActor } from "./actor.server";
import { clientOf } from "./auth-events.server";
import { clearSessionCookie, currentSessionId } from "./session.server";
import { endOtherSessions, endSession } from "./session-list.server";

export async function endMySession(actor: SessionActor, sessionId: string, request: Request) {
  const ended = await endSession(
    actor.user.id,
    sessionId,
    clientOf(request, actor.audit.ip ?? undefined),
  );
  if (ended.sid === (await currentSessionId(request))) {
    return done("로그아웃되었습니다.", "/", { "Set-Cookie": await clearSessionCookie() });
  }
  return done("세션을 종료했습니다.", "/mypage/security");
}

export async function endMyOtherSessions(actor: SessionActor, request: Request) {
  const sid = (await currentSessionId(request)) ?? "";
  const ended = await endOtherSessions(
    actor.user.id,
    sid,
    clientOf(request, actor.audit.ip ?? undefined),
  );
  return done(
    { title: "다른 기기에서 로그아웃했습니다.", description: `${ended}개 세션을 종료했습니다.` },
    "/mypage/security",
  );
}
