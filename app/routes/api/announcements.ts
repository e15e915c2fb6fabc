import {
  createAnnouncement,
  listAnnouncements,
} from "~/features/announcements/announcements.server";
import { announcementSchema } from "~/features/announcements/validation";
import { createAction } from "~/lib/admin-api.server";

// GET /api/announcements: a bare array; each item has a plain-text `excerpt`, never the body.
export async function loader() {
  return Response.json(await listAnnouncements());
}

// POST /api/announcements (administrators).
export const action = createAction(announcementSchema, createAnnouncement);
