import { createAction } from "~/features/admin/admin-api.server";
import {
  countAnnouncements,
  createAnnouncement,
  listAnnouncements,
} from "~/features/announcements/announcements.server";
import { ANNOUNCEMENT_BODY_LIMIT, announcementSchema } from "~/features/announcements/validation";
import { api } from "~/lib/errors.server";
import { listCallResponse } from "~/lib/list-page.server";
import type { Route } from "./+types/announcements";

// GET /api/announcements: a bare array, newest first; each item has a plain-text `excerpt`,
// never the body. `?page=&pageSize=` (≤ 100) answers one page; `X-Total-Count` gives the total.
export const loader = api(async ({ request }: Route.LoaderArgs) =>
  listCallResponse(request, {
    rows: async (window) =>
      (await listAnnouncements(window)).map(
        ({ truncated: _truncated, pinned: _pinned, hasAttachments: _files, ...item }) => item,
      ),
    count: () => countAnnouncements(),
  }),
);

// POST /api/announcements (administrators).
export const action = createAction(announcementSchema, createAnnouncement, {
  maxBytes: ANNOUNCEMENT_BODY_LIMIT,
});
