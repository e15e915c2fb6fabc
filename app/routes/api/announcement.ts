import { requireApprovedMember } from "~/features/accounts/session.server";
import {
  deleteAnnouncement,
  readAnnouncement,
  updateAnnouncement,
} from "~/features/announcements/announcements.server";
import { announcementPatchSchema } from "~/features/announcements/validation";
import { itemAction } from "~/lib/admin-api.server";
import { AppError, api } from "~/lib/errors.server";
import type { Route } from "./+types/announcement";

// GET /api/announcements/{id}: approved members only (401 visitor, 403 not approved).
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  const member = await requireApprovedMember(request);
  const announcement = await readAnnouncement(params.id, member.id);
  if (!announcement) throw new AppError("not_found", "공지사항을 찾을 수 없습니다.");
  return Response.json(announcement, { headers: { "Cache-Control": "private, no-store" } });
});

// PATCH and DELETE /api/announcements/{id} (administrators).
export const action = itemAction({
  patch: announcementPatchSchema,
  update: updateAnnouncement,
  remove: deleteAnnouncement,
});
