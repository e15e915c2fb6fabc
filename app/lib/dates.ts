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
  month: "long",
  day: "numeric",
  weekday: "short",
  hour: "numeric",
  minute: "2-digit",
});

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** 2026년 11월 21일 */
export function formatDate(value: Date | string) {
  return dateFormat.format(toDate(value));
}

/** 2026년 11월 21일 (토) 오후 2:00 */
export function formatDateTime(value: Date | string) {
  return dateTimeFormat.format(toDate(value));
}

/** The machine-readable value for a <time dateTime> attribute. */
export function isoDate(value: Date | string) {
  return toDate(value).toISOString();
}
