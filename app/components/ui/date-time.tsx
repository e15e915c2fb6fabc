import { formatDateTimeParts, isoDate } from "~/lib/dates";

/**
 * "2026년 11월 21일 (토) 오후 2:00" in a <time>. A narrow column may wrap it only between the day
 * and the time of day, never inside either: a phone would otherwise leave "오후" at the end of a
 * line and "2:00" at the start of the next.
 */
export function DateTime({ value, className }: { value: Date | string; className?: string }) {
  const { day, time } = formatDateTimeParts(value);
  return (
    <time dateTime={isoDate(value)} className={className}>
      <span className="whitespace-nowrap">{day}</span>{" "}
      <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}

/**
 * A span of time, "2026년 12월 8일 (화) 오후 2:00 ~ 오후 5:00" (the end's day only when it is
 * another day), wrapped as DateTime is: between parts, never inside one.
 */
export function DateTimeRange({ start, end }: { start: Date | string; end: Date | string }) {
  const from = formatDateTimeParts(start);
  const to = formatDateTimeParts(end);
  return (
    <time dateTime={isoDate(start)}>
      <span className="whitespace-nowrap">{from.day}</span>{" "}
      <span className="whitespace-nowrap">{from.time} ~</span>{" "}
      {to.day === from.day ? null : (
        <>
          <span className="whitespace-nowrap">{to.day}</span>{" "}
        </>
      )}
      <span className="whitespace-nowrap">{to.time}</span>
    </time>
  );
}
