import {
  applicantOf,
  requireApplicant,
  resubmitSignup,
} from "~/features/accounts/applicant.server";
import { applicantResubmitSchema } from "~/features/accounts/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/auth-applicant";

/** The status as the applicant sees it: never the licence image's address or other accounts. */
const answer = (applicant: NonNullable<Awaited<ReturnType<typeof applicantOf>>>) => ({
  status: applicant.status,
  name: applicant.name,
  email: applicant.email,
  ...(applicant.reason && applicant.status === "rejected" ? { reason: applicant.reason } : {}),
  createdAt: applicant.createdAt,
  resubmittedAt: applicant.resubmittedAt,
  canReapply: applicant.canReapply,
});

// GET /api/auth/applicant: the status of the sign-up whose password was just given (the
// applicant cookie of POST /api/auth/login's 403, decision 022); 401 without it.
export const loader = api(async ({ request }: Route.LoaderArgs) =>
  Response.json(answer(await requireApplicant(request))),
);

// POST /api/auth/applicant `{ licenseImageUrl, reapply? }`: a new licence image while pending, or
// after a rejection the corrected image and a new request (`reapply: true`, once per rejection).
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const applicant = await requireApplicant(request);
  const input = parse(applicantResubmitSchema, await readJson(request));
  await resubmitSignup(applicant, input, context.get(clientIpContext));
  const now = await applicantOf(request);
  return Response.json({
    message: input.reapply
      ? "다시 신청했습니다. 사무국이 먼저 검토합니다."
      : "새 면허 이미지를 제출했습니다.",
    ...(now ? answer(now) : {}),
  });
});
