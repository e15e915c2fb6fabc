import { societyConfig } from "~/features/society/config.server";

// Only pages a visitor can read in full. Announcement details and the charter are members-only,
// so they are not listed.
export const PUBLIC_PATHS = [
  "/",
  "/about",
  "/history",
  "/executives",
  "/membership",
  "/activities",
  "/announcements",
  "/location",
  "/privacy",
];

export function loader() {
  const urls = PUBLIC_PATHS.map(
    (path) => `  <url><loc>${societyConfig.publicUrl}${path === "/" ? "/" : path}</loc></url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
