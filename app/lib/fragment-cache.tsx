import type { ReactNode } from "react";

// Parts of the frame every page draws the same way for thousands of requests (the header's two
// menus, the administrator's menu) are drawn by the server once per variant and kept as HTML, as
// Rails' fragment caching does. They were about a third of a member's rendered page's elements,
// and React's server render costs by the element (docs/performance.md). The browser still renders
// them with React: the kept HTML is exactly what React would have written for the same elements,
// so hydration adopts it node by node, and a client-side navigation draws them as any component.
//
// What a variant depends on must all be in its key: the elements are drawn once for the key and
// never again. So the elements must not read context or hooks (they are drawn outside the page's
// render) and must not put two pieces of text side by side (the streamed render separates them
// with a comment, which the one-off render does not: hydration would see one text where it expects
// two).

type DrawMarkup = (node: ReactNode) => string;

let drawMarkup: DrawMarkup | null = null;
/** Variants are few (the menus: page × section × kind of visitor); this only bounds a mistake. */
const keptLists = new Map<string, string>();
const MOST_KEPT_LISTS = 500;
/** A table's rows, one per record and version: about 1.5 KB each with its key, so ≤ 8 MB. */
const keptRows = new Map<string, string>();
const MOST_KEPT_ROWS = 5000;

function kept(store: Map<string, string>, most: number, key: string, draw: () => ReactNode) {
  let html = store.get(key);
  if (html === undefined) {
    html = (drawMarkup as DrawMarkup)(draw());
    if (store.size >= most) store.clear();
    store.set(key, html);
  }
  return html;
}

/** Called by entry.server.tsx with react-dom/server's renderToStaticMarkup; never in a browser. */
export function keepFragmentsDrawnBy(draw: DrawMarkup) {
  drawMarkup = draw;
}

/**
 * A `<ul>` whose items are drawn once per `variant` on the server and kept; in the browser the
 * items are rendered as usual. `items` is called only when a variant is drawn.
 */
export function CachedList({
  variant,
  items,
  ...props
}: {
  /** Everything the items depend on, e.g. `header|member|news|/announcements`. */
  variant: string;
  items: () => ReactNode;
  className?: string;
}) {
  if (!drawMarkup) return <ul {...props}>{items()}</ul>;
  const html = kept(keptLists, MOST_KEPT_LISTS, variant, items);
  return <ul {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}

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
  if (!drawMarkup) return <tbody>{rows.map(row)}</tbody>;
  let html = "";
  for (const each of rows) html += kept(keptRows, MOST_KEPT_ROWS, keyOf(each), () => row(each));
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
