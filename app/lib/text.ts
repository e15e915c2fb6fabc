// Plain text out of the sanitised announcement HTML, for excerpts and link previews.
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
};

export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|div|h[1-6]|li|pre|blockquote|tr|td|th)\s*>|<(br|hr)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (match, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1]?.toLowerCase() === "x"
            ? Number.parseInt(name.slice(2), 16)
            : Number.parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000
          ? String.fromCodePoint(code)
          : "";
      }
      return ENTITIES[name.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The first `length` characters (code points, so Hangul and emoji are never split). */
export function firstCharacters(text: string, length: number): string {
  return Array.from(text).slice(0, length).join("");
}

/** Cuts `text` to `length` characters and marks the cut with an ellipsis. */
export function truncate(text: string, length: number, ellipsis = "..."): string {
  const chars = Array.from(text);
  return chars.length > length ? chars.slice(0, length).join("") + ellipsis : text;
}
