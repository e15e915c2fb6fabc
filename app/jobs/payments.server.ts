// The payments' minute: payments left unsettled are read back from the provider first (so a fee
// paid in time but reported late still confirms its seat), then seats whose hold ran out are
// released to the waitlist. Every instance runs it; each step is safe to run twice at once.
import { paymentsMode } from "~/features/gateway/portone.server";
import { settleStalePayments } from "~/features/payments/payments.server";
import { releaseExpiredHolds } from "~/features/seminars/registrations.server";
import { logger } from "~/logger.server";

const INTERVAL_MS = 60_000;
let timer: NodeJS.Timeout | undefined;

export async function runPaymentsMinute() {
  if (paymentsMode() !== "off") await settleStalePayments();
  await releaseExpiredHolds();
}

export function startPaymentsJob(intervalMs = INTERVAL_MS) {
  if (timer) return;
  const run = () =>
    void runPaymentsMinute().catch((error: unknown) =>
      logger.error({ err: error }, "the payments job failed"),
    );
  timer = setInterval(run, intervalMs);
  timer.unref();
}

export function stopPaymentsJob() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
