import { requireAdmin } from "~/features/accounts/session.server";
import { requestDocumentUploadUrl } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/resources-upload";

// POST /api/resources/upload → { uploadURL, objectPath } for one library file (administrators):
// PUT the file to uploadURL (50 MB at most, typed by its content), then name objectPath in
// POST /api/resources or PATCH /api/resources/{id}.
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const admin = await requireAdmin(request);
  return Response.json(await requestDocumentUploadUrl(admin, context.get(clientIpContext)));
});

export const loader = methodNotAllowed("POST");
