import { requireActor } from "~/features/accounts/actor.server";
import { objectionSchema } from "~/features/votes/validation";
import { objectToRoll } from "~/features/votes/votes.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/vote-objection";

// POST /api/votes/{id}/objection { text } → 201 { id, createdAt }: a member's objection to the
// roll, until the window opens (409 after); the office is mailed.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "member");
  const { text } = parse(objectionSchema, await readJson(args.request));
  return Response.json(await objectToRoll(actor.user, args.params.id, text), { status: 201 });
});

export const loader = methodNotAllowed("POST");
