import { requireBoardMember } from "~/features/community/access.server";
import { reportItem } from "~/features/community/community.server";
import { reportSchema } from "~/features/community/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/community-report";

// POST /api/community/posts/{id}/report and /api/community/comments/{id}/report { reason } → 201.
// The same member reporting the same item again is a 409 that changes nothing.
export const action = api(async ({ request, params, url }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const reader = await requireBoardMember(request);
  const { reason } = parse(reportSchema, await readJson(request));
  const kind = url.pathname.startsWith("/api/community/posts/") ? "posts" : "comments";
  return Response.json(await reportItem(reader, kind, params.id, reason), {
    status: 201,
    headers: { "Cache-Control": "private, no-store" },
  });
});

export const loader = methodNotAllowed("POST");
