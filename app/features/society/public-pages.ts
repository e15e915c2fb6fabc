// The pages a visitor can read in full: listed in the sitemap, and served from the page cache
// (server/page-cache.ts). Announcement details and the charter are members-only, so they are not
// here. Each reads only the environment and the tables with a content-version trigger
// (announcements, seminars, executives, history_events; migration 0005; dues_years, whose fee and
// account /membership shows; migration 0025; society_settings, the footer's lines, and
// terms_versions; migration 0028): a page that reads
// anything else (sessions, tokens, applications) must not be added. A signed-in member's copy of
// these pages is stored too, keyed by the root loader's user fields (memberKey in
// server/page-cache.ts): a page that shows a member anything else of theirs (a registration, a
// payment) must leave this list or put that data into the key.
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
  "/terms",
  "/email-policy",
] as const;

/**
 * The public pages that are lists with numbered pages (`?page=N`). Their pages 2, 3, … are stored
 * by the page cache too, each under its one canonical URL; a page past the last is a 404 and is
 * never stored, so the stored pages are bounded by the list's length.
 */
export const PAGED_PUBLIC_PAGES: ReadonlySet<(typeof PUBLIC_PAGES)[number]> = new Set([
  "/announcements",
]);
