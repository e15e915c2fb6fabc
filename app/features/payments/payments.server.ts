// What a payment means to the society: dues paid online become a dues payment (standing and the
// 납부확인서 follow at once), a seminar fee paid confirms the held seat; a refund undoes either in
// part or in full. The money itself is only ever what the provider reports (features/gateway):
// a payment counts after the server has read it back, never on the browser's word.
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { now as clockNow } from "~/lib/clock.server";
import { toCsv } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { formatNumber } from "~/lib/numbers";
import { logger } from "~/logger.server";
import {
  duesPayments,
  paymentRefunds,
  payments,
  paymentWebhooks,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import type { SessionActor } from "../accounts/actor.server";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import { duesOfMember } from "../dues/dues.server";
import { duesOwed, recordOnlinePayment, reduceOnlinePayment } from "../dues/online.server";
import {
  closeInvoices,
  findInvoice,
  INVOICE_NOT_FOUND,
  type Invoice,
  openInvoice,
  refundInvoice,
  requirePayments,
  syncInvoice,
} from "../gateway/invoices.server";
import {
  offeredMethods,
  paymentsMode,
  preRegister,
  providerSettings,
  verifyWebhook,
} from "../gateway/portone.server";
import { moveTestPayment, signTestWebhook, type TestOutcome } from "../gateway/test-gateway.server";
import { enqueueMail, toAdministrators } from "../mail/mail.server";
import { safely } from "../mail/notifications.server";
import { mailTemplates } from "../mail/templates.server";
import { textMember } from "../messages/messages.server";
import { confirmPaidSeat, releaseExpiredHoldsOf } from "../seminars/registrations.server";
import { cancellationDeadlineOf } from "../seminars/rules";
import {
  bankLabel,
  type CheckoutInput,
  PAY_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENTS_PAGE_SIZE,
  type PaymentListQuery,
  PURPOSE_LABELS,
  type RefundAccount,
} from "./validation";

const notFound = () => new AppError("not_found", INVOICE_NOT_FOUND);

/** The member's own invoice; anyone else's is a 404, as if it did not exist. */
async function ownInvoice(actor: SessionActor, paymentId: string) {
  const invoice = await findInvoice(paymentId);
  if (!invoice || invoice.userId !== actor.user.id) throw notFound();
  return invoice;
}

// ---------------------------------------------------------------------------------------------
// Paying

/**
 * Opens an invoice for what the member still owes for `year` (the regular fee minus what was paid).
 * An older unpaid invoice for the same year is closed; a 가상계좌 already issued is answered 409
 * with its account, so nobody pays twice.
 */
export async function payDuesOnline(actor: SessionActor, year: number) {
  requirePayments();
  const { amount } = await duesOwed(actor.user, year);
  const db = await getDb();
  let open = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, actor.user.id),
        eq(payments.purpose, "dues"),
        eq(payments.duesYear, year),
        inArray(payments.status, ["pending", "failed", "vbank_issued"]),
      ),
    );
  let issued = open.find((row) => row.status === "vbank_issued");
  // An account past its deadline is read back first (a deposit made in time counts); then it is
  // closed, and the member pays another way.
  if (issued && vbankExpired(issued)) {
    const settled = await settlePayment(issued.paymentId);
    if (settled && settled.status !== "vbank_issued") {
      // A deposit read back just now may have paid the year: that refusal comes first.
      await duesOwed(actor.user, year);
      open = open.filter((row) => row.id !== settled.id);
      issued = undefined;
    }
  }
  if (issued?.virtualAccount) {
    const { bank, accountNumber } = issued.virtualAccount;
    throw new AppError(
      "conflict",
      `이미 발급된 가상계좌(${bankLabel(bank)} ${accountNumber})가 있습니다. 그 계좌로 입금해주세요.`,
    );
  }
  const invoice = await db.transaction(async (tx) => {
    await closeInvoices(
      tx,
      open.map((row) => row.id),
      "새 결제로 대체되었습니다.",
    );
    return openInvoice(tx, {
      userId: actor.user.id,
      memberName: actor.user.name,
      purpose: "dues",
      orderName: `${year}년 연회비`,
      amount,
      duesYear: year,
    });
  });
  return { paymentId: invoice.paymentId, amount: invoice.amount };
}

/**
 * A dues invoice is paid only for what the year still asks: the office can have recorded a
 * transfer, granted an exemption or changed the fee since it was opened (it was charged in full
 * anyway). Otherwise it is closed, and the member starts again from the dues page.
 */
async function stillOwed(actor: SessionActor, invoice: Invoice, year: number) {
  const owed = await duesOwed(actor.user, year).catch(async (error: unknown) => {
    await closeStaleDuesInvoice(invoice);
    throw error;
  });
  if (owed.amount === invoice.amount) return;
  await closeStaleDuesInvoice(invoice);
  throw new AppError(
    "conflict",
    `납부하실 ${year}년 회비가 ${formatNumber(owed.amount)}원으로 바뀌었습니다. 회비 화면에서 다시 납부해주세요.`,
  );
}

async function closeStaleDuesInvoice(invoice: Invoice) {
  await closeInvoices(await getDb(), [invoice.id], "납부할 회비가 바뀌어 결제를 닫았습니다.");
}

const CASH_RECEIPT_TYPE = { 소득공제: "PERSONAL", 지출증빙: "CORPORATE" } as const;
const PAY_METHOD = {
  card: "CARD",
  transfer: "TRANSFER",
  virtual_account: "VIRTUAL_ACCOUNT",
  easy_pay: "EASY_PAY",
} as const;
const EASY_PAY_PROVIDER = {
  kakaopay: "KAKAOPAY",
  naverpay: "NAVERPAY",
  tosspay: "TOSSPAY",
} as const;

/** What the browser hands PortOne's payment window (browser SDK `requestPayment`). */
export type PaymentRequest = {
  test: boolean;
  storeId: string;
  channelKey: string;
  paymentId: string;
  orderName: string;
  totalAmount: number;
  currency: "KRW";
  payMethod: (typeof PAY_METHOD)[keyof typeof PAY_METHOD];
  customer: { fullName: string; phoneNumber: string; email: string };
  redirectUrl: string;
  noticeUrls: string[];
  easyPay?: { easyPayProvider: string };
  transfer?: { cashReceiptType?: string; customerIdentifier?: string };
  virtualAccount?: {
    accountExpiry: { validHours: number };
    cashReceiptType?: string;
    customerIdentifier?: string;
  };
};

/**
 * The member chose how to pay: the choice is kept on the invoice, the amount is fixed at the
 * provider (pre-registration), and the browser gets what to open PortOne's window with.
 */
export async function checkout(
  actor: SessionActor,
  paymentId: string,
  input: CheckoutInput,
): Promise<PaymentRequest> {
  requirePayments();
  const invoice = await ownInvoice(actor, paymentId);
  if (invoice.status !== "pending" && invoice.status !== "failed") {
    throw new AppError("conflict", "이미 처리된 결제입니다.");
  }
  if (invoice.expiresAt && invoice.expiresAt <= clockNow()) {
    throw new AppError("conflict", "결제 시간이 지났습니다. 다시 신청해주세요.");
  }
  if (invoice.purpose === "dues" && invoice.duesYear !== null) {
    await stillOwed(actor, invoice, invoice.duesYear);
  }
  const offered = offeredMethods();
  if (
    !offered.methods.includes(input.method) ||
    (input.method === "easy_pay" && !offered.easyPays.includes(input.easyPay!))
  ) {
    throw new AppError("invalid", "지금은 이 결제 수단을 사용할 수 없습니다.", {
      method: "지금은 이 결제 수단을 사용할 수 없습니다.",
    });
  }
  if (input.method === "virtual_account" && invoice.purpose !== "dues") {
    const message =
      "세미나 등록비는 좌석을 잠시만 잡아 두므로 가상계좌로 결제할 수 없습니다. 카드, 계좌이체 또는 간편결제를 이용해주세요.";
    throw new AppError("invalid", message, { method: message });
  }
  const byAccount = input.method === "transfer" || input.method === "virtual_account";
  const cashReceiptType = byAccount ? (input.cashReceiptType ?? null) : null;
  const identifier = cashReceiptType ? (input.cashReceiptIdentifier ?? "").replace(/-/g, "") : null;
  const db = await getDb();
  // A failed invoice paid again is pending again: the minute job reads back only what is pending,
  // and a retry whose webhook and return were both lost must still be found.
  const [opened] = await db
    .update(payments)
    .set({
      status: "pending",
      failReason: null,
      method: input.method,
      easyPay: input.method === "easy_pay" ? input.easyPay : null,
      cashReceiptType,
      cashReceiptIdentifier: identifier,
    })
    .where(and(eq(payments.id, invoice.id), inArray(payments.status, ["pending", "failed"])))
    .returning({ id: payments.id });
  if (!opened) throw new AppError("conflict", "이미 처리된 결제입니다.");
  await preRegister(invoice.paymentId, invoice.amount);
  const settings = providerSettings();
  const channel = input.method === "easy_pay" ? input.easyPay! : input.method;
  const receipt = cashReceiptType
    ? {
        cashReceiptType: CASH_RECEIPT_TYPE[cashReceiptType],
        customerIdentifier: identifier ?? undefined,
      }
    : {};
  return {
    test: paymentsMode() === "test",
    storeId: settings.storeId,
    channelKey: settings.channels[channel]!,
    paymentId: invoice.paymentId,
    orderName: invoice.orderName,
    totalAmount: invoice.amount,
    currency: "KRW",
    payMethod: PAY_METHOD[input.method],
    customer: {
      fullName: actor.user.name,
      phoneNumber: actor.user.phone.replace(/-/g, ""),
      email: actor.user.email,
    },
    // On a phone PortOne leaves the page for the card company's app and comes back here.
    redirectUrl: `${env.PUBLIC_URL}/mypage/payments/${encodeURIComponent(invoice.paymentId)}`,
    noticeUrls: [`${env.PUBLIC_URL}/api/payments/webhook`],
    ...(input.method === "easy_pay"
      ? { easyPay: { easyPayProvider: EASY_PAY_PROVIDER[input.easyPay!] } }
      : {}),
    ...(input.method === "transfer" ? { transfer: receipt } : {}),
    ...(input.method === "virtual_account"
      ? { virtualAccount: { accountExpiry: { validHours: 72 }, ...receipt } }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Settling: the provider's word, then what it means

/** The member an invoice belongs to, for its mails (null once the account is gone). */
async function payerOf(invoice: Invoice) {
  if (!invoice.userId) return null;
  const db = await getDb();
  const [member] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, invoice.userId));
  return member ?? null;
}

const notifyPaid = safely(async (invoice: Invoice) => {
  const member = await payerOf(invoice);
  if (!member || !invoice.userId) return;
  await enqueueMail(
    mailTemplates.paymentReceived(member, {
      orderName: invoice.orderName,
      amount: invoice.amount,
      method: PAY_METHOD_LABELS[invoice.method as keyof typeof PAY_METHOD_LABELS] ?? "온라인 결제",
      purpose: invoice.purpose,
      paymentId: invoice.paymentId,
    }),
  );
  await textMember(invoice.userId, "paymentReceived", {
    name: member.name,
    item: invoice.orderName,
    amount: `${formatNumber(invoice.amount)}원`,
  });
});

/** The account to pay into, by mail and by text: the member pays later, from the bank's app. */
const notifyVbankIssued = safely(async (invoice: Invoice) => {
  if (!invoice.userId || !invoice.virtualAccount) return;
  const { bank, accountNumber, dueAt } = invoice.virtualAccount;
  const member = await payerOf(invoice);
  if (member) {
    await enqueueMail(
      mailTemplates.virtualAccountIssued(member, {
        orderName: invoice.orderName,
        amount: invoice.amount,
        bank: bankLabel(bank),
        accountNumber,
        dueAt: dueAt ? new Date(dueAt) : null,
        paymentId: invoice.paymentId,
      }),
    );
  }
  await textMember(invoice.userId, "vbankIssued", {
    name: invoice.memberName,
    item: invoice.orderName,
    bank: bankLabel(bank),
    account: accountNumber,
    amount: `${formatNumber(invoice.amount)}원`,
    due: dueAt ? formatDateTime(dueAt) : "안내된 기한",
  });
});

const notifyRefunded = safely(async (invoice: Invoice, amount: number, reason: string) => {
  const member = await payerOf(invoice);
  if (!member) return;
  let duesOwed: { year: number; amount: number } | undefined;
  if (invoice.purpose === "dues" && invoice.userId && invoice.duesYear !== null) {
    const fact = (await duesOfMember(invoice.userId, [invoice.duesYear])).facts.get(
      invoice.duesYear,
    );
    if (fact?.settings && fact.paid < fact.settings.regularFee && !fact.exempt) {
      duesOwed = { year: invoice.duesYear, amount: fact.settings.regularFee - fact.paid };
    }
  }
  await enqueueMail(
    mailTemplates.paymentRefunded(member, {
      orderName: invoice.orderName,
      amount,
      reason,
      method: invoice.method,
      whole: invoice.refundedAmount >= invoice.amount && amount === invoice.amount,
      duesOwed,
    }),
  );
});

/**
 * Dues paid: one dues payment for it, for what was still owed when the money arrived. The fee can
 * have changed since the invoice was opened: paid meanwhile by transfer or in another tab, exempted,
 * or part paid by hand. What was no longer owed goes back (a 가상계좌 deposit only to an account
 * the payer names, so the member and the office are asked for it, once, when the deposit arrives).
 */
async function settleDues(invoice: Invoice, becamePaid: boolean): Promise<Invoice> {
  if (invoice.duesPaymentId || !invoice.userId || invoice.duesYear === null) return invoice;
  const { facts } = await duesOfMember(invoice.userId, [invoice.duesYear]);
  const fact = facts.get(invoice.duesYear);
  const paidIn = invoice.amount - invoice.refundedAmount;
  const owed = !fact?.settings
    ? paidIn
    : fact.exempt
      ? 0
      : Math.max(0, fact.settings.regularFee - fact.paid);
  if (owed === 0) {
    const why = fact?.exempt ? "면제된 연회비라" : "이미 납부된 연회비라";
    if (invoice.method === "virtual_account") {
      if (becamePaid) await askForRefundAccount(invoice, { amount: paidIn, why });
      return invoice;
    }
    const reason = `${why} 자동으로 전액 환불했습니다.`;
    const refunded = await refundInvoice(invoice, reason);
    await notifyRefunded(refunded, paidIn, reason);
    return refunded;
  }
  const db = await getDb();
  // Only the run that records the payment returns what was too much: settling runs from the
  // webhook and from the browser at once.
  let recorded = false;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, invoice.id)).for("update");
    if (!row || row.duesPaymentId) return row ?? invoice;
    recorded = true;
    const duesPaymentId = await recordOnlinePayment(tx, {
      paymentId: row.paymentId,
      userId: invoice.userId!,
      year: invoice.duesYear!,
      amount: row.amount,
      method: row.method,
      paidAt: row.paidAt ?? clockNow(),
    });
    const [saved] = await tx
      .update(payments)
      .set({ duesPaymentId })
      .where(eq(payments.id, row.id))
      .returning();
    return saved!;
  });
  const excess = paidIn - owed;
  if (excess <= 0 || !recorded) return updated;
  const why = `남은 연회비(${formatNumber(owed)}원)보다 많이 결제되어`;
  if (invoice.method === "virtual_account") {
    if (becamePaid) await askForRefundAccount(updated, { amount: excess, why });
    return updated;
  }
  const reason = `${why} ${formatNumber(excess)}원을 자동으로 환불했습니다.`;
  const refunded = await refundInvoice(updated, reason, { amount: excess });
  await notifyRefunded(refunded, excess, reason);
  return shrinkDues(refunded, reason);
}

const askForRefundAccount = safely(
  async (invoice: Invoice, returned: { amount: number; why: string }) => {
    const member = await payerOf(invoice);
    if (!member) return;
    const payment = { orderName: invoice.orderName, amount: returned.amount, why: returned.why };
    await enqueueMail(mailTemplates.depositToReturn(member, payment));
    const { subject, text, html } = mailTemplates.depositToReturn(member, payment, true);
    await enqueueMail(await toAdministrators({ subject, text, html }));
  },
);

/** After a refund, the dues payment keeps only what stays paid. */
async function shrinkDues(invoice: Invoice, reason: string) {
  if (invoice.purpose !== "dues" || !invoice.duesPaymentId) return invoice;
  const db = await getDb();
  const [row] = await db
    .select({ amount: duesPayments.amount, voidedAt: duesPayments.voidedAt })
    .from(duesPayments)
    .where(eq(duesPayments.id, invoice.duesPaymentId));
  const kept = invoice.amount - invoice.refundedAmount;
  if (!row || row.voidedAt || row.amount === kept) return invoice;
  const [{ value: refunds } = { value: 0 }] = await db
    .select({ value: count() })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentRowId, invoice.id));
  const replacement = await reduceOnlinePayment(invoice.duesPaymentId, kept, reason, refunds);
  const [saved] = await db
    .update(payments)
    .set({ duesPaymentId: replacement })
    .where(eq(payments.id, invoice.id))
    .returning();
  return saved!;
}

/**
 * Brings a payment in line with the provider and applies what changed: dues recorded, a seat
 * confirmed (or, when the seat was lost meanwhile, the money returned), refunds reflected. Safe to
 * run any number of times: from the webhook, from the browser coming back, from a retry.
 */
export async function settlePayment(paymentId: string): Promise<Invoice | null> {
  const result = await syncInvoice(paymentId);
  if (!result) return null;
  let { invoice } = result;
  if (result.becameIssued) await notifyVbankIssued(invoice);
  if (invoice.status === "paid") {
    if (invoice.purpose === "dues") {
      invoice = await settleDues(invoice, result.becamePaid);
      if (invoice.duesPaymentId) await closeOtherIssuedVbanks(invoice);
    } else if (result.becamePaid && invoice.registrationId) {
      const seat = await confirmPaidSeat(invoice.registrationId);
      const reason =
        SEAT_LOST[seat as keyof typeof SEAT_LOST] ??
        // An old payment window completed after the member had registered again and paid the
        // new invoice (or the reverse): one seat, two payments. The later one goes back.
        (seat === "already" && (await seatPaidByAnother(invoice))
          ? "이미 다른 결제로 확정된 좌석입니다."
          : null);
      if (reason) {
        const before = invoice.amount - invoice.refundedAmount;
        invoice = await refundInvoice(invoice, `${reason} 자동으로 전액 환불했습니다.`);
        // The member sees a charge and its refund: the mail says why.
        await notifyRefunded(invoice, before, `${reason} 자동으로 전액 환불했습니다.`);
      }
    }
    // Dues left unrecorded (a deposit for a year already paid, to be returned) are no payment to
    // announce: the member was asked for a refund account instead.
    const unrecordedDues = invoice.purpose === "dues" && !invoice.duesPaymentId;
    if (result.becamePaid && invoice.status === "paid" && !unrecordedDues) {
      await notifyPaid(invoice);
    }
  }
  if (invoice.refundedAmount > 0) invoice = await shrinkDues(invoice, "온라인 결제 환불");
  if (vbankExpired(invoice)) invoice = await closeExpiredVbank(invoice);
  else if (invoice.status === "vbank_issued" && invoice.purpose === "dues") {
    invoice = await closeVbankOfSettledYear(invoice);
  }
  return invoice;
}

/**
 * The year of an issued 가상계좌 was paid (by card in another tab, a transfer the office recorded,
 * a bank statement) or exempted meanwhile: the invoice is closed, so the member's pages stop
 * asking for a deposit, and the member is told not to make one. The minute job comes by each
 * issued account, so this follows any way of paying within a minute. A deposit made anyway is
 * still read back (syncInvoice) and returned, as for a year already paid.
 */
async function closeVbankOfSettledYear(invoice: Invoice) {
  if (!invoice.userId || invoice.duesYear === null) return invoice;
  const fact = (await duesOfMember(invoice.userId, [invoice.duesYear])).facts.get(invoice.duesYear);
  const settled = fact?.settings && (fact.exempt || fact.paid >= fact.settings.regularFee);
  if (!settled) return invoice;
  const closed = await closeIssuedVbank(
    invoice,
    "cancelled",
    "회비가 다른 방법으로 납부되어 이 가상계좌는 닫았습니다. 입금하지 마세요.",
  );
  if (!closed) return invoice;
  await notifyVbankNotNeeded(closed);
  return closed;
}

/** The member's other 가상계좌 for the year this payment just paid (another tab's). */
async function closeOtherIssuedVbanks(invoice: Invoice) {
  if (!invoice.userId || invoice.duesYear === null) return;
  const db = await getDb();
  const others = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, invoice.userId),
        eq(payments.purpose, "dues"),
        eq(payments.duesYear, invoice.duesYear),
        eq(payments.status, "vbank_issued"),
        ne(payments.id, invoice.id),
      ),
    );
  for (const other of others) await closeVbankOfSettledYear(other);
}

const notifyVbankNotNeeded = safely(async (invoice: Invoice) => {
  const member = await payerOf(invoice);
  if (!member || !invoice.virtualAccount) return;
  await enqueueMail(
    mailTemplates.virtualAccountNotNeeded(member, {
      orderName: invoice.orderName,
      bank: bankLabel(invoice.virtualAccount.bank),
      accountNumber: invoice.virtualAccount.accountNumber,
    }),
  );
});

/** An hour past a 가상계좌's deadline: a deposit made at the last minute has been reported by then. */
const VBANK_GRACE_MS = 60 * 60 * 1000;

/** An issued 가상계좌 whose deadline (and the hour after it) has passed without a deposit. */
function vbankExpired(invoice: Invoice) {
  const dueAt = invoice.virtualAccount?.dueAt;
  return (
    invoice.status === "vbank_issued" &&
    dueAt !== null &&
    dueAt !== undefined &&
    Date.parse(dueAt) + VBANK_GRACE_MS <= clockNow().getTime()
  );
}

/**
 * The deadline passed without a deposit: the invoice is closed, so the dues page offers payment
 * again instead of waiting for an account the bank no longer takes. A deposit PortOne still
 * reports later is read back like any payment (syncInvoice counts it, and dues paid meanwhile
 * are refunded).
 */
async function closeExpiredVbank(invoice: Invoice) {
  return (
    (await closeIssuedVbank(invoice, "failed", "입금 기한이 지나 가상계좌가 닫혔습니다.")) ??
    invoice
  );
}

/** Closes an issued 가상계좌 with its reason; null when it was no longer issued (settled meanwhile). */
async function closeIssuedVbank(invoice: Invoice, status: "failed" | "cancelled", reason: string) {
  const db = await getDb();
  const [closed] = await db
    .update(payments)
    .set({ status, failReason: reason })
    .where(and(eq(payments.id, invoice.id), eq(payments.status, "vbank_issued")))
    .returning();
  return closed ?? null;
}

/** Why a seminar fee paid for a seat that is no longer there goes back (confirmPaidSeat's answers). */
const SEAT_LOST = {
  no_seat: "결제 전에 좌석 보유 시간이 지나 자리가 다음 대기자에게 넘어갔습니다.",
  cancelled: "신청을 취소한 뒤에 결제가 완료되었습니다.",
  seminar_cancelled: "세미나가 취소되었습니다.",
} as const;

/** Whether another paid invoice holds this invoice's seat (a second payment for one seat). */
async function seatPaidByAnother(invoice: Invoice) {
  if (!invoice.registrationId) return false;
  const db = await getDb();
  const [other] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.registrationId, invoice.registrationId),
        inArray(payments.status, ["paid", "partially_refunded"]),
        ne(payments.id, invoice.id),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/**
 * A webhook from the provider: verified (a bad signature is a 400 and changes nothing), recorded by
 * its id (the same delivery twice changes nothing), then the payment it names is settled by
 * reading it back. A settle that fails forgets the delivery, so the provider's retry is handled.
 */
export async function receiveWebhook(body: string, headers: Record<string, string>) {
  const event = await verifyWebhook(body, headers);
  const paymentId = event.data?.paymentId ?? null;
  const db = await getDb();
  const webhookId = headers["webhook-id"] ?? "";
  const [fresh] = await db
    .insert(paymentWebhooks)
    .values({ webhookId, type: String(event.type).slice(0, 100), paymentId })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return { handled: false, duplicate: true };
  if (!String(event.type).startsWith("Transaction.") || !paymentId) {
    return { handled: false, duplicate: false };
  }
  try {
    const invoice = await settlePayment(paymentId);
    return { handled: invoice !== null, duplicate: false };
  } catch (error) {
    await db.delete(paymentWebhooks).where(eq(paymentWebhooks.webhookId, webhookId));
    throw error;
  }
}

/** The member is back from the payment window: the server reads the payment itself. */
export async function completePayment(actor: SessionActor, paymentId: string) {
  await ownInvoice(actor, paymentId);
  const invoice = await settlePayment(paymentId);
  return memberView(invoice!);
}

/**
 * The test gateway standing in for the payer and PortOne (PAYMENTS_PROVIDER=test only; else 404):
 * the test payment moves, and a webhook signed with the webhook secret goes through
 * `receiveWebhook`, the real one's path.
 */
export async function moveTestPaymentAsProvider(
  paymentId: string,
  outcome: TestOutcome,
  options: { amount?: number } = {},
) {
  if (paymentsMode() !== "test") throw new AppError("not_found", "요청한 주소를 찾을 수 없습니다.");
  const invoice = await findInvoice(paymentId);
  if (!invoice) throw notFound();
  const vbank = outcome === "vbank_issued" || outcome === "vbank_deposited";
  const method = vbank ? "virtual_account" : (invoice.method ?? "card");
  if (invoice.status === "pending" || invoice.status === "failed") {
    if (invoice.expiresAt && invoice.expiresAt <= clockNow()) {
      throw new AppError("conflict", "결제 시간이 지났습니다.");
    }
    await preRegister(invoice.paymentId, invoice.amount);
  }
  const type = await moveTestPayment(paymentId, outcome, {
    method,
    easyPay: invoice.easyPay,
    orderName: invoice.orderName,
    cashReceipt: Boolean(invoice.cashReceiptType),
    amount: options.amount,
  });
  const { webhookSecret, storeId } = providerSettings();
  const webhook = signTestWebhook(webhookSecret, type, paymentId, storeId);
  await receiveWebhook(webhook.body, webhook.headers);
  const settled = await findInvoice(paymentId);
  return { paymentId, status: settled!.status };
}

// ---------------------------------------------------------------------------------------------
// Lists and refunds

/** A payment as its member sees it (the JSON call and /mypage). */
export function memberView(invoice: Invoice) {
  return {
    paymentId: invoice.paymentId,
    purpose: invoice.purpose as "dues" | "seminar",
    orderName: invoice.orderName,
    amount: invoice.amount,
    status: invoice.status,
    method: invoice.method,
    easyPay: invoice.easyPay,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    refundedAmount: invoice.refundedAmount,
    createdAt: invoice.createdAt.toISOString(),
    expiresAt: invoice.expiresAt?.toISOString() ?? null,
    virtualAccount: invoice.status === "vbank_issued" ? invoice.virtualAccount : null,
    cashReceipt: invoice.cashReceiptType
      ? { type: invoice.cashReceiptType, number: invoice.cashReceiptNumber }
      : null,
    receiptUrl: invoice.receiptUrl,
    duesReceiptId: invoice.duesPaymentId,
    /** Why it failed, or why it was closed unpaid (a hold run out, a newer invoice). */
    failReason:
      invoice.status === "failed" || invoice.status === "cancelled" ? invoice.failReason : null,
    seminarId: invoice.seminarId,
    /** A deposit for dues already paid, not recorded as dues: it must go back (askForRefundAccount). */
    toReturn: invoice.purpose === "dues" && invoice.status === "paid" && !invoice.duesPaymentId,
    /** A seminar fee the office kept when it cancelled the seat: paid, but for no seat. */
    feeKept:
      invoice.purpose === "seminar" && invoice.status === "paid" && invoice.registrationId === null,
  };
}

/** The member's payments, newest first, a page at a time (`{ items, total, page, pageSize }`). */
export async function myPayments(userId: string, page = 1) {
  const db = await getDb();
  // An invoice closed before any payment was begun (opened twice, a hold left to run out) is no
  // payment of the member's: it would fill the list with 취소 they never made.
  const mine = and(
    eq(payments.userId, userId),
    or(ne(payments.status, "cancelled"), isNotNull(payments.method), isNotNull(payments.paidAt)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(mine)
      .orderBy(desc(payments.createdAt))
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((page - 1) * PAYMENTS_PAGE_SIZE),
    db.select({ value: count() }).from(payments).where(mine),
  ]);
  return {
    items: rows.map(memberView),
    total: total?.value ?? 0,
    page,
    pageSize: PAYMENTS_PAGE_SIZE,
  };
}

/** One payment of the member, for the checkout page; 404 for anyone else's. */
export async function myInvoice(actor: SessionActor, paymentId: string) {
  return memberView(await ownInvoice(actor, paymentId));
}

/** What a member's return from the payment window reads back: anything not settled as paid. */
const RETURNABLE = new Set(["pending", "failed", "cancelled"]);

/**
 * The member's own payment as its page shows it: the invoice (settled first when PortOne sent the
 * phone back from the card company's app), each refund with its day and reason, oldest first, and
 * for a seminar's fee the day until which a cancellation returns it in full, said before paying.
 */
export async function myPaymentPage(
  actor: SessionActor,
  paymentId: string,
  options: { settle?: boolean } = {},
) {
  let invoice = await ownInvoice(actor, paymentId);
  // Back from the card company's app: read it back even if the invoice was closed meanwhile (a
  // hold that ran out), so money taken after the close is returned now, not an hour later.
  if (options.settle && invoice.method && RETURNABLE.has(invoice.status)) {
    invoice = (await settlePayment(paymentId)) ?? invoice;
  }
  const runOut = (row: Invoice) =>
    (row.status === "pending" || row.status === "failed") &&
    row.seminarId !== null &&
    row.expiresAt !== null &&
    row.expiresAt <= clockNow();
  if (runOut(invoice)) {
    // The seat's hold ran out before the minute job came by. As the job does, a payment begun
    // is read back first (paid in time, reported late, it keeps the seat); then the hold is
    // released now, and the page says so.
    if (invoice.method) invoice = (await settlePayment(paymentId)) ?? invoice;
    if (runOut(invoice)) {
      await releaseExpiredHoldsOf(invoice.seminarId!);
      invoice = await ownInvoice(actor, paymentId);
    }
  }
  const db = await getDb();
  const [refunds, [seminar]] = await Promise.all([
    invoice.refundedAmount > 0
      ? db
          .select({
            amount: paymentRefunds.amount,
            reason: paymentRefunds.reason,
            at: paymentRefunds.createdAt,
          })
          .from(paymentRefunds)
          .where(eq(paymentRefunds.paymentRowId, invoice.id))
          .orderBy(paymentRefunds.createdAt)
      : [],
    invoice.registrationId
      ? db
          .select({ date: seminars.date, cancellationDeadline: seminars.cancellationDeadline })
          .from(seminarRegistrations)
          .innerJoin(seminars, eq(seminars.id, seminarRegistrations.seminarId))
          .where(eq(seminarRegistrations.id, invoice.registrationId))
      : [],
  ]);
  return {
    payment: memberView(invoice),
    refunds: refunds.map((row) => ({ ...row, at: row.at.toISOString() })),
    refundDeadline: seminar ? cancellationDeadlineOf(seminar).toISOString() : null,
  };
}

function listFilter(query: PaymentListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.purpose) conditions.push(eq(payments.purpose, query.purpose));
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(payments.memberName, like),
        ilike(payments.orderName, like),
        eq(payments.paymentId, query.q),
        eq(payments.transactionId, query.q),
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The office's list of every online payment, filtered, a page at a time. */
export async function listPayments(actor: Actor, query: PaymentListQuery) {
  assertAdmin(actor);
  const db = await getDb();
  const where = listFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt))
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((query.page - 1) * PAYMENTS_PAGE_SIZE),
    db.select({ value: count() }).from(payments).where(where),
  ]);
  return {
    total: total?.value ?? 0,
    page: query.page,
    pageSize: PAYMENTS_PAGE_SIZE,
    items: rows.map((row) => ({
      ...memberView(row),
      memberName: row.memberName,
      userId: row.userId,
      provider: row.provider,
      transactionId: row.transactionId,
    })),
  };
}

/** The list as a CSV, its purpose stated and audited (as every export of personal data). */
export async function paymentsCsv(actor: Actor, query: PaymentListQuery, purpose: string) {
  assertAdmin(actor);
  const db = await getDb();
  const rows = await db
    .select()
    .from(payments)
    .where(listFilter(query))
    .orderBy(desc(payments.createdAt))
    .limit(50_000);
  await audit(actor.audit, "export_payments", null, { purpose, count: rows.length });
  // Two members of one name are told apart by their e-mail (none after a withdrawal); each
  // refund's day and reason, as the screen lists them.
  const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const refunded = rows.filter((row) => row.refundedAmount > 0).map((row) => row.id);
  const [emails, refunds] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    refunded.length
      ? db
          .select()
          .from(paymentRefunds)
          .where(inArray(paymentRefunds.paymentRowId, refunded))
          .orderBy(paymentRefunds.createdAt)
      : [],
  ]);
  const emailOf = new Map(emails.map((row) => [row.id, row.email]));
  const refundsOf = new Map<string, typeof refunds>();
  for (const refund of refunds) {
    refundsOf.set(refund.paymentRowId, [...(refundsOf.get(refund.paymentRowId) ?? []), refund]);
  }
  return toCsv(
    [
      "결제번호",
      "회원",
      "회원 이메일",
      "구분",
      "회비 연도",
      "내용",
      "금액",
      "상태",
      "결제수단",
      "결제일시",
      "환불액",
      "환불 내역",
      "거래번호",
    ],
    rows.map((row) => [
      row.paymentId,
      row.memberName,
      (row.userId && emailOf.get(row.userId)) ?? "",
      PURPOSE_LABELS[row.purpose as keyof typeof PURPOSE_LABELS] ?? row.purpose,
      row.duesYear ?? "",
      row.orderName,
      row.amount,
      PAYMENT_STATUS_LABELS[row.status as keyof typeof PAYMENT_STATUS_LABELS] ?? row.status,
      PAY_METHOD_LABELS[row.method as keyof typeof PAY_METHOD_LABELS] ?? "",
      // In Seoul's time, as the office reads it (the other exports write dates the same way).
      row.paidAt ? formatDateTime(row.paidAt) : "",
      row.refundedAmount,
      (refundsOf.get(row.id) ?? [])
        .map(
          (refund) =>
            `${formatDateTime(refund.createdAt)} ${formatNumber(refund.amount)}원: ${refund.reason}`,
        )
        .join("; "),
      row.transactionId ?? "",
    ]),
  );
}

/** The office returns a payment in part or in full, with a reason (audited; the member is mailed). */
export async function refundByOffice(
  actor: Actor,
  paymentId: string,
  input: { amount?: number; reason: string; refundAccount?: RefundAccount },
) {
  assertAdmin(actor);
  const invoice = await findInvoice(paymentId);
  if (!invoice) throw notFound();
  const before = invoice.amount - invoice.refundedAmount;
  let refunded = await refundInvoice(invoice, input.reason, {
    amount: input.amount,
    by: actor.user.id,
    // Only a 가상계좌 deposit needs one; the account goes to the provider and is not kept here.
    refundAccount: invoice.method === "virtual_account" ? input.refundAccount : undefined,
  });
  refunded = await shrinkDues(refunded, `환불: ${input.reason}`);
  const amount = before - (refunded.amount - refunded.refundedAmount);
  await audit(
    actor.audit,
    "payment_refund",
    { id: invoice.userId, label: `${invoice.memberName} · ${invoice.orderName}` },
    { paymentId, amount, reason: input.reason },
  );
  await notifyRefunded(refunded, amount, input.reason);
  return memberView(refunded);
}

/**
 * Invoices the minute job reads back from the provider, for a webhook lost and a phone that never
 * came back (each only once its window has been open a minute):
 * - an issued 가상계좌, until it is paid or closed;
 * - a payment window, for a day, then once more;
 * - an invoice closed while its window was open (a seat's hold ran out, a newer invoice took its
 *   place), once, an hour after the close: a window completed after the close would otherwise keep
 *   money for nothing. Payment windows end well within the hour.
 * Taken by the oldest read-back first, so none waits behind another for ever.
 */
const toReadBack = (now: Date, olderThanMs: number) =>
  and(
    isNotNull(payments.method),
    or(
      eq(payments.status, "vbank_issued"),
      and(
        eq(payments.status, "pending"),
        or(
          isNull(payments.readBackAt),
          sql`${payments.readBackAt} < ${payments.updatedAt} + interval '1 day'`,
        ),
      ),
    ),
    lt(payments.updatedAt, new Date(now.getTime() - olderThanMs)),
  );
const closedToReadBack = (now: Date) =>
  and(
    isNotNull(payments.method),
    eq(payments.status, "cancelled"),
    isNull(payments.readBackAt),
    lt(payments.updatedAt, new Date(now.getTime() - 60 * 60 * 1000)),
  );

/** Reads back the invoices left unsettled (toReadBack); bounded per round. */
export async function settleStalePayments(olderThanMs = 60_000, limit = 50) {
  const db = await getDb();
  const now = clockNow();
  const rows = await db
    .select({ id: payments.id, paymentId: payments.paymentId })
    .from(payments)
    .where(or(toReadBack(now, olderThanMs), closedToReadBack(now)))
    .orderBy(sql`${payments.readBackAt} asc nulls first`, payments.updatedAt)
    .limit(limit);
  for (const { id, paymentId } of rows) {
    try {
      await settlePayment(paymentId);
      // updated_at stays when the window was opened or the invoice closed: the rules above count
      // from it.
      await db
        .update(payments)
        .set({ readBackAt: clockNow(), updatedAt: sql`${payments.updatedAt}` })
        .where(eq(payments.id, id));
    } catch (error) {
      logger.warn({ err: error, paymentId }, "re-reading a payment failed");
    }
  }
  return rows.length;
}
