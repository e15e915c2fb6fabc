import { adminContext } from "~/features/admin/admin-api.server";
import { searchMembers } from "~/features/members/roster.server";
import { rosterQuerySchema } from "~/features/members/validation";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-members";

// GET /api/admin/members?q=&status=&type=&role=&joinedFrom=&joinedTo=&sort=&order=&page=&pageSize=
// → { items, total, page, pageSize } (administrators).
export const loader = api(async ({ request, context, url }: Route.LoaderArgs) => {
  await adminContext(request, context.get(clientIpContext));
  const query = parse(rosterQuerySchema, Object.fromEntries(url.searchParams));
  return Response.json(await searchMembers(query));
});

export const action = methodNotAllowed("GET");
