// One way to page a list, on the server and in the browser: `?page=` counts from 1, `pageSize` is
// bounded, and every list answers the same shape. Lists never load a whole table.
// No zod here: the public board imports this module, and zod would add 5 KB to its JavaScript
// (the calls' query schema is in page-query.ts).

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const MAX_PAGE_SIZE = 100;

/**
 * A page number from a page's URL, where a bad value shows the first page rather than an error
 * (people edit URLs by hand; crawlers follow old links).
 */
export function pageFromUrl(searchParams: URLSearchParams): number {
  const raw = searchParams.get("page");
  if (!raw || !/^[1-9][0-9]{0,6}$/.test(raw)) return 1;
  return Number(raw);
}

/**
 * Whether `raw` is how the pages spell a later page in their links: 2 or more, digits only, no
 * leading zero, as long as pageFromUrl takes. Page 1's URL has no `page` at all.
 */
export function isCanonicalLaterPage(raw: string) {
  return /^[1-9][0-9]{0,6}$/.test(raw) && raw !== "1";
}

export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/**
 * The page numbers a pager shows around the current one: the first, the last and a window, with
 * null where numbers are left out ("…").
 */
export function pagerNumbers(current: number, last: number, window = 2): (number | null)[] {
  const shown = new Set([1, last]);
  for (let n = current - window; n <= current + window; n++) if (n >= 1 && n <= last) shown.add(n);
  const numbers: (number | null)[] = [];
  let previous = 0;
  for (const n of [...shown].sort((a, b) => a - b)) {
    // A gap of one number shows that number: "…" would take the same room.
    if (n - previous === 2) numbers.push(n - 1);
    else if (n - previous > 2) numbers.push(null);
    numbers.push(n);
    previous = n;
  }
  return numbers;
}

/** The same URL's query with `page` set (page 1 is left out, so the first page has one URL). */
export function hrefForPage(searchParams: URLSearchParams, page: number, pathname = "") {
  const next = new URLSearchParams(searchParams);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return `${pathname}${query ? `?${query}` : pathname ? "" : "?"}`;
}
