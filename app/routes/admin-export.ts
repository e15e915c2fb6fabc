import { adminContext } from "~/features/admin/admin-api.server";
import { exportApplicationsCsv, exportMembersCsv } from "~/features/admin/exports.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/admin-export";

// GET /admin/export/members.csv and /admin/export/applications.csv (administrators; audited).
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const audit = await adminContext(request, context.clientIp);
  const kind = new URL(request.url).pathname.endsWith("/applications.csv")
    ? "applications"
    : "members";
  const csv =
    kind === "applications" ? await exportApplicationsCsv(audit) : await exportMembersCsv(audit);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
