import { openGraphImage, touchIcon } from "~/features/uploads/brand-images.server";
import type { Route } from "./+types/brand-image";

// GET /og-image.png and /apple-touch-icon.png: the society's emblem (the office's upload, or the
// built-in one) on the link preview's image and the phone's home-screen icon. The pages name the
// Open Graph image with the emblem's mark (`?v=`), so an hour's caching never shows an old one
// for long.
export async function loader({ request }: Route.LoaderArgs) {
  const touch = new URL(request.url).pathname.endsWith("apple-touch-icon.png");
  const image = await (touch ? touchIcon() : openGraphImage());
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(image.length),
      "Cache-Control": "public, max-age=3600",
    },
  });
}
