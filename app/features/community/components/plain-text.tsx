import { Fragment } from "react";
import { cn } from "~/lib/cn";

// Members write plain text. It is shown as React text (never as HTML), with its line breaks
// (white-space: pre-wrap) and its http(s) links made clickable; everything else, markup included,
// is text on the screen.
const LINK = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than a link ("… https://a.kr/x." or "(https://a.kr)"). */
const TRAILING = new Set(".,;:!?)]}'\"’”>");

/**
 * The link without its trailing punctuation, walked back from the end: the regular expression it
 * replaces (`/[…]+$/`) took time in the square of a run of brackets, and a post of 20,000 `)`
 * held the server's one thread for a second on every view.
 */
function withoutTrailing(url: string) {
  let end = url.length;
  while (end > 0 && TRAILING.has(url[end - 1]!)) end--;
  return url.slice(0, end);
}

export type TextPart = { text: string; href?: string };

/** The text cut into plain runs and links; shared by the page and its tests' expectations. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = withoutTrailing(match[0]);
    const start = match.index ?? 0;
    if (url.length <= "https://".length) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function PlainText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn("break-words whitespace-pre-wrap", className)}>
      {linkParts(text).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
        <Fragment key={index}>
          {part.href ? (
            <a
              href={part.href}
              rel="nofollow noopener ugc"
              target="_blank"
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {part.text}
            </a>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </div>
  );
}
