// The books of online payments: an invoice per payment (the amount the server set), brought in line
// with what the provider says only after reading it back (`syncInvoice`), and money returned only
// through the provider's cancel call (`refundInvoice`). What a paid invoice means for dues or a
// seminar seat is the payments area's business (features/payments); this file only keeps the books.

import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { formatNumber } from "~/lib/numbers";
import { logger } from "~/logger.server";
import type { Database } from "~db/client.server";
import { paymentRefunds, payments } from "~db/schema";
import {
  cancelAtProvider,
  newPaymentId,
  type PaymentsMode,
  paymentsMode,
  providerSettings,
  type RefundAccount,
  readPayment,
} from "./portone.server";

export type Invoice = typeof payments.$inferSelect;

export const INVOICE_NOT_FOUND = "결제 내역을 찾을 수 없습니다.";
/** A 가상계좌 deposit goes back only to an account the payer names (docs/payments.md). */
export const VBANK_REFUND_NEEDS_ACCOUNT =
  "가상계좌로 입금된 결제는 환불받을 계좌(은행, 계좌번호, 예금주)를 입력해야 환불할 수 있습니다.";
const PAID_STATES = new Set(["paid", "partially_refunded", "refunded"]);
export const isPaid = (invoice: Pick<Invoice, "status">) => PAID_STATES.has(invoice.status);

/** The refusal (409) of a payment while online payment is off. */
export const paymentsOff = () =>
  new AppError("conflict", "온라인 결제를 사용하지 않습니다. 안내된 계좌로 입금해주세요.");

/** Refuses (409) when online payment is off; answers the provider in use. */
export function requirePayments(): Exclude<PaymentsMode, "off"> {
  const mode = paymentsMode();
  if (mode === "off") throw paymentsOff();
  return mode;
}

/** Opens an invoice (on `executor`, so a seat hold and its invoice are one transaction). */
export async function openInvoice(
  executor: Pick<Database, "insert">,
  values: {
    userId: string;
    memberName: string;
    purpose: "dues" | "seminar";
    orderName: string;
    amount: number;
    duesYear?: number;
    seminarId?: string;
    registrationId?: string;
    expiresAt?: Date | null;
    /** A replacement keeps its invoice's provider (and opens even if payments were turned off). */
    provider?: Invoice["provider"];
  },
): Promise<Invoice> {
  const { provider = requirePayments(), ...rest } = values;
  const [row] = await executor
    .insert(payments)
    .values({ ...rest, paymentId: newPaymentId(), provider })
    .returning();
  return row!;
}

export async function findInvoice(paymentId: string): Promise<Invoice | null> {
  if (typeof paymentId !== "string" || paymentId.length > 80) return null;
  const db = await getDb();
  const [row] = await db.select().from(payments).where(eq(payments.paymentId, paymentId));
  return row ?? null;
}

/** Closes unpaid invoices (a released seat, a newer invoice for the same dues): no longer payable. */
export async function closeInvoices(
  executor: Pick<Database, "update">,
  ids: string[],
  reason: string,
) {
  if (ids.length === 0) return;
  await executor
    .update(payments)
    .set({ status: "cancelled", failReason: reason })
    .where(and(inArray(payments.id, ids), inArray(payments.status, ["pending", "failed"])));
}

/** The invoice after the sync, and whether this sync is the one that saw it paid. */
export type SyncResult = {
  invoice: Invoice;
  mismatch: boolean;
  becamePaid: boolean;
  becameIssued: boolean;
};

/**
 * Reads the payment back from the provider and brings the invoice in line with it. A payment counts
 * only when the provider's store, currency and amount are this invoice's; otherwise it is marked
 * failed and, if money was taken, returned in full. Running it twice changes nothing the second time.
 */
export async function syncInvoice(paymentId: string): Promise<SyncResult | null> {
  const known = await findInvoice(paymentId);
  if (!known) return null;
  const remote = await readPayment(paymentId);
  if (!remote) return { invoice: known, mismatch: false, becamePaid: false, becameIssued: false };
  const { storeId } = providerSettings();
  const mismatch =
    remote.status !== "ready" &&
    (remote.storeId !== storeId || remote.currency !== "KRW" || remote.total !== known.amount);
  const db = await getDb();
  let becamePaid = false;
  let becameIssued = false;
  // A bank deposit goes back only to an account its payer names: never by itself.
  let byHand = known.method === "virtual_account";
  const invoice = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, known.id)).for("update");
    if (!row) return known;
    const set: Partial<Invoice> = {};
    if (mismatch) {
      const taken = remote.status === "paid" || remote.status === "partially_cancelled";
      byHand = row.method === "virtual_account";
      if (taken && ["pending", "failed", "vbank_issued"].includes(row.status)) {
        // The money goes back (below), and this payment id is spent at the provider: a new
        // invoice for the same thing, and hold, takes its place, so the member can pay again.
        // An issued 가상계좌 is closed too: left issued, the minute job read it back for ever.
        set.status = "cancelled";
        set.failReason = byHand
          ? "입금액이 청구 금액과 달라 결제로 처리하지 않았습니다. 돌려받으실 계좌를 학회 사무국에 알려주세요."
          : "결제 금액이 청구 금액과 달라 결제를 취소하고 전액 환불했습니다.";
        if (row.userId) {
          await openInvoice(tx, {
            userId: row.userId,
            memberName: row.memberName,
            purpose: row.purpose as "dues" | "seminar",
            orderName: row.orderName,
            amount: row.amount,
            duesYear: row.duesYear ?? undefined,
            seminarId: row.seminarId ?? undefined,
            registrationId: row.registrationId ?? undefined,
            expiresAt: row.expiresAt,
            provider: row.provider,
          });
        }
      } else if (!taken && row.status !== "failed" && row.status !== "cancelled") {
        set.status = "failed";
        set.failReason = "결제 금액이 청구 금액과 다릅니다.";
      }
    } else if (remote.status === "vbank_issued") {
      if (row.status === "pending" || row.status === "failed") {
        becameIssued = true;
        Object.assign(set, {
          status: "vbank_issued",
          method: "virtual_account",
          virtualAccount: remote.virtualAccount,
          failReason: null,
        });
      }
    } else if (remote.status === "failed") {
      if (row.status === "pending" || row.status === "vbank_issued") {
        set.status = "failed";
        set.failReason = remote.failReason ?? "결제에 실패했습니다.";
      }
    } else if (
      remote.status === "paid" ||
      remote.status === "cancelled" ||
      remote.status === "partially_cancelled"
    ) {
      if (!isPaid(row)) {
        becamePaid = true;
        Object.assign(set, {
          status: "paid",
          method: remote.method,
          easyPay: remote.easyPay?.toLowerCase() ?? null,
          transactionId: remote.transactionId,
          cashReceiptNumber: remote.cashReceiptNumber,
          receiptUrl: remote.receiptUrl,
          paidAt: remote.paidAt ? new Date(remote.paidAt) : clockNow(),
          failReason: null,
          ...(remote.virtualAccount ? { virtualAccount: remote.virtualAccount } : {}),
        });
      }
      // Refunds made at the provider (here or in its console) enter the books once each.
      for (const cancellation of remote.cancellations) {
        await tx
          .insert(paymentRefunds)
          .values({
            paymentRowId: row.id,
            amount: cancellation.amount,
            reason: cancellation.reason || "결제 취소",
            cancellationId: cancellation.id,
          })
          .onConflictDoNothing({ target: paymentRefunds.cancellationId });
      }
      const refunded = Math.min(remote.cancelled, row.amount);
      if (refunded !== row.refundedAmount) set.refundedAmount = refunded;
      const status = refunded >= row.amount ? "refunded" : "partially_refunded";
      if (refunded > 0 && status !== row.status) set.status = status;
    }
    if (Object.keys(set).length === 0) return row;
    const [updated] = await tx.update(payments).set(set).where(eq(payments.id, row.id)).returning();
    return updated!;
  });
  if (mismatch && (remote.status === "paid" || remote.status === "partially_cancelled")) {
    const facts = {
      paymentId,
      expected: known.amount,
      reported: remote.total,
      store: remote.storeId,
    };
    if (byHand) {
      // Logged once: the invoice is closed now, and nothing reads a closed one back.
      if (invoice.status === "cancelled" && known.status !== "cancelled") {
        logger.error(facts, "payment amount mismatch on a 가상계좌: return the deposit by hand");
      }
      return { invoice, mismatch, becamePaid, becameIssued };
    }
    logger.error(facts, "payment amount mismatch: returning the money");
    await cancelAtProvider(
      paymentId,
      remote.total - remote.cancelled,
      "결제 금액 불일치로 자동 취소",
    ).catch((error) => logger.error({ err: error, paymentId }, "refund of a mismatch failed"));
  }
  return { invoice, mismatch, becamePaid, becameIssued };
}

/**
 * Returns `amount` (default: all that is left) of a paid invoice through the provider, then records
 * it with its reason and who asked. 409 when nothing (or less) is left to return.
 */
export async function refundInvoice(
  invoice: Invoice,
  reason: string,
  options: { amount?: number; by?: string | null; refundAccount?: RefundAccount } = {},
): Promise<Invoice> {
  if (!isPaid(invoice) || invoice.status === "refunded") {
    throw new AppError("conflict", "환불할 수 있는 결제가 아닙니다.");
  }
  if (invoice.method === "virtual_account" && !options.refundAccount) {
    throw new AppError("invalid", VBANK_REFUND_NEEDS_ACCOUNT, {
      "refundAccount.number": VBANK_REFUND_NEEDS_ACCOUNT,
    });
  }
  const left = invoice.amount - invoice.refundedAmount;
  const amount = options.amount ?? left;
  if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
    throw new AppError(
      "invalid",
      `환불 금액은 1원 이상 ${formatNumber(left)}원 이하로 입력해주세요.`,
      {
        amount: "환불 금액을 확인해주세요.",
      },
    );
  }
  const cancellation = await cancelAtProvider(
    invoice.paymentId,
    amount,
    reason,
    options.refundAccount,
  );
  const db = await getDb();
  await db
    .insert(paymentRefunds)
    .values({
      paymentRowId: invoice.id,
      amount,
      reason,
      cancellationId: cancellation.id,
      refundedBy: options.by ?? null,
    })
    .onConflictDoNothing({ target: paymentRefunds.cancellationId });
  const [updated] = await db
    .update(payments)
    .set({
      refundedAmount: sql`least(${payments.refundedAmount} + ${amount}, ${payments.amount})`,
      status: sql`case when ${payments.refundedAmount} + ${amount} >= ${payments.amount} then 'refunded' else 'partially_refunded' end`,
    })
    .where(eq(payments.id, invoice.id))
    .returning();
  return updated!;
}
