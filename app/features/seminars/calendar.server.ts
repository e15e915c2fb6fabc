// iCalendar (RFC 5545) for seminars: the invitation attached to the confirmation mail, the file
// behind each seminar page's "캘린더에 추가" button (/activities/{id}/calendar.ics) and the feed
// calendar apps subscribe to (/seminars.ics, every seminar /activities lists). Times are written in
// Asia/Seoul with its zone definition (Korea keeps no daylight saving time), so calendars show the
// hall's clock time. Each event's UID is the seminar's id at the site's host: the same seminar is
// the same event in the mail, the button's file and the feed, and an edit updates it in place.
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { now as clockNow } from "~/lib/clock.server";
import { SEOUL_OFFSET_MS } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { seminars } from "~db/schema";
import { societyConfig } from "../society/config.server";
import { seminarEndOf } from "./rules";

type CalendarSeminar = {
  id: string;
  title: string;
  description: string;
  speaker: string;
  location: string;
  date: Date;
  endDate: Date | null;
  status?: string;
};

/** 20261205T140000 in Seoul time. */
const seoulLocal = (date: Date) =>
  new Date(date.getTime() + SEOUL_OFFSET_MS).toISOString().replace(/[-:]/g, "").slice(0, 15);
const utcStamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
const escapeText = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (bytes + size > limit) {
      parts.push(current);
      current = "";
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const SEOUL_ZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Asia/Seoul",
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0900",
  "TZOFFSETTO:+0900",
  "TZNAME:KST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** One seminar's VEVENT. */
function seminarEvent(seminar: CalendarSeminar, now: Date): string[] {
  const host = new URL(env.PUBLIC_URL).host;
  return [
    "BEGIN:VEVENT",
    `UID:seminar-${seminar.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=Asia/Seoul:${seoulLocal(seminar.date)}`,
    `DTEND;TZID=Asia/Seoul:${seoulLocal(seminarEndOf(seminar))}`,
    `SUMMARY:${escapeText(seminar.title)}`,
    `LOCATION:${escapeText(seminar.location)}`,
    `DESCRIPTION:${escapeText(`연자: ${seminar.speaker}\n\n${seminar.description}`)}`,
    `URL:${env.PUBLIC_URL}/activities/${seminar.id}`,
    `ORGANIZER;CN=${escapeText(societyConfig.name)}:mailto:${societyConfig.email}`,
    ...(seminar.status === "cancelled" ? ["STATUS:CANCELLED"] : ["STATUS:CONFIRMED"]),
    "END:VEVENT",
  ];
}

/** A VCALENDAR of `events`, folded, with CRLF line ends. */
function calendar(events: string[][], header: string[] = []): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(societyConfig.shortName)}//Seminars//KO`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...header,
    ...SEOUL_ZONE,
    ...events.flat(),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** One seminar as a calendar file: the mail's invitation and the page's "캘린더에 추가". */
export function seminarInvitation(seminar: CalendarSeminar, now: Date = new Date()): string {
  return calendar([seminarEvent(seminar, now)]);
}

/** The feed of every seminar, for calendar apps to subscribe to. */
function seminarFeed(seminars: CalendarSeminar[], now: Date = new Date()): string {
  return calendar(
    seminars.map((seminar) => seminarEvent(seminar, now)),
    [
      `X-WR-CALNAME:${escapeText(`${societyConfig.name} 학술 활동`)}`,
      "X-WR-TIMEZONE:Asia/Seoul",
      // Calendar apps poll a subscribed feed; twelve hours is enough for seminars.
      "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
      "X-PUBLISHED-TTL:PT12H",
    ],
  );
}

/** The file behind a seminar page's "캘린더에 추가", or null when there is no such seminar. */
export async function seminarCalendarFile(id: string) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [seminar] = await db.select().from(seminars).where(eq(seminars.id, id));
  if (!seminar) return null;
  return { title: seminar.title, body: seminarInvitation(seminar, clockNow()) };
}

/** The feed: every seminar /activities lists (listSeminars' order: soonest first). */
export async function seminarsFeed() {
  const db = await getDb();
  const all = await db.select().from(seminars).orderBy(asc(seminars.date), asc(seminars.id));
  return seminarFeed(all, clockNow());
}
