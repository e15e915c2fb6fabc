import { requireBoardMember } from "~/features/community/access.server";
import { createComment } from "~/features/community/community.server";
import { commentSchema } from "~/features/community/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/community-comments";

// POST /api/community/posts/{id}/comments { body } → 201 with the comment (approved members).
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const author = await requireBoardMember(request);
  const { body } = parse(commentSchema, await readJson(request));
  return Response.json(await createComment(author, params.id, body), {
    status: 201,
  });
});

export const loader = methodNotAllowed("POST");
