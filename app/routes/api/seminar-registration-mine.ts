import { requireUser } from "~/features/accounts/session.server";
import { cancelRegistration, findMyRegistration } from "~/features/seminars/registrations.server";
import { AppError, api, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/seminar-registration-mine";

// GET /api/seminars/{id}/registrations/me → { id, status, waitlistPosition, ticketToken }, or
// { status: "cancelled" } after a cancellation, or 404 if the member never registered.
export const loader = api(async ({ request, params, url }: Route.LoaderArgs) => {
  const member = await requireUser({ request, url });
  const registration = await findMyRegistration(params.id, member.id);
  if (!registration) throw new AppError("not_found", "신청 내역이 없습니다.");
  return Response.json(registration);
});

// DELETE /api/seminars/{id}/registrations/me: cancels, or leaves the waitlist (409 after the
// cancellation deadline).
export const action = api(async ({ request, params, url }: Route.ActionArgs) => {
  requireMethod(request, "DELETE");
  const member = await requireUser({ request, url });
  return Response.json(await cancelRegistration(params.id, member.id));
});
