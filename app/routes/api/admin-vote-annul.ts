import { requireActor } from "~/features/accounts/actor.server";
import { annulSchema } from "~/features/votes/validation";
import { annulVote } from "~/features/votes/votes.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-vote-annul";

// POST /api/admin/votes/{id}/annul { reason } → { id, annulledAt, annulReason }: no more
// ballots, and the ballots stay sealed for good (audited; 409 when already annulled).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const { reason } = parse(annulSchema, await readJson(args.request));
  return Response.json(await annulVote(actor, args.params.id, reason));
});

export const loader = methodNotAllowed("POST");
