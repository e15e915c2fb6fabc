import { requireActor } from "~/features/accounts/actor.server";
import { requestDocumentUploadUrl } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { requesterOf } from "~/lib/request-context.server";
import type { Route } from "./+types/announcements-upload";

// POST /api/announcements/upload → { uploadURL, objectPath } for one notice attachment
// (administrators): PUT the file to uploadURL (50 MB at most, typed by its content, the library's
// types), then name objectPath in the notice's `attachments` on POST or PATCH /api/announcements.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const admin = await requireActor(args, "admin");
  return Response.json(await requestDocumentUploadUrl(admin, requesterOf(args), "notice"));
});

export const loader = methodNotAllowed("POST");
