import { loginSchema } from "~/features/accounts/validation";
import { startLogin } from "~/features/second-factor/login.server";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/auth-login";

// POST /api/auth/login. An account with a second factor gets `{ mfaRequired: true }` and no
// session yet (POST /api/auth/mfa completes it); an administrator who must still enrol gets a
// password-only session and `mfaEnrollmentRequired: true`.
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  const input = parse(loginSchema, await readJson(request));
  const outcome = await startLogin({
    ...input,
    ip: context.get(clientIpContext),
    cookie: request.headers.get("Cookie"),
    userAgent: request.headers.get("User-Agent"),
  });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  if (outcome.kind === "second-factor") {
    return Response.json({ mfaRequired: true }, { headers });
  }
  const { user } = outcome;
  return Response.json(
    {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      isApproved: user.isApproved,
      ...(outcome.enrolmentRequired ? { mfaEnrollmentRequired: true } : {}),
    },
    { headers },
  );
});

export const loader = methodNotAllowed("POST");
