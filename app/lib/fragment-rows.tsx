import type { ReactNode } from "react";
import { keptMarkup } from "./fragment-cache";

// A table's rows kept as the menus are (fragment-cache.tsx, decision 028), in a module of its own
// so that the pages without such a table (the home page's JavaScript budget) do not load it.

/** One row per record and version: about 1.5 KB each with its key, so at most about 8 MB. */
const keptRows = new Map<string, string>();
const MOST_KEPT_ROWS = 5000;

/**
 * A `<tbody>` whose rows are each drawn once per `keyOf(row)` on the server and kept, as Rails'
 * collection caching keeps a record's partial by its version: the roster's 50 rows were about
 * 700 of its page's 1,000 elements. The key must hold everything the row draws (the simplest
 * is `recordKey` of the record itself), so an edited record is a new key and is drawn afresh.
 */
export function CachedRows<Row>({
  rows,
  keyOf,
  row,
}: {
  rows: readonly Row[];
  keyOf: (row: Row) => string;
  /** One `<tr>` (with its React key); the same rules as a list's items. */
  row: (row: Row) => ReactNode;
}) {
  if (!import.meta.env.SSR) return <tbody>{rows.map(row)}</tbody>;
  let html = "";
  for (const each of rows) {
    const kept = keptMarkup(keptRows, MOST_KEPT_ROWS, keyOf(each), () => row(each));
    if (kept === null) return <tbody>{rows.map(row)}</tbody>;
    html += kept;
  }
  return <tbody dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Every field of a flat record (strings, numbers, booleans, dates, nulls) as one key, several
 * times cheaper than JSON.stringify (which writes each date out in full). Fields are separated by
 * NUL, which PostgreSQL's text cannot hold, and a missing value is marked apart from the text
 * "null".
 */
export function recordKey(record: Record<string, unknown>) {
  let key = "";
  for (const value of Object.values(record)) {
    key += `${value == null ? "\u0001" : value instanceof Date ? value.getTime() : value}\u0000`;
  }
  return key;
}
