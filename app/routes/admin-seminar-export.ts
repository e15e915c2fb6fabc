import { requireActor } from "~/features/accounts/actor.server";
import { readExportPurpose } from "~/features/audit/export-purpose.server";
import { exportRegistrantsCsv } from "~/features/seminars/registrants.server";
import { csvDownload } from "~/lib/csv";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/admin-seminar-export";

// GET /admin/seminars/{id}/registrants.csv?purpose= (administrators; audited with its purpose
// and row count).
export const loader = api(async (args: Route.LoaderArgs) => {
  const { audit } = await requireActor(args, "admin");
  const purpose = readExportPurpose(args.url);
  const { csv, seminar } = await exportRegistrantsCsv(args.params.id, audit, purpose);
  return csvDownload(csv, "seminar-registrants", new Date(), seminar.title);
});
