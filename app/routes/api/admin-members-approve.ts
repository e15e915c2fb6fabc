import { adminContext } from "~/features/admin/admin-api.server";
import { approveMembers } from "~/features/members/roster.server";
import { bulkApprovalSchema } from "~/features/members/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-members-approve";

// POST /api/admin/members/approve { ids } → { approved: n }: each approval audited and mailed.
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const audit = await adminContext(request, context.get(clientIpContext));
  const { ids } = parse(bulkApprovalSchema, await readJson(request));
  return Response.json(await approveMembers(ids, audit));
});

export const loader = methodNotAllowed("POST");
