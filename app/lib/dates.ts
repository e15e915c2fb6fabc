// Dates always in Korean and in Seoul time, on the server and in the browser alike, so the
// server-rendered HTML and the hydrated page agree.
const TIME_ZONE = "Asia/Seoul";

const dateFormat = new Intl.DateTimeFormat("ko-KR", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
});

const dateTimeFormat = new Intl.DateTimeFormat("ko-KR", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  weekday: "short",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h23",
});

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** 2026년 11월 21일 */
export function formatDate(value: Date | string) {
  return dateFormat.format(toDate(value));
}

/** The day and the time of day apart: { day: "2026년 11월 21일 (토)", time: "오후 2:00" } */
export function formatDateTimeParts(value: Date | string) {
  const parts = dateTimeFormat.formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  // 오전/오후 by hand: some ICU builds (Node's among them) print "AM/PM" for ko-KR, which would
  // differ from the browser's text and break hydration.
  const hour = Number(part("hour"));
  const period = hour < 12 ? "오전" : "오후";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return {
    day: `${part("year")}년 ${part("month")}월 ${part("day")}일 (${part("weekday")})`,
    time: `${period} ${hour12}:${part("minute")}`,
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

// en-GB and en-CA print the same digits in every ICU build: "14:05" and "2026-11-24".
const clockFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The time of day in Seoul on a 24-hour clock: 14:05 */
export function formatClock(value: Date | string) {
  return clockFormat.format(toDate(value));
}

/** The Seoul calendar day: 2026-11-24 */
export function seoulDate(value: Date | string) {
  return dayFormat.format(toDate(value));
}

/** The Seoul calendar year: 2026 */
export function seoulYear(value: Date | string) {
  return Number(seoulDate(value).slice(0, 4));
}

const inputFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The value of a datetime-local input showing this instant in Seoul time: 2026-12-01T14:00. */
export function toSeoulDateTimeInput(value: Date | string) {
  const parts = inputFormat.formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}
