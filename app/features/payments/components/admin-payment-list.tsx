import { Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { DateTime } from "~/components/ui/date-time";
import { FieldError, inputClass, Label } from "~/components/ui/field";
import { formatNumber } from "~/lib/numbers";
import { fieldMessage, type Refusal, submittedValue } from "~/lib/refusal";
import { parseWon } from "~/lib/won";
import { PURPOSE_LABELS, REFUND_BANKS } from "../validation";
import { methodLabel, PaymentStatusBadge, refundable } from "./payment-status";

export type AdminPaymentItem = {
  paymentId: string;
  purpose: "dues" | "seminar";
  orderName: string;
  amount: number;
  status: string;
  method: string | null;
  easyPay: string | null;
  paidAt: string | null;
  createdAt: string;
  refundedAmount: number;
  memberName: string;
  userId: string | null;
  transactionId: string | null;
  cashReceipt: { type: string; number: string | null } | null;
  failReason: string | null;
  /** Dues paid twice: the money is owed back. */
  toReturn: boolean;
  feeKept: boolean;
};

const won = (amount: number) => `${formatNumber(amount)}원`;

/** The refund account's fields (a 가상계좌's refund): the form's name, the label. */
const ACCOUNT_FIELDS = [
  ["refundBank", "은행"],
  ["refundNumber", "계좌번호"],
  ["refundHolder", "예금주"],
] as const;

/**
 * Every online payment as a list of cards (a table would not fit a phone): who, what, how much,
 * how it stands, and the refund form for what is still refundable.
 */
export function AdminPaymentList({
  items,
  refusal,
}: {
  items: AdminPaymentItem[];
  refusal: Refusal | null;
}) {
  return (
    <ul className="grid gap-3">
      {items.map((payment) => (
        <li
          key={payment.paymentId}
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
                <Badge tone={payment.purpose === "dues" ? "brand" : "violet"}>
                  {PURPOSE_LABELS[payment.purpose]}
                </Badge>
                {payment.userId ? (
                  <Link
                    to={`/admin/members/${payment.userId}`}
                    className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {payment.memberName}
                  </Link>
                ) : (
                  <span className="font-semibold text-slate-900">{payment.memberName} (탈퇴)</span>
                )}
              </p>
              <h3 className="mt-1 font-bold break-words text-slate-900">{payment.orderName}</h3>
            </div>
            <PaymentStatusBadge
              status={payment.status}
              toReturn={payment.toReturn}
              feeKept={payment.feeKept}
            />
          </div>
          <dl className="grid grid-cols-[5.5rem_1fr] gap-x-3 gap-y-1 text-base sm:grid-cols-[5.5rem_15rem_5.5rem_1fr]">
            <dt className="text-slate-600">금액</dt>
            <dd className="font-semibold tabular-nums">{won(payment.amount)}</dd>
            <dt className="text-slate-600">결제 수단</dt>
            <dd>{methodLabel(payment.method, payment.easyPay) ?? "선택 전"}</dd>
            <dt className="text-slate-600">{payment.paidAt ? "결제 일시" : "요청 일시"}</dt>
            <dd>
              <DateTime value={payment.paidAt ?? payment.createdAt} />
            </dd>
            {payment.refundedAmount > 0 ? (
              <>
                <dt className="text-slate-600">환불액</dt>
                <dd className="font-semibold text-rose-700 tabular-nums">
                  {won(payment.refundedAmount)}
                </dd>
              </>
            ) : null}
            {payment.cashReceipt ? (
              <>
                <dt className="text-slate-600">현금영수증</dt>
                <dd>
                  {payment.cashReceipt.type}
                  {payment.cashReceipt.number ? ` · ${payment.cashReceipt.number}` : ""}
                </dd>
              </>
            ) : null}
            {payment.failReason ? (
              <>
                {/* Why it failed: a declined card, or an amount that did not match (returned). */}
                <dt className="text-slate-600">
                  {payment.status === "cancelled" ? "취소 사유" : "실패 사유"}
                </dt>
                <dd className="break-words">{payment.failReason}</dd>
              </>
            ) : null}
          </dl>
          <p className="text-sm break-all text-slate-500">
            결제번호 {payment.paymentId}
            {payment.transactionId ? ` · 거래번호 ${payment.transactionId}` : ""}
          </p>
          {refundable(payment) > 0 ? (
            <RefundForm
              // A refund done starts the form over, closed: the next one is a new decision.
              key={payment.refundedAmount}
              paymentId={payment.paymentId}
              left={refundable(payment)}
              byDeposit={payment.method === "virtual_account"}
              recordedDues={payment.purpose === "dues" && !payment.toReturn}
              refusal={
                refusal?.intent === "refund" &&
                submittedValue(refusal, "paymentId") === payment.paymentId
                  ? refusal
                  : null
              }
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The refund: an amount (empty: all that is left) and a required reason. Opened from a
 * disclosure so the list stays short; a refused one opens again with its message.
 */
function RefundForm({
  paymentId,
  left,
  byDeposit,
  recordedDues,
  refusal,
}: {
  paymentId: string;
  left: number;
  /** A 가상계좌 deposit: it goes back to the account the payer names. */
  byDeposit: boolean;
  /** Dues counted as paid: what is refunded is no longer paid, and the year may be owed again. */
  recordedDues: boolean;
  refusal: Refusal | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("paymentId") === paymentId;
  const id = `refund-${paymentId}`;
  const amountError = fieldMessage(refusal, "amount");
  const reasonError = fieldMessage(refusal, "reason");
  // A service's refusal (more than is left, the provider down) says more than the field's line.
  const accountErrors = ACCOUNT_FIELDS.map(([name]) => fieldMessage(refusal, name));
  const otherError =
    refusal &&
    refusal.message !== amountError &&
    refusal.message !== reasonError &&
    !accountErrors.includes(refusal.message)
      ? refusal.message
      : undefined;
  return (
    <details open={refusal ? true : undefined} className="rounded-lg bg-slate-50 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-rose-700">
        환불하기
        <span className="ml-2 font-normal text-slate-600">(환불 가능 {won(left)})</span>
      </summary>
      {/* Money leaves at once and cannot be called back: confirmed first (issue 39). */}
      <ConfirmForm
        method="post"
        className="grid gap-3 px-3 pb-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
        title="환불할까요?"
        refusedAnyway={(form) => {
          const typed = String(form.get("amount") ?? "").trim();
          if (typed === "") return false;
          const amount = parseWon(typed);
          return amount === null || amount < 1 || amount > left;
        }}
        description={(form) => {
          // The amount as typed ("10,000", "1만"), or all that is left when blank.
          const typed = String(form.get("amount") ?? "").trim();
          const amount = typed === "" ? left : parseWon(typed);
          const what = amount === null ? `입력한 금액(${typed})` : won(amount);
          const refund = `${what}을 ${byDeposit ? "입력한 계좌로" : "결제한 수단으로"} 바로 환불합니다. 환불은 되돌릴 수 없습니다.`;
          return recordedDues
            ? `${refund} 환불한 만큼 회비 납부액이 줄어, 연회비보다 적게 남으면 이 회원은 미납으로 바뀝니다.`
            : refund;
        }}
        confirmLabel="환불"
        destructive
      >
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="paymentId" value={paymentId} />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>환불 금액(원)</Label>
          <input
            id={`${id}-amount`}
            name="amount"
            placeholder={`전액 ${formatNumber(left)}`}
            defaultValue={submittedValue(refusal, "amount")}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ""}`}
            className={inputClass}
          />
          <p id={`${id}-amount-hint`} className="text-sm text-slate-600">
            비우면 남은 금액 전부를 환불합니다.
          </p>
          <FieldError id={`${id}-amount-error`} message={amountError} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-reason`} required>
            환불 사유
          </Label>
          <input
            id={`${id}-reason`}
            name="reason"
            required
            aria-required="true"
            maxLength={200}
            defaultValue={submittedValue(refusal, "reason")}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id}-reason-error`} message={reasonError} />
        </div>
        {byDeposit ? (
          <fieldset className="grid gap-3 sm:col-span-3 sm:grid-cols-3">
            <legend className="mb-1 text-sm font-semibold text-slate-800">
              환불받을 계좌 (가상계좌 입금은 입금한 분이 알려준 계좌로만 돌려드릴 수 있습니다)
            </legend>
            {ACCOUNT_FIELDS.map(([name, label], index) => (
              <div key={name} className="grid gap-1.5">
                <Label htmlFor={`${id}-${name}`} required>
                  {label}
                </Label>
                {name === "refundBank" ? (
                  <select
                    id={`${id}-${name}`}
                    name={name}
                    required
                    defaultValue={submittedValue(refusal, name) ?? ""}
                    aria-invalid={accountErrors[index] ? true : undefined}
                    aria-describedby={accountErrors[index] ? `${id}-${name}-error` : undefined}
                    className={inputClass}
                  >
                    <option value="">은행 선택</option>
                    {REFUND_BANKS.map(([code, bank]) => (
                      <option key={code} value={code}>
                        {bank}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={`${id}-${name}`}
                    name={name}
                    required
                    maxLength={50}
                    inputMode={name === "refundNumber" ? "numeric" : undefined}
                    autoComplete="off"
                    defaultValue={submittedValue(refusal, name)}
                    aria-invalid={accountErrors[index] ? true : undefined}
                    aria-describedby={accountErrors[index] ? `${id}-${name}-error` : undefined}
                    className={inputClass}
                  />
                )}
                <FieldError id={`${id}-${name}-error`} message={accountErrors[index]} />
              </div>
            ))}
          </fieldset>
        ) : null}
        <Button type="submit" variant="destructive" className="sm:mt-6" disabled={busy}>
          {busy ? "환불 중..." : "환불"}
        </Button>
        {otherError ? (
          <p
            role="alert"
            className="rounded-lg bg-rose-50 px-3 py-2 font-medium text-rose-800 sm:col-span-3"
          >
            {otherError}
          </p>
        ) : null}
      </ConfirmForm>
    </details>
  );
}
