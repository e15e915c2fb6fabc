import { requireCheckInStaff } from "~/features/accounts/session.server";
import { recordCheckIn } from "~/features/seminars/check-ins.server";
import { checkInSchema } from "~/features/seminars/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-seminar-check-ins";

// POST /api/admin/seminars/{id}/check-ins { ticketToken | registrationId, direction, at?, scanId? }
// → { registrationId, name, direction, at } (administrators and check-in staff).
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const staff = await requireCheckInStaff(request);
  const input = parse(checkInSchema, await readJson(request));
  return Response.json(await recordCheckIn(params.id, input, staff));
});

export const loader = methodNotAllowed("POST");
