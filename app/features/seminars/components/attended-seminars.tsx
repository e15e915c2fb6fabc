import { formatDate } from "~/lib/dates";
import type { AttendedSeminar } from "../credits.server";

/** The part of an attended seminar (`attendedSeminarsOf`) this list shows. */
export type AttendedSeminarView = Pick<
  AttendedSeminar,
  "seminarId" | "title" | "date" | "minutes" | "credits"
>;

/**
 * Seminars a member attended, from locked credit sheets: full membership asks for one, and the
 * office reads them on the application and the member record.
 */
export function AttendedSeminars({
  seminars,
  empty = "확정된 세미나 참석 기록이 없습니다.",
}: {
  seminars: AttendedSeminarView[];
  empty?: string;
}) {
  if (seminars.length === 0) return <p className="text-base text-slate-600">{empty}</p>;
  const total = seminars.reduce((sum, s) => sum + s.credits, 0);
  return (
    <div>
      <ul className="divide-y divide-slate-200">
        {seminars.map((s) => (
          <li key={s.seminarId} className="flex flex-wrap justify-between gap-x-3 py-2 text-base">
            <span className="font-medium text-slate-900">{s.title}</span>
            <span className="text-slate-600">
              {`${formatDate(s.date)} · ${s.minutes}분 · ${s.credits}점`}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600">{`참석 ${seminars.length}회 · 평점 합계 ${total}점`}</p>
    </div>
  );
}
