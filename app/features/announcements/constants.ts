/** Characters of plain text in a list excerpt (SPEC.md §9). */
export const EXCERPT_LENGTH = 100;
/** Characters of plain text in a home-page preview (SPEC.md §9). */
export const HOME_PREVIEW_LENGTH = 80;
/** Announcements on the home page (SPEC.md §9). */
export const HOME_ANNOUNCEMENT_COUNT = 3;
/** Announcements on each page of the public list (issue 16). */
export const ANNOUNCEMENTS_PER_PAGE = 20;
