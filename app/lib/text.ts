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

/**
 * `word` with the particle 로 or 으로, as its last syllable asks: 으로 after a final consonant
 * other than ㄹ (정회원으로, 휴대폰으로), 로 after a vowel or ㄹ (가상계좌로, 카드로, 서울로).
 * A word that does not end in Hangul keeps the written-out (으)로.
 */
export function withRo(word: string): string {
  const last = word.trimEnd().at(-1);
  const code = last ? last.charCodeAt(0) - 0xac00 : -1;
  if (code < 0 || code > 11171) return `${word}(으)로`;
  const final = code % 28;
  return `${word}${final === 0 || final === 8 ? "로" : "으로"}`;
}
