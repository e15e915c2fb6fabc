import { ArrowLeft } from "lucide-react";
import { Fragment } from "react";
import { Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { requireActor } from "~/features/accounts/actor.server";
import { offeredMethods, paymentsMode } from "~/features/gateway/portone.server";
import { CheckoutForm } from "~/features/payments/components/checkout-form";
import { TestPaymentNotice } from "~/features/payments/components/test-payment-notice";
import {
  checkout,
  moveTestPaymentAsProvider,
  myInvoice,
  myPaymentPage,
} from "~/features/payments/payments.server";
import {
  bankLabel,
  checkoutSchema,
  EASY_PAY_LABELS,
  PAY_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PURPOSE_LABELS,
} from "~/features/payments/validation";
import { AppError, asPage } from "~/lib/errors.server";
import { withFullStop } from "~/lib/full-stop";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import { z } from "~/lib/zod";
import type { Route } from "./+types/mypage-payment";

export const meta: Route.MetaFunction = () => [
  { title: "결제" },
  { name: "robots", content: "noindex" },
];

// GET /mypage/payments/{paymentId}: the member's own payment (anyone else's is a 404): the way to
// pay while it is open, the 가상계좌 while a deposit is awaited, the receipt once paid. PortOne
// sends a phone back here after the card company's app (`?code=` when it failed).
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "member");
  const { searchParams } = args.url;
  const failure = searchParams.get("code") ? searchParams.get("message") : null;
  const page = await asPage(
    myPaymentPage(actor, args.params.paymentId, { settle: searchParams.has("paymentId") }),
  );
  const offered = offeredMethods();
  return {
    ...page,
    test: paymentsMode() === "test",
    phone: actor.user.phone,
    methods: offered.methods,
    easyPays: offered.easyPays,
    failure: failure ? failure.slice(0, 200) : null,
  };
}

const moveSchema = z.object({});

export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  intents: {
    // The test gateway's payment window: the choice is checked and kept as with PortOne, then the
    // test payment moves as the payer would move it.
    pay: {
      schema: checkoutSchema,
      run: async (input, actor, { params }) => {
        if (paymentsMode() !== "test") {
          throw new AppError("invalid", "결제 창을 열려면 자바스크립트를 켜 주세요.");
        }
        await checkout(actor, params.paymentId!, input);
        const vbank = input.method === "virtual_account";
        await moveTestPaymentAsProvider(params.paymentId!, vbank ? "vbank_issued" : "paid");
        return done(vbank ? "가상계좌가 발급되었습니다" : "결제가 완료되었습니다");
      },
    },
    fail: {
      schema: moveSchema,
      run: async (_input, actor, { params }) => {
        await myInvoice(actor, params.paymentId!);
        await moveTestPaymentAsProvider(params.paymentId!, "failed");
        return done({ title: "결제가 실패했습니다", variant: "destructive" });
      },
    },
    deposit: {
      schema: moveSchema,
      run: async (_input, actor, { params }) => {
        await myInvoice(actor, params.paymentId!);
        await moveTestPaymentAsProvider(params.paymentId!, "vbank_deposited");
        return done("입금이 확인되었습니다");
      },
    },
  },
});

/**
 * What comes back if the member changes their mind, said before they pay (전자상거래법 asks a
 * seller to state it): a seminar's fee in full until its cancellation deadline, nothing after,
 * and in full if the society calls the seminar off; dues through the office.
 */
function RefundRule({ purpose, deadline }: { purpose: string; deadline: string | null }) {
  const rule =
    purpose === "seminar" && deadline ? (
      new Date(deadline) > new Date() ? (
        <>
          <DateTime value={deadline} />
          까지 신청을 취소하시면 등록비 전액을 환불해 드립니다. 그 뒤에는 환불되지 않습니다.
        </>
      ) : (
        <>
          취소 기한(
          <DateTime value={deadline} />
          )이 지나, 결제하신 뒤에는 취소·환불되지 않습니다.
        </>
      )
    ) : (
      "납부하신 회비의 환불은 학회 사무국으로 문의해주세요."
    );
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm leading-6 text-slate-700">
      <p className="font-semibold text-slate-900">환불 안내</p>
      <p>
        {rule}
        {purpose === "seminar" ? " 학회 사정으로 세미나가 취소되면 전액 환불해 드립니다." : null}
      </p>
    </div>
  );
}

export default function MyPayment({ loaderData }: Route.ComponentProps) {
  const { payment, refunds, test } = loaderData;
  const refusal = useRefusal();
  const open =
    (payment.status === "pending" || payment.status === "failed") &&
    !(payment.expiresAt && new Date(payment.expiresAt) <= new Date());
  const statusTone =
    payment.status === "paid" ? "green" : payment.status === "failed" ? "red" : "yellow";
  return (
    <Section className="max-w-lg">
      <Link
        to={payment.purpose === "seminar" ? "/mypage/seminars" : "/mypage/dues#payments"}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> 마이페이지
      </Link>
      <Card className="mt-4 grid gap-5 p-5 sm:p-6">
        {test ? <TestPaymentNotice /> : null}
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-sm text-slate-600">{PURPOSE_LABELS[payment.purpose]}</p>
            <h1 className="text-xl leading-snug font-bold text-slate-900">{payment.orderName}</h1>
          </div>
          <Badge tone={statusTone} className="shrink-0 whitespace-nowrap">
            {PAYMENT_STATUS_LABELS[payment.status as keyof typeof PAYMENT_STATUS_LABELS] ??
              payment.status}
          </Badge>
        </div>
        <p className="text-3xl font-bold text-slate-900">
          {formatNumber(payment.amount)}
          <span className="ml-1 text-lg">원</span>
        </p>
        {payment.toReturn ? (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            이미 납부된 회비에 한 번 더 입금되어 돌려드릴 금액입니다. 환불받으실 계좌(은행,
            계좌번호, 예금주)를 학회 사무국에 알려주시면 확인 후 돌려드립니다.
          </p>
        ) : null}
        {payment.feeKept ? (
          <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
            이 세미나 신청은 학회 사무국에서 취소했으며, 등록비는 환불되지 않았습니다. 궁금하신 점은
            학회 사무국으로 문의해주세요.
          </p>
        ) : null}
        {open && (loaderData.failure || payment.failReason) ? (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {withFullStop(loaderData.failure ?? payment.failReason ?? "")} 다시 결제하실 수
            있습니다.
          </p>
        ) : null}
        {/* A field's own message is shown (and read) at its field only. */}
        {refusal && Object.keys(refusal.fieldErrors).length === 0 ? (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {refusal.message}
          </p>
        ) : null}

        {open ? (
          <>
            {payment.expiresAt ? (
              <p className="text-sm text-slate-700">
                <DateTime value={payment.expiresAt} />
                까지 결제해주세요. 그때까지 자리를 잡아 둡니다.
              </p>
            ) : null}
            <RefundRule purpose={payment.purpose} deadline={loaderData.refundDeadline} />
            <CheckoutForm
              paymentId={payment.paymentId}
              amount={payment.amount}
              test={test}
              methods={loaderData.methods}
              easyPays={loaderData.easyPays}
              allowVirtualAccount={payment.purpose === "dues"}
              phone={loaderData.phone}
              refusal={refusal}
            />
          </>
        ) : null}

        {payment.status === "vbank_issued" && payment.virtualAccount ? (
          <div className="grid gap-3">
            <dl className="grid grid-cols-[6rem_1fr] gap-y-2 rounded-lg bg-slate-50 p-4 text-base">
              <dt className="text-slate-600">은행</dt>
              <dd className="font-semibold">{bankLabel(payment.virtualAccount.bank)}</dd>
              <dt className="text-slate-600">계좌번호</dt>
              <dd className="font-semibold tabular-nums">{payment.virtualAccount.accountNumber}</dd>
              <dt className="text-slate-600">예금주</dt>
              <dd>{payment.virtualAccount.holder}</dd>
              {payment.virtualAccount.dueAt ? (
                <>
                  <dt className="text-slate-600">입금 기한</dt>
                  <dd>
                    <DateTime value={payment.virtualAccount.dueAt} />
                  </dd>
                </>
              ) : null}
            </dl>
            <p className="text-sm text-slate-700">
              입금이 확인되면 자동으로 납부 처리되고 메일로 알려드립니다.
            </p>
            {test ? (
              <form method="post">
                <Button type="submit" name="intent" value="deposit" className="w-full">
                  입금 완료 (테스트)
                </Button>
              </form>
            ) : null}
          </div>
        ) : null}

        {payment.paidAt ? (
          <div className="grid gap-3">
            <dl className="grid grid-cols-[6rem_1fr] gap-y-2 text-base">
              <dt className="text-slate-600">결제 수단</dt>
              <dd>
                {PAY_METHOD_LABELS[payment.method as keyof typeof PAY_METHOD_LABELS] ?? "-"}
                {payment.easyPay
                  ? ` (${EASY_PAY_LABELS[payment.easyPay as keyof typeof EASY_PAY_LABELS] ?? payment.easyPay})`
                  : ""}
              </dd>
              <dt className="text-slate-600">결제 일시</dt>
              <dd>
                <DateTime value={payment.paidAt} />
              </dd>
              {payment.refundedAmount > 0 ? (
                <>
                  <dt className="text-slate-600">환불액</dt>
                  <dd>{formatNumber(payment.refundedAmount)}원</dd>
                  {refunds.map((refund) => (
                    <Fragment key={refund.at}>
                      <dt className="text-slate-600">환불 사유</dt>
                      <dd>
                        {refund.reason}
                        {/* The reasons have their own brackets: the amount and day on a line. */}
                        <span className="block text-slate-500">
                          {formatNumber(refund.amount)}원 · <DateTime value={refund.at} />
                        </span>
                      </dd>
                    </Fragment>
                  ))}
                </>
              ) : null}
              {payment.cashReceipt ? (
                <>
                  <dt className="text-slate-600">현금영수증</dt>
                  <dd>
                    {payment.cashReceipt.type}
                    {payment.cashReceipt.number ? ` · 승인번호 ${payment.cashReceipt.number}` : ""}
                  </dd>
                </>
              ) : null}
            </dl>
            <div className="flex flex-wrap gap-2">
              {payment.duesReceiptId ? (
                <Button asChild variant="secondary">
                  <a href={`/api/me/payments/${payment.duesReceiptId}/receipt.pdf`}>
                    납부확인서 내려받기
                  </a>
                </Button>
              ) : null}
              {payment.receiptUrl ? (
                <Button asChild variant="secondary">
                  <a href={payment.receiptUrl} target="_blank" rel="noopener noreferrer">
                    카드 영수증<span className="sr-only"> (새 창)</span>
                  </a>
                </Button>
              ) : null}
              {payment.purpose === "seminar" ? (
                <Button asChild>
                  <Link to="/mypage/seminars">세미나 신청 내역</Link>
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
        {!open && !payment.paidAt && payment.status !== "vbank_issued" ? (
          <div className="grid gap-3">
            <p className="text-base text-slate-700">
              {payment.status === "cancelled"
                ? withFullStop(payment.failReason ?? "이 결제는 더 이상 진행할 수 없습니다")
                : "결제 시간이 지났습니다."}
            </p>
            {/* Never a dead end: where to start again. */}
            <Button asChild>
              {payment.purpose === "seminar" && payment.seminarId ? (
                <Link to={`/activities/${payment.seminarId}`}>세미나 페이지로 가기</Link>
              ) : (
                <Link to="/mypage/dues">회비 납부 페이지로 가기</Link>
              )}
            </Button>
          </div>
        ) : null}
      </Card>
    </Section>
  );
}
