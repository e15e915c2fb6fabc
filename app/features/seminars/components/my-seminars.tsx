import { QrCode } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { DateTime } from "~/components/ui/date-time";
import { formatNumber } from "~/lib/numbers";
import type { registrationsOf } from "../registrations.server";
import { memberCancelDialog } from "./registration-panel";

/** A registration as the service answers it (`registrationsOf`). */
export type MySeminarRegistration = Awaited<ReturnType<typeof registrationsOf>>[number];

function StatusBadge({ registration }: { registration: MySeminarRegistration }) {
  const fixed = "shrink-0 whitespace-nowrap";
  if (registration.status === "cancelled") return <Badge className={fixed}>취소</Badge>;
  if (registration.status === "payment_pending") {
    return (
      <Badge tone="yellow" className={fixed}>
        결제 대기
      </Badge>
    );
  }
  if (registration.status === "waitlisted") {
    return (
      <Badge tone="yellow" className={fixed}>
        대기 {registration.waitlistPosition}번
      </Badge>
    );
  }
  if (registration.phase === "ongoing") {
    return (
      <Badge tone="brand" className={fixed}>
        진행 중
      </Badge>
    );
  }
  return (
    <Badge tone={registration.past ? "neutral" : "green"} className={fixed}>
      {registration.past ? "종료" : "확정"}
    </Badge>
  );
}

/** /mypage's seminar registrations: status, the ticket, and cancellation while it is allowed. */
export function MySeminars({ registrations }: { registrations: MySeminarRegistration[] }) {
  const current = registrations.filter((r) => !r.past && r.status !== "cancelled");
  const others = registrations.filter((r) => r.past || r.status === "cancelled");
  return (
    <section id="seminars" aria-labelledby="my-seminars-title" className="scroll-mt-24">
      <h2 id="my-seminars-title" className="mb-3 text-xl font-bold text-slate-900">
        세미나 신청 내역
      </h2>
      {registrations.length === 0 ? (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-6">
          <p className="text-slate-700">신청한 세미나가 없습니다.</p>
          <Button asChild variant="secondary">
            <Link to="/activities">학술 활동 보기</Link>
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {[...current, ...others].map((registration) => (
            <li key={registration.id}>
              <RegistrationCard registration={registration} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The fee paid, where the member looks for it: until when a cancellation returns it, or what came
 * back after one, with the payment's page.
 */
function FeeLine({ registration }: { registration: MySeminarRegistration }) {
  const { fee } = registration;
  if (!fee) return null;
  const kept = fee.amount - fee.refundedAmount;
  let text: React.ReactNode;
  if (registration.status === "cancelled") {
    // A fee the office kept is no longer the seat's: the payments list shows it (환불 없음).
    if (fee.refundedAmount === 0) return null;
    text = `등록비 ${formatNumber(fee.refundedAmount)}원을 환불했습니다.`;
  } else if (registration.canCancel) {
    text = (
      <>
        등록비 {formatNumber(kept)}원 결제 완료 ·{" "}
        <DateTime value={registration.cancellationDeadline} />
        까지 취소하면 전액 환불됩니다.
      </>
    );
  } else {
    text = `등록비 ${formatNumber(kept)}원 결제 완료`;
  }
  return (
    <p className="text-sm text-slate-700">
      {text}{" "}
      <Link
        to={`/mypage/payments/${encodeURIComponent(fee.paymentId)}`}
        className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
      >
        결제 내역
      </Link>
    </p>
  );
}

function RegistrationCard({ registration }: { registration: MySeminarRegistration }) {
  const { seminar } = registration;
  const live = !registration.past && registration.status !== "cancelled";
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-bold text-slate-900">
          <Link to={`/activities/${seminar.id}`} className="hover:text-brand-700 hover:underline">
            {seminar.title}
          </Link>
        </h3>
        <StatusBadge registration={registration} />
      </div>
      <p className="text-sm text-slate-600">
        <DateTime value={seminar.date} />
        <span aria-hidden="true"> · </span>
        {seminar.location}
      </p>
      <FeeLine registration={registration} />
      {live ? (
        <div className="flex flex-wrap items-center gap-2">
          {registration.status === "payment_pending" && registration.payment ? (
            <Button asChild size="sm">
              <Link to={`/mypage/payments/${encodeURIComponent(registration.payment.paymentId)}`}>
                등록비 {formatNumber(registration.payment.amount)}원 결제하기
              </Link>
            </Button>
          ) : null}
          {registration.status === "confirmed" ? (
            <Button asChild size="sm">
              <Link to={`/mypage/tickets/${registration.id}`}>
                <QrCode className="size-4" aria-hidden="true" /> QR 티켓
              </Link>
            </Button>
          ) : null}
          {registration.canCancel ? (
            <ConfirmForm
              method="post"
              action={`/activities/${seminar.id}`}
              {...memberCancelDialog(seminar.title, registration.status === "waitlisted")}
            >
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="returnTo" value="/mypage/seminars" />
              <Button type="submit" size="sm" variant="secondaryDestructive">
                {registration.status === "waitlisted" ? "대기 취소" : "신청 취소"}
                <span className="sr-only"> ({seminar.title})</span>
              </Button>
            </ConfirmForm>
          ) : (
            <p className="text-sm text-slate-600">
              취소 기한(
              <DateTime value={registration.cancellationDeadline} />
              )이 지났습니다. 취소는 학회 사무국으로 문의해주세요.
            </p>
          )}
        </div>
      ) : null}
    </Card>
  );
}
