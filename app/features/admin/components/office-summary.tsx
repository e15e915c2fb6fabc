import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/numbers";
import type { officeSummary } from "../summary.server";

type Summary = Awaited<ReturnType<typeof officeSummary>>;

function Figure({
  to,
  label,
  value,
  note,
  urgent,
}: {
  to: string;
  label: string;
  value: string;
  note?: string;
  urgent?: boolean;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full min-h-11 flex-col rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300 hover:bg-brand-50 sm:p-4"
      >
        <span className="text-sm font-semibold text-slate-700">{label}</span>
        <span
          className={cn("mt-1 text-2xl font-bold", urgent ? "text-rose-700" : "text-slate-900")}
        >
          {value}
        </span>
        {note ? <span className="mt-0.5 text-sm text-slate-600">{note}</span> : null}
      </Link>
    </li>
  );
}

/** The work waiting this morning, each number a link to where it is done. */
export function OfficeSummary({ summary }: { summary: Summary }) {
  return (
    <section aria-labelledby="office-summary-title" className="mt-6">
      <h2 id="office-summary-title" className="sr-only">
        오늘의 업무 요약
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Figure
          to="/admin/dashboard?tab=members"
          label="가입 승인 대기"
          value={`${formatNumber(summary.pendingMembers)}명`}
          urgent={summary.pendingMembers > 0}
        />
        <Figure
          to="/admin/dashboard?tab=applications"
          label="정회원 신청 대기"
          value={`${formatNumber(summary.pendingApplications)}건`}
          urgent={summary.pendingApplications > 0}
        />
        <Figure
          to={
            summary.unpaidDues === null
              ? `/admin/dues?year=${summary.duesYear}`
              : unpaidRosterUrl(summary.duesYear)
          }
          label={`${summary.duesYear}년 회비 미납`}
          value={summary.unpaidDues === null ? "미설정" : `${formatNumber(summary.unpaidDues)}명`}
          note={summary.unpaidDues === null ? "회비 설정이 필요합니다" : undefined}
        />
        <Figure
          to="/admin/seminars"
          label="다가오는 세미나"
          value={`${formatNumber(summary.upcomingSeminars)}개`}
          note={
            summary.upcomingSeminars === 0
              ? undefined
              : summary.seatsOffered === null
                ? `신청 ${formatNumber(summary.seatsTaken)}명`
                : `신청 ${formatNumber(summary.seatsTaken)} / ${formatNumber(summary.seatsOffered)}석`
          }
        />
        <Figure
          to="/admin/community"
          label="게시판 신고 대기"
          value={`${formatNumber(summary.waitingReports)}건`}
          urgent={summary.waitingReports > 0}
        />
      </ul>
    </section>
  );
}

/** The roster of the year's unpaid members, as the figure counts them (suspended ones aside). */
export const unpaidRosterUrl = (year: number) =>
  `/admin/members?status=approved&duesYear=${year}&dues=unpaid`;
