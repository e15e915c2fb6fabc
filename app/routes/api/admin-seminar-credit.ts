import { requireActor } from "~/features/accounts/actor.server";
import { creditCorrectionSchema } from "~/features/seminars/credit-validation";
import { correctCredits } from "~/features/seminars/credits.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-seminar-credit";

// PATCH /api/admin/seminars/{id}/credits/{registrationId} { entryAt?, exitAt?, credits?, reason }
// → the corrected line (administrators; audited; 409 once the sheet is locked).
export const action = api(async (args: Route.ActionArgs) => {
  const { request, params } = args;
  requireMethod(request, "PATCH");
  const actor = await requireActor(args, "admin");
  const input = parse(creditCorrectionSchema, await readJson(request));
  const line = await correctCredits(params.id, params.registrationId, input, actor);
  return Response.json(line);
});

export const loader = methodNotAllowed("PATCH");
