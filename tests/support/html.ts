// Small readers for server-rendered HTML, enough for the integration tests to check titles, meta
// tags, script nonces, the JavaScript a page loads and visible text without a DOM.
import { expect } from "vitest";

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Decodes the entities React writes into text and attribute values. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === "#") {
      const hex = name[1]?.toLowerCase() === "x";
      return String.fromCodePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return NAMED[name.toLowerCase()] ?? match;
  });
}

/** The attributes of one start tag, values decoded. */
export function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    // The first group is not optional, so `name` is always set on a match.
    if (name === undefined || name === tag.match(/^<([\w-]+)/)?.[1]) continue;
    result[name.toLowerCase()] = decodeEntities(value ?? "");
  }
  return result;
}

/** Every start tag named `name` (e.g. "meta", "script"), with its attributes. */
export function tags(html: string, name: string): Array<Record<string, string>> {
  const pattern = new RegExp(`<${name}\\b[^>]*>`, "gi");
  return Array.from(html.matchAll(pattern), ([tag]) => attributes(tag));
}

/** The content of `<meta name=key>` or `<meta property=key>`; undefined when absent. */
export function meta(html: string, key: string): string | undefined {
  const found = tags(html, "meta").filter((m) => m.name === key || m.property === key);
  if (found.length > 1) throw new Error(`More than one <meta> for ${key}`);
  return found[0]?.content;
}

/** The document's <title>, decoded. */
export function title(html: string): string | undefined {
  const text = html.match(/<title>([\s\S]*?)<\/title>/i)?.[1];
  return text === undefined ? undefined : decodeEntities(text);
}

/** The visible text of the <main> element (or the whole page), scripts removed, space collapsed. */
export function mainText(html: string): string {
  const main = html.match(/<main\b[^>]*>([\s\S]*?)<\/main>/i)?.[1] ?? html;
  return decodeEntities(
    main
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]*>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The arguments of React Router's start script (patched, decision 012): preloads, integrity,
 * crossOrigin and the module's code; [] for any other script.
 */
function startScriptArguments(body: string): [string[]?, unknown?, unknown?, string?] {
  if (!body.startsWith("(function startJavaScript")) return [];
  const call = body.indexOf("})(");
  return call < 0 ? [] : JSON.parse(`[${body.slice(call + 3, body.lastIndexOf(")"))}]`);
}

/**
 * JavaScript paths a page's HTML loads: module preloads and script sources, the imports of an
 * inline module, and the list of React Router's start script (patched: it starts the JavaScript
 * after the first paint, and preloads the modules of this list then).
 */
export function scriptsInHtml(html: string) {
  const paths = new Set<string>();
  for (const [link] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel=["']?modulepreload/.test(link)) continue;
    const href = link.match(/\bhref=["']([^"']+)["']/)?.[1];
    if (href) paths.add(href);
  }
  for (const [, attributes = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    const src = attributes.match(/\bsrc=["']([^"']+)["']/)?.[1];
    if (src) paths.add(src);
    for (const [, path] of body.matchAll(
      /\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+\.m?js)["']/g,
    )) {
      if (path) paths.add(path);
    }
    // The start script's arguments: the modules it preloads, and the module it adds then, whose
    // imports are the route modules and the entry. Both are counted, so the list cannot lose one.
    const [preloads, , , code] = startScriptArguments(body);
    for (const href of preloads ?? []) paths.add(href);
    for (const [, path] of (code ?? "").matchAll(
      /\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+\.m?js)["']/g,
    )) {
      if (path) {
        expect(preloads, `${path} is imported and preloaded`).toContain(path);
        paths.add(path);
      }
    }
  }
  return paths;
}
