import { requireBoardMember } from "~/features/community/access.server";
import { deletePost, readPost, updatePost } from "~/features/community/community.server";
import { POST_BODY_BYTES, postPatchSchema } from "~/features/community/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/community-post";

// GET /api/community/posts/{id}: the post with its comments (approved members).
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  const reader = await requireBoardMember(request);
  return Response.json(await readPost(reader, params.id));
});

// PATCH (the author: title, body, images) and DELETE (the author or an administrator, audited).
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "PATCH", "DELETE");
  const reader = await requireBoardMember(request);
  if (request.method === "DELETE") {
    await deletePost(reader, params.id, {
      actor: { id: reader.id, email: reader.email },
      ip: context.get(clientIpContext),
    });
    return new Response(null, { status: 204 });
  }
  const patch = parse(postPatchSchema, await readJson(request, { maxBytes: POST_BODY_BYTES }));
  return Response.json(await updatePost(reader, params.id, patch));
});
