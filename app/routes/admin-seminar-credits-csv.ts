import { requireActor } from "~/features/accounts/actor.server";
import { readExportPurpose } from "~/features/audit/export-purpose.server";
import { exportCreditsCsv } from "~/features/seminars/credits.server";
import { csvDownload } from "~/lib/csv";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/admin-seminar-credits-csv";

// GET /admin/seminars/{id}/credits.csv: the credit sheet in the KMA report's shape (name, licence
// number, hospital, entry, exit, minutes, credits); administrators only, audited with the stated
// purpose (`?purpose=`) and the row count, like every export of personal data.
export const loader = api(async (args: Route.LoaderArgs) => {
  const { params, url } = args;
  const actor = await requireActor(args, "admin");
  const purpose = readExportPurpose(url);
  const { csv, sheet } = await exportCreditsCsv(params.id, actor, purpose);
  return csvDownload(csv, "seminar-credits", new Date(), sheet.seminar.title);
});
