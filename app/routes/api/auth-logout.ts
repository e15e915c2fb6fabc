import { recordLogout } from "~/features/accounts/auth-events.server";
import { destroyCurrentSession } from "~/features/accounts/session.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/auth-logout";

export const action = api(async ({ request, context }: Route.ActionArgs) => {
  await recordLogout(request, context.get(clientIpContext));
  return Response.json(
    { message: "로그아웃되었습니다." },
    { headers: { "Set-Cookie": await destroyCurrentSession(request) } },
  );
});

export const loader = methodNotAllowed("POST");
