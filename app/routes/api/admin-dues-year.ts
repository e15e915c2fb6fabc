import { requireActor } from "~/features/accounts/actor.server";
import { requireAdmin } from "~/features/accounts/session.server";
import { duesYearSummary, setDuesYear } from "~/features/dues/dues.server";
import { duesYearSchema, yearSchema } from "~/features/dues/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-dues-year";

// GET /api/admin/dues/{year} → { year, regularFee, lifetimeFee, dueDate, graceUntil, bankAccount,
// expected, paid, unpaid, exempt, received } (404 for a year not set up).
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdmin(request);
  const year = parse(yearSchema, params.year);
  return Response.json(await duesYearSummary(year));
});

// PUT /api/admin/dues/{year} { regularFee, lifetimeFee, dueDate, graceUntil?, bankAccount }.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "PUT");
  const actor = await requireActor(args, "admin");
  const year = parse(yearSchema, args.params.year);
  const input = parse(duesYearSchema, await readJson(args.request));
  return Response.json(await setDuesYear(actor, year, input));
});
