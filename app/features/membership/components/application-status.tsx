import { Badge, type BadgeTone } from "~/components/ui/badge";
import { formatDate, isoDate } from "~/lib/dates";
import { type ApplicationStatus, STATUS_LABELS } from "../validation";

const TONES: Record<ApplicationStatus, BadgeTone> = {
  pending: "yellow",
  approved: "green",
  rejected: "red",
};

export function ApplicationStatusBadge({
  status,
  view,
}: {
  status: string;
  view: "member" | "admin";
}) {
  const known = (status in STATUS_LABELS ? status : "pending") as ApplicationStatus;
  return <Badge tone={TONES[known]}>{STATUS_LABELS[known][view]}</Badge>;
}

/** The applicant's own application: status, date, reason, and what happens next. */
export function ApplicationStatusCard({
  application,
}: {
  application: { status: string; createdAt: Date | string; rejectionReason: string | null };
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">정회원 가입 신청 현황</h2>
        <ApplicationStatusBadge status={application.status} view="member" />
      </div>
      <dl className="mt-5 grid gap-3 text-[15px]">
        <div className="flex gap-3">
          <dt className="w-20 shrink-0 text-slate-500">신청일</dt>
          <dd className="text-slate-800">
            <time dateTime={isoDate(application.createdAt)}>
              {formatDate(application.createdAt)}
            </time>
          </dd>
        </div>
        {application.status === "rejected" && application.rejectionReason ? (
          <div className="flex gap-3">
            <dt className="w-20 shrink-0 text-slate-500">거부 사유</dt>
            <dd className="whitespace-pre-line text-slate-800">{application.rejectionReason}</dd>
          </div>
        ) : null}
      </dl>
      {application.status === "pending" ? (
        <p className="mt-5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          신청서를 검토하고 있습니다. 결과는 이메일로 안내해 드립니다.
        </p>
      ) : null}
      {application.status === "approved" ? (
        <p className="mt-5 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          정회원으로 승인되었습니다. 학회의 모든 활동에 참여하실 수 있습니다.
        </p>
      ) : null}
    </div>
  );
}
