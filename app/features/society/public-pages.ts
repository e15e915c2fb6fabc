// The pages a visitor can read in full: listed in the sitemap, and served from the page cache
// (server/page-cache.ts). Announcement details and the charter are members-only, so they are not
// here. Each reads only the environment and the tables with a content-version trigger
// (announcements, seminars, executives, history_events; migration 0005): a page that reads
// anything else (sessions, tokens, applications) must not be added.
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/history",
  "/executives",
  "/membership",
  "/activities",
  "/announcements",
  "/location",
  "/privacy",
] as const;
