import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { formatDate } from "~/lib/dates";
import type { MySeminarRegistration } from "./my-seminars";

const STATUS: Record<
  MySeminarRegistration["status"],
  { label: string; tone: "green" | "yellow" | "neutral" }
> = {
  confirmed: { label: "확정", tone: "green" },
  waitlisted: { label: "대기", tone: "yellow" },
  payment_pending: { label: "결제 대기", tone: "yellow" },
  cancelled: { label: "취소", tone: "neutral" },
};

/** The member record's seminar registrations, newest seminar first, for the office. */
export function MemberSeminars({ registrations }: { registrations: MySeminarRegistration[] }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">세미나 신청</h2>
      {registrations.length === 0 ? (
        <p className="mt-3 text-base text-slate-600">신청한 세미나가 없습니다.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {[...registrations].reverse().map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <Link
                to={`/admin/seminars/${r.seminar.id}`}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {r.seminar.title}
              </Link>
              <span className="flex items-center gap-2 text-sm text-slate-600">
                {formatDate(r.seminar.date)}
                <Badge tone={STATUS[r.status].tone}>
                  {STATUS[r.status].label}
                  {r.status === "waitlisted" ? ` ${r.waitlistPosition}번` : ""}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
