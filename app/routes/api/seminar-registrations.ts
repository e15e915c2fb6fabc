import { requireUser } from "~/features/accounts/session.server";
import { register } from "~/features/seminars/registrations.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/seminar-registrations";

// POST /api/seminars/{id}/registrations (approved member, empty body) → 201
// { id, status: "confirmed" | "waitlisted", waitlistPosition, ticketToken }.
export const action = api(async ({ request, params, url }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const member = await requireUser({ request, url });
  const registration = await register(params.id, member);
  return Response.json(registration, {
    status: 201,
  });
});

export const loader = methodNotAllowed("POST");
