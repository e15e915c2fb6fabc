import { redirect } from "react-router";
import { recordLogout } from "~/features/accounts/auth-events.server";
import { destroyCurrentSession } from "~/features/accounts/session.server";
import { flashToast } from "~/lib/flash.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/logout";

// The header's logout button posts here: the session row is deleted and the visitor goes home.
export async function action({ request, context }: Route.ActionArgs) {
  await recordLogout(request, context.get(clientIpContext));
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyCurrentSession(request));
  headers.append("Set-Cookie", flashToast({ title: "로그아웃되었습니다." }));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
