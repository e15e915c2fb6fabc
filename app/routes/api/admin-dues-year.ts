import { requireAdmin } from "~/features/accounts/session.server";
import { adminContext } from "~/features/admin/admin-api.server";
import { duesYearSummary, setDuesYear } from "~/features/dues/dues.server";
import { duesYearSchema, yearSchema } from "~/features/dues/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-dues-year";

const NO_STORE = { "Cache-Control": "private, no-store" };

// GET /api/admin/dues/{year} → { year, regularFee, lifetimeFee, dueDate, graceUntil, bankAccount,
// expected, paid, unpaid, exempt, received } (404 for a year not set up).
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdmin(request);
  const year = parse(yearSchema, params.year);
  return Response.json(await duesYearSummary(year), { headers: NO_STORE });
});

// PUT /api/admin/dues/{year} { regularFee, lifetimeFee, dueDate, graceUntil?, bankAccount }.
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "PUT");
  const audit = await adminContext(request, context.get(clientIpContext));
  const year = parse(yearSchema, params.year);
  const input = parse(duesYearSchema, await readJson(request));
  return Response.json(await setDuesYear(year, input, audit), { headers: NO_STORE });
});
