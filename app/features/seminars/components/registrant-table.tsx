import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { DateTime } from "~/components/ui/date-time";
import { formatNumber } from "~/lib/numbers";
import type { listRegistrants } from "../registrants.server";
import { AttendanceTimes } from "./attendance-times";

/** A phone number as a tel: link (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

type RegistrantRow = Awaited<ReturnType<typeof listRegistrants>>["items"][number];

const cell = "block py-0.5 md:table-cell md:px-3 md:py-3";

function Status({ row }: { row: RegistrantRow }) {
  if (row.status === "waitlisted")
    return <Badge tone="yellow">대기 {row.waitlistPosition}번</Badge>;
  if (row.status === "cancelled") return <Badge>취소</Badge>;
  if (row.status === "payment_pending") {
    return (
      <span className="inline-flex flex-wrap items-center gap-1">
        <Badge tone="violet">결제 대기</Badge>
        {row.holdExpiresAt ? (
          <span className="text-xs text-slate-600">
            <DateTime value={row.holdExpiresAt} />
            까지
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone="green">확정</Badge>
      {row.paidFee > 0 ? (
        <span className="text-xs text-slate-600">등록비 {formatNumber(row.paidFee)}원 결제</span>
      ) : null}
    </span>
  );
}

/**
 * The office's cancellation of one registration. A fee paid for the seat is refunded in full with
 * it unless the box is unticked (decision 033): kept, it is not counted for a new registration.
 */
function CancelForm({ row, busy }: { row: RegistrantRow & { userId: string }; busy: boolean }) {
  const [refund, setRefund] = useState(true);
  const what = row.status === "waitlisted" ? "대기 신청" : "신청";
  const paid = row.paidFee > 0;
  return (
    <ConfirmForm
      method="post"
      title="신청을 취소할까요?"
      description={`${row.name}님의 ${what}을 취소하고 본인에게 메일로 알립니다. 비는 자리는 다음 대기자에게 넘어갑니다.${
        paid
          ? refund
            ? ` 결제한 등록비 ${formatNumber(row.paidFee)}원은 결제한 수단으로 전액 환불합니다.`
            : " 등록비를 환불하지 않으면, 다시 신청할 때 등록비를 새로 결제해야 합니다."
          : ""
      }`}
      confirmLabel="신청 취소"
      destructive
      fields={
        paid
          ? (formId) => (
              <label className="flex min-h-11 items-center gap-2 text-base text-slate-800">
                <input
                  type="checkbox"
                  name="refund"
                  form={formId}
                  checked={refund}
                  onChange={(event) => setRefund(event.target.checked)}
                  className="size-5 accent-brand-700"
                />
                결제한 등록비 {formatNumber(row.paidFee)}원 전액 환불
              </label>
            )
          : undefined
      }
    >
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="userId" value={row.userId} />
      <Button type="submit" size="sm" variant="secondaryDestructive" disabled={busy}>
        신청 취소<span className="sr-only"> ({row.name})</span>
      </Button>
    </ConfirmForm>
  );
}

/**
 * A seminar's registrants: a table on wide screens, each row a card on a phone. The phone number
 * is a tel: link; entry and exit show as scanned and, when the credit sheet corrected them, as
 * corrected. The office cancels a confirmed or waitlisted registration here (past the member's own
 * deadline too).
 */
export function RegistrantTable({
  rows,
  busy,
  day,
}: {
  rows: RegistrantRow[];
  busy: boolean;
  /** The seminar's start: times of its day show as the clock alone. */
  day: Date;
}) {
  return (
    <table className="block w-full text-left text-sm md:table md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white">
      <caption className="sr-only">신청자 목록</caption>
      <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group">
        <tr>
          {["이름", "연락처", "병원", "상태", "신청 시각", "입장 · 퇴장", "관리"].map((h) => (
            <th key={h} scope="col" className="px-3 py-3 whitespace-nowrap">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group md:divide-y md:divide-slate-100">
        {rows.map((row) => (
          <tr
            key={row.id}
            className="block rounded-xl border border-slate-200 bg-white p-4 align-top md:table-row md:rounded-none md:border-0 md:p-0"
          >
            <th
              scope="row"
              className={`${cell} text-base font-bold whitespace-nowrap text-slate-900 md:text-sm`}
            >
              {row.name}
            </th>
            <td className={`${cell} text-slate-700`}>
              {row.userId === null ? (
                // Kept for the credits after the member withdrew (decision 035): no contact.
                <span className="text-slate-500">탈퇴한 회원</span>
              ) : (
                <>
                  {/* Tap to call from the office's phone (issue 39). */}
                  <a
                    href={telHref(row.phone)}
                    className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline md:min-h-0"
                  >
                    {row.phone}
                    <span className="sr-only"> ({row.name}님에게 전화)</span>
                  </a>
                  <span className="block break-all text-slate-500">{row.email}</span>
                </>
              )}
            </td>
            <td className={`${cell} text-slate-700`}>{row.hospitalName}</td>
            <td className={cell}>
              <Status row={row} />
            </td>
            <td className={`${cell} text-slate-600`}>
              <span className="md:hidden">신청 </span>
              <DateTime value={row.registeredAt} />
            </td>
            <td className={`${cell} text-slate-600`}>
              <AttendanceTimes
                day={day}
                scannedEntry={row.firstEntry}
                scannedExit={row.lastExit}
                correction={row.correction}
              />
            </td>
            <td className={`${cell} pt-2 md:pt-3`}>
              {row.status !== "cancelled" && row.userId !== null ? (
                <CancelForm row={{ ...row, userId: row.userId }} busy={busy} />
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
