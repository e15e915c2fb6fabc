import { requireActor } from "~/features/accounts/actor.server";
import { createAction } from "~/features/admin/admin-api.server";
import { voteSchema } from "~/features/votes/validation";
import { createVote, listVotesForOffice } from "~/features/votes/votes.server";
import { api, parse } from "~/lib/errors.server";
import { pageQuerySchema } from "~/lib/page-query";
import type { Route } from "./+types/admin-votes";

// POST /api/admin/votes { title, description, kind, options?, opensAt, closesAt, electorate,
// quorum? } → 201 { id }: publishes the vote and fixes its roll (administrators).
export const action = createAction(voteSchema, createVote);

// GET /api/admin/votes?page=&pageSize= → { items, total, page, pageSize }: every vote with its
// turnout, newest window first.
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  const query = parse(pageQuerySchema(20), Object.fromEntries(args.url.searchParams));
  return Response.json(await listVotesForOffice(actor, query));
});
