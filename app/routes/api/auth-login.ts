import { loginSchema } from "~/features/accounts/validation";
import { accountAnswer, startLogin } from "~/features/second-factor/login.server";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/auth-login";

// POST /api/auth/login. An account with a second factor gets `{ mfaRequired: true }` and no
// session yet (POST /api/auth/mfa completes it); an administrator who must still enrol gets a
// password-only session and `mfaEnrollmentRequired: true`. A sign-up that waits or was rejected
// is a 403 `{ status: "pending" | "rejected", reason?, message }` with no session, only the
// short-lived applicant cookie of its status page (GET/POST /api/auth/applicant, decision 022).
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  const input = parse(loginSchema, await readJson(request));
  const outcome = await startLogin(input, request, context.get(clientIpContext));
  const { headers } = outcome;
  if (outcome.kind === "applicant") {
    const { status, reason, message } = outcome;
    return Response.json(
      { status, ...(reason ? { reason } : {}), message },
      { status: 403, headers },
    );
  }
  if (outcome.kind === "second-factor") return Response.json({ mfaRequired: true }, { headers });
  return Response.json(
    {
      ...accountAnswer(outcome.user),
      ...(outcome.enrolmentRequired ? { mfaEnrollmentRequired: true } : {}),
    },
    { headers },
  );
});

export const loader = methodNotAllowed("POST");
