import { requireActor } from "~/features/accounts/actor.server";
import { reinstateMember } from "~/features/members/roster.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/admin-member-reinstate";

// POST /api/admin/members/{id}/reinstate (administrators; audited, the member mailed) → the
// updated member.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  return Response.json(await reinstateMember(actor, args.params.id));
});

export const loader = methodNotAllowed("POST");
