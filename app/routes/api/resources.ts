import { requireAdmin } from "~/features/accounts/session.server";
import { libraryReader, requireLibraryMember } from "~/features/library/access.server";
import { createResource, getResource, listResources } from "~/features/library/library.server";
import { listQuerySchema, RESOURCES_PER_PAGE, resourceSchema } from "~/features/library/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { pageQuerySchema } from "~/lib/page-query";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/resources";

const privately = { "Cache-Control": "private, no-store" };

// GET /api/resources?q=&category=&page=&pageSize= → { items, total, page, pageSize } (approved
// members; newest first; `q` searches title and description).
export const loader = api(async ({ request, url }: Route.LoaderArgs) => {
  const user = await requireLibraryMember(request);
  const params = Object.fromEntries(url.searchParams);
  const filter = parse(listQuerySchema, { q: params.q, category: params.category });
  const paging = parse(pageQuerySchema(RESOURCES_PER_PAGE), {
    page: params.page || undefined,
    pageSize: params.pageSize || undefined,
  });
  const reader = await libraryReader(user);
  return Response.json(await listResources(reader, { ...filter, ...paging }), {
    headers: privately,
  });
});

// POST /api/resources { title, description?, category, access?, seminarId?, objectPath, fileName }
// → 201 with the item (administrators; the file comes from POST /api/resources/upload).
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const admin = await requireAdmin(request);
  const input = parse(resourceSchema, await readJson(request));
  const audit = { actor: { id: admin.id, email: admin.email }, ip: context.get(clientIpContext) };
  const id = await createResource(admin, input, audit);
  const item = await getResource(id, await libraryReader(admin));
  return Response.json(item, { status: 201, headers: privately });
});
