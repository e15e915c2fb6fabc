import { requireActor } from "~/features/accounts/actor.server";
import { confirmEnrolmentOfSession } from "~/features/second-factor/security-page.server";
import { secondFactorCodeSchema } from "~/features/second-factor/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-mfa-confirm";

// POST /api/admin/mfa/confirm { code } → { recoveryCodes }: the enrolment's code confirms the
// factor, and this session counts as having passed it.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "enrolling");
  const { code } = parse(secondFactorCodeSchema, await readJson(args.request));
  return Response.json({
    recoveryCodes: await confirmEnrolmentOfSession(actor, code, args.request),
  });
});

export const loader = methodNotAllowed("POST");
