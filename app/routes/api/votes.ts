import { requireActor } from "~/features/accounts/actor.server";
import { listVotesForMember } from "~/features/votes/votes.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/votes";

// GET /api/votes → [{ id, title, kind, status, opensAt, closesAt, onRoll, voted }]: the votes a
// signed-in member sees, newest window first.
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "member");
  return Response.json(await listVotesForMember(actor.user));
});
