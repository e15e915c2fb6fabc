import { requireAdmin } from "~/features/accounts/session.server";
import { libraryReader } from "~/features/library/access.server";
import { deleteResource, getResource, updateResource } from "~/features/library/library.server";
import { resourcePatchSchema } from "~/features/library/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/resource";

const privately = { "Cache-Control": "private, no-store" };

// PATCH /api/resources/{id} { title?, description?, category?, access?, seminarId?, objectPath?,
// fileName? } → the item (a new objectPath replaces the file); DELETE → 204 (the file is deleted
// from storage too). Administrators only.
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "PATCH", "DELETE");
  const admin = await requireAdmin(request);
  const audit = { actor: { id: admin.id, email: admin.email }, ip: context.get(clientIpContext) };
  if (request.method === "DELETE") {
    await deleteResource(params.id, audit);
    return new Response(null, { status: 204, headers: privately });
  }
  const patch = parse(resourcePatchSchema, await readJson(request));
  await updateResource(params.id, patch, audit);
  return Response.json(await getResource(params.id, await libraryReader(admin)), {
    headers: privately,
  });
});

export const loader = methodNotAllowed("PATCH, DELETE");
