import { requireActor } from "~/features/accounts/actor.server";
import { readExportPurpose } from "~/features/audit/export-purpose.server";
import { paymentsCsv } from "~/features/payments/payments.server";
import { paymentListSchema } from "~/features/payments/validation";
import { csvDownload } from "~/lib/csv";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/admin-export-payments";

// GET /admin/export/payments.csv?purpose=…&kind=dues|seminar&(the list's other filters)
// (administrators; the export states its purpose and is audited with it and the row count). The
// list's 구분 is `kind` here: `purpose` is the export's stated purpose, as on every export.
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  const purpose = readExportPurpose(args.url);
  const { purpose: _stated, kind, ...filters } = Object.fromEntries(args.url.searchParams);
  const query = paymentListSchema.parse({ ...filters, purpose: kind });
  return csvDownload(await paymentsCsv(actor, query, purpose), "payments");
});
