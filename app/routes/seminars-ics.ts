import { seminarsFeed } from "~/features/seminars/calendar.server";

// GET /seminars.ics: every seminar /activities lists, as a calendar feed that calendar apps
// subscribe to (public: the seminars are public).
export async function loader() {
  return new Response(await seminarsFeed(), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="seminars.ics"',
      "Cache-Control": "public, max-age=300",
    },
  });
}
