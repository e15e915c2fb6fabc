// Registration for a seminar: one tap for an approved member in the seminar's audience, confirmed
// while seats are left, the waitlist after that; cancellation until the deadline hands the seat to
// the first in line. Every change to a seminar's seats runs in one transaction that first locks
// the seminar's row, so registrations and cancellations of one seminar happen one after another
// in the order they arrived (50 members at once for 10 seats: 10 confirmed, 40 waitlisted).
// A paid seminar holds the seat while its fee is paid (`payment_pending`, PAYMENT_HOLD_MINUTES; a
// seat offered from the waitlist, a day): a held seat counts as taken, and an unpaid hold is
// released when it expires (`releaseExpiredHolds`), to the next in line.
import { and, asc, count, eq, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import { getDb, rowFromJson, rowsOf } from "~/db.server";
import { env } from "~/env.server";
import { builtOnce } from "~/lib/built-once.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { logger } from "~/logger.server";
import { CALLS_A_WRITING_FUNCTION, type Transaction as Tx } from "~db/client.server";
import {
  payments,
  seminarCheckIns,
  seminarCreditSheets,
  seminarCredits,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import { type AuditContext, audit } from "../audit/audit.server";
import { standingCondition, standingOf } from "../dues/standing.server";
import {
  closeInvoices,
  type Invoice,
  isPaid,
  openInvoice,
  paymentsOff,
  refundInvoice,
} from "../gateway/invoices.server";
import { newPaymentId, paymentsMode } from "../gateway/portone.server";
import {
  notifyHoldExpired,
  notifyRegistrationCancelled,
  notifyRegistrationConfirmed,
  notifySeatOffered,
  notifyWaitlistJoined,
  notifyWaitlistPromoted,
} from "./notifications.server";
import {
  cancellationDeadlineOf,
  feeFor,
  inAudience,
  isPaidSeminar,
  type RegistrationWindow,
  registrationWindow,
  seminarPhase,
} from "./rules";
import { ticketToken } from "./tickets.server";

type Seminar = typeof seminars.$inferSelect;
type Registration = typeof seminarRegistrations.$inferSelect;
type Db = Awaited<ReturnType<typeof getDb>>;

export type RegistrationStatus = "confirmed" | "waitlisted" | "payment_pending" | "cancelled";

/** Statuses that take a seat: confirmed, or held while its fee is paid. */
const SEAT_TAKING = ["confirmed", "payment_pending"];

/**
 * The seats taken at a seminar, as an SQL expression for statements that count them beside
 * something else (the seminar's page, the office's summary). `seminarId` is a
 * value or a column spelled out (Drizzle leaves a one-table select's columns unqualified).
 */
export const seatsTakenSql = (seminarId: SQL | string) =>
  sql<number>`(select count(*)::int from seminar_registrations r where r.seminar_id = ${seminarId} and r.status in ('confirmed', 'payment_pending'))`;

/** Who registers: the signed-in member, with what the account says about them. */
export type Registrant = {
  id: string;
  name: string;
  email: string;
  phone: string;
  hospitalName: string;
  memberType: string;
  /** 정회원 자격 today, when the caller has it already (the session reads it on every request). */
  fullStanding?: boolean;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** How long a registration's seat waits for its fee (PAYMENT_HOLD_SECONDS, else _MINUTES). */
const paymentHoldMs = () =>
  env.PAYMENT_HOLD_SECONDS !== undefined
    ? env.PAYMENT_HOLD_SECONDS * 1000
    : env.PAYMENT_HOLD_MINUTES * MINUTE_MS;

export const seminarNotFound = () => new AppError("not_found", "학술 활동을 찾을 수 없습니다.");

const WINDOW_MESSAGES: Record<Exclude<RegistrationWindow, "open">, string> = {
  external: "이 세미나는 안내된 외부 신청 페이지에서 신청해주세요.",
  not_open: "아직 신청 기간이 아닙니다.",
  closed: "신청이 마감되었습니다.",
  cancelled: "취소된 세미나입니다.",
};

async function lockSeminar(tx: Tx, seminarId: string): Promise<Seminar> {
  if (!isUuid(seminarId)) throw seminarNotFound();
  const [seminar] = await tx
    .select()
    .from(seminars)
    .where(eq(seminars.id, seminarId))
    .for("update");
  if (!seminar) throw seminarNotFound();
  return seminar;
}

/** Seats taken: confirmed, or held for a payment. */
async function takenSeats(tx: Tx | Db, seminarId: string) {
  const [row] = await tx
    .select({ value: count() })
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminarId),
        inArray(seminarRegistrations.status, SEAT_TAKING),
      ),
    );
  return row?.value ?? 0;
}

/**
 * What `userId` pays for the seminar now (0: free), by their standing, read on `tx` (the seat's
 * transaction: on the embedded database a read beside it would wait for it forever).
 */
async function feeOf(tx: Tx, seminar: Seminar, userId: string, now: Date) {
  if (!isPaidSeminar(seminar)) return 0;
  const [member] = await tx
    .select({ full: sql<boolean>`${standingCondition("full", now)}` })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return 0;
  return feeFor(seminar, Boolean(member.full), now);
}

/** Holds the registration's seat for its fee and opens the invoice, in the seat's transaction. */
async function holdForPayment(
  tx: Tx,
  seminar: Seminar,
  registration: Registration & { userId: string },
  amount: number,
  holdMs: number,
  now: Date,
) {
  const expiresAt = new Date(now.getTime() + holdMs);
  const [held] = await tx
    .update(seminarRegistrations)
    .set({ status: "payment_pending", holdExpiresAt: expiresAt, confirmedAt: null })
    .where(eq(seminarRegistrations.id, registration.id))
    .returning();
  const invoice = await openInvoice(tx, {
    userId: registration.userId,
    memberName: registration.name,
    purpose: "seminar",
    orderName: orderNameFor(seminar),
    amount,
    seminarId: seminar.id,
    registrationId: registration.id,
    expiresAt,
  });
  return { registration: held!, invoice };
}

/** The invoice a held registration waits on (the newest one still payable), or null. */
async function openInvoiceOf(db: Tx | Db, registrationId: string): Promise<Invoice | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.registrationId, registrationId),
        inArray(payments.status, ["pending", "failed"]),
      ),
    )
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * The fee paid for each of these registrations (its latest paid invoice): what was paid, what came
 * back, and the payment's page.
 */
async function feesPaidFor(db: Db, registrationIds: string[]) {
  const fees = new Map<string, { paymentId: string; amount: number; refundedAmount: number }>();
  if (registrationIds.length === 0) return fees;
  const rows = await db
    .select({
      registrationId: payments.registrationId,
      paymentId: payments.paymentId,
      amount: payments.amount,
      refundedAmount: payments.refundedAmount,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.registrationId, registrationIds),
        inArray(payments.status, ["paid", "partially_refunded", "refunded"]),
      ),
    )
    .orderBy(payments.paidAt);
  for (const { registrationId, ...fee } of rows) fees.set(registrationId!, fee);
  return fees;
}

/** The paid invoice of a registration, if its fee was paid. */
async function paidInvoiceOf(db: Tx | Db, registrationId: string): Promise<Invoice | null> {
  const rows = await db.select().from(payments).where(eq(payments.registrationId, registrationId));
  return rows.find((row) => isPaid(row) && row.status !== "refunded") ?? null;
}

/**
 * A waitlisted registration's place in line, counting from 1. Its own `queued_at` is read in the
 * statement: the stored one has microseconds, a JavaScript date only milliseconds, and two
 * registrations decided within one millisecond would otherwise be told the same place.
 */
async function waitlistPosition(tx: Tx | Db, registration: Registration) {
  const [row] = await tx
    .select({ value: count() })
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.seminarId, registration.seminarId),
        eq(seminarRegistrations.status, "waitlisted"),
        sql`(${seminarRegistrations.queuedAt}, ${seminarRegistrations.id}) < (select own.queued_at, own.id from seminar_registrations own where own.id = ${registration.id})`,
      ),
    );
  return (row?.value ?? 0) + 1;
}

/**
 * Fills free seats from the waitlist, first in line first, unless registration has closed or the
 * seminar has started (then a freed seat stays free: nobody is told at the last minute). Runs in
 * the transaction that freed the seat; answers who moved up, to be mailed after it commits.
 */
async function promoteFromWaitlist(tx: Tx, seminar: Seminar, now: Date): Promise<Promotion[]> {
  if (registrationWindow(seminar, now) !== "open" || seminar.capacity === null) return [];
  const free = seminar.capacity - (await takenSeats(tx, seminar.id));
  if (free <= 0) return [];
  const next = await tx
    .select({ id: seminarRegistrations.id })
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminar.id),
        eq(seminarRegistrations.status, "waitlisted"),
      ),
    )
    .orderBy(asc(seminarRegistrations.queuedAt), asc(seminarRegistrations.id))
    .limit(free);
  if (next.length === 0) return [];
  const promoted: Promotion[] = [];
  for (const { id } of next) {
    const [registration] = await tx
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.id, id));
    // A withdrawal deletes the waitlisted (decision 035): a line without a member is never asked.
    const userId = registration?.userId;
    if (!userId) continue;
    const amount = await feeOf(tx, seminar, userId, now);
    if (amount > 0) {
      // The waitlist never asks for money until a seat is offered: then a day to pay.
      const held = await holdForPayment(
        tx,
        seminar,
        { ...registration, userId },
        amount,
        DAY_MS,
        now,
      );
      promoted.push({ registration: held.registration, payment: held.invoice });
    } else {
      const [confirmed] = await tx
        .update(seminarRegistrations)
        .set({ status: "confirmed", confirmedAt: now })
        .where(eq(seminarRegistrations.id, id))
        .returning();
      promoted.push({ registration: confirmed!, payment: null });
    }
  }
  return promoted;
}

/** Someone moved up from the waitlist: confirmed, or offered the seat to pay for. */
type Promotion = { registration: Registration; payment: Invoice | null };

/** Mails those who moved up: a ticket, or the seat offered with the fee and the time to pay. */
async function notifyPromoted(seminar: Seminar, promoted: Promotion[]) {
  for (const { registration, payment } of promoted) {
    if (payment) await notifySeatOffered(seminar, registration, payment);
    else await notifyWaitlistPromoted(seminar, registration);
  }
}

/**
 * Releases the seminar's holds whose time ran out (their invoices closed), then fills the seats
 * from the waitlist. Runs in the seminar's locked transaction; answers who lost and who got a seat.
 */
async function releaseExpired(tx: Tx, seminar: Seminar, now: Date) {
  const released = await tx
    .update(seminarRegistrations)
    .set({ status: "cancelled", cancelledAt: now, cancelledBy: null, holdExpiresAt: null })
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminar.id),
        eq(seminarRegistrations.status, "payment_pending"),
        lte(seminarRegistrations.holdExpiresAt, now),
      ),
    )
    .returning();
  if (released.length === 0) return { released, promoted: [] as Promotion[] };
  const open = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      inArray(
        payments.registrationId,
        released.map((r) => r.id),
      ),
    );
  await closeInvoices(
    tx,
    open.map((row) => row.id),
    "결제 시간이 지나 좌석이 해제되었습니다.",
  );
  return { released, promoted: await promoteFromWaitlist(tx, seminar, now) };
}

/**
 * Releases every expired hold (the minute job; registering releases a seminar's own first), and
 * mails who lost the seat and who was offered it.
 */
export async function releaseExpiredHolds(now: Date = clockNow()) {
  const db = await getDb();
  const due = await db
    .selectDistinct({ seminarId: seminarRegistrations.seminarId })
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.status, "payment_pending"),
        lte(seminarRegistrations.holdExpiresAt, now),
      ),
    );
  let count = 0;
  for (const { seminarId } of due) count += await releaseExpiredHoldsOf(seminarId, now);
  return count;
}

/**
 * The same for one seminar, at once: a member whose hold ran out a moment ago sees it released
 * (and may register again) rather than a payment they can no longer make, until the minute job.
 */
export async function releaseExpiredHoldsOf(seminarId: string, now: Date = clockNow()) {
  const db = await getDb();
  const { seminar, released, promoted } = await db.transaction(async (tx) => {
    const seminar = await lockSeminar(tx, seminarId);
    return { seminar, ...(await releaseExpired(tx, seminar, now)) };
  });
  for (const registration of released) await notifyHoldExpired(seminar, registration);
  await notifyPromoted(seminar, promoted);
  return released.length;
}

/** What a member sees of their registration (the JSON call's answer). */
export type MyRegistration =
  | {
      id: string;
      status: "confirmed" | "waitlisted";
      waitlistPosition: number | null;
      ticketToken: string | null;
    }
  | {
      id: string;
      status: "payment_pending";
      amount: number;
      paymentId: string | null;
      expiresAt: string | null;
    }
  | { status: "cancelled" };

async function answerFor(db: Tx | Db, registration: Registration): Promise<MyRegistration> {
  if (registration.status === "cancelled") return { status: "cancelled" };
  if (registration.status === "payment_pending") {
    const invoice = await openInvoiceOf(db, registration.id);
    return {
      id: registration.id,
      status: "payment_pending",
      amount: invoice?.amount ?? 0,
      paymentId: invoice?.paymentId ?? null,
      expiresAt: registration.holdExpiresAt?.toISOString() ?? null,
    };
  }
  const waitlisted = registration.status === "waitlisted";
  return {
    id: registration.id,
    status: waitlisted ? "waitlisted" : "confirmed",
    waitlistPosition: waitlisted ? await waitlistPosition(db, registration) : null,
    ticketToken: waitlisted ? null : ticketToken(registration),
  };
}

/** What the invoice for a seminar's fee is called, at the provider and on the receipt. */
const orderNameFor = (seminar: Seminar) => `${seminar.title} 등록비`;

/** Refuses a registration the seminar does not take now (409), or not from this member (403). */
function checkRegistrable(seminar: Seminar, full: boolean, now: Date) {
  const window = registrationWindow(seminar, now);
  if (window !== "open") throw new AppError("conflict", WINDOW_MESSAGES[window]);
  if (!inAudience(seminar, full)) {
    throw new AppError("forbidden", "정회원만 신청할 수 있는 세미나입니다.");
  }
}

/** A seat decided: the registration, its invoice when held for a fee, and holds released first. */
type SeatTaken = {
  seminar: Seminar;
  registration: Registration;
  invoice: Invoice | null;
  expired: { released: Registration[]; promoted: Promotion[] };
};

const NOTHING_EXPIRED = { released: [] as Registration[], promoted: [] as Promotion[] };

/** The seminar as a registration reads it before the seat is decided, with the row's version. */
const seminarAsSeen = builtOnce("seminar_as_seen_for_a_seat", (db) =>
  db
    .select({ seminar: seminars, version: sql<string>`seminars.xmin::text` })
    .from(seminars)
    .where(eq(seminars.id, sql.placeholder("id"))),
);

type SeatAnswer =
  | {
      outcome: "taken";
      registration: Record<string, unknown>;
      invoice: Record<string, unknown> | null;
    }
  | { outcome: "not_found" | "recheck" | "already" | "payments_off" };

/**
 * Decides the seat in one call to the database (`take_seminar_seat`, migration 0032, decision
 * 030), which takes the seminar's row lock, counts the seats after it, and writes the registration
 * and a held seat's invoice. The window, the audience and the fee are decided here from `seminar`
 * as read at `version`; the function answers null here ('recheck') if the row changed since, or if
 * holds have run out, whose release is `takeSeatUnderLock`'s.
 */
async function decideSeat(
  executor: Db | Tx,
  seminar: Seminar,
  version: string,
  member: Registrant,
  full: boolean,
  now: Date,
  holdMs: number,
): Promise<Omit<SeatTaken, "expired"> | null> {
  checkRegistrable(seminar, full, now);
  const fee = feeFor(seminar, full, now);
  const mode = paymentsMode();
  const provider = fee > 0 && mode !== "off" ? mode : null;
  const result =
    await executor.execute(sql`${sql.raw(CALLS_A_WRITING_FUNCTION)} select take_seminar_seat(
    ${seminar.id}, ${version}, ${member.id}, ${member.name}, ${member.email},
    ${member.phone}, ${member.hospitalName ?? null}, ${fee}, ${now},
    ${new Date(now.getTime() + holdMs)}, ${provider ? newPaymentId() : null}, ${provider},
    ${orderNameFor(seminar)}) as answer`);
  const [row] = rowsOf<{ answer: SeatAnswer }>(result);
  const answer = row!.answer;
  switch (answer.outcome) {
    case "taken":
      return {
        seminar,
        registration: rowFromJson(seminarRegistrations, answer.registration),
        invoice: answer.invoice ? rowFromJson(payments, answer.invoice) : null,
      };
    case "recheck":
      return null;
    case "not_found":
      throw seminarNotFound();
    case "already":
      throw new AppError("conflict", "이미 신청한 세미나입니다.");
    case "payments_off":
      throw paymentsOff();
  }
}

/**
 * The seat decided without holding the seminar's lock in this process: on registration day
 * hundreds of members wait for that lock, and a lock held across round trips to a Node process
 * that is also drawing pages made each of them wait for its pages too (docs/performance.md,
 * "Registration day"). Null when the seminar must be locked first.
 */
async function takeSeatInOneCall(
  seminarId: string,
  member: Registrant,
  full: boolean,
  now: Date,
  holdMs: number,
): Promise<SeatTaken | null> {
  const [seen] = await seminarAsSeen({ id: seminarId });
  if (!seen) throw seminarNotFound();
  const db = await getDb();
  const taken = await decideSeat(db, seen.seminar, seen.version, member, full, now, holdMs);
  return taken && { ...taken, expired: NOTHING_EXPIRED };
}

/**
 * The seat decided in a transaction that holds the seminar's row lock throughout: when holds have
 * run out (they are released and offered to the waitlist first, in the same transaction) or the
 * seminar changed after it was read.
 */
async function takeSeatUnderLock(
  seminarId: string,
  member: Registrant,
  full: boolean,
  now: Date,
  holdMs: number,
): Promise<SeatTaken> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        seminar: seminars,
        // Spelled out: Drizzle leaves columns unqualified in a one-table select.
        version: sql<string>`seminars.xmin::text`,
      })
      .from(seminars)
      .where(eq(seminars.id, seminarId))
      .for("update", { of: seminars });
    if (!locked) throw seminarNotFound();
    const { seminar, version } = locked;
    // Always, after the lock: a look for run-out holds in the locking statement would use a
    // snapshot from before the lock's wait and miss a hold committed meanwhile.
    const expired = await releaseExpired(tx, seminar, now);
    // Under this transaction's lock the row cannot change, and no hold is left run out.
    const taken = await decideSeat(tx, seminar, version, member, full, now, holdMs);
    if (!taken) throw new Error(`take_seminar_seat asked to recheck under the lock (${seminarId})`);
    return { ...taken, expired };
  });
}

/**
 * Registers the member: confirmed while seats are left (held for its fee at a paid seminar),
 * waitlisted after. 403 outside the audience; 409 when already registered or registration is not
 * open. The place in line is read after the seat is decided, and the mail goes out after it.
 */
export async function register(seminarId: string, member: Registrant) {
  if (!isUuid(seminarId)) throw seminarNotFound();
  const now = clockNow();
  const full = member.fullStanding ?? (await standingOf(member, now)).full;
  const holdMs = paymentHoldMs();
  const { seminar, registration, invoice, expired } =
    (await takeSeatInOneCall(seminarId, member, full, now, holdMs)) ??
    (await takeSeatUnderLock(seminarId, member, full, now, holdMs));
  for (const released of expired.released) await notifyHoldExpired(seminar, released);
  await notifyPromoted(seminar, expired.promoted);
  const answer: MyRegistration = invoice
    ? {
        id: registration.id,
        status: "payment_pending",
        amount: invoice.amount,
        paymentId: invoice.paymentId,
        expiresAt: registration.holdExpiresAt?.toISOString() ?? null,
      }
    : await answerFor(await getDb(), registration);
  if (answer.status === "confirmed") await notifyRegistrationConfirmed(seminar, registration);
  if (answer.status === "waitlisted") {
    await notifyWaitlistJoined(seminar, registration, answer.waitlistPosition ?? 1);
  }
  return answer;
}

/** The member's registration for the seminar, or null if they never registered. */
export async function findMyRegistration(seminarId: string, userId: string) {
  if (!isUuid(seminarId)) return null;
  const [registration] = await registrationOfMember({ seminarId, userId });
  return registration ? answerFor(await getDb(), registration) : null;
}

const registrationOfMember = builtOnce("seminar_registration_of_member", (db) =>
  db
    .select()
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.seminarId, sql.placeholder("seminarId")),
        eq(seminarRegistrations.userId, sql.placeholder("userId")),
      ),
    ),
);

/** A sent credit sheet lists its attendees; from then on who attended changes only there. */
async function refuseAfterCreditSheet(db: Db | Tx, seminarId: string) {
  const [sheet] = await db
    .select({ status: seminarCreditSheets.status })
    .from(seminarCreditSheets)
    .where(eq(seminarCreditSheets.seminarId, seminarId));
  if (sheet && sheet.status !== "draft") {
    throw new AppError(
      "conflict",
      "연수평점 산정표를 발송한 세미나의 신청은 취소할 수 없습니다. 평점표에서 사유와 함께 정정해주세요.",
    );
  }
}

/**
 * Cancels a registration, or leaves the waitlist. A member may cancel a confirmed seat until the
 * deadline (after it, the office does it: `by` an administrator skips the deadline). A freed seat
 * goes to the first in line, who is mailed. A member's paid fee is returned in full through the
 * provider before the seat is given up (the deadline is the refund rule: the full amount until it,
 * nothing after). The office chooses (`refund`, its dialog's box, ticked by default): a seat it
 * cancels without a refund keeps the money, and a new registration pays again.
 */
export async function cancelRegistration(
  seminarId: string,
  userId: string,
  by: { administrator?: AuditContext; refund?: boolean; withdrawal?: boolean } = {},
) {
  const db = await getDb();
  const now = clockNow();
  let refunded = 0;
  let refundMethod: string | null = null;
  if ((!by.administrator || by.refund) && isUuid(seminarId)) {
    const [row] = await db
      .select({ registration: seminarRegistrations, seminar: seminars })
      .from(seminarRegistrations)
      .innerJoin(seminars, eq(seminars.id, seminarRegistrations.seminarId))
      .where(
        and(
          eq(seminarRegistrations.seminarId, seminarId),
          eq(seminarRegistrations.userId, userId),
          eq(seminarRegistrations.status, "confirmed"),
        ),
      );
    const paid =
      row && (by.administrator || now <= cancellationDeadlineOf(row.seminar))
        ? await paidInvoiceOf(db, row.registration.id)
        : null;
    // The refusal below, before the money goes: a refund followed by a refused cancellation
    // would leave the seat taken and its fee returned.
    if (paid) await refuseAfterCreditSheet(db, seminarId);
    if (paid) {
      const left = paid.amount - paid.refundedAmount;
      await refundInvoice(
        paid,
        by.administrator
          ? "사무국의 신청 취소 (전액 환불)"
          : by.withdrawal
            ? "회원 탈퇴 (취소 기한 내 전액 환불)"
            : "참가 취소 (취소 기한 내 전액 환불)",
        { by: by.administrator?.actor?.id ?? userId },
      );
      refunded = left;
      refundMethod = paid.method;
    }
  }
  const { seminar, cancelled, promoted, wasWaitlisted, keptFee } = await db.transaction(
    async (tx) => {
      const seminar = await lockSeminar(tx, seminarId);
      const [registration] = await tx
        .select()
        .from(seminarRegistrations)
        .where(
          and(
            eq(seminarRegistrations.seminarId, seminar.id),
            eq(seminarRegistrations.userId, userId),
          ),
        );
      if (!registration || registration.status === "cancelled") {
        throw new AppError("not_found", "신청 내역이 없습니다.");
      }
      await refuseAfterCreditSheet(tx, seminar.id);
      if (
        !by.administrator &&
        !by.withdrawal &&
        registration.status === "confirmed" &&
        now > cancellationDeadlineOf(seminar)
      ) {
        throw new AppError(
          "conflict",
          "취소 기한이 지났습니다. 취소가 필요하시면 학회 사무국에 문의해주세요.",
        );
      }
      const [cancelled] = await tx
        .update(seminarRegistrations)
        .set({
          status: "cancelled",
          cancelledAt: now,
          cancelledBy: by.administrator?.actor?.id ?? userId,
        })
        .where(eq(seminarRegistrations.id, registration.id))
        .returning();
      if (registration.status === "payment_pending") {
        const open = await openInvoiceOf(tx, registration.id);
        if (open) await closeInvoices(tx, [open.id], "신청을 취소했습니다.");
      }
      // A fee the office kept is no longer the seat's: a new registration pays for a new seat, and
      // its cancellation (or the seminar's) refunds that payment, never the kept one.
      const kept = by.administrator
        ? await tx
            .update(payments)
            .set({ registrationId: null })
            .where(
              and(
                eq(payments.registrationId, registration.id),
                inArray(payments.status, ["paid", "partially_refunded"]),
              ),
            )
            .returning({ amount: payments.amount, refundedAmount: payments.refundedAmount })
        : [];
      const promoted =
        registration.status === "waitlisted" ? [] : await promoteFromWaitlist(tx, seminar, now);
      return {
        seminar,
        cancelled: cancelled!,
        promoted,
        wasWaitlisted: registration.status === "waitlisted",
        keptFee: kept.reduce((sum, row) => sum + row.amount - row.refundedAmount, 0),
      };
    },
  );
  if (by.administrator) {
    await audit(
      by.administrator,
      "seminar_registration_cancel",
      { id: cancelled.id, label: `${seminar.title} · ${cancelled.name}` },
      refunded > 0 ? { refundedAmount: refunded } : undefined,
    );
  }
  await notifyRegistrationCancelled(seminar, cancelled, {
    wasWaitlisted,
    refunded,
    refundMethod,
    keptFee,
    byOffice: Boolean(by.administrator),
    withdrawal: Boolean(by.withdrawal),
  });
  await notifyPromoted(seminar, promoted);
  return { status: "cancelled" as const, refund: { amount: refunded } };
}

/**
 * A withdrawing member's places in seminars not yet begun, given up as their own cancellation
 * would: a fee paid before the deadline comes back in full, an open payment window closes, and a
 * freed seat goes to the first in line. After the deadline the seat still goes (the member is
 * leaving), without a refund, as the seminar's rule says. Called before the account is deleted:
 * its registrations would otherwise vanish with it, seat freed to whoever asked next and the fee
 * kept unannounced. A refund the provider refuses stops the withdrawal (nothing is deleted).
 */
export async function withdrawFromSeminars(userId: string) {
  const db = await getDb();
  const places = await db
    .select({ seminarId: seminarRegistrations.seminarId })
    .from(seminarRegistrations)
    .innerJoin(seminars, eq(seminars.id, seminarRegistrations.seminarId))
    .where(
      and(
        eq(seminarRegistrations.userId, userId),
        ne(seminarRegistrations.status, "cancelled"),
        sql`${seminars.date} > ${clockNow()}`,
      ),
    );
  for (const { seminarId } of places) {
    await cancelRegistration(seminarId, userId, { withdrawal: true });
  }
  return places.length;
}

/**
 * Whether a registration is part of the society's record of credits: the door scanned it, or a
 * credit sheet carries it.
 */
const attended = sql`(exists (select 1 from ${seminarCheckIns} where ${seminarCheckIns.registrationId} = ${seminarRegistrations.id})
  or exists (select 1 from ${seminarCredits} where ${seminarCredits.registrationId} = ${seminarRegistrations.id}))`;

/**
 * What a withdrawal leaves of the member's seminars (decision 035). A registration with attendance
 * stays, as the record the society reports to the KMA and the certificate's check reads: with the
 * name, the clinic and the licence number (copied from the account, which is about to go), without
 * the e-mail and the phone. The account's other registrations are deleted. The account's deletion
 * then clears `user_id`; `purgeKeptAttendance` ends what is kept. Runs in the deletion's
 * transaction: an account that stays keeps its registrations whole.
 */
export async function keepAttendanceOf(tx: Tx, userId: string) {
  const [account] = await tx
    .select({ licenseNumber: users.licenseNumber, hospitalName: users.hospitalName })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return;
  const own = eq(seminarRegistrations.userId, userId);
  await tx
    .update(seminarRegistrations)
    .set({
      licenseNumber: account.licenseNumber,
      hospitalName: sql`coalesce(${seminarRegistrations.hospitalName}, ${account.hospitalName})`,
      email: "",
      phone: "",
    })
    .where(and(own, attended));
  await tx.delete(seminarRegistrations).where(and(own, sql`not ${attended}`));
}

/** How long attendance is kept once its member has gone: the KMA's rule for training records. */
const KEPT_ATTENDANCE_YEARS = 3;

/**
 * Deletes what withdrawn members left (keepAttendanceOf) three years after their seminar ended;
 * a member's own registrations are kept as long as the account. Run by the daily retention job.
 */
export async function purgeKeptAttendance(at: Date = clockNow()) {
  const db = await getDb();
  const before = new Date(at);
  before.setUTCFullYear(before.getUTCFullYear() - KEPT_ATTENDANCE_YEARS);
  const gone = await db
    .delete(seminarRegistrations)
    .where(
      and(
        isNull(seminarRegistrations.userId),
        sql`${seminarRegistrations.seminarId} in (select ${seminars.id} from ${seminars}
          where coalesce(${seminars.endDate}, ${seminars.date}) < ${before})`,
      ),
    )
    .returning({ id: seminarRegistrations.id });
  return gone.length;
}

/**
 * What a cancelled seminar owes its registrants: every fee paid for it is refunded in full through
 * the provider (the society called it off), and the payment windows of held seats are closed, so
 * nobody pays for an event that will not happen. Answers the amount refunded per registration; a
 * refund the provider refuses is logged and left to the office (/admin/payments), and the mail
 * then does not promise it.
 */
export async function refundCancelledSeminar(seminarId: string, by: string | null) {
  const db = await getDb();
  const rows = await db
    .select({ registrationId: seminarRegistrations.id, status: seminarRegistrations.status })
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminarId),
        inArray(seminarRegistrations.status, ["confirmed", "payment_pending"]),
      ),
    );
  const refunded = new Map<string, number>();
  const paymentIds: string[] = [];
  let failed = 0;
  for (const row of rows) {
    if (row.status === "payment_pending") {
      await db.transaction(async (tx) => {
        const open = await openInvoiceOf(tx, row.registrationId);
        if (open) await closeInvoices(tx, [open.id], "세미나가 취소되었습니다.");
      });
      continue;
    }
    const paid = await paidInvoiceOf(db, row.registrationId);
    if (!paid) continue;
    const left = paid.amount - paid.refundedAmount;
    try {
      await refundInvoice(paid, "세미나 취소 (전액 환불)", { by });
      refunded.set(row.registrationId, left);
      paymentIds.push(paid.paymentId);
    } catch (error) {
      failed += 1;
      logger.error(
        { err: error, paymentId: paid.paymentId },
        "A cancelled seminar's fee could not be refunded",
      );
    }
  }
  // Fees the office kept when it cancelled a seat without a refund belong to no seat any more,
  // but they were paid for this seminar, which will not take place: they go back too. The
  // refund is told with the member's registration of the seminar, the live one if any, else
  // the cancelled one (`formerRegistrants`, who would not be mailed otherwise).
  const kept = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.seminarId, seminarId),
        isNull(payments.registrationId),
        inArray(payments.status, ["paid", "partially_refunded"]),
      ),
    );
  const formerRegistrants: string[] = [];
  for (const paid of kept) {
    if (!paid.userId) continue;
    const left = paid.amount - paid.refundedAmount;
    try {
      await refundInvoice(paid, "세미나 취소 (전액 환불)", { by });
      paymentIds.push(paid.paymentId);
    } catch (error) {
      failed += 1;
      logger.error(
        { err: error, paymentId: paid.paymentId },
        "A cancelled seminar's kept fee could not be refunded",
      );
      continue;
    }
    const [registration] = await db
      .select({ id: seminarRegistrations.id, status: seminarRegistrations.status })
      .from(seminarRegistrations)
      .where(
        and(
          eq(seminarRegistrations.seminarId, seminarId),
          eq(seminarRegistrations.userId, paid.userId),
        ),
      );
    if (!registration) continue;
    refunded.set(registration.id, (refunded.get(registration.id) ?? 0) + left);
    if (registration.status === "cancelled" && !formerRegistrants.includes(registration.id)) {
      formerRegistrants.push(registration.id);
    }
  }
  return { refunded, paymentIds, failed, formerRegistrants };
}

/**
 * A cancelled seminar opened again: the registrations it had were told it would not take place,
 * and their fees went back, so none of them holds a place any more. Each is cancelled (without a
 * mail: the cancellation's mail said so), and whoever still wants to come registers and pays anew,
 * as the office's dialog said when it cancelled.
 */
export async function releaseRegistrationsOfReopened(seminarId: string, by: string) {
  const db = await getDb();
  const released = await db
    .update(seminarRegistrations)
    .set({ status: "cancelled", cancelledAt: clockNow(), cancelledBy: by, holdExpiresAt: null })
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminarId),
        inArray(seminarRegistrations.status, ["confirmed", "payment_pending", "waitlisted"]),
      ),
    )
    .returning({ id: seminarRegistrations.id });
  return released.length;
}

/**
 * The fee of a held seat was paid: the registration is confirmed and its ticket mailed. A hold that
 * ran out is confirmed again if a seat is still free; otherwise, or when the member or the office
 * cancelled the registration (`cancelled`) or the seminar (`seminar_cancelled`), the answer is
 * `no_seat` or those, and the caller returns the money.
 * Confirming twice changes nothing.
 */
export async function confirmPaidSeat(
  registrationId: string,
): Promise<"confirmed" | "already" | "no_seat" | "cancelled" | "seminar_cancelled"> {
  const db = await getDb();
  const now = clockNow();
  // A held seat stays taken when it is confirmed, so the seminar's lock is not needed: one
  // conditional statement, which a concurrent release of the same hold either precedes or follows.
  const [held] = await db
    .update(seminarRegistrations)
    .set({ status: "confirmed", confirmedAt: now, holdExpiresAt: null, cancelledAt: null })
    .where(
      and(
        eq(seminarRegistrations.id, registrationId),
        eq(seminarRegistrations.status, "payment_pending"),
        sql`not exists (select 1 from ${seminars} where ${seminars.id} = ${seminarRegistrations.seminarId} and ${seminars.status} = 'cancelled')`,
      ),
    )
    .returning();
  if (held) {
    const [seminar] = await db.select().from(seminars).where(eq(seminars.id, held.seminarId));
    await notifyRegistrationConfirmed(seminar!, held);
    return "confirmed";
  }
  // Confirmed already, or released: the seat is looked for again under the seminar's lock.
  const [found] = await db
    .select({ seminarId: seminarRegistrations.seminarId })
    .from(seminarRegistrations)
    .where(eq(seminarRegistrations.id, registrationId));
  if (!found) return "no_seat";
  const result = await db.transaction(async (tx) => {
    const seminar = await lockSeminar(tx, found.seminarId);
    const [registration] = await tx
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.id, registrationId));
    if (!registration) return { outcome: "no_seat" as const };
    // The seminar was called off while the payment window was open: its fee goes back.
    if (seminar.status === "cancelled") return { outcome: "seminar_cancelled" as const };
    if (registration.status === "confirmed") return { outcome: "already" as const };
    // Cancelled by the member or the office (a released hold has no canceller): a payment window
    // left open and completed afterwards must not bring the seat back; its money goes back.
    if (registration.status === "cancelled" && registration.cancelledBy !== null) {
      return { outcome: "cancelled" as const };
    }
    if (registration.status !== "payment_pending") {
      const free =
        seminar.status !== "cancelled" &&
        now < seminar.date &&
        (seminar.capacity === null || (await takenSeats(tx, seminar.id)) < seminar.capacity);
      if (!free) return { outcome: "no_seat" as const };
    }
    const [confirmed] = await tx
      .update(seminarRegistrations)
      .set({ status: "confirmed", confirmedAt: now, holdExpiresAt: null, cancelledAt: null })
      .where(eq(seminarRegistrations.id, registrationId))
      .returning();
    return { outcome: "confirmed" as const, seminar, registration: confirmed! };
  });
  if (result.outcome === "confirmed") {
    await notifyRegistrationConfirmed(result.seminar, result.registration);
  } else if (result.outcome === "no_seat") {
    logger.warn({ registrationId }, "a fee was paid after its seat was released");
  }
  return result.outcome;
}

/**
 * After an administrator changed a seminar (more seats, registration reopened): fills what the
 * waitlist can fill now, and mails those who moved up.
 */
export async function fillFreedSeats(seminarId: string) {
  const db = await getDb();
  const now = clockNow();
  const { seminar, promoted } = await db.transaction(async (tx) => {
    const seminar = await lockSeminar(tx, seminarId);
    return { seminar, promoted: await promoteFromWaitlist(tx, seminar, now) };
  });
  await notifyPromoted(seminar, promoted);
}

/** Confirmed seats left, or null for unlimited. */
export async function seatsLeft(seminar: Pick<Seminar, "id" | "capacity">) {
  if (seminar.capacity === null) return null;
  const db = await getDb();
  return Math.max(0, seminar.capacity - (await takenSeats(db, seminar.id)));
}

/** Seats left of several seminars at once (the list call), null where unlimited. */
export async function seatsLeftOf(list: Pick<Seminar, "id" | "capacity">[]) {
  const limited = list.filter((s) => s.capacity !== null);
  const taken = new Map<string, number>();
  if (limited.length > 0) {
    const db = await getDb();
    const rows = await db
      .select({ seminarId: seminarRegistrations.seminarId, value: count() })
      .from(seminarRegistrations)
      .where(
        and(
          inArray(
            seminarRegistrations.seminarId,
            limited.map((s) => s.id),
          ),
          inArray(seminarRegistrations.status, SEAT_TAKING),
        ),
      )
      .groupBy(seminarRegistrations.seminarId);
    for (const row of rows) taken.set(row.seminarId, row.value);
  }
  return new Map(
    list.map((s) => [
      s.id,
      s.capacity === null ? null : Math.max(0, s.capacity - (taken.get(s.id) ?? 0)),
    ]),
  );
}

/** A member's registrations, soonest seminar first (/mypage and the member record). */
const registrationRowsOf = builtOnce("seminar_registrations_of_member", (db) =>
  db
    .select({ registration: seminarRegistrations, seminar: seminars })
    .from(seminarRegistrations)
    .innerJoin(seminars, eq(seminars.id, seminarRegistrations.seminarId))
    .where(eq(seminarRegistrations.userId, sql.placeholder("userId")))
    .orderBy(asc(seminars.date)),
);

/** A member's registrations with what they can do now; with `fees`, the fee paid for each (마이페이지). */
export async function registrationsOf(userId: string, options: { fees?: boolean } = {}) {
  const db = await getDb();
  const rows = await registrationRowsOf({ userId });
  const now = clockNow();
  const fees = options.fees
    ? await feesPaidFor(
        db,
        rows.map(({ registration }) => registration.id),
      )
    : new Map<string, never>();
  return Promise.all(
    rows.map(async ({ registration, seminar }) => ({
      id: registration.id,
      seminar: {
        id: seminar.id,
        title: seminar.title,
        date: seminar.date,
        endDate: seminar.endDate,
        location: seminar.location,
      },
      status: registration.status as RegistrationStatus,
      payment:
        registration.status === "payment_pending"
          ? await openInvoiceOf(db, registration.id).then((invoice) =>
              invoice
                ? {
                    paymentId: invoice.paymentId,
                    amount: invoice.amount,
                    expiresAt: registration.holdExpiresAt,
                  }
                : null,
            )
          : null,
      waitlistPosition:
        registration.status === "waitlisted" ? await waitlistPosition(db, registration) : null,
      /** The fee paid for the seat (confirmed) or for a seat since given up (cancelled). */
      fee:
        registration.status === "confirmed" || registration.status === "cancelled"
          ? (fees.get(registration.id) ?? null)
          : null,
      cancellationDeadline: cancellationDeadlineOf(seminar),
      canCancel:
        registration.status === "waitlisted" ||
        registration.status === "payment_pending" ||
        (registration.status === "confirmed" && now <= cancellationDeadlineOf(seminar)),
      phase: seminarPhase(seminar, now),
      past: seminarPhase(seminar, now) === "past",
    })),
  );
}

/** A member's confirmed registration with its ticket, for the ticket page; null if none. */
export async function findTicket(registrationId: string, userId: string) {
  if (!isUuid(registrationId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ registration: seminarRegistrations, seminar: seminars })
    .from(seminarRegistrations)
    .innerJoin(seminars, eq(seminars.id, seminarRegistrations.seminarId))
    .where(
      and(
        eq(seminarRegistrations.id, registrationId),
        eq(seminarRegistrations.userId, userId),
        eq(seminarRegistrations.status, "confirmed"),
      ),
    );
  if (!row) return null;
  return { ...row, token: ticketToken(row.registration) };
}

/**
 * Confirmed registrations of seminars starting within the next day that have not been reminded,
 * marked as reminded in the same statement (so two instances never remind twice).
 */
export async function claimDueReminders(now: Date = clockNow()) {
  const db = await getDb();
  const due = db
    .select({ id: seminarRegistrations.id })
    .from(seminarRegistrations)
    .innerJoin(seminars, eq(seminars.id, seminarRegistrations.seminarId))
    .where(
      and(
        eq(seminarRegistrations.status, "confirmed"),
        isNull(seminarRegistrations.remindedAt),
        ne(seminars.status, "cancelled"),
        lte(seminars.date, new Date(now.getTime() + DAY_MS)),
        sql`${seminars.date} > ${now}`,
      ),
    );
  return db
    .update(seminarRegistrations)
    .set({ remindedAt: now })
    .where(and(inArray(seminarRegistrations.id, due), isNull(seminarRegistrations.remindedAt)))
    .returning();
}
