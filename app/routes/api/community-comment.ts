import { requireBoardMember } from "~/features/community/access.server";
import { deleteComment, editComment } from "~/features/community/community.server";
import { commentSchema } from "~/features/community/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/community-comment";

// PATCH /api/community/comments/{id} { body }: its author changes the text (200, the comment).
// DELETE /api/community/comments/{id}: the comment's author, or an administrator (audited).
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "PATCH", "DELETE");
  const reader = await requireBoardMember(request);
  if (request.method === "PATCH") {
    const { body } = parse(commentSchema, await readJson(request));
    return Response.json(await editComment(reader, params.id, body));
  }
  await deleteComment(reader, params.id, {
    actor: { id: reader.id, email: reader.email },
    ip: context.get(clientIpContext),
  });
  return new Response(null, { status: 204 });
});

export const loader = methodNotAllowed("PATCH, DELETE");
