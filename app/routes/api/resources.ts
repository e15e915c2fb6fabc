import { requireActor } from "~/features/accounts/actor.server";
import { libraryReader, requireLibraryMember } from "~/features/library/access.server";
import { createResource, getResource, listResources } from "~/features/library/library.server";
import { listQuerySchema, RESOURCES_PER_PAGE, resourceSchema } from "~/features/library/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { pageQuerySchema } from "~/lib/page-query";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/resources";

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
  return Response.json(await listResources(reader, { ...filter, ...paging }));
});

// POST /api/resources { title, description?, category, access?, seminarId?, objectPath, fileName }
// → 201 with the item (administrators; the file comes from POST /api/resources/upload).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(resourceSchema, await readJson(args.request));
  const id = await createResource(actor, input);
  const item = await getResource(id, await libraryReader(actor.user));
  return Response.json(item, { status: 201 });
});
