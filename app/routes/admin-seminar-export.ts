import { adminContext } from "~/features/admin/admin-api.server";
import { readExportPurpose } from "~/features/admin/export-purpose.server";
import { exportRegistrantsCsv } from "~/features/seminars/registrants.server";
import { api } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-seminar-export";

// GET /admin/seminars/{id}/registrants.csv?purpose= (administrators; audited with its purpose
// and row count).
export const loader = api(async ({ request, params, context, url }: Route.LoaderArgs) => {
  const audit = await adminContext(request, context.get(clientIpContext));
  const purpose = readExportPurpose(url);
  const { csv } = await exportRegistrantsCsv(params.id, audit, purpose);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="seminar-registrants-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
