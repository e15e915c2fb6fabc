import { requireActor } from "~/features/accounts/actor.server";
import { voteForMember } from "~/features/votes/votes.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/vote";

// GET /api/votes/{id}: the vote, its options, whether the member is on the roll and has voted,
// their objections, and the results once it closed (signed-in members).
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "member");
  return Response.json(await voteForMember(actor.user, args.params.id));
});
