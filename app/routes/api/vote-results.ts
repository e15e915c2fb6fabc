import { requireActor } from "~/features/accounts/actor.server";
import { voteResults } from "~/features/votes/votes.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/vote-results";

// GET /api/votes/{id}/results → { eligible, turnout, counts: [{ option, votes }], quorumMet }
// after the close; 409 for everyone, the office included, until then (and for good once
// annulled). Signed-in members only.
export const loader = api(async (args: Route.LoaderArgs) => {
  const results = await voteResults(args.params.id);
  await requireActor(args, "member");
  return Response.json(results);
});
