import { requireAdmin, requireUser } from "~/features/accounts/session.server";
import {
  applyForFullMembership,
  countApplications,
  listApplications,
} from "~/features/membership/applications.server";
import { applicationSchema } from "~/features/membership/validation";
import { api, parse } from "~/lib/errors.server";
import { listCallResponse } from "~/lib/list-page.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/membership-applications";

// GET: every application, newest first (administrators); `?page=&pageSize=` (≤ 100) answers one
// page, with the total in `X-Total-Count`.
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  return listCallResponse(request, {
    rows: (window) => listApplications(window),
    count: () => countApplications(),
  });
});

// POST: the logged-in user's one application. userId, name and e-mail come from the session;
// status, rejectionReason and dates in the body are ignored.
export const action = api(async ({ request, url }: Route.ActionArgs) => {
  const user = await requireUser({ request, url });
  const input = parse(applicationSchema, await readJson(request));
  const created = await applyForFullMembership(user, input);
  return Response.json({ id: created.id }, { status: 201 });
});
