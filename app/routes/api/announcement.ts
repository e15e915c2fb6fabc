import { requireUser } from "~/features/accounts/session.server";
import { itemAction } from "~/features/admin/admin-api.server";
import {
  deleteAnnouncement,
  readAnnouncement,
  updateAnnouncement,
} from "~/features/announcements/announcements.server";
import {
  ANNOUNCEMENT_BODY_LIMIT,
  announcementPatchSchema,
} from "~/features/announcements/validation";
import { AppError, api } from "~/lib/errors.server";
import type { Route } from "./+types/announcement";

// GET /api/announcements/{id}: 401 for a visitor; the service decides who reads the body (only
// approved accounts have sessions, so every signed-in reader does today).
export const loader = api(async ({ request, params, url }: Route.LoaderArgs) => {
  const announcement = await readAnnouncement(params.id, await requireUser({ request, url }));
  if (!announcement) throw new AppError("not_found", "공지사항을 찾을 수 없습니다.");
  return Response.json(announcement);
});

// PATCH and DELETE /api/announcements/{id} (administrators).
export const action = itemAction({
  patch: announcementPatchSchema,
  update: updateAnnouncement,
  remove: deleteAnnouncement,
  body: { maxBytes: ANNOUNCEMENT_BODY_LIMIT },
});
