import { TEST_PAYMENT_NOTICE } from "../validation";

/** The test gateway's banner: nothing shown here is charged. */
export function TestPaymentNotice() {
  return (
    <p
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
    >
      {TEST_PAYMENT_NOTICE}
    </p>
  );
}
