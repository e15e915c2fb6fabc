import { listSeminars } from "~/features/seminars/seminars.server";
import { societyConfig } from "~/features/society/config.server";
import { PUBLIC_PAGES } from "~/features/society/public-pages";

// The public pages, and each seminar's page (a seminar is public; who may register is not).
export async function loader() {
  const seminarPages = (await listSeminars({ order: "desc", limit: 1000 })).map(
    (seminar) => `/activities/${seminar.id}`,
  );
  const urls = [...PUBLIC_PAGES, ...seminarPages].map(
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
