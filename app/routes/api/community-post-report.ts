import { requireBoardMember } from "~/features/community/access.server";
import { reportItem } from "~/features/community/community.server";
import { reportSchema } from "~/features/community/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/community-post-report";

// POST /api/community/posts/{id}/report { reason } → 201. The same member reporting the same post
// again is a 409 that changes nothing.
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const reader = await requireBoardMember(request);
  const { reason } = parse(reportSchema, await readJson(request));
  return Response.json(await reportItem(reader, "posts", params.id, reason), { status: 201 });
});

export const loader = methodNotAllowed("POST");
