import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { auditActionLabel } from "~/features/audit/actions";
import { STATUS_LABELS } from "~/features/membership/validation";
import type { MemberRecord } from "../roster.server";

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words whitespace-pre-line text-slate-900">{children || "-"}</dd>
    </div>
  );
}

const when = (value: Date | string | null) => (value ? <DateTime value={value} /> : null);

/** The member's standing over time: sign-up, decisions, consent, sessions and the audit trail. */
export function MemberHistory({ member }: { member: MemberRecord }) {
  const application = member.application;
  return (
    <>
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-bold text-slate-900">가입 및 상태</h2>
        <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
          <Item label="가입 신청">{when(member.createdAt)}</Item>
          <Item label="승인">{when(member.approvedAt)}</Item>
          {member.rejectedAt ? (
            <>
              <Item label="거부">{when(member.rejectedAt)}</Item>
              <Item label="거부 사유">{member.rejectionReason}</Item>
            </>
          ) : null}
          {member.suspendedAt ? (
            <>
              <Item label="정지">{when(member.suspendedAt)}</Item>
              <Item label="정지 사유">{member.suspensionReason}</Item>
            </>
          ) : null}
          <Item label="개인정보 동의">
            {member.privacyConsentAt ? (
              <>
                <DateTime value={member.privacyConsentAt} /> (버전 {member.privacyConsentVersion})
              </>
            ) : null}
          </Item>
          <Item label="이용약관 동의">
            {member.termsConsentAt ? (
              <>
                <DateTime value={member.termsConsentAt} /> (버전 {member.termsConsentVersion})
              </>
            ) : null}
          </Item>
          <Item label="최근 로그인">{when(member.lastLoginAt)}</Item>
          <Item label="로그인 세션">{`${member.activeSessions}개`}</Item>
          <Item label="면허증 이미지">
            {member.licenseImageUrl ? (
              <a
                href={member.licenseImageUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 hover:underline"
              >
                면허증 이미지 보기 (열람 기록이 남습니다)
                <span className="sr-only"> (새 창)</span>
              </a>
            ) : (
              "없음"
            )}
          </Item>
        </dl>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-bold text-slate-900">정회원 가입 신청</h2>
        {application ? (
          <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
            <Item label="신청일">{when(application.createdAt)}</Item>
            <Item label="상태">
              {STATUS_LABELS[application.status as "pending"]?.admin ?? application.status}
            </Item>
            {application.status !== "pending" ? (
              <Item label="결정일">{when(application.updatedAt)}</Item>
            ) : null}
            {application.rejectionReason ? (
              <Item label="거부 사유">{application.rejectionReason}</Item>
            ) : null}
          </dl>
        ) : (
          <p className="mt-3 text-sm text-slate-600">정회원 가입 신청이 없습니다.</p>
        )}
        {member.earlierApplications.length > 0 ? (
          <>
            <h3 className="mt-5 text-sm font-bold text-slate-900">
              이전 신청 {member.earlierApplications.length}건
            </h3>
            <ol className="mt-2 grid gap-2 text-sm" aria-label="이전 정회원 가입 신청">
              {member.earlierApplications.map((earlier) => (
                <li key={earlier.id} className="rounded-lg bg-slate-50 px-3 py-2">
                  <span className="font-semibold text-slate-900">
                    {STATUS_LABELS[earlier.status as "pending"]?.admin ?? earlier.status}
                  </span>
                  <span className="text-slate-600">
                    {" "}
                    · 신청 {when(earlier.createdAt)} · 결정 {when(earlier.updatedAt)}
                  </span>
                  {earlier.rejectionReason ? (
                    <p className="mt-0.5 text-slate-700">사유: {earlier.rejectionReason}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-bold text-slate-900">관리 기록</h2>
        {member.auditEntries.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">이 회원에 대한 관리 기록이 없습니다.</p>
        ) : (
          <ol className="mt-3 grid gap-2 text-sm">
            {member.auditEntries.map((entry) => (
              <li key={entry.id} className="rounded-lg bg-slate-50 px-3 py-2">
                <span className="font-semibold text-slate-900">
                  {auditActionLabel(entry.action)}
                </span>
                <span className="text-slate-600">
                  {" "}
                  · {entry.actorEmail} · <DateTime value={entry.createdAt} />
                </span>
                {entry.detail && typeof entry.detail === "object" && "reason" in entry.detail ? (
                  <p className="mt-0.5 text-slate-700">
                    사유: {String((entry.detail as { reason: unknown }).reason ?? "")}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </>
  );
}
