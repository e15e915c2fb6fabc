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

/**
 * The HTML of `draw()` kept in `store` by `key` (at most `most` entries), or null in a browser and
 * on the development server, which draw as usual.
 */
export function keptMarkup(
  store: Map<string, string>,
  most: number,
  key: string,
  draw: () => ReactNode,
) {
  if (!drawMarkup) return null;
  let html = store.get(key);
  if (html === undefined) {
    html = drawMarkup(draw());
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
  // The browser's build keeps nothing: the test is decided when it is built, and what follows is
  // left out of it.
  const html = import.meta.env.SSR && keptMarkup(keptLists, MOST_KEPT_LISTS, variant, items);
  if (!html) return <ul {...props}>{items()}</ul>;
  return <ul {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
