import { libraryReader, requireLibraryMember } from "~/features/library/access.server";
import { openDownload } from "~/features/library/library.server";
import { downloadResponse } from "~/lib/download-response.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/resource-download";

// GET /api/resources/{id}/download → the file as an attachment under its original name: 401
// logged out, 404 unknown, 403 without the item's access level. Counted once a member a day
// (a HEAD request is answered and never counted).
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  const user = await requireLibraryMember(request);
  const reader = await libraryReader(user);
  return downloadResponse(
    await openDownload(reader, params.id, { count: request.method === "GET" }),
  );
});
