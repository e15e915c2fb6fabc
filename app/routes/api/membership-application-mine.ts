import { requireUser } from "~/features/accounts/session.server";
import { findApplicationOf } from "~/features/membership/applications.server";
import { AppError, api } from "~/lib/errors.server";
import type { Route } from "./+types/membership-application-mine";

// GET /api/membership-applications/me: the caller's own application, or 404.
export const loader = api(async ({ request, url }: Route.LoaderArgs) => {
  const user = await requireUser({ request, url });
  const application = await findApplicationOf(user.id);
  if (!application) throw new AppError("not_found", "정회원 가입 신청 내역이 없습니다.");
  return Response.json(application);
});
