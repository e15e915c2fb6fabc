import drawing from "../../../assets-src/hero.svg?raw";

/**
 * The home page's illustration (drawn for the site, `assets-src/hero.svg`) as a `data:` URL in
 * the page itself: 1.1 KB of the page's gzip instead of a request for a 6–13 KB WebP, so it is
 * painted with the text (it was the page's largest paint, 0.6 s after the first under
 * Lighthouse's slow 4G). It reaches the page through the loader, not the route's code, so it adds
 * nothing to the JavaScript; the `<title>` is dropped, the `<img>`'s alt says it.
 */
export const HERO_IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(
  drawing
    .replace(/<title>[\s\S]*?<\/title>/, "")
    .replace(/>\s+</g, "><")
    .trim(),
)}`;
