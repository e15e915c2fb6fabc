import { requireActor } from "~/features/accounts/actor.server";
import { currentSessionId } from "~/features/accounts/session.server";
import { beginEnrolment } from "~/features/second-factor/second-factor.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/admin-mfa-setup";

// POST /api/admin/mfa/setup → { secret, otpauthUrl }: one of the two administrator calls a
// password-only session may make (enrolment).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const { user } = await requireActor(args, "enrolling");
  return Response.json(await beginEnrolment(user, await currentSessionId(args.request)));
});

export const loader = methodNotAllowed("POST");
