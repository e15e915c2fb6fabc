import drawing from "../../../assets-src/hero.svg?raw";

/**
 * The home page's illustration (drawn for the site, `assets-src/hero.svg`) as markup in the page
 * itself: no request, and about 1.1 KB of the page's gzip. It is inline `<svg>` rather than an
 * `<img>` of a `data:` URL: an image is the page's largest paint, and Chromium painted the decoded
 * drawing up to 1.2 s after the text under Lighthouse's slow 4G (performance 99 on `/`), while
 * shapes drawn in the page are painted with it. It reaches the page through the loader, not the
 * route's code, so it adds nothing to the JavaScript. The `<title>` is dropped (the element that
 * holds it names it), and the gradients' ids get a prefix, since ids inside inline SVG are the
 * document's.
 */
export const HERO_DRAWING = drawing
  .replace(/<title>[\s\S]*?<\/title>/, "")
  .replace(/\bid="([\w-]+)"/g, 'id="hero-$1"')
  .replace(/url\(#([\w-]+)\)/g, "url(#hero-$1)")
  .replace(
    "<svg ",
    '<svg aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice" ',
  )
  .replace(/>\s+</g, "><")
  .trim();
