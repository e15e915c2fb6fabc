import { societyConfig } from "~/features/society/config.server";
import { PUBLIC_PAGES } from "~/features/society/public-pages";

export function loader() {
  const urls = PUBLIC_PAGES.map(
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
