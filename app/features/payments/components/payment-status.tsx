import { Badge, type BadgeTone } from "~/components/ui/badge";
import { EASY_PAY_LABELS, PAY_METHOD_LABELS, PAYMENT_STATUS_LABELS } from "../validation";

const TONES: Record<keyof typeof PAYMENT_STATUS_LABELS, BadgeTone> = {
  pending: "yellow",
  vbank_issued: "yellow",
  paid: "green",
  failed: "red",
  cancelled: "neutral",
  refunded: "neutral",
  partially_refunded: "violet",
};

/** A payment's status as a badge, in the words of PAYMENT_STATUS_LABELS. */
export function PaymentStatusBadge({
  status,
  toReturn,
  feeKept,
}: {
  status: string;
  toReturn?: boolean;
  feeKept?: boolean;
}) {
  // Paid, but for dues already paid: the money is owed back, which plain 결제 완료 would hide.
  if (toReturn) {
    return (
      <Badge tone="red" className="shrink-0 whitespace-nowrap">
        중복 입금 · 환불 필요
      </Badge>
    );
  }
  // Paid for a seat the office cancelled without a refund: 결제 완료 would promise a seat.
  if (feeKept) {
    return (
      <Badge tone="neutral" className="shrink-0 whitespace-nowrap">
        신청 취소 · 환불 없음
      </Badge>
    );
  }
  const known = status in PAYMENT_STATUS_LABELS;
  return (
    <Badge
      tone={known ? TONES[status as keyof typeof TONES] : "neutral"}
      className="shrink-0 whitespace-nowrap"
    >
      {known ? PAYMENT_STATUS_LABELS[status as keyof typeof PAYMENT_STATUS_LABELS] : status}
    </Badge>
  );
}

/** "신용·체크카드", "간편결제 (카카오페이)", or null before a way to pay was chosen. */
export function methodLabel(method: string | null, easyPay: string | null) {
  if (!method) return null;
  const label = PAY_METHOD_LABELS[method as keyof typeof PAY_METHOD_LABELS] ?? method;
  if (!easyPay) return label;
  return `${label} (${EASY_PAY_LABELS[easyPay as keyof typeof EASY_PAY_LABELS] ?? easyPay})`;
}

/** What is left to refund: the amount paid less what went back already. */
export const refundable = (payment: { status: string; amount: number; refundedAmount: number }) =>
  payment.status === "paid" || payment.status === "partially_refunded"
    ? payment.amount - payment.refundedAmount
    : 0;
