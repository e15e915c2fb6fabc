import { requireActor } from "~/features/accounts/actor.server";
import { approveMembers } from "~/features/members/roster.server";
import { bulkApprovalSchema } from "~/features/members/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-members-approve";

// POST /api/admin/members/approve { ids } → { approved: n }: each approval audited and mailed.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const { ids } = parse(bulkApprovalSchema, await readJson(args.request));
  return Response.json(await approveMembers(actor, ids));
});

export const loader = methodNotAllowed("POST");
