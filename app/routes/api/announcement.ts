import { requireApprovedMember } from "~/features/accounts/session.server";
import { readAnnouncement } from "~/features/announcements/announcements.server";
import { AppError, api } from "~/lib/errors.server";
import type { Route } from "./+types/announcement";

// GET /api/announcements/{id}: approved members only (401 visitor, 403 not approved).
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  const member = await requireApprovedMember(request);
  const announcement = await readAnnouncement(params.id, member.id);
  if (!announcement) throw new AppError("not_found", "공지사항을 찾을 수 없습니다.");
  return Response.json(announcement, { headers: { "Cache-Control": "private, no-store" } });
});
