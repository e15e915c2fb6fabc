import { libraryReader, requireLibraryMember } from "~/features/library/access.server";
import { downloadResponse } from "~/features/library/download.server";
import { openDownload } from "~/features/library/library.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/resource-download";

// GET /api/resources/{id}/download → the file as an attachment under its original name: 401
// logged out, 404 unknown, 403 without the item's access level. Counted once a member a day.
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  const user = await requireLibraryMember(request);
  return downloadResponse(await openDownload(await libraryReader(user), params.id));
});
