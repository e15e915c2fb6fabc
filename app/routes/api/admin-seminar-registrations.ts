import { requireCheckInStaff } from "~/features/accounts/session.server";
import { adminContext } from "~/features/admin/admin-api.server";
import { addRegistrant, listRegistrants } from "~/features/seminars/registrants.server";
import { addRegistrantSchema, registrantQuerySchema } from "~/features/seminars/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-seminar-registrations";

// GET /api/admin/seminars/{id}/registrations?status=&q=&page=&pageSize= → { items, total }
// (administrators).
export const loader = api(async ({ request, params, context, url }: Route.LoaderArgs) => {
  await adminContext(request, context.get(clientIpContext));
  const query = parse(registrantQuerySchema, Object.fromEntries(url.searchParams));
  return Response.json(await listRegistrants(params.id, query));
});

// POST /api/admin/seminars/{id}/registrations { email | phone | memberId, audienceOverrideReason? }
// → 201 { id, name, status }: exactly one of the three names the member (400 otherwise); a phone
// compares digits only, and one that several members share is a 409 with `candidates`
// ([{ id, name, email (masked), hospitalName }]) to pick from by memberId. The office adds a member (confirmed, past the capacity if need be; an
// administrator may override the audience with a reason). Check-in staff may too: a walk-in at
// the door. The answer is what the door needs, nothing more of the member.
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const staff = await requireCheckInStaff(request);
  const audit = { actor: { id: staff.id, email: staff.email }, ip: context.get(clientIpContext) };
  const input = parse(addRegistrantSchema, await readJson(request));
  const registration = await addRegistrant(params.id, input, audit, {
    administrator: staff.role === "admin",
  });
  return Response.json(registration, { status: 201 });
});
