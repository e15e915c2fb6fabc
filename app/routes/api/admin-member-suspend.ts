import { requireActor } from "~/features/accounts/actor.server";
import { suspendMember } from "~/features/members/roster.server";
import { suspensionSchema } from "~/features/members/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-member-suspend";

// POST /api/admin/members/{id}/suspend { reason } (administrators; audited, the member mailed,
// their sessions ended) → the updated member.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const { reason } = parse(suspensionSchema, await readJson(args.request));
  return Response.json(await suspendMember(actor, args.params.id, reason));
});

export const loader = methodNotAllowed("POST");
