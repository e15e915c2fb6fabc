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
