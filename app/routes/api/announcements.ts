import { listAnnouncements } from "~/features/announcements/announcements.server";

// GET /api/announcements: a bare array; each item has a plain-text `excerpt`, never the body.
export async function loader() {
  return Response.json(await listAnnouncements());
}
