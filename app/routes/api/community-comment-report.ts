import { requireBoardMember } from "~/features/community/access.server";
import { reportItem } from "~/features/community/community.server";
import { reportSchema } from "~/features/community/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/community-comment-report";

// POST /api/community/comments/{id}/report { reason } → 201. The same member reporting the same comment
// again is a 409 that changes nothing.
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const reader = await requireBoardMember(request);
  const { reason } = parse(reportSchema, await readJson(request));
  return Response.json(await reportItem(reader, "comments", params.id, reason), { status: 201 });
});

export const loader = methodNotAllowed("POST");
