import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import type { CalendarDay } from "../month";

const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"];
/** The 1st's column on the grid (written out, so Tailwind finds the classes). */
const FIRST_COLUMN = [
  "",
  "md:col-start-2",
  "md:col-start-3",
  "md:col-start-4",
  "md:col-start-5",
  "md:col-start-6",
  "md:col-start-7",
];

/**
 * A month of seminars. From 768 px a seven-column grid (일 … 토); on a phone a list of the days
 * that have seminars, each with its full date. Server-rendered links only: no JavaScript.
 */
export function SeminarMonth({
  year,
  month,
  days,
  today,
  previousHref,
  nextHref,
}: {
  year: number;
  month: number;
  days: CalendarDay[];
  /** Seoul's today, 2026-12-05, marked on the grid. */
  today: string;
  previousHref: string;
  nextHref: string;
}) {
  const title = `${year}년 ${month}월`;
  const leading = days[0]?.weekday ?? 0;
  const busy = days.some((day) => day.seminars.length > 0);
  return (
    <section aria-labelledby="calendar-title">
      <div className="flex items-center justify-between gap-2 border-b-2 border-slate-800 pb-3">
        <Link
          to={previousHref}
          className="inline-flex h-11 items-center gap-1 rounded-lg px-3 text-base font-medium text-slate-700 hover:bg-slate-100"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
          이전 달
        </Link>
        <h2 id="calendar-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        <Link
          to={nextHref}
          className="inline-flex h-11 items-center gap-1 rounded-lg px-3 text-base font-medium text-slate-700 hover:bg-slate-100"
        >
          다음 달
          <ChevronRight className="size-5" aria-hidden="true" />
        </Link>
      </div>
      <div
        aria-hidden="true"
        className="hidden grid-cols-7 border-b border-slate-200 bg-slate-50 py-2 text-center text-sm font-semibold text-slate-700 md:grid"
      >
        {WEEKDAYS.map((name, index) => (
          <span
            key={name}
            className={cn(index === 0 && "text-rose-700", index === 6 && "text-brand-700")}
          >
            {name}
          </span>
        ))}
      </div>
      {busy ? null : (
        <p className="mt-6 text-base text-slate-600 md:hidden">이 달에는 세미나가 없습니다.</p>
      )}
      <ol className="md:grid md:grid-cols-7 md:border-l md:border-slate-200 md:bg-slate-50">
        {days.map((day) => (
          <li
            key={day.date}
            className={cn(
              "border-b border-slate-200 py-3 md:min-h-28 md:border-r md:p-2",
              day.seminars.length === 0 && "hidden md:block",
              day.date === today ? "md:bg-brand-50" : "md:bg-white",
              day.day === 1 && FIRST_COLUMN[leading],
            )}
          >
            <p className="text-base font-semibold text-slate-900 md:text-sm">
              <span className="md:sr-only">
                {month}월 {day.day}일 ({WEEKDAYS[day.weekday]})
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  "hidden md:inline",
                  day.weekday === 0 && "text-rose-700",
                  day.weekday === 6 && "text-brand-700",
                )}
              >
                {day.day}
              </span>
              {day.date === today ? (
                <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                  오늘
                </span>
              ) : null}
            </p>
            {day.seminars.length > 0 ? (
              <ul className="mt-1.5 grid gap-1.5">
                {day.seminars.map((seminar) => (
                  <li key={seminar.id}>
                    <Link
                      to={`/activities/${seminar.id}`}
                      className="block rounded-md bg-brand-50 px-2.5 py-2 text-base leading-snug text-brand-900 hover:bg-brand-100 md:px-2 md:py-1 md:text-sm"
                    >
                      <span className="font-semibold">{seminar.time}</span>{" "}
                      {seminar.cancelled ? <span className="text-rose-700">[취소] </span> : null}
                      <span className="break-words">{seminar.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
