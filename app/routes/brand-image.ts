import { faviconIco, openGraphImage, touchIcon } from "~/features/uploads/brand-images.server";
import type { Route } from "./+types/brand-image";

// GET /og-image.png, /apple-touch-icon.png and /favicon.ico: the society's emblem (the office's
// upload, or the built-in one) on the link preview's image, the phone's home-screen icon and the
// icon that browsers and crawlers ask for by that name. The pages name the
// Open Graph image with the emblem's mark (`?v=`), so an hour's caching never shows an old one
// for long.
export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const ico = path.endsWith("favicon.ico");
  const image = await (ico
    ? faviconIco()
    : path.endsWith("apple-touch-icon.png")
      ? touchIcon()
      : openGraphImage());
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": ico ? "image/x-icon" : "image/png",
      "Content-Length": String(image.length),
      "Cache-Control": "public, max-age=3600",
    },
  });
}
