import { requireActor } from "~/features/accounts/actor.server";
import { deleteVote, turnoutForOffice } from "~/features/votes/votes.server";
import { api, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/admin-vote";

// GET /api/admin/votes/{id} → { eligible, voted, voters: [{ id, name, votedAt }] }: turnout and
// who voted (votedAt a Seoul day, YYYY-MM-DD), never a choice (administrators).
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  return Response.json(await turnoutForOffice(actor, args.params.id));
});

// DELETE /api/admin/votes/{id} → 204; 409 once the vote has ballots (annul it instead).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "DELETE");
  const actor = await requireActor(args, "admin");
  await deleteVote(actor, args.params.id);
  return new Response(null, { status: 204 });
});
