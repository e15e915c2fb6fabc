import { requireActor } from "~/features/accounts/actor.server";
import { requestDocumentUploadUrl } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { requesterOf } from "~/lib/request-context.server";
import type { Route } from "./+types/resources-upload";

// POST /api/resources/upload → { uploadURL, objectPath } for one library file (administrators):
// PUT the file to uploadURL (50 MB at most, typed by its content), then name objectPath in
// POST /api/resources or PATCH /api/resources/{id}.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const admin = await requireActor(args, "admin");
  return Response.json(await requestDocumentUploadUrl(admin, requesterOf(args)));
});

export const loader = methodNotAllowed("POST");
