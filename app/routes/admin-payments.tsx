import { useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { FormError } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { requireActor } from "~/features/accounts/actor.server";
import { ExportPurposeForm } from "~/features/audit/components/export-purpose-form";
import { paymentsMode } from "~/features/gateway/portone.server";
import { AdminPaymentList } from "~/features/payments/components/admin-payment-list";
import { PaymentFilters } from "~/features/payments/components/payment-filters";
import { TestPaymentNotice } from "~/features/payments/components/test-payment-notice";
import { listPayments, refundByOffice } from "~/features/payments/payments.server";
import {
  paymentListSchema,
  refundAccountOf,
  refundFormSchema,
} from "~/features/payments/validation";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { submittedValue, useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-payments";

export const meta: Route.MetaFunction = () => [
  { title: "결제 관리 | 관리자" },
  { name: "robots", content: "noindex" },
];

// Every online payment (dues and seminar fees), filtered by purpose, status and a search, 50 a
// page; the CSV takes the same filters and asks for its purpose.
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  const query = paymentListSchema.parse(Object.fromEntries(args.url.searchParams));
  return {
    query,
    list: await listPayments(actor, query),
    mode: paymentsMode(),
  };
}

// A refund in part or in full, with a reason: the provider's cancel call, audited, the member
// mailed (refundByOffice). Back to the same filtered page.
export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  // The button's form names its intent, though refunding is the page's only one.
  extra: { intent: { maxLength: 20 } },
  intents: {
    refund: {
      schema: refundFormSchema,
      run: async ({ paymentId, amount, reason, ...account }, actor) => {
        const payment = await refundByOffice(actor, paymentId, {
          amount,
          reason,
          refundAccount: refundAccountOf(account),
        });
        const left = payment.amount - payment.refundedAmount;
        return done({
          title: "환불 완료",
          description:
            left > 0
              ? `${payment.orderName}: 환불 후 남은 결제 금액은 ${formatNumber(left)}원입니다.`
              : `${payment.orderName}: 전액 환불했습니다.`,
        });
      },
    },
  },
});

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { query, list, mode } = loaderData;
  const refusal = useRefusal("refund");
  const [searchParams] = useSearchParams();
  const exportQuery = new URLSearchParams(searchParams);
  exportQuery.delete("page");
  // The export's own `purpose` is why it is taken (the dialog asks); the list's 구분 goes as `kind`.
  const kind = exportQuery.get("purpose");
  exportQuery.delete("purpose");
  if (kind) exportQuery.set("kind", kind);
  const exportHref = `/admin/export/payments.csv${exportQuery.size ? `?${exportQuery}` : ""}`;
  // A refusal whose payment is not on this page (a refused body) is shown above the list.
  const shownInRow =
    refusal && list.items.some((p) => p.paymentId === submittedValue(refusal, "paymentId"));
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  return (
    <Section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">결제 관리</h1>
          <p className="mt-1 text-slate-600">
            온라인으로 받은 연회비와 세미나 등록비를 확인하고 환불합니다. 환불은 결제 대행사를 거쳐
            처리되며 사유와 함께 감사 기록에 남습니다.
          </p>
        </div>
        {/* ml-auto: wrapped under the heading, it stays at the right so its form opens on screen. */}
        <ExportPurposeForm
          href={exportHref}
          label="검색 결과 CSV 내보내기"
          example="월말 결제 정산"
          className="ml-auto"
        />
      </div>
      {mode === "test" ? (
        <div className="mt-4">
          <TestPaymentNotice />
        </div>
      ) : mode === "off" ? (
        <p className="mt-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          온라인 결제가 꺼져 있습니다. 지난 결제 내역만 볼 수 있으며, 계좌 입금은 회비 관리에서
          기록합니다.
        </p>
      ) : null}

      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <PaymentFilters key={searchParams.toString()} query={query} />
      </div>

      <p className="mt-6 text-sm text-slate-700" aria-live="polite">
        총 <strong>{formatNumber(list.total)}</strong>건
        {list.total > 0 ? ` · ${formatNumber(list.page)} / ${formatNumber(pages)} 페이지` : null}
      </p>
      {refusal && !shownInRow ? (
        <div className="mt-3">
          <FormError message={refusal.message} />
        </div>
      ) : null}
      <section className="mt-4" aria-labelledby="payment-list-title">
        {/* Each payment's name is a heading (h3) under this one. */}
        <h2 id="payment-list-title" className="sr-only">
          결제 목록
        </h2>
        {list.items.length === 0 ? (
          <EmptyState>조건에 맞는 결제가 없습니다.</EmptyState>
        ) : (
          <AdminPaymentList items={list.items} refusal={refusal} />
        )}
      </section>
      <Pagination
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        searchParams={searchParams}
        pathname="/admin/payments"
        label="결제 목록 페이지"
      />
    </Section>
  );
}
