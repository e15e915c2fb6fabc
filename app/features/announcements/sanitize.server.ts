// The announcement HTML we store and render: exactly what the admin editor (TipTap StarterKit,
// Underline, TextAlign, TextStyle + Color, Link, Image) can produce, nothing more.
import sanitizeHtml from "sanitize-html";

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
];
const ALIGN = [/^(left|center|right|justify)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "hr",
    "h1",
    "h2",
    "h3",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "title"],
    span: ["style"],
    p: ["style"],
    h1: ["style"],
    h2: ["style"],
    h3: ["style"],
    ol: ["start"],
  },
  allowedStyles: {
    span: { color: COLOR },
    p: { "text-align": ALIGN },
    h1: { "text-align": ALIGN },
    h2: { "text-align": ALIGN },
    h3: { "text-align": ALIGN },
  },
  // The editor's default link protocols (SPEC.md §5).
  allowedSchemes: ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    // Headings beyond level 3 become level 3 (the editor allows 1 to 3).
    h4: "h3",
    h5: "h3",
    h6: "h3",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
    }),
  },
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

// Bodies are sanitised when saved and again each time they are read (a body written before a
// change to these rules, or by hand in SQL, is still cleaned). Many members read the same notice,
// so the reading side keeps the last bodies it cleaned, keyed by the stored text itself: an edit
// is a new key. Bounded by characters, oldest first.
const cleaned = new Map<string, string>();
let cleanedChars = 0;
const MOST_CLEANED_CHARS = 4_000_000;

/** sanitizeAnnouncementHtml for a body being read, from the bodies kept when it has seen it. */
export function sanitizeAnnouncementForReading(html: string): string {
  const kept = cleaned.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitizeAnnouncementHtml(html);
  if (html.length + clean.length > MOST_CLEANED_CHARS) return clean;
  cleaned.set(html, clean);
  cleanedChars += html.length + clean.length;
  for (const [stored, value] of cleaned) {
    if (cleanedChars <= MOST_CLEANED_CHARS) break;
    cleaned.delete(stored);
    cleanedChars -= stored.length + value.length;
  }
  return clean;
}
