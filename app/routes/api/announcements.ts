import { createAction } from "~/features/admin/admin-api.server";
import {
  createAnnouncement,
  listAnnouncements,
} from "~/features/announcements/announcements.server";
import { ANNOUNCEMENT_BODY_LIMIT, announcementSchema } from "~/features/announcements/validation";
import { api } from "~/lib/errors.server";

// GET /api/announcements: a bare array; each item has a plain-text `excerpt`, never the body.
export const loader = api(async () => {
  const list = await listAnnouncements();
  return Response.json(list.map(({ truncated: _truncated, ...item }) => item));
});

// POST /api/announcements (administrators).
export const action = createAction(announcementSchema, createAnnouncement, {
  maxBytes: ANNOUNCEMENT_BODY_LIMIT,
});
