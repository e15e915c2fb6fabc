/** Characters of plain text in a list excerpt (SPEC.md §9). */
export const EXCERPT_LENGTH = 100;
/** Characters of plain text in a home-page preview (SPEC.md §9). */
export const HOME_PREVIEW_LENGTH = 80;
/** Announcements on the home page (SPEC.md §9). */
export const HOME_ANNOUNCEMENT_COUNT = 3;
/** Announcements on each page of the public list. */
export const ANNOUNCEMENTS_PER_PAGE = 20;
/** A notice is marked NEW on the board for this many days after it was posted. */
export const NEW_FOR_DAYS = 7;

/** The announcements' categories (the administrator's form, the board's filter). */
export const ANNOUNCEMENT_CATEGORIES = ["일반", "공지", "행사", "학술"] as const;

/**
 * The public board's filter: a category from the URL (unknown values show everything). Here, not
 * in validation.ts, so the board's page does not load zod (its eval probe breaks the cached page's
 * script policy).
 */
export function categoryFromUrl(value: string | null) {
  return ANNOUNCEMENT_CATEGORIES.find((category) => category === value);
}

/**
 * Who a notice is from, on the board and the notice: the office writes every one, and the board
 * names the office rather than the administrator who typed it.
 */
export const ANNOUNCEMENT_AUTHOR = "사무국";
