import { requireActor } from "~/features/accounts/actor.server";
import { endMemberSessions } from "~/features/members/roster.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/admin-member-end-sessions";

// POST /api/admin/members/{id}/end-sessions (administrators; audited) → the updated member.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  return Response.json(await endMemberSessions(actor, args.params.id));
});

export const loader = methodNotAllowed("POST");
