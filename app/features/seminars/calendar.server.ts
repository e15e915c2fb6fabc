// An iCalendar (RFC 5545) invitation for a seminar, attached to the confirmation mail so a doctor
// adds it to their phone's calendar in one tap. Times are written in Asia/Seoul with its zone
// definition (Korea keeps no daylight saving time), so calendars show the hall's clock time.
import { env } from "~/env.server";
import { SEOUL_OFFSET_MS } from "~/lib/dates";
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
};

/** 20261205T140000 in Seoul time. */
const seoulLocal = (date: Date) =>
  new Date(date.getTime() + SEOUL_OFFSET_MS).toISOString().replace(/[-:]/g, "").slice(0, 15);
const utcStamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

const escapeText = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

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

export function seminarInvitation(seminar: CalendarSeminar, now: Date = new Date()): string {
  const end = seminarEndOf(seminar);
  const host = new URL(env.PUBLIC_URL).host;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(societyConfig.shortName)}//Seminars//KO`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VTIMEZONE",
    "TZID:Asia/Seoul",
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0900",
    "TZOFFSETTO:+0900",
    "TZNAME:KST",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    `UID:seminar-${seminar.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=Asia/Seoul:${seoulLocal(seminar.date)}`,
    `DTEND;TZID=Asia/Seoul:${seoulLocal(end)}`,
    `SUMMARY:${escapeText(seminar.title)}`,
    `LOCATION:${escapeText(seminar.location)}`,
    `DESCRIPTION:${escapeText(`연자: ${seminar.speaker}\n\n${seminar.description}`)}`,
    `URL:${env.PUBLIC_URL}/activities/${seminar.id}`,
    `ORGANIZER;CN=${escapeText(societyConfig.name)}:mailto:${societyConfig.email}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
