import { requireActor } from "~/features/accounts/actor.server";
import { currentDuesYear, yearDuesOf } from "~/features/dues/dues.server";
import {
  applicantAccountOf,
  decideApplication,
  listApplicationsOf,
  viewApplication,
} from "~/features/membership/applications.server";
import { decisionSchema } from "~/features/membership/validation";
import { attendedSeminarsOf } from "~/features/seminars/credits.server";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/membership-application";

// PATCH /api/membership-applications/{id}: approve, or reject with a reason (administrators).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "PATCH");
  const actor = await requireActor(args, "admin");
  const decision = parse(decisionSchema, await readJson(args.request));
  return Response.json(await decideApplication(actor, args.params.id, decision));
});

// GET /api/membership-applications/{id}: one application in full (administrators; audited), with
// the applicant's attended seminars from locked credit sheets (full membership requires one) and
// the applicant's other applications with their decisions (a rejected applicant may
// apply again; the office sees the history), whether this year's dues are paid, and the licence
// number and image of the account as approved at sign-up.
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  const application = await viewApplication(actor, args.params.id);
  const [attendedSeminars, all, dues, account] = await Promise.all([
    attendedSeminarsOf(application.userId),
    listApplicationsOf(application.userId),
    yearDuesOf([application.userId], currentDuesYear()),
    applicantAccountOf(actor, application.userId),
  ]);
  const otherApplications = all
    .filter((other) => other.id !== application.id)
    .map(({ id, status, createdAt, updatedAt, rejectionReason }) => ({
      id,
      status,
      createdAt,
      updatedAt,
      rejectionReason,
    }));
  return Response.json({
    ...application,
    attendedSeminars,
    otherApplications,
    dues: dues.get(application.userId) ?? null,
    account,
  });
});
