import { adminContext } from "~/features/admin/admin-api.server";
import { readExportPurpose } from "~/features/admin/export-purpose.server";
import { exportApplicationsCsv } from "~/features/admin/exports.server";
import { membersCsvStream } from "~/features/members/roster.server";
import { rosterQueryFromUrl } from "~/features/members/validation";
import { api } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-export";

// GET /admin/export/members.csv (with the roster's filters: ?q=&status=&type=…, streamed) and
// /admin/export/applications.csv (administrators; each export states its purpose, `?purpose=`,
// and is audited with it and the row count).
export const loader = api(async ({ request, context, url }: Route.LoaderArgs) => {
  const audit = await adminContext(request, context.get(clientIpContext));
  const purpose = readExportPurpose(url);
  const kind = url.pathname.endsWith("/applications.csv") ? "applications" : "members";
  const body =
    kind === "applications"
      ? await exportApplicationsCsv(audit, purpose)
      : membersCsvStream(rosterQueryFromUrl(url.searchParams), audit, purpose);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
