import { Download, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { formatNumber } from "~/lib/numbers";
import { PURPOSE_LABELS } from "../validation";
import { methodLabel, PaymentStatusBadge } from "./payment-status";

export type MyPaymentItem = {
  paymentId: string;
  purpose: "dues" | "seminar";
  orderName: string;
  amount: number;
  status: string;
  method: string | null;
  easyPay: string | null;
  paidAt: string | null;
  createdAt: string;
  expiresAt: string | null;
  refundedAmount: number;
  receiptUrl: string | null;
  duesReceiptId: string | null;
  /** Dues paid twice: the money is owed back. */
  toReturn: boolean;
  feeKept: boolean;
};

const won = (amount: number) => `${formatNumber(amount)}원`;

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:text-brand-700";

/** Still payable: not yet paid, and (a held seat's) time not run out. */
const payable = (payment: MyPaymentItem, now: number) =>
  (payment.status === "pending" || payment.status === "failed") &&
  !(payment.expiresAt && new Date(payment.expiresAt).getTime() <= now);

/**
 * /mypage's 결제 내역: every online payment of the member, newest first, with what can be done
 * with it: pay an open one, see the 가상계좌 awaiting a deposit, the 납부확인서 of dues, the card
 * company's receipt.
 */
export function MyPayments({ payments, now }: { payments: MyPaymentItem[]; now: string }) {
  const at = new Date(now).getTime();
  return (
    <section id="payments" aria-labelledby="my-payments-title" className="scroll-mt-36">
      <h2 id="my-payments-title" className="mb-3 text-xl font-bold text-slate-900">
        결제 내역
      </h2>
      {payments.length === 0 ? (
        <Card className="p-6">
          <p className="text-slate-700">온라인으로 결제한 내역이 없습니다.</p>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {payments.map((payment) => (
            <li key={payment.paymentId}>
              <Card className="grid gap-3 p-5">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-sm text-slate-600">{PURPOSE_LABELS[payment.purpose]}</p>
                    <h3 className="font-bold break-words text-slate-900">{payment.orderName}</h3>
                  </div>
                  <PaymentStatusBadge
                    status={payment.status}
                    toReturn={payment.toReturn}
                    feeKept={payment.feeKept}
                  />
                </div>
                <dl className="grid grid-cols-[5.5rem_1fr] gap-x-3 gap-y-1 text-base">
                  <dt className="text-slate-600">금액</dt>
                  <dd className="font-semibold tabular-nums">{won(payment.amount)}</dd>
                  {payment.method ? (
                    <>
                      <dt className="text-slate-600">결제 수단</dt>
                      <dd>{methodLabel(payment.method, payment.easyPay)}</dd>
                    </>
                  ) : null}
                  <dt className="text-slate-600">{payment.paidAt ? "결제 일시" : "요청 일시"}</dt>
                  <dd>
                    <DateTime value={payment.paidAt ?? payment.createdAt} />
                  </dd>
                  {payment.refundedAmount > 0 ? (
                    <>
                      <dt className="text-slate-600">환불액</dt>
                      <dd className="tabular-nums">{won(payment.refundedAmount)}</dd>
                    </>
                  ) : null}
                </dl>
                <PaymentLinks payment={payment} open={payable(payment, at)} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PaymentLinks({ payment, open }: { payment: MyPaymentItem; open: boolean }) {
  const page = `/mypage/payments/${encodeURIComponent(payment.paymentId)}`;
  const links: React.ReactNode[] = [];
  if (open) {
    links.push(
      <Button key="pay" asChild size="sm" className="min-h-11">
        <Link to={page}>결제하기</Link>
      </Button>,
    );
  } else if (payment.status === "vbank_issued") {
    links.push(
      <Link key="vbank" to={page} className={linkClass}>
        입금 계좌 보기
      </Link>,
    );
  }
  if (payment.duesReceiptId) {
    links.push(
      <a
        key="receipt"
        href={`/api/me/payments/${payment.duesReceiptId}/receipt.pdf`}
        download
        className={linkClass}
      >
        <Download className="size-4" aria-hidden="true" />
        납부확인서
      </a>,
    );
  }
  if (payment.receiptUrl) {
    links.push(
      <a
        key="card"
        href={payment.receiptUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={linkClass}
      >
        <ExternalLink className="size-4" aria-hidden="true" />
        {payment.method === "card" ? "카드 영수증" : "결제 영수증"}
        <span className="sr-only"> (새 창)</span>
      </a>,
    );
  }
  if (!open && payment.status !== "vbank_issued") {
    links.push(
      <Link key="detail" to={page} className={linkClass}>
        상세
      </Link>,
    );
  }
  return <div className="flex flex-wrap gap-2">{links}</div>;
}
