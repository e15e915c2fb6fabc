import { requireActor } from "~/features/accounts/actor.server";
import { rollChangeSchema } from "~/features/votes/validation";
import { changeRoll } from "~/features/votes/votes.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-vote-roll";

// POST /api/admin/votes/{id}/roll { change: "add" | "remove", userId | email, reason } →
// { eligible }: the office changes the fixed roll, with a reason (audited). Nobody is added once
// the window opens, and a member who voted stays on it (409).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(rollChangeSchema, await readJson(args.request));
  return Response.json(await changeRoll(actor, args.params.id, input));
});

export const loader = methodNotAllowed("POST");
