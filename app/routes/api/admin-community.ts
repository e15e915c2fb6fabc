import { adminContext } from "~/features/admin/admin-api.server";
import { moderationQueue } from "~/features/community/community.server";
import { POSTS_PER_PAGE } from "~/features/community/validation";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { pageQuerySchema } from "~/lib/page-query";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-community";

// GET /api/admin/community?page=&pageSize= → { items, total, page, pageSize }: reported and
// hidden posts and comments (administrators).
export const loader = api(async ({ request, context, url }: Route.LoaderArgs) => {
  await adminContext(request, context.get(clientIpContext));
  const query = parse(pageQuerySchema(POSTS_PER_PAGE), {
    page: url.searchParams.get("page") || undefined,
    pageSize: url.searchParams.get("pageSize") || undefined,
  });
  return Response.json(await moderationQueue(query));
});

export const action = methodNotAllowed("GET");
