import {
  createAnnouncement,
  listAnnouncements,
} from "~/features/announcements/announcements.server";
import { announcementSchema } from "~/features/announcements/validation";
import { createAction } from "~/lib/admin-api.server";
import { api } from "~/lib/errors.server";

// GET /api/announcements: a bare array; each item has a plain-text `excerpt`, never the body.
export const loader = api(async () => {
  const list = await listAnnouncements();
  return Response.json(list.map(({ truncated: _truncated, ...item }) => item));
});

// POST /api/announcements (administrators).
export const action = createAction(announcementSchema, createAnnouncement);
