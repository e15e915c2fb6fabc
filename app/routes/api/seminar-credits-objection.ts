import { requireUser } from "~/features/accounts/session.server";
import { creditObjectionSchema } from "~/features/seminars/credit-validation";
import { objectToCredits } from "~/features/seminars/credits.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/seminar-credits-objection";

// POST /api/seminars/{id}/credits/objection { message } → { seminarId, objection }: the member
// objects to their computed credits until the sheet's deadline (409 after it, or once locked).
export const action = api(async ({ request, params, url }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const user = await requireUser({ request, url });
  const input = parse(creditObjectionSchema, await readJson(request));
  return Response.json(await objectToCredits(params.id, user.id, input.message));
});

export const loader = methodNotAllowed("POST");
