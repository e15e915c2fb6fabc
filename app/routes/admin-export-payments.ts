import { requireActor } from "~/features/accounts/actor.server";
import { readExportPurpose } from "~/features/audit/export-purpose.server";
import { paymentsCsv } from "~/features/payments/payments.server";
import { paymentListSchema } from "~/features/payments/validation";
import { csvDownload } from "~/lib/csv";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/admin-export-payments";

// GET /admin/export/payments.csv?purpose=…&(the list's filters) (administrators; the export
// states its purpose and is audited with it and the row count).
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  const purpose = readExportPurpose(args.url);
  const { purpose: _stated, ...filters } = Object.fromEntries(args.url.searchParams);
  const query = paymentListSchema.parse(filters);
  return csvDownload(await paymentsCsv(actor, query, purpose), "payments");
});
