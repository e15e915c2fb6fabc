import { registerMember } from "~/features/accounts/accounts.server";
import { registerSchema } from "~/features/accounts/validation";
import { limitAuthRequestsByIp } from "~/features/security/rate-limit.server";
import { api, methodNotAllowed, parse, readJson } from "~/lib/errors.server";
import type { Route } from "./+types/auth-register";

export const SIGNUP_DONE = "회원가입이 완료되었습니다. 관리자 승인 후 로그인할 수 있습니다.";

export const action = api(async ({ request, context }: Route.ActionArgs) => {
  await limitAuthRequestsByIp(context.clientIp);
  const input = parse(registerSchema, await readJson(request));
  const user = await registerMember(input);
  return Response.json({ id: user.id, email: user.email, message: SIGNUP_DONE }, { status: 201 });
});

export const loader = methodNotAllowed("POST");
