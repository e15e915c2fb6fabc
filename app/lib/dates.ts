// Dates always in Korean and in Seoul time, on the server and in the browser alike, so the
// server-rendered HTML and the hydrated page agree.
const TIME_ZONE = "Asia/Seoul";

// Written out by hand rather than with Intl.DateTimeFormat: a page's first use of Intl makes the
// browser load its ICU data, 20–65 ms of main thread on a 2-core server's Chromium and four times
// that on a slow phone (docs/performance.md), and the seminar and announcement pages format dates
// while they hydrate. Seoul has kept UTC+9 all year since 1989 (it had summer time in 1987 and
// 1988), so from then on its wall clock is the UTC clock moved on nine hours; earlier instants,
// which no record of the society has, go through Intl so they stay right.
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const FIXED_OFFSET_SINCE = Date.UTC(1988, 11, 31, 15); // 1989-01-01 00:00 in Seoul
const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"];

type SeoulClock = {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
};

let olderDates: Intl.DateTimeFormat | undefined;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The wall clock in Seoul at this instant. */
function seoulClock(value: Date | string): SeoulClock {
  const time = toDate(value).getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  if (time < FIXED_OFFSET_SINCE) {
    olderDates ??= new Intl.DateTimeFormat("en-US", {
      timeZone: TIME_ZONE,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    const parts = olderDates.formatToParts(time);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.find((p) => p.type === type)?.value);
    const [year, month, day] = [part("year"), part("month"), part("day")];
    return {
      year,
      month,
      day,
      weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
      hour: part("hour"),
      minute: part("minute"),
    };
  }
  const seoul = new Date(time + SEOUL_OFFSET_MS);
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
