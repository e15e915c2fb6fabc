import { accountAnswer, finishLogin } from "~/features/second-factor/login.server";
import { secondFactorCodeSchema } from "~/features/second-factor/validation";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/auth-mfa";

// POST /api/auth/mfa { code }: a six-digit code or a recovery code completes the login that
// POST /api/auth/login started (401 wrong, replayed or expired; 429 too many attempts).
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  const { code } = parse(secondFactorCodeSchema, await readJson(request));
  const { user, headers } = await finishLogin(request, context.get(clientIpContext), code);
  return Response.json(accountAnswer(user), { headers });
});

export const loader = methodNotAllowed("POST");
