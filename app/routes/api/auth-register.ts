import { registerMember } from "~/features/accounts/accounts.server";
import { registerSchema } from "~/features/accounts/validation";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/auth-register";

export const SIGNUP_DONE = "회원가입이 완료되었습니다. 관리자 승인 후 로그인할 수 있습니다.";

export const action = api(async ({ request, context }: Route.ActionArgs) => {
  const input = parse(registerSchema, await readJson(request));
  const user = await registerMember({ ...input, ip: context.get(clientIpContext) });
  return Response.json({ id: user.id, email: user.email, message: SIGNUP_DONE }, { status: 201 });
});

export const loader = methodNotAllowed("POST");
