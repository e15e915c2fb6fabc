import { Link } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { formatDate, isoDate } from "~/lib/dates";
import { useOptionalUser, useRootData } from "~/lib/root-data";
import type { listApplicationsOf } from "../applications.server";
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

/**
 * The applicant's own (latest) application: status, date, reason, what happens next, and whom at
 * the office to ask.
 */
export function ApplicationStatusCard({
  application,
}: {
  application: Pick<
    Awaited<ReturnType<typeof listApplicationsOf>>[number],
    "status" | "createdAt" | "rejectionReason"
  >;
}) {
  const { society } = useRootData();
  // An approval is not standing: a 정회원 whose dues are unpaid counts as 준회원 until paid.
  const standing = useOptionalUser()?.isFullMember ?? false;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">정회원 가입 신청 현황</h2>
        <ApplicationStatusBadge status={application.status} view="member" />
      </div>
      <dl className="mt-5 grid gap-3 text-base">
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
      {application.status === "approved" && standing ? (
        <p className="mt-5 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          정회원으로 승인되었습니다. 학회의 모든 활동에 참여하실 수 있습니다.
        </p>
      ) : null}
      {application.status === "approved" && !standing ? (
        <p className="mt-5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status">
          정회원으로 승인되었지만 지금은 정회원 자격이 유지되지 않아 준회원으로 이용하고 계십니다.
          회비 납부 상태를 확인해주세요.{" "}
          <Link to="/mypage/dues" className="font-semibold underline">
            회비 납부 확인하기
          </Link>
        </p>
      ) : null}
      {application.status === "rejected" ? (
        <p className="mt-5 rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-900">
          거부 사유를 확인하신 뒤 아래 신청서로 다시 신청하실 수 있습니다. 이전 신청 기록은 사무국에
          그대로 남습니다.
        </p>
      ) : null}
      <p className="mt-4 text-sm text-slate-600">
        문의: 학회 사무국{" "}
        <a
          href={`tel:${society.phone.replace(/[^0-9+]/g, "")}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          {society.phone}
        </a>{" "}
        ·{" "}
        <a
          href={`mailto:${society.email}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          {society.email}
        </a>
      </p>
    </div>
  );
}
