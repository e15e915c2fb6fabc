import {
  markSecondFactorPassed,
  requireSecondFactorHolder,
} from "~/features/accounts/session.server";
import { beginEnrolment, confirmEnrolment } from "~/features/second-factor/second-factor.server";
import { secondFactorCodeSchema } from "~/features/second-factor/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-mfa";

// POST /api/admin/mfa/setup → { secret, otpauthUrl }; POST /api/admin/mfa/confirm { code } →
// { recoveryCodes }. The only administrator calls a password-only session may make.
export const action = api(async ({ request, context, url }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const user = await requireSecondFactorHolder(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (url.pathname.endsWith("/setup")) {
    return Response.json(await beginEnrolment(user), { headers });
  }
  const { code } = parse(secondFactorCodeSchema, await readJson(request));
  const recoveryCodes = await confirmEnrolment(user, code, {
    actor: { id: user.id, email: user.email },
    ip: context.get(clientIpContext),
  });
  await markSecondFactorPassed(request);
  return Response.json({ recoveryCodes }, { headers });
});

export const loader = methodNotAllowed("POST");
