import { requireActor } from "~/features/accounts/actor.server";
import { ballotSchema } from "~/features/votes/validation";
import { castBallot } from "~/features/votes/votes.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/vote-ballots";

// POST /api/votes/{id}/ballots { choice } (the option's 0-based index) → 201 { receipt }, shown
// once. 401 visitor, 400 no such option, 403 not on the roll, 409 outside the window or a
// second ballot. Nothing about the ballot is logged or audited.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "member");
  const { choice } = parse(ballotSchema, await readJson(args.request));
  return Response.json(await castBallot(actor.user, args.params.id, choice), { status: 201 });
});

export const loader = methodNotAllowed("POST");
