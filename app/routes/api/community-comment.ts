import { requireBoardMember } from "~/features/community/access.server";
import { deleteComment } from "~/features/community/community.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/community-comment";

// DELETE /api/community/comments/{id}: the comment's author, or an administrator (audited).
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "DELETE");
  const reader = await requireBoardMember(request);
  await deleteComment(reader, params.id, {
    actor: { id: reader.id, email: reader.email },
    ip: context.get(clientIpContext),
  });
  return new Response(null, { status: 204 });
});

export const loader = methodNotAllowed("DELETE");
