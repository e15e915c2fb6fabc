import { requireActor } from "~/features/accounts/actor.server";
import { publishResults } from "~/features/votes/votes.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/admin-vote-notice";

// POST /api/admin/votes/{id}/notice → 201 { announcementId }: publishes a closed vote's results
// as a notice, once (409 before the close, for an annulled vote, or a second time).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  return Response.json(await publishResults(actor, args.params.id), { status: 201 });
});

export const loader = methodNotAllowed("POST");
