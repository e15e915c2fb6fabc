import { seminarCalendarFile } from "~/features/seminars/calendar.server";
import { attachmentDisposition } from "~/lib/content-disposition";
import type { Route } from "./+types/activity-calendar";

// GET /activities/{id}/calendar.ics: the seminar page's "캘린더에 추가" (one event; the same UID as
// the feed's and the confirmation mail's, so adding it twice does not make two events).
export async function loader({ params }: Route.LoaderArgs) {
  const file = await seminarCalendarFile(params.id);
  if (!file) {
    return new Response("학술 활동을 찾을 수 없습니다.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const name = file.title.replace(/[\\/:*?"<>|\r\n]+/g, " ").slice(0, 80);
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`${name}.ics`),
      "Cache-Control": "public, max-age=300",
    },
  });
}
