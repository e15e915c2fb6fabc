// Dues paid online: what is owed for a year, and the books' side of a payment the provider
// confirmed (a `dues_payments` row, as the office's would be, so standing, figures, receipts and
// the statement import need nothing new). A row made here is marked `pg:<paymentId>`: the same
// payment read twice is recorded once.
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { seoulDate } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import type { Database } from "~db/client.server";
import { duesPayments, users } from "~db/schema";
import { duesOfMember, newReceiptCode } from "./dues.server";
import type { PaymentMethod } from "./validation";

/** Member types who pay yearly dues (a 준회원 pays with the full-membership application). */
const PAYING_TYPES = new Set(["regular", "associate"]);

/** What `userId` still owes for `year`: the regular fee minus what was paid. 409 when nothing is. */
export async function duesOwed(member: { id: string; memberType: string }, year: number) {
  if (!PAYING_TYPES.has(member.memberType)) {
    throw new AppError("conflict", "명예회원과 평생회원은 연회비를 내지 않습니다.");
  }
  const { facts } = await duesOfMember(member.id, [year]);
  const fact = facts.get(year)!;
  // Said to the member, not the office: nothing for them to set up.
  if (!fact.settings) {
    throw new AppError(
      "conflict",
      `${year}년 회비는 아직 안내되지 않았습니다. 학회에서 회비를 정하면 납부하실 수 있습니다.`,
    );
  }
  if (fact.exempt) throw new AppError("conflict", `${year}년 회비를 면제받으셨습니다.`);
  const owed = fact.settings.regularFee - fact.paid;
  if (owed <= 0) throw new AppError("conflict", `${year}년 회비를 이미 납부하셨습니다.`);
  return { amount: owed, settings: fact.settings };
}

const METHOD_LABELS: Record<string, PaymentMethod> = {
  card: "카드",
  transfer: "계좌이체",
  virtual_account: "가상계좌",
  easy_pay: "간편결제",
};

/**
 * Records a payment the provider confirmed, on `executor` (the transaction that marks the invoice
 * paid). Answers the row, or the one already recorded for this payment.
 */
export async function recordOnlinePayment(
  executor: Pick<Database, "insert" | "select">,
  values: {
    paymentId: string;
    userId: string;
    year: number;
    amount: number;
    method: string | null;
    paidAt: Date;
    suffix?: string;
  },
) {
  const [member] = await executor
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, values.userId));
  const importRef = `pg:${values.paymentId}${values.suffix ?? ""}`;
  const [inserted] = await executor
    .insert(duesPayments)
    .values({
      userId: values.userId,
      memberName: member?.name ?? "",
      year: values.year,
      amount: values.amount,
      method: METHOD_LABELS[values.method ?? ""] ?? "카드",
      paidAt: seoulDate(values.paidAt),
      memo: "온라인 결제",
      receiptCode: newReceiptCode(),
      importRef,
      recordedBy: null,
    })
    .onConflictDoNothing({ target: duesPayments.importRef })
    .returning({ id: duesPayments.id });
  if (inserted) return inserted.id;
  const [existing] = await executor
    .select({ id: duesPayments.id })
    .from(duesPayments)
    .where(eq(duesPayments.importRef, importRef));
  return existing!.id;
}

/**
 * After a refund of an online payment: voids its row and, when part of the money stays paid,
 * records the rest as a new row (so the receipt and the figures say what was kept).
 */
export async function reduceOnlinePayment(
  duesPaymentId: string,
  kept: number,
  reason: string,
  refundNumber: number,
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [voided] = await tx
      .update(duesPayments)
      .set({ voidedAt: clockNow(), voidReason: reason })
      .where(and(eq(duesPayments.id, duesPaymentId), isNull(duesPayments.voidedAt)))
      .returning();
    if (!voided || kept <= 0 || !voided.userId) return null;
    const [row] = await tx
      .insert(duesPayments)
      .values({
        userId: voided.userId,
        memberName: voided.memberName,
        year: voided.year,
        amount: kept,
        method: voided.method,
        paidAt: voided.paidAt,
        memo: `온라인 결제 (일부 환불 후)`,
        receiptCode: newReceiptCode(),
        importRef: `${voided.importRef ?? `pg:${duesPaymentId}`}:r${refundNumber}`,
        recordedBy: null,
      })
      .onConflictDoNothing({ target: duesPayments.importRef })
      .returning({ id: duesPayments.id });
    return row?.id ?? null;
  });
}
