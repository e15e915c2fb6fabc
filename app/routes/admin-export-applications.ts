import { requireActor } from "~/features/accounts/actor.server";
import { exportApplicationsCsv } from "~/features/admin/exports.server";
import { readExportPurpose } from "~/features/audit/export-purpose.server";
import { csvDownload } from "~/lib/csv";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/admin-export-applications";

// GET /admin/export/applications.csv (administrators; the export states its purpose,
// `?purpose=`, and is audited with it and the row count).
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  const purpose = readExportPurpose(args.url);
  return csvDownload(await exportApplicationsCsv(actor, purpose), "applications");
});
