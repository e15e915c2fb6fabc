import { requireActor } from "~/features/accounts/actor.server";
import { readExportPurpose } from "~/features/audit/export-purpose.server";
import { membersCsvStream } from "~/features/members/roster.server";
import { rosterQueryFromUrl } from "~/features/members/validation";
import { csvDownload } from "~/lib/csv";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/admin-export-members";

// GET /admin/export/members.csv with the roster's filters (?q=&status=&type=…), streamed
// (administrators; the export states its purpose, `?purpose=`, and is audited with it and the
// row count).
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  const purpose = readExportPurpose(args.url);
  const body = membersCsvStream(actor, rosterQueryFromUrl(args.url.searchParams), purpose);
  return csvDownload(body, "members");
});
