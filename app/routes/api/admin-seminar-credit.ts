import { adminContext } from "~/features/admin/admin-api.server";
import { creditCorrectionSchema } from "~/features/seminars/credit-validation";
import { correctCredits } from "~/features/seminars/credits.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-seminar-credit";

// PATCH /api/admin/seminars/{id}/credits/{registrationId} { entryAt?, exitAt?, credits?, reason }
// → the corrected line (administrators; audited; 409 once the sheet is locked).
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "PATCH");
  const audit = await adminContext(request, context.get(clientIpContext));
  const input = parse(creditCorrectionSchema, await readJson(request));
  const line = await correctCredits(params.id, params.registrationId, input, audit);
  return Response.json(line, { headers: { "Cache-Control": "private, no-store" } });
});

export const loader = methodNotAllowed("PATCH");
