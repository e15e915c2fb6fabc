import { requireActor } from "~/features/accounts/actor.server";
import { libraryReader } from "~/features/library/access.server";
import { deleteResource, getResource, updateResource } from "~/features/library/library.server";
import { resourcePatchSchema } from "~/features/library/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/resource";

// PATCH /api/resources/{id} { title?, description?, category?, access?, seminarId?, objectPath?,
// fileName? } → the item (a new objectPath replaces the file); DELETE → 204 (the file is deleted
// from storage too). Administrators only.
export const action = api(async (args: Route.ActionArgs) => {
  const { request, params } = args;
  requireMethod(request, "PATCH", "DELETE");
  const actor = await requireActor(args, "admin");
  if (request.method === "DELETE") {
    await deleteResource(actor, params.id);
    return new Response(null, { status: 204 });
  }
  const patch = parse(resourcePatchSchema, await readJson(request));
  await updateResource(actor, params.id, patch);
  return Response.json(await getResource(params.id, await libraryReader(actor.user)));
});

export const loader = methodNotAllowed("PATCH, DELETE");
