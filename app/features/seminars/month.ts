// The seminar calendar's month (/activities?view=calendar&month=YYYY-MM): its days in Seoul, each
// with the seminars that start on it, and the months before and after. Pure, so the loader builds
// it once and the page only draws it.
import { formatClock, seoulDate } from "~/lib/dates";

export type CalendarMonth = { year: number; month: number };

export const MONTH_INVALID = "달력의 달은 2026-12처럼 연도와 월로 입력해 주세요.";

/** `YYYY-MM` from a URL (years 2000 to 2100), or null when it is not one. */
export function parseMonth(raw: string): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(raw);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2100 || month < 1 || month > 12) return null;
  return { year, month };
}

export const monthKey = ({ year, month }: CalendarMonth) =>
  `${year}-${String(month).padStart(2, "0")}`;

/** The month `offset` months from `at`. */
export function shiftMonth({ year, month }: CalendarMonth, offset: number): CalendarMonth {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The Seoul month of an instant. */
export function monthOf(instant: Date): CalendarMonth {
  const [year, month] = seoulDate(instant).split("-").map(Number);
  return { year: year!, month: month! };
}

type MonthSeminar = { id: string; title: string; date: Date; status: string };

export type CalendarDay = {
  /** 2026-12-05 */
  date: string;
  day: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  seminars: { id: string; title: string; time: string; cancelled: boolean }[];
};

/** The days of `month`, each with the seminars that start on it (in Seoul) in time order. */
export function monthDays(month: CalendarMonth, seminars: MonthSeminar[]): CalendarDay[] {
  const key = monthKey(month);
  const count = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const first = new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay();
  const days: CalendarDay[] = Array.from({ length: count }, (_, index) => ({
    date: `${key}-${String(index + 1).padStart(2, "0")}`,
    day: index + 1,
    weekday: (first + index) % 7,
    seminars: [],
  }));
  const sorted = [...seminars].sort((a, b) => a.date.getTime() - b.date.getTime());
  for (const seminar of sorted) {
    const date = seoulDate(seminar.date);
    if (!date.startsWith(`${key}-`)) continue;
    days[Number(date.slice(8)) - 1]!.seminars.push({
      id: seminar.id,
      title: seminar.title,
      time: formatClock(seminar.date),
      cancelled: seminar.status === "cancelled",
    });
  }
  return days;
}
