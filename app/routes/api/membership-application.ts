import { adminContext } from "~/features/admin/admin-api.server";
import {
  decideApplication,
  listApplicationsOf,
  viewApplication,
} from "~/features/membership/applications.server";
import { decisionSchema } from "~/features/membership/validation";
import { attendedSeminarsOf } from "~/features/seminars/credits.server";
import { AppError, api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/membership-application";

// PATCH /api/membership-applications/{id}: approve, or reject with a reason (administrators).
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "PATCH");
  const audit = await adminContext(request, context.get(clientIpContext));
  const decision = parse(decisionSchema, await readJson(request));
  return Response.json(await decideApplication(params.id, decision, audit));
});

// GET /api/membership-applications/{id}: one application in full (administrators; audited), with
// the applicant's attended seminars from locked credit sheets (full membership requires one) and
// the applicant's other applications with their decisions (issue 15: a rejected applicant may
// apply again; the office sees the history).
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  const audit = await adminContext(request, context.get(clientIpContext));
  const application = await viewApplication(params.id, audit);
  if (!application) throw new AppError("not_found", "신청서를 찾을 수 없습니다.");
  const [attendedSeminars, all] = await Promise.all([
    attendedSeminarsOf(application.userId),
    listApplicationsOf(application.userId),
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
  return Response.json(
    { ...application, attendedSeminars, otherApplications },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});
