// The site search's query: `?q=` trimmed, at most SEARCH_MAX_LENGTH characters (a longer one is
// refused with a Korean message, not cut: the result would not be what was asked), and `?page=`.

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PER_PAGE = 20;

export const SEARCH_EMPTY = "검색어를 입력해 주세요.";
export const SEARCH_TOO_LONG = `검색어는 ${SEARCH_MAX_LENGTH}자 이하로 입력해 주세요.`;

export type SearchTerm =
  | { ok: true; term: string }
  | { ok: false; reason: "empty" | "too-long"; message: string };

/** The search text of a URL, or why there is none. Length counts characters, not bytes. */
export function readSearchTerm(raw: string | null | undefined): SearchTerm {
  const term = (raw ?? "").replace(/\s+/g, " ").trim();
  if (!term) return { ok: false, reason: "empty", message: SEARCH_EMPTY };
  if (Array.from(term).length > SEARCH_MAX_LENGTH) {
    return { ok: false, reason: "too-long", message: SEARCH_TOO_LONG };
  }
  return { ok: true, term };
}
