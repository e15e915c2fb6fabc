import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { ApplicationStatusBadge } from "~/features/membership/components/application-status";
import { STATUS_LABELS } from "~/features/membership/validation";
import {
  AttendedSeminars,
  type AttendedSeminarView,
} from "~/features/seminars/components/attended-seminars";
import { formatDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import { useHydrated } from "~/lib/use-hydrated";
import { DataTable } from "./data-table";
import { DisclosedAction } from "./disclosed-action";
import { DetailList, LicenceImage } from "./licence-image";
import { ListPager, ListSearch, NO_RESULTS } from "./paged-list";
import { RejectReasonDialog } from "./reject-reason-dialog";
import type { ApplicationRow, TabPage } from "./types";
import { useDashboardAction } from "./use-dashboard-action";

const CAPTION = "정회원 가입 신청 목록";

/**
 * The applications, newest first, 20 a page, searched on the server (`?tab=applications&q=`);
 * the count cards count every application by status.
 */
export function ApplicationsTab({
  list,
  counts,
}: {
  list: TabPage<ApplicationRow>;
  counts: Record<"pending" | "approved" | "rejected", number>;
}) {
  const [viewing, setViewing] = useState<ApplicationRow | null>(null);
  // Opening the detail asks the server for it, so the viewing is recorded in the audit log.
  const detail = useFetcher<
    ApplicationRow & {
      attendedSeminars?: AttendedSeminarView[];
      otherApplications?: Array<{
        id: string;
        status: string;
        createdAt: string;
        updatedAt: string;
        rejectionReason: string | null;
      }>;
      account?: { licenseNumber: string; licenseImageUrl: string | null } | null;
    }
  >();
  const open = (application: ApplicationRow) => {
    setViewing(application);
    detail.load(`/api/membership-applications/${application.id}`);
  };
  const shown = detail.data?.id === viewing?.id ? (detail.data ?? viewing) : viewing;
  const [rejecting, setRejecting] = useState<ApplicationRow | null>(null);
  const action = useDashboardAction();
  const hydrated = useHydrated();

  return (
    <section aria-labelledby="applications-title" className="grid gap-4">
      <h2 id="applications-title" className="text-lg font-bold text-slate-900">
        정회원 가입 신청
      </h2>
      <ul className="grid grid-cols-3 gap-3">
        {(
          [
            ["pending", "대기중", "bg-amber-50 text-amber-900"],
            ["approved", "승인됨", "bg-emerald-50 text-emerald-900"],
            ["rejected", "거부됨", "bg-rose-50 text-rose-900"],
          ] as const
        ).map(([status, label, tone]) => (
          <li key={status} className={`rounded-xl p-4 ${tone}`}>
            <p className="text-sm font-medium">{label}</p>
            <p className="mt-1 text-2xl font-bold">{formatNumber(counts[status])}</p>
          </li>
        ))}
      </ul>
      <ListSearch
        tab="applications"
        caption={CAPTION}
        list={list}
        placeholder="이름, 이메일, 연락처, 병원, 면허번호"
      />
      <DataTable
        caption={CAPTION}
        rows={list.items}
        rowKey={(a) => a.id}
        paging="server"
        empty={list.q ? NO_RESULTS : "정회원 가입 신청이 없습니다."}
        columns={[
          { header: "이름", cell: (a) => a.name, primary: true, className: "whitespace-nowrap" },
          { header: "이메일", cell: (a) => a.email },
          { header: "연락처", cell: (a) => a.phone, className: "whitespace-nowrap" },
          { header: "면허번호", cell: (a) => a.licenseNumber, className: "whitespace-nowrap" },
          { header: "병원", cell: (a) => a.hospitalName },
          { header: "진료과목", cell: (a) => a.department, className: "whitespace-nowrap" },
          {
            header: "상태",
            cell: (a) => <ApplicationStatusBadge status={a.status} view="admin" />,
            className: "whitespace-nowrap",
          },
          {
            header: "올해 회비",
            cell: (a) => <DuesOfApplicant dues={a.dues} />,
            className: "whitespace-nowrap",
          },
          {
            header: "관리",
            className: "whitespace-nowrap",
            cell: (a) => (
              <div className="flex gap-1.5">
                <Button size="sm" variant="secondary" onClick={() => open(a)}>
                  상세<span className="sr-only"> ({a.name})</span>
                </Button>
                {a.status === "pending" && !hydrated ? (
                  <>
                    <DisclosedAction
                      label="승인"
                      variant="primary"
                      intent="approve-application"
                      id={a.id}
                      question={approvalQuestion(a)}
                    />
                    <DisclosedAction
                      label="거부"
                      variant="secondaryDestructive"
                      intent="reject-application"
                      id={a.id}
                      question={`${a.name}님의 신청을 거부하는 사유를 입력해주세요.`}
                      reason={{ name: "rejectionReason", label: "거부 사유", required: true }}
                    />
                  </>
                ) : a.status === "pending" ? (
                  <>
                    <ConfirmDialog
                      trigger={
                        <Button size="sm" disabled={action.pending}>
                          승인<span className="sr-only"> ({a.name})</span>
                        </Button>
                      }
                      title="정회원 승인"
                      description={approvalQuestion(a)}
                      confirmLabel="승인"
                      onConfirm={() => action.run("approve-application", { id: a.id })}
                    />
                    <Button
                      size="sm"
                      variant="secondaryDestructive"
                      onClick={() => setRejecting(a)}
                    >
                      거부<span className="sr-only"> ({a.name})</span>
                    </Button>
                  </>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <ListPager caption={CAPTION} list={list} />
      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title="정회원 가입 신청 상세"
        wide
      >
        {shown ? (
          <div className="grid gap-4">
            <DetailList
              items={[
                ["이름", shown.name],
                ["이메일", shown.email],
                ["연락처", shown.phone],
                [
                  "면허번호",
                  <LicenceNumber
                    key="licence"
                    applied={shown.licenseNumber}
                    atSignup={
                      detail.data?.id === shown.id ? detail.data.account?.licenseNumber : undefined
                    }
                  />,
                ],
                ["병원", shown.hospitalName],
                ["진료과목", shown.department],
                ["병원 주소", shown.address],
                ["신청일", formatDate(shown.createdAt)],
                ["상태", STATUS_LABELS[shown.status as "pending"]?.admin ?? shown.status],
                [
                  shown.dues ? `${shown.dues.year}년 회비` : "회비",
                  <DuesOfApplicant key="dues" dues={shown.dues} />,
                ],
                ["거부 사유", shown.rejectionReason],
              ]}
            />
            {/* The application's own image, or the one sent at sign-up. */}
            <LicenceImage
              src={
                shown.licenseImageUrl ??
                (detail.data?.id === shown.id ? detail.data.account?.licenseImageUrl : null) ??
                null
              }
              alt={`${shown.name}님의 의사 면허증`}
            />
            <div>
              <h3 className="mb-2 text-sm font-bold text-slate-800">세미나 참석 (확정된 평점표)</h3>
              {detail.data?.id === shown.id && detail.data.attendedSeminars ? (
                <AttendedSeminars seminars={detail.data.attendedSeminars} />
              ) : (
                <p className="text-sm text-slate-500">불러오는 중...</p>
              )}
            </div>
            {detail.data?.id === shown.id && detail.data.otherApplications?.length ? (
              <div>
                <h3 className="mb-2 text-sm font-bold text-slate-800">
                  이 회원의 다른 신청 {detail.data.otherApplications.length}건
                </h3>
                <ol className="grid gap-2 text-sm">
                  {detail.data.otherApplications.map((other) => (
                    <li key={other.id} className="rounded-lg bg-slate-50 px-3 py-2">
                      <ApplicationStatusBadge status={other.status} view="admin" />
                      <span className="ml-2 text-slate-600">
                        신청 {formatDate(other.createdAt)}
                        {other.status !== "pending" ? ` · 결정 ${formatDate(other.updatedAt)}` : ""}
                      </span>
                      {other.rejectionReason ? (
                        <p className="mt-1 text-slate-700">사유: {other.rejectionReason}</p>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
          </div>
        ) : null}
      </Dialog>
      <RejectReasonDialog
        open={rejecting !== null}
        title="정회원 신청 거부"
        description={
          rejecting ? `${rejecting.name}님의 신청을 거부하는 사유를 입력해주세요.` : undefined
        }
        label="거부 사유"
        intent="reject-application"
        fields={(reason) => ({ id: rejecting?.id ?? "", rejectionReason: reason })}
        onClose={() => setRejecting(null)}
      />
    </section>
  );
}

const won = (amount: number) => `${formatNumber(amount)}원`;

/** The licence number applied with, and the one approved at sign-up when they differ. */
function LicenceNumber({ applied, atSignup }: { applied: string; atSignup: string | undefined }) {
  if (atSignup === undefined || atSignup.trim() === applied.trim()) return <>{applied}</>;
  return (
    <span className="grid gap-0.5">
      <span>{applied}</span>
      <span className="text-sm font-medium text-amber-800">
        가입 시 면허번호({atSignup})와 다릅니다
      </span>
    </span>
  );
}

/**
 * The approval's question, with what approving an applicant who has not paid means: the 정회원
 * standing follows the dues, so until they are paid the member keeps 준회원's rights.
 */
function approvalQuestion(application: ApplicationRow) {
  const unpaid = application.dues?.status === "unpaid";
  return `${application.name}님의 정회원 가입 신청을 승인하시겠습니까?${
    unpaid
      ? ` 올해 회비가 아직 납부되지 않아, 승인해도 납부가 확인될 때까지는 준회원 자격으로 이용합니다.`
      : ""
  }`;
}

/** Whether the applicant paid this year's dues (full membership comes with them), and how much. */
function DuesOfApplicant({ dues }: { dues: ApplicationRow["dues"] }) {
  if (!dues || dues.status === "not_set") {
    return <span className="text-sm text-slate-600">회비 미설정</span>;
  }
  if (dues.status === "paid") {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge tone="green">납부</Badge>
        <span className="text-sm tabular-nums">{won(dues.paid)}</span>
      </span>
    );
  }
  if (dues.status === "exempt") return <Badge tone="brand">면제</Badge>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone="red">미납</Badge>
      <span className="text-sm text-slate-700 tabular-nums">
        {dues.paid > 0 ? `${won(dues.paid)} / ` : ""}
        {won(dues.fee ?? 0)}
      </span>
    </span>
  );
}
