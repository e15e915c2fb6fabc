import { destroyCurrentSession } from "~/features/accounts/session.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/auth-logout";

export const action = api(async ({ request }: Route.ActionArgs) => {
  return Response.json(
    { message: "로그아웃되었습니다." },
    { headers: { "Set-Cookie": await destroyCurrentSession(request) } },
  );
});

export const loader = methodNotAllowed("POST");
