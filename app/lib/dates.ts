// Dates always in Korean and in Seoul time, on the server and in the browser alike, so the
// server-rendered HTML and the hydrated page agree.
const TIME_ZONE = "Asia/Seoul";

// Written out by hand rather than with Intl.DateTimeFormat: a page's first use of Intl makes the
// browser load its ICU data, 20–65 ms of main thread on a 2-core server's Chromium and four times
// that on a slow phone (docs/performance.md), and the seminar and announcement pages format dates
// while they hydrate. Seoul has kept UTC+9 all year since 1989 (it had summer time in 1987 and
// 1988, and other offsets before), so from then on its wall clock is the UTC clock moved on nine
// hours; for earlier instants, which no record of the society has, Intl gives the offset.
export const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const FIXED_OFFSET_SINCE = Date.UTC(1988, 11, 31, 15); // 1989-01-01 00:00 in Seoul
const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"];

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

let offsetFormat: Intl.DateTimeFormat | undefined;

/** Seoul's offset from UTC at this instant, in milliseconds ("GMT+08:27:52" before 1908). */
function seoulOffsetAt(time: number) {
  if (time >= FIXED_OFFSET_SINCE) return SEOUL_OFFSET_MS;
  offsetFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    timeZoneName: "longOffset",
  });
  const name = offsetFormat.formatToParts(time).find((p) => p.type === "timeZoneName")?.value;
  const [, sign, hours, minutes, seconds] = /^GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?$/.exec(
    name ?? "",
  ) ?? [undefined, "+", "09", "00", "00"];
  const ms = ((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60 + Number(seconds ?? 0)) * 1000;
  return sign === "-" ? -ms : ms;
}

/** The wall clock in Seoul at this instant. */
function seoulClock(value: Date | string) {
  const time = toDate(value).getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const seoul = new Date(time + seoulOffsetAt(time));
  // Within hours of the last instant a Date can hold.
  if (Number.isNaN(seoul.getTime())) throw new RangeError("Invalid time value");
  return {
    year: seoul.getUTCFullYear(),
    month: seoul.getUTCMonth() + 1,
    day: seoul.getUTCDate(),
    weekday: seoul.getUTCDay(),
    hour: seoul.getUTCHours(),
    minute: seoul.getUTCMinutes(),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** 2026년 11월 21일 */
export function formatDate(value: Date | string) {
  const { year, month, day } = seoulClock(value);
  return `${year}년 ${month}월 ${day}일`;
}

/** The day and the time of day apart: { day: "2026년 11월 21일 (토)", time: "오후 2:00" } */
export function formatDateTimeParts(value: Date | string) {
  const { year, month, day, weekday, hour, minute } = seoulClock(value);
  const period = hour < 12 ? "오전" : "오후";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return {
    day: `${year}년 ${month}월 ${day}일 (${WEEKDAYS[weekday]})`,
    time: `${period} ${hour12}:${twoDigits(minute)}`,
  };
}

/** 2026년 11월 21일 (토) 오후 2:00 */
export function formatDateTime(value: Date | string) {
  const { day, time } = formatDateTimeParts(value);
  return `${day} ${time}`;
}

/**
 * A start and an end: "2026년 11월 21일 (토) 오후 2:00 ~ 오후 6:00" on one day, both in full when
 * the end falls on another day.
 */
export function formatDateTimeRange(start: Date | string, end: Date | string) {
  const from = formatDateTime(start);
  const to = formatDateTime(end);
  const day = (text: string) => text.slice(0, text.indexOf(")") + 1);
  return day(from) === day(to) ? `${from} ~ ${to.slice(day(to).length + 1)}` : `${from} ~ ${to}`;
}

/** The machine-readable value for a <time dateTime> attribute. */
export function isoDate(value: Date | string) {
  return toDate(value).toISOString();
}

/** The time of day in Seoul on a 24-hour clock: 14:05 */
export function formatClock(value: Date | string) {
  const { hour, minute } = seoulClock(value);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** The Seoul calendar day: 2026-11-24 */
export function seoulDate(value: Date | string) {
  const { year, month, day } = seoulClock(value);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The Seoul calendar year: 2026 */
export function seoulYear(value: Date | string) {
  return seoulClock(value).year;
}

/** The value of a datetime-local input showing this instant in Seoul time: 2026-12-01T14:00. */
export function toSeoulDateTimeInput(value: Date | string) {
  const { year, month, day, hour, minute } = seoulClock(value);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hour)}:${twoDigits(minute)}`;
}
