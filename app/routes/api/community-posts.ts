import { requireBoardMember } from "~/features/community/access.server";
import { createPost, listPosts } from "~/features/community/community.server";
import {
  listQuerySchema,
  POST_BODY_BYTES,
  POSTS_PER_PAGE,
  postSchema,
} from "~/features/community/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { pageQuerySchema } from "~/lib/page-query";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/community-posts";

// GET /api/community/posts?q=&page=&pageSize= → { items, total, page, pageSize } (approved
// members: pinned first, then newest; `q` searches title and body).
export const loader = api(async ({ request, url }: Route.LoaderArgs) => {
  const reader = await requireBoardMember(request);
  const params = Object.fromEntries(url.searchParams);
  const { q } = parse(listQuerySchema, { q: params.q });
  const paging = parse(pageQuerySchema(POSTS_PER_PAGE), {
    page: params.page || undefined,
    pageSize: params.pageSize || undefined,
  });
  return Response.json(await listPosts(reader, { q, ...paging }));
});

// POST /api/community/posts { title, body, images? } → 201 with the post.
export const action = api(async ({ request }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const author = await requireBoardMember(request);
  const input = parse(postSchema, await readJson(request, { maxBytes: POST_BODY_BYTES }));
  return Response.json(await createPost(author, input), { status: 201 });
});
