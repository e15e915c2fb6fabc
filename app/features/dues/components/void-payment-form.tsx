import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * Voids a payment with a required reason; opened from a disclosure so the list stays short. A
 * payment made online is undone by its refund instead (the void would be refused), so it points
 * there.
 */
export function VoidPaymentForm({
  paymentId,
  year,
  returnTo,
  online,
}: {
  paymentId: string;
  year: number;
  returnTo?: string;
  online: boolean;
}) {
  const id = `void-${paymentId}`;
  if (online) {
    return (
      <p className="text-sm text-slate-600">
        온라인 결제는{" "}
        <Link to="/admin/payments" className="font-semibold text-brand-700 underline">
          결제 관리
        </Link>
        에서 환불하면 납부 기록도 함께 정리됩니다.
      </p>
    );
  }
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-rose-700">
        납부 취소
      </summary>
      <Form method="post" action="/admin/dues" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="void" />
        <input type="hidden" name="year" value={year} />
        <input type="hidden" name="paymentId" value={paymentId} />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <div className="grid min-w-48 flex-1 gap-1">
          <label htmlFor={id} className="font-semibold text-slate-800">
            취소 사유
            <span className="ml-0.5 text-rose-700" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={id}
            name="reason"
            required
            aria-required="true"
            maxLength={500}
            className="h-10 rounded-lg border border-slate-300 px-3 text-base"
          />
        </div>
        <Button type="submit" variant="destructive" size="sm">
          취소 기록
        </Button>
      </Form>
    </details>
  );
}
