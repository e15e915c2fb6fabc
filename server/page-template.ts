// A rendered page cut at the markers that stand for one reader's personal fields, and filled in
// again for another reader (server/seminar-page-templates.ts, decision 031). Pure: no database,
// no React; the escaping is that of react-dom/server and React Router, checked against their
// output by tests/integration/seminar-page-templates.test.ts.
import crypto from "node:crypto";

/** The session's fields that say who a member is, rather than where they stand. */
export const PERSONAL_FIELDS = [
  "id",
  "email",
  "name",
  "phone",
  "hospitalName",
  "department",
  "address",
  "licenseNumber",
] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type Reader = Record<PersonalField, string>;

/**
 * One marker per personal field and one for the CSP nonce, new in every process. UUIDs: the same
 * characters in HTML, in JSON and in both escaped, and a well-formed id wherever one is checked.
 */
export const MARKERS: Readonly<Record<PersonalField | "nonce", string>> = Object.fromEntries(
  [...PERSONAL_FIELDS, "nonce"].map((field) => [field, crypto.randomUUID()]),
) as Record<PersonalField | "nonce", string>;

const FIELD_OF_MARKER = new Map(Object.entries(MARKERS).map(([field, marker]) => [marker, field]));
const ANY_MARKER = new RegExp(Object.values(MARKERS).join("|"), "g");
/**
 * What would be left of a marker cut in two (across two of the data's scripts), sliced or
 * upper-cased. A shorter derivation (a first letter, a length) is not seen here: the comparison
 * with the rendered page in tests/integration/seminar-page-templates.test.ts is what finds it.
 */
const MARKER_PIECES = Object.values(MARKERS).flatMap((marker) => [
  marker.slice(0, 13),
  marker.slice(-12),
]);

export type Hole = { field: PersonalField | "nonce"; escaped: "html" | "data" };
export type Template = (string | Hole)[];

const DATA_SCRIPT = ">window.__reactRouterContext.streamController.enqueue(";
/** Around a string of the hydration data: the quotes of the inner JSON, escaped for the outer. */
const DATA_QUOTE = '\\"';

/** Where the marker at `at` stands: in the page's HTML, as a string of the hydration data, or elsewhere. */
function placeOf(html: string, at: number, length: number): Hole["escaped"] | null {
  const scriptOpened = html.lastIndexOf("<script", at);
  if (scriptOpened <= html.lastIndexOf("</script>", at)) return "html";
  const inData =
    html.startsWith(DATA_SCRIPT, html.indexOf(">", scriptOpened)) &&
    html.slice(at - DATA_QUOTE.length, at) === DATA_QUOTE &&
    html.startsWith(DATA_QUOTE, at + length);
  return inData ? "data" : null;
}

/** The page cut at its markers, or null when one stands where it cannot be filled in safely. */
export function templateOf(html: string): Template | null {
  const parts: Template = [];
  let done = 0;
  for (const match of html.matchAll(ANY_MARKER)) {
    const marker = match[0];
    const field = FIELD_OF_MARKER.get(marker) as Hole["field"];
    // The nonce is base64: the same in an attribute and in a script.
    const escaped = field === "nonce" ? "html" : placeOf(html, match.index, marker.length);
    if (!escaped) return null;
    const quotes = escaped === "data" ? DATA_QUOTE.length : 0;
    parts.push(html.slice(done, match.index - quotes), { field, escaped });
    done = match.index + marker.length + quotes;
  }
  parts.push(html.slice(done));
  const left = parts.some((part) => {
    if (typeof part !== "string") return false;
    const text = part.toLowerCase();
    return MARKER_PIECES.some((piece) => text.includes(piece));
  });
  return left ? null : parts;
}

/** React's escaping of text and attribute values (react-dom/server's escapeTextForBrowser). */
const HTML_ESCAPES: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};
/** React Router's escaping of the hydration data's scripts (its markup.ts escapeHtml). */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

function escapedFor(value: string, escaped: Hole["escaped"]) {
  if (escaped === "html") return value.replace(/["&'<>]/g, (c) => HTML_ESCAPES[c] ?? c);
  // turbo-stream writes a string as JSON, and React Router writes the chunk as a JSON string:
  // the hole takes the quotes of the first, escaped by the second.
  return JSON.stringify(JSON.stringify(value))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}

/** The template filled in for `reader` (null: a visitor, whose page has no personal holes). */
export function fillIn(template: Template, reader: Reader | null, nonce: string) {
  let html = "";
  for (const part of template) {
    if (typeof part === "string") html += part;
    else if (part.field === "nonce") html += nonce;
    else html += escapedFor(reader?.[part.field] ?? "", part.escaped);
  }
  return html;
}
