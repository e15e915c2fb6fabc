// Server side of paging (app/lib/paging.ts): reading a call's `?page=&pageSize=`, answering a
// SPEC.md list call as a bare array with `X-Total-Count`, loading one page of a list with its
// COUNT, and the substring search the administrator's lists share.
import { and, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { parse } from "./errors.server";
import { pageQuerySchema } from "./page-query";
import { offsetOf, type Page, pageCount } from "./paging";

export type PageQuery = { page: number; pageSize: number };

/** A call's page size when it names `page` but not `pageSize`. */
export const CALL_DEFAULT_PAGE_SIZE = 20;

/** The longest search text taken from a URL; the rest is ignored. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * The page a list call asks for: undefined when it names neither `page` nor `pageSize` (the whole
 * list, as SPEC.md's clients expect); otherwise both bounded, or a 400 with a Korean message.
 */
export function readPageQuery(request: Request): PageQuery | undefined {
  const params = new URL(request.url).searchParams;
  if (!params.has("page") && !params.has("pageSize")) return undefined;
  return parse(pageQuerySchema(CALL_DEFAULT_PAGE_SIZE), {
    page: params.get("page") ?? undefined,
    pageSize: params.get("pageSize") ?? undefined,
  });
}

/**
 * A SPEC.md list call's answer: the whole list, or with `?page=&pageSize=` one page of it. Either
 * way a bare JSON array, with the list's length in `X-Total-Count`.
 */
export async function listCallResponse<T>(
  request: Request,
  list: {
    /** The rows of one page, or every row without a limit, in the list's one order. */
    rows: (window?: { limit: number; offset: number }) => Promise<T[]>;
    count: () => Promise<number>;
  },
): Promise<Response> {
  const query = readPageQuery(request);
  if (!query) {
    const all = await list.rows();
    return Response.json(all, { headers: { "X-Total-Count": String(all.length) } });
  }
  const { items, total } = await loadPage(query, list);
  return Response.json(items, { headers: { "X-Total-Count": String(total) } });
}

/**
 * One page of a list and the list's length, read together (a LIMIT/OFFSET query and a COUNT).
 * With `clamp`, a page past the last one shows the last one instead (an administrator's list
 * that shrank under them, say after deleting the last row of the last page).
 */
export async function loadPage<T>(
  query: PageQuery,
  list: {
    rows: (window: { limit: number; offset: number }) => Promise<T[]>;
    count: () => Promise<number>;
  },
  options: { clamp?: boolean } = {},
): Promise<Page<T>> {
  const window = (page: number) => ({
    limit: query.pageSize,
    offset: offsetOf(page, query.pageSize),
  });
  const [items, total] = await Promise.all([list.rows(window(query.page)), list.count()]);
  const last = pageCount(total, query.pageSize);
  if (options.clamp && query.page > last) {
    return { items: await list.rows(window(last)), total, page: last, pageSize: query.pageSize };
  }
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** `text` for a LIKE pattern that matches it anywhere: its wildcards and escapes taken literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search text of a URL: trimmed and bounded; empty means no search. */
export function searchText(raw: string | null | undefined) {
  return (raw ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
}

/**
 * `expression` contains `term` (already trimmed), ignoring case. A term with no letters that have
 * case (Korean, digits, "@") is matched with LIKE, which finds the same rows as ILIKE for it and
 * is several times faster on UTF-8 text: ILIKE folds the case of every row it reads (20,000
 * applications, five columns: 40 ms with ILIKE, 6 ms with LIKE on PGlite; the roster's "김" at
 * 100,000 members, counting up to 1,001 matches: 15 ms against 5 ms). A trigram index serves both.
 */
export function contains(expression: SQL | AnyPgColumn, term: string): SQL {
  const pattern = containsPattern(term);
  return term.toLowerCase() === term.toUpperCase()
    ? sql`${expression} like ${pattern}`
    : sql`${expression} ilike ${pattern}`;
}

/** At most this many words of a search are matched; the rest narrow nothing further. */
const MAX_SEARCH_WORDS = 8;

/**
 * Rows where each word of `term` (already trimmed) is in one of `expressions`, ignoring case: a
 * search for "정기 총회" finds "2027년 정기총회 개최 안내", since Korean is spaced as each writer
 * likes. One word is the same as `contains`.
 */
export function containsEveryWord(expressions: (SQL | AnyPgColumn)[], term: string): SQL {
  const words = [...new Set(term.split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
  const anyOf = (word: string) =>
    expressions.length === 1
      ? contains(expressions[0]!, word)
      : (or(...expressions.map((expression) => contains(expression, word))) as SQL);
  return words.length === 1 ? anyOf(words[0]!) : (and(...words.map(anyOf)) as SQL);
}

/** Rows where each word of `text` is in one of `columns`, ignoring case, or undefined (every
 * row) for an empty search. */
export function containsText(text: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  const term = searchText(text);
  if (!term) return undefined;
  return containsEveryWord(columns, term);
}

/**
 * A search typed as a phone number ("01080356508", "010-8035-6508", "8035 6508") against a phone
 * column, digits to digits: members typed their numbers with dashes, spaces or none at all, and
 * the office types them its own way. Undefined for any other search (or fewer than 3 digits).
 */
export function phoneContains(text: string | undefined, phone: AnyPgColumn): SQL | undefined {
  const term = searchText(text);
  if (!term || !/^[\d\s().+-]+$/.test(term)) return undefined;
  const digits = term.replace(/\D/g, "");
  if (digits.length < 3) return undefined;
  return sql`regexp_replace(${phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`;
}
