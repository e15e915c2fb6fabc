// Annual dues: the years the office sets up, the figures per year, payments (recorded,
// voided with a reason, never deleted), exemptions, and what a member sees of their own dues.
// Every change is made for an administrator's actor, checked here, and audited with it.
import crypto from "node:crypto";
import { and, count, desc, eq, inArray, isNull, like, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { builtOnce } from "~/lib/built-once.server";
import { now as clockNow } from "~/lib/clock.server";
import { seoulDate, seoulYear } from "~/lib/dates";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import type { Database } from "~db/client.server";
import {
  duesExemptions,
  duesPayments,
  duesYears,
  payments as onlinePayments,
  users,
} from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { type AuditContext, audit } from "../audit/audit.server";
import {
  defaultGraceUntil,
  standingFrom,
  type YearFacts,
  type YearSettings,
  yearSettings,
} from "./standing.server";
import {
  type DuesYearInput,
  PAYMENTS_PAGE_SIZE,
  type PaymentInput,
  type PaymentMethod,
} from "./validation";

export const YEAR_NOT_SET = (year: number) =>
  `${year}년 회비가 아직 설정되지 않았습니다. 회비 관리에서 먼저 설정해주세요.`;
const PAYMENT_NOT_FOUND = "납부 기록을 찾을 수 없습니다.";
const MEMBER_NOT_FOUND = "회원을 찾을 수 없습니다.";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A verification code: 12 letters and digits in three groups, without look-alikes (0/O, 1/I). */
export function newReceiptCode() {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = crypto.randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/**
 * The depositor name a member is told to use: the name followed by the last four digits of their
 * phone number (홍길동1234), so two members of the same name can be told apart on a statement.
 */
export function depositorNameOf(member: { name: string; phone: string }) {
  const digits = member.phone.replace(/\D/g, "").slice(-4);
  return `${member.name.replace(/\s+/g, "")}${digits}`;
}

// ---------------------------------------------------------------------------------------------
// Years

export async function getDuesYear(year: number): Promise<YearSettings | null> {
  return (await yearSettings([year])).get(year) ?? null;
}

/** Sets up (or changes) a year's fees, due date, grace period and bank account. */
export async function setDuesYear(actor: Actor, year: number, input: DuesYearInput) {
  assertAdmin(actor);
  // The dates decide every 정회원's standing for the year: one typed years off (2020 for 2027)
  // would lapse or keep everyone at once.
  if (input.dueDate < `${year - 1}-01-01` || input.dueDate > `${year}-12-31`) {
    const message = `${year}년 회비의 납부 기한은 ${year - 1}년 1월 1일부터 ${year}년 12월 31일 사이여야 합니다.`;
    throw new AppError("invalid", message, { dueDate: message });
  }
  if (input.graceUntil && input.graceUntil > `${year + 1}-12-31`) {
    const message = `${year}년 회비의 유예기간은 ${year + 1}년 12월 31일까지만 둘 수 있습니다.`;
    throw new AppError("invalid", message, { graceUntil: message });
  }
  const db = await getDb();
  const values = {
    regularFee: input.regularFee,
    lifetimeFee: input.lifetimeFee,
    dueDate: input.dueDate,
    graceUntil: input.graceUntil ?? defaultGraceUntil(year),
    bankAccount: input.bankAccount,
  };
  await db
    .insert(duesYears)
    .values({ year, ...values })
    .onConflictDoUpdate({ target: duesYears.year, set: values });
  await audit(actor.audit, "dues_year_set", { label: `${year}년 회비` }, { year, ...values });
  return duesYearSummary(year);
}

export type DuesFigures = {
  expected: number;
  paid: number;
  unpaid: number;
  exempt: number;
  received: number;
};

/**
 * A year's figures: regular members expected to pay (approved, not suspended, not exempted), of
 * them how many paid the regular fee and how many not, how many are exempt (exempted regular
 * members and honorary members), and the sum of the year's non-voided payments.
 */
export async function duesFigures(year: number, regularFee: number): Promise<DuesFigures> {
  const db = await getDb();
  const [counts] = rowsOf<{ expected: number; paid: number; exempt: number }>(
    await db.execute(sql`
      select
        count(*) filter (where u.member_type = 'regular' and e.user_id is null)::int as expected,
        count(*) filter (
          where u.member_type = 'regular' and e.user_id is null and coalesce(p.total, 0) >= ${regularFee}
        )::int as paid,
        count(*) filter (
          where (u.member_type = 'regular' and e.user_id is not null) or u.member_type = 'honorary'
        )::int as exempt
      from ${users} u
      left join ${duesExemptions} e on e.user_id = u.id and e.year = ${year}
      left join (
        select user_id, sum(amount) as total from ${duesPayments}
        where year = ${year} and voided_at is null group by user_id
      ) p on p.user_id = u.id
      where u.is_approved and u.suspended_at is null and u.rejected_at is null
        and u.member_type in ('regular', 'honorary')`),
  );
  const [received] = await db
    .select({ sum: sql<number>`coalesce(sum(${duesPayments.amount}), 0)::bigint` })
    .from(duesPayments)
    .where(and(eq(duesPayments.year, year), isNull(duesPayments.voidedAt)));
  const expected = Number(counts?.expected ?? 0);
  const paid = Number(counts?.paid ?? 0);
  return {
    expected,
    paid,
    unpaid: expected - paid,
    exempt: Number(counts?.exempt ?? 0),
    received: Number(received?.sum ?? 0),
  };
}

/** A year's settings and figures (404 for a year not set up). */
export async function duesYearSummary(year: number) {
  const settings = await getDuesYear(year);
  if (!settings) throw new AppError("not_found", YEAR_NOT_SET(year));
  return { ...settings, ...(await duesFigures(year, settings.regularFee)) };
}

/** Every year set up, newest first, with its figures. */
export async function listDuesYears() {
  const db = await getDb();
  const rows = await db.select().from(duesYears).orderBy(desc(duesYears.year));
  return Promise.all(
    rows.map(async (row) => ({
      year: row.year,
      regularFee: row.regularFee,
      lifetimeFee: row.lifetimeFee,
      dueDate: row.dueDate,
      graceUntil: row.graceUntil,
      bankAccount: row.bankAccount,
      ...(await duesFigures(row.year, row.regularFee)),
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Payments

export type Payment = {
  id: string;
  userId: string | null;
  memberName: string;
  year: number;
  amount: number;
  method: PaymentMethod;
  paidAt: string;
  depositorName: string | null;
  memo: string | null;
  receiptCode: string;
  voidedAt: Date | null;
  voidReason: string | null;
  createdAt: Date;
  /** Paid online: undone by a refund in 결제 관리, never voided here. */
  online: boolean;
};

const paymentColumns = {
  id: duesPayments.id,
  userId: duesPayments.userId,
  memberName: duesPayments.memberName,
  year: duesPayments.year,
  amount: duesPayments.amount,
  method: duesPayments.method,
  paidAt: duesPayments.paidAt,
  depositorName: duesPayments.depositorName,
  memo: duesPayments.memo,
  receiptCode: duesPayments.receiptCode,
  voidedAt: duesPayments.voidedAt,
  voidReason: duesPayments.voidReason,
  createdAt: duesPayments.createdAt,
  online: sql<boolean>`coalesce(${duesPayments.importRef} like 'pg:%', false)`,
};

const asPayment = (row: Omit<Payment, "method"> & { method: string }) => row as Payment;

async function memberOf(userId: string) {
  if (!isUuid(userId)) throw new AppError("not_found", MEMBER_NOT_FOUND);
  const db = await getDb();
  const [member] = await db
    .select({ id: users.id, name: users.name, isApproved: users.isApproved })
    .from(users)
    .where(eq(users.id, userId));
  if (!member?.isApproved) throw new AppError("not_found", MEMBER_NOT_FOUND);
  return member;
}

/** Inserts one payment row on `executor` (the database or a transaction); null when it exists. */
const SAME_PAYMENT =
  "같은 날짜, 같은 금액의 납부 기록이 이미 있습니다. 회원 기록의 납부 내역을 확인해주세요.";
const PAID_TOO_EARLY = (year: number) =>
  `${year}년 회비의 납부일은 ${year - 1}년 1월 1일 이후여야 합니다.`;
const PAID_TOO_LATE = (year: number) =>
  `${year}년 회비의 납부일은 ${year + 1}년 12월 31일 이전이어야 합니다. 납부일을 확인해주세요.`;
const ALREADY_PAID = (year: number) =>
  `이미 ${year}년 회비를 모두 납부한 회원입니다. 온라인 결제를 포함한 납부 내역을 회원 기록에서 확인해주세요.`;
const ONLINE_PAYMENT =
  "온라인으로 결제된 회비는 여기서 취소할 수 없습니다. 결제 관리에서 환불하면 납부 기록도 함께 정리됩니다.";

/**
 * A paid date that cannot be a payment of this year's dues: before the year ahead of it. (A date
 * ahead of today is taken: the office records a transfer promised for a date, and so do the tests
 * that run a year's standing forward.)
 */
function checkPaidDate(input: PaymentInput) {
  if (input.paidAt < `${input.year - 1}-01-01`) {
    const message = PAID_TOO_EARLY(input.year);
    throw new AppError("invalid", message, { paidAt: message });
  }
  // A year's dues paid two years on is a typed year (2030 for 2026), not a late payment.
  if (input.paidAt > `${input.year + 1}-12-31`) {
    const message = PAID_TOO_LATE(input.year);
    throw new AppError("invalid", message, { paidAt: message });
  }
}

async function insertPayment(
  executor: Pick<Database, "insert">,
  member: { id: string; name: string },
  input: PaymentInput,
  recordedBy: string,
  importRef: string | null,
): Promise<Payment | null> {
  const inserted = await executor
    .insert(duesPayments)
    .values({
      userId: member.id,
      memberName: member.name,
      year: input.year,
      amount: input.amount,
      method: input.method,
      paidAt: input.paidAt,
      depositorName: input.depositorName ?? null,
      memo: input.memo ?? null,
      receiptCode: newReceiptCode(),
      importRef,
      recordedBy,
    })
    .onConflictDoNothing({ target: duesPayments.importRef })
    .returning(paymentColumns);
  return inserted[0] ? asPayment(inserted[0]) : null;
}

async function auditPayment(
  context: AuditContext,
  member: { id: string; name: string },
  row: Payment,
  imported: boolean,
) {
  await audit(
    context,
    "dues_payment_record",
    { id: member.id, label: member.name },
    {
      paymentId: row.id,
      year: row.year,
      amount: row.amount,
      method: row.method,
      paidAt: row.paidAt,
      imported,
    },
  );
}

/**
 * Records a payment. `importRef` marks a bank statement's transaction: a second payment with the
 * same reference is not recorded (null is answered instead), so a re-import records nothing twice.
 */
export async function recordPayment(
  actor: Actor,
  input: PaymentInput,
  options: { importRef?: string } = {},
): Promise<Payment | null> {
  assertAdmin(actor);
  const member = await memberOf(input.userId);
  if (!(await getDuesYear(input.year))) {
    throw new AppError("invalid", YEAR_NOT_SET(input.year), { year: YEAR_NOT_SET(input.year) });
  }
  checkPaidDate(input);
  const db = await getDb();
  // The same payment sent twice (a double submission, or the form sent again from the history):
  // another payment of the year is recorded (an instalment), the same one is not.
  const [same] = await db
    .select({ id: duesPayments.id })
    .from(duesPayments)
    .where(
      and(
        eq(duesPayments.userId, member.id),
        eq(duesPayments.year, input.year),
        eq(duesPayments.amount, input.amount),
        eq(duesPayments.paidAt, input.paidAt),
        isNull(duesPayments.voidedAt),
      ),
    )
    .limit(1);
  if (same) throw new AppError("conflict", SAME_PAYMENT);
  // A year already paid in full (online or by hand) takes no more: the office would be recording
  // money the member paid once. An instalment towards what is left is still recorded.
  if (!options.importRef) {
    const fact = (await duesOfMember(member.id, [input.year])).facts.get(input.year);
    if (fact?.settings && fact.paid >= fact.settings.regularFee) {
      throw new AppError("conflict", ALREADY_PAID(input.year));
    }
  }
  let row: Payment | null;
  try {
    row = await insertPayment(db, member, input, actor.user.id, options.importRef ?? null);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  if (!row) return null;
  await auditPayment(actor.audit, member, row, Boolean(options.importRef));
  return row;
}

/**
 * Records a confirmed statement's payments all in one transaction: either every one is recorded
 * (a reference already recorded is skipped) or, when anything fails, none. The caller has checked
 * each pick; each recorded payment is audited after the commit. Answers how many were recorded.
 */
export async function recordImportedPayments(
  actor: Actor,
  year: number,
  entries: { input: PaymentInput; importRef: string }[],
) {
  assertAdmin(actor);
  if (!(await getDuesYear(year))) throw new AppError("invalid", YEAR_NOT_SET(year));
  const members = new Map<string, { id: string; name: string }>();
  for (const { input } of entries) {
    if (!members.has(input.userId)) members.set(input.userId, await memberOf(input.userId));
  }
  const db = await getDb();
  const recorded = await db.transaction(async (tx) => {
    const rows: { member: { id: string; name: string }; row: Payment }[] = [];
    for (const { input, importRef } of entries) {
      const member = members.get(input.userId)!;
      const row = await insertPayment(tx, member, input, actor.user.id, importRef);
      if (row) rows.push({ member, row });
    }
    return rows;
  });
  for (const { member, row } of recorded) await auditPayment(actor.audit, member, row, true);
  return recorded.length;
}

/** Voids a payment with a reason (it stays in the books, marked void); 409 when already void. */
export async function voidPayment(actor: Actor, paymentId: string, reason: string) {
  assertAdmin(actor);
  if (!isUuid(paymentId)) throw new AppError("not_found", PAYMENT_NOT_FOUND);
  const db = await getDb();
  // Money taken online is given back only through the provider (a refund on /admin/payments,
  // which corrects this record): voiding it here would keep the money and lose the record.
  const [online] = await db
    .select({ id: duesPayments.id })
    .from(duesPayments)
    .where(and(eq(duesPayments.id, paymentId), like(duesPayments.importRef, "pg:%")));
  if (online) throw new AppError("conflict", ONLINE_PAYMENT);
  const [row] = await db
    .update(duesPayments)
    .set({ voidedAt: clockNow(), voidReason: reason, voidedBy: actor.user.id })
    .where(and(eq(duesPayments.id, paymentId), isNull(duesPayments.voidedAt)))
    .returning(paymentColumns);
  if (!row) {
    const [exists] = await db
      .select({ id: duesPayments.id })
      .from(duesPayments)
      .where(eq(duesPayments.id, paymentId));
    if (!exists) throw new AppError("not_found", PAYMENT_NOT_FOUND);
    throw new AppError("conflict", "이미 취소된 납부 기록입니다.");
  }
  await audit(
    actor.audit,
    "dues_payment_void",
    { id: row.userId, label: row.memberName },
    { paymentId: row.id, year: row.year, amount: row.amount, reason },
  );
  return asPayment(row);
}

/** Exempts a member from a year's dues with a reason; 409 when already exempted. */
export async function exemptMember(actor: Actor, year: number, userId: string, reason: string) {
  assertAdmin(actor);
  const member = await memberOf(userId);
  if (!(await getDuesYear(year))) {
    throw new AppError("invalid", YEAR_NOT_SET(year), { year: YEAR_NOT_SET(year) });
  }
  const db = await getDb();
  const [row] = await db
    .insert(duesExemptions)
    .values({ userId: member.id, year, reason, createdBy: actor.user.id })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("conflict", `이미 ${year}년 회비가 면제된 회원입니다.`);
  await audit(
    actor.audit,
    "dues_exemption",
    { id: member.id, label: member.name },
    { year, reason },
  );
  return { userId: row.userId, year: row.year, reason: row.reason, createdAt: row.createdAt };
}

/** A member's payments (voided ones too), newest first. */
export async function paymentsOf(userId: string): Promise<Payment[]> {
  return (await paymentsOfMember({ userId })).map(asPayment);
}

const paymentsOfMember = builtOnce("dues_payments_of_member", (db) =>
  db
    .select(paymentColumns)
    .from(duesPayments)
    .where(eq(duesPayments.userId, sql.placeholder("userId")))
    .orderBy(desc(duesPayments.year), desc(duesPayments.paidAt), desc(duesPayments.createdAt)),
);

/** A member's exemptions, newest year first. */
export async function exemptionsOf(userId: string) {
  return exemptionsOfMember({ userId });
}

const exemptionsOfMember = builtOnce("dues_exemptions_of_member", (db) =>
  db
    .select({ year: duesExemptions.year, reason: duesExemptions.reason })
    .from(duesExemptions)
    .where(eq(duesExemptions.userId, sql.placeholder("userId")))
    .orderBy(desc(duesExemptions.year)),
);

/**
 * A member's payments and exemptions, and the facts of `years` that standing turns on, worked out
 * from those two lists: three queries where standingOf and memberYearFacts would make six.
 */
export async function duesOfMember(userId: string, years: number[]) {
  const [payments, exemptions, settings] = await Promise.all([
    paymentsOf(userId),
    exemptionsOf(userId),
    yearSettings(years),
  ]);
  const facts = new Map<number, YearFacts>();
  for (const year of years) {
    facts.set(year, {
      settings: settings.get(year) ?? null,
      paid: payments
        .filter((payment) => payment.year === year && !payment.voidedAt)
        .reduce((sum, payment) => sum + payment.amount, 0),
      exempt: exemptions.some((exemption) => exemption.year === year),
    });
  }
  return { payments, exemptions, facts };
}

/** Where a member stands with one year's dues, as the office's application review shows it. */
export type YearDuesOfMember = {
  year: number;
  status: "paid" | "unpaid" | "exempt" | "not_set";
  fee: number | null;
  paid: number;
};

/**
 * Whether each of `userIds` has paid `year`'s dues (voided payments left out): two grouped
 * queries for a page of applicants, whatever its length.
 */
export async function yearDuesOf(
  userIds: string[],
  year: number,
): Promise<Map<string, YearDuesOfMember>> {
  const ids = [...new Set(userIds)].filter(isUuid);
  const db = await getDb();
  const [settings, paid, exempt] = await Promise.all([
    getDuesYear(year),
    ids.length === 0
      ? []
      : db
          .select({
            userId: duesPayments.userId,
            sum: sql<number>`coalesce(sum(${duesPayments.amount}), 0)::int`,
          })
          .from(duesPayments)
          .where(
            and(
              inArray(duesPayments.userId, ids),
              eq(duesPayments.year, year),
              isNull(duesPayments.voidedAt),
            ),
          )
          .groupBy(duesPayments.userId),
    ids.length === 0
      ? []
      : db
          .select({ userId: duesExemptions.userId })
          .from(duesExemptions)
          .where(and(inArray(duesExemptions.userId, ids), eq(duesExemptions.year, year))),
  ]);
  const fee = settings?.regularFee ?? null;
  const result = new Map<string, YearDuesOfMember>();
  for (const id of ids) {
    const sum = Number(paid.find((row) => row.userId === id)?.sum ?? 0);
    const status =
      fee === null
        ? "not_set"
        : sum >= fee
          ? "paid"
          : exempt.some((row) => row.userId === id)
            ? "exempt"
            : "unpaid";
    result.set(id, { year, status, fee, paid: sum });
  }
  return result;
}

/** A year's payments, newest first, a page at a time. */
export async function paymentsOfYear(year: number, page = 1) {
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select(paymentColumns)
      .from(duesPayments)
      .where(eq(duesPayments.year, year))
      .orderBy(desc(duesPayments.createdAt), desc(duesPayments.id))
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((page - 1) * PAYMENTS_PAGE_SIZE),
    db.select({ value: count() }).from(duesPayments).where(eq(duesPayments.year, year)),
  ]);
  return { items: rows.map(asPayment), total: total?.value ?? 0, page };
}

// ---------------------------------------------------------------------------------------------
// What the member sees

export type MyDues = {
  year: number;
  status: "paid" | "unpaid" | "exempt" | "not_required";
  amountDue: number | null;
  bankAccount: string | null;
  depositorName: string | null;
  dueDate: string | null;
  graceUntil: string | null;
  /** Whether the member counts as 정회원 today, and whether that lapsed for unpaid dues. */
  fullStanding: boolean;
  lapsed: boolean;
  /** The end of the previous year's grace period while it alone keeps the member standing. */
  standingGraceUntil: string | null;
  payments: {
    id: string;
    year: number;
    amount: number;
    method: PaymentMethod;
    paidAt: string;
    receiptCode: string;
  }[];
};

/** The member's dues for the current Seoul year, and their payments (voided ones left out). */
export async function myDues(member: {
  id: string;
  name: string;
  phone: string;
  memberType: string;
  isApproved?: boolean;
  suspendedAt?: Date | null;
}): Promise<MyDues> {
  const at = clockNow();
  const year = seoulYear(at);
  const { payments, facts } = await duesOfMember(member.id, [year, year - 1]);
  const standing = standingFrom(member, at, facts);
  const current = facts.get(year)!;
  const settings = current.settings;
  let status: MyDues["status"] = "not_required";
  if (member.memberType === "lifetime") status = "paid";
  else if (member.memberType === "honorary") status = "exempt";
  else if (member.memberType === "regular" && settings) {
    if (current.exempt) status = "exempt";
    else if (current.paid >= settings.regularFee) status = "paid";
    else status = "unpaid";
  }
  const unpaid = status === "unpaid" && settings;
  return {
    year,
    status,
    amountDue: unpaid ? settings.regularFee - current.paid : null,
    bankAccount: unpaid ? settings.bankAccount : null,
    depositorName: unpaid ? depositorNameOf(member) : null,
    dueDate: unpaid ? settings.dueDate : null,
    graceUntil: unpaid ? settings.graceUntil : null,
    fullStanding: standing.full,
    lapsed: standing.lapsed,
    standingGraceUntil: standing.graceUntil,
    payments: payments
      .filter((p) => !p.voidedAt)
      .map((p) => ({
        id: p.id,
        year: p.year,
        amount: p.amount,
        method: p.method,
        paidAt: p.paidAt,
        receiptCode: p.receiptCode,
      })),
  };
}

/** The member's own (non-voided) payment, for its receipt; 404 for anyone else's. */
export async function myPayment(userId: string, paymentId: string) {
  const notFound = new AppError("not_found", "내려받을 수 있는 납부확인서가 없습니다.");
  if (!isUuid(paymentId)) throw notFound;
  const db = await getDb();
  const [row] = await db
    .select({
      ...paymentColumns,
      licenseNumber: users.licenseNumber,
      // Paid online with a 현금영수증: the receipt shows it (issue 37).
      cashReceiptType: onlinePayments.cashReceiptType,
      cashReceiptNumber: onlinePayments.cashReceiptNumber,
    })
    .from(duesPayments)
    .innerJoin(users, eq(users.id, duesPayments.userId))
    .leftJoin(onlinePayments, eq(onlinePayments.duesPaymentId, duesPayments.id))
    .where(
      and(
        eq(duesPayments.id, paymentId),
        eq(duesPayments.userId, userId),
        isNull(duesPayments.voidedAt),
      ),
    );
  if (!row) throw notFound;
  const cashReceipt = row.cashReceiptType
    ? { type: row.cashReceiptType, number: row.cashReceiptNumber }
    : null;
  return { ...asPayment(row), licenseNumber: row.licenseNumber, cashReceipt };
}

/** The payment a receipt's code names, if it exists and is not voided. */
export async function paymentByReceiptCode(code: string) {
  const db = await getDb();
  const [row] = await db
    .select(paymentColumns)
    .from(duesPayments)
    .where(and(eq(duesPayments.receiptCode, code), isNull(duesPayments.voidedAt)));
  return row ? asPayment(row) : null;
}

/** Today's Seoul day (for forms' defaults). */
export const todaySeoul = () => seoulDate(clockNow());
export const currentDuesYear = () => seoulYear(clockNow());

/**
 * The approved member an administrator names on /admin/dues by e-mail or licence number (404 when
 * none, 409 when several share it).
 */
export async function findMemberByKey(key: string) {
  const trimmed = key.trim();
  if (!trimmed) throw new AppError("invalid", "회원의 이메일 또는 면허번호를 입력해주세요.");
  const db = await getDb();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isApproved, true),
        sql`(lower(${users.email}) = lower(${trimmed}) or ${users.licenseNumber} = ${trimmed})`,
      ),
    )
    .limit(2);
  if (rows.length === 0) {
    throw new AppError("not_found", "그 이메일이나 면허번호의 승인된 회원이 없습니다.");
  }
  if (rows.length > 1) {
    throw new AppError("conflict", "같은 면허번호의 회원이 여럿입니다. 이메일로 입력해주세요.");
  }
  return rows[0]!.id;
}

/** The member record's dues section: standing today, payments, exemptions, form defaults. */
export async function memberDuesRecord(member: {
  id: string;
  memberType: string;
  isApproved: boolean;
  suspendedAt: Date | null;
}) {
  const at = clockNow();
  const year = seoulYear(at);
  const { payments, exemptions, facts } = await duesOfMember(member.id, [year, year - 1]);
  return {
    year,
    today: seoulDate(at),
    fullStanding: standingFrom(member, at, facts).full,
    regularFee: facts.get(year)?.settings?.regularFee ?? null,
    payments,
    exemptions,
  };
}
