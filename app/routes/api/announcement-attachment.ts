import { requireUser } from "~/features/accounts/session.server";
import { openAttachment } from "~/features/announcements/attachments.server";
import { downloadResponse } from "~/lib/download-response.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/announcement-attachment";

// GET /api/announcements/{id}/attachments/{attachmentId} → the file as an attachment under its
// original name, to whoever may read the notice's body: 401 logged out, 403 otherwise, 404 for
// an unknown notice or file (or one of another notice).
export const loader = api(async ({ request, params, url }: Route.LoaderArgs) => {
  const reader = await requireUser({ request, url });
  return downloadResponse(await openAttachment(reader, params.id, params.attachmentId));
});
