import { CreditCard } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TestPaymentNotice } from "./test-payment-notice";

/**
 * "온라인으로 납부": opens an invoice for what is still owed (the page's `pay-dues` intent) and goes
 * to its checkout. A plain form: works without JavaScript.
 */
export function DuesOnlineForm({
  year,
  test,
  issued,
}: {
  year: number;
  test: boolean;
  /** A 가상계좌 already issued for the dues and awaiting its deposit: that one, not a new one. */
  issued?: string | null;
}) {
  const navigation = useNavigation();
  if (issued) {
    return (
      <div className="mt-4 grid gap-2 rounded-lg bg-amber-50 p-3 text-base text-amber-900">
        <p>발급받으신 가상계좌로 입금을 기다리고 있습니다.</p>
        <Button asChild variant="secondary" className="w-full sm:w-auto">
          <Link to={`/mypage/payments/${encodeURIComponent(issued)}`}>입금 계좌 보기</Link>
        </Button>
      </div>
    );
  }
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay-dues";
  return (
    <Form method="post" className="mt-4 grid gap-2">
      <input type="hidden" name="intent" value="pay-dues" />
      <input type="hidden" name="year" value={year} />
      {test ? <TestPaymentNotice /> : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        <CreditCard className="size-5" aria-hidden="true" />
        {busy ? "결제 준비 중..." : "온라인으로 납부하기"}
      </Button>
      <p className="text-sm text-slate-600">
        결제 수단은 다음 화면에서 고릅니다. 위 계좌로 입금하셔도 됩니다.
      </p>
    </Form>
  );
}
