// Registration for a seminar: one tap for an approved member in the seminar's audience, confirmed
// while seats are left, the waitlist after that; cancellation until the deadline hands the seat to
// the first in line. Every change to a seminar's seats runs in one transaction that first locks
// the seminar's row, so registrations and cancellations of one seminar happen one after another
// in the order they arrived (50 members at once for 10 seats: 10 confirmed, 40 waitlisted).
import { and, asc, count, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { seminarRegistrations, seminars } from "~db/schema";
import { type AuditContext, audit } from "../audit/audit.server";
import { standingOf } from "../dues/standing.server";
import {
  notifyRegistrationCancelled,
  notifyRegistrationConfirmed,
  notifyWaitlistJoined,
  notifyWaitlistPromoted,
} from "./notifications.server";
import {
  cancellationDeadlineOf,
  inAudience,
  type RegistrationWindow,
  registrationWindow,
} from "./rules";
import { ticketToken } from "./tickets.server";

type Seminar = typeof seminars.$inferSelect;
type Registration = typeof seminarRegistrations.$inferSelect;
type Db = Awaited<ReturnType<typeof getDb>>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type RegistrationStatus = "confirmed" | "waitlisted" | "cancelled";

/** Who registers: the signed-in member, with what the account says about them. */
export type Registrant = {
  id: string;
  name: string;
  email: string;
  phone: string;
  hospitalName: string;
  memberType: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export const seminarNotFound = () => new AppError("not_found", "학술 활동을 찾을 수 없습니다.");

const WINDOW_MESSAGES: Record<Exclude<RegistrationWindow, "open">, string> = {
  external: "이 세미나는 안내된 외부 신청 페이지에서 신청해주세요.",
  not_open: "아직 신청 기간이 아닙니다.",
  closed: "신청이 마감되었습니다.",
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

async function confirmedCount(tx: Tx | Db, seminarId: string) {
  const [row] = await tx
    .select({ value: count() })
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminarId),
        eq(seminarRegistrations.status, "confirmed"),
      ),
    );
  return row?.value ?? 0;
}

/** A waitlisted registration's place in line, counting from 1. */
async function waitlistPosition(tx: Tx | Db, registration: Registration) {
  const [row] = await tx
    .select({ value: count() })
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.seminarId, registration.seminarId),
        eq(seminarRegistrations.status, "waitlisted"),
        sql`(${seminarRegistrations.queuedAt}, ${seminarRegistrations.id}) < (${registration.queuedAt}, ${registration.id})`,
      ),
    );
  return (row?.value ?? 0) + 1;
}

/**
 * Fills free seats from the waitlist, first in line first, unless registration has closed or the
 * seminar has started (then a freed seat stays free: nobody is told at the last minute). Runs in
 * the transaction that freed the seat; answers who moved up, to be mailed after it commits.
 */
async function promoteFromWaitlist(tx: Tx, seminar: Seminar, now: Date) {
  if (registrationWindow(seminar, now) !== "open" || seminar.capacity === null) return [];
  const free = seminar.capacity - (await confirmedCount(tx, seminar.id));
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
  return tx
    .update(seminarRegistrations)
    .set({ status: "confirmed", confirmedAt: now })
    .where(
      inArray(
        seminarRegistrations.id,
        next.map((r) => r.id),
      ),
    )
    .returning();
}

/** What a member sees of their registration (the JSON call's answer). */
export type MyRegistration =
  | {
      id: string;
      status: "confirmed" | "waitlisted";
      waitlistPosition: number | null;
      ticketToken: string | null;
    }
  | { status: "cancelled" };

async function answerFor(db: Tx | Db, registration: Registration): Promise<MyRegistration> {
  if (registration.status === "cancelled") return { status: "cancelled" };
  const waitlisted = registration.status === "waitlisted";
  return {
    id: registration.id,
    status: waitlisted ? "waitlisted" : "confirmed",
    waitlistPosition: waitlisted ? await waitlistPosition(db, registration) : null,
    ticketToken: waitlisted ? null : ticketToken(registration),
  };
}

/**
 * Registers the member: confirmed while seats are left, waitlisted after. 403 outside the
 * audience; 409 when already registered or registration is not open.
 */
export async function register(seminarId: string, member: Registrant) {
  const db = await getDb();
  const now = clockNow();
  const standing = await standingOf(member, now);
  const { seminar, registration, answer } = await db.transaction(async (tx) => {
    const seminar = await lockSeminar(tx, seminarId);
    const window = registrationWindow(seminar, now);
    if (window !== "open") throw new AppError("conflict", WINDOW_MESSAGES[window]);
    if (!inAudience(seminar, standing.full)) {
      throw new AppError("forbidden", "정회원만 신청할 수 있는 세미나입니다.");
    }
    const [existing] = await tx
      .select()
      .from(seminarRegistrations)
      .where(
        and(
          eq(seminarRegistrations.seminarId, seminar.id),
          eq(seminarRegistrations.userId, member.id),
        ),
      );
    if (existing && existing.status !== "cancelled") {
      throw new AppError("conflict", "이미 신청한 세미나입니다.");
    }
    const seatLeft =
      seminar.capacity === null || (await confirmedCount(tx, seminar.id)) < seminar.capacity;
    const values = {
      name: member.name,
      email: member.email,
      phone: member.phone,
      hospitalName: member.hospitalName,
      status: seatLeft ? "confirmed" : "waitlisted",
      // The database's clock, read after the lock: the order in which registrations got their turn.
      queuedAt: sql`clock_timestamp()`,
      confirmedAt: seatLeft ? now : null,
      cancelledAt: null,
      cancelledBy: null,
      remindedAt: null,
    };
    const [registration] = existing
      ? await tx
          .update(seminarRegistrations)
          .set(values)
          .where(eq(seminarRegistrations.id, existing.id))
          .returning()
      : await tx
          .insert(seminarRegistrations)
          .values({ ...values, seminarId: seminar.id, userId: member.id })
          .returning();
    return { seminar, registration: registration!, answer: await answerFor(tx, registration!) };
  });
  if (answer.status === "confirmed") await notifyRegistrationConfirmed(seminar, registration);
  if (answer.status === "waitlisted") {
    await notifyWaitlistJoined(seminar, registration, answer.waitlistPosition ?? 1);
  }
  return answer;
}

/** The member's registration for the seminar, or null if they never registered. */
export async function findMyRegistration(seminarId: string, userId: string) {
  if (!isUuid(seminarId)) return null;
  const db = await getDb();
  const [registration] = await db
    .select()
    .from(seminarRegistrations)
    .where(
      and(eq(seminarRegistrations.seminarId, seminarId), eq(seminarRegistrations.userId, userId)),
    );
  return registration ? answerFor(db, registration) : null;
}

/**
 * Cancels a registration, or leaves the waitlist. A member may cancel a confirmed seat until the
 * deadline (after it, the office does it: `by` an administrator skips the deadline). A freed seat
 * goes to the first in line, who is mailed.
 */
export async function cancelRegistration(
  seminarId: string,
  userId: string,
  by: { administrator?: AuditContext } = {},
) {
  const db = await getDb();
  const now = clockNow();
  const { seminar, cancelled, promoted, wasWaitlisted } = await db.transaction(async (tx) => {
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
    if (
      !by.administrator &&
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
    const promoted =
      registration.status === "confirmed" ? await promoteFromWaitlist(tx, seminar, now) : [];
    return {
      seminar,
      cancelled: cancelled!,
      promoted,
      wasWaitlisted: registration.status === "waitlisted",
    };
  });
  if (by.administrator) {
    await audit(by.administrator, "seminar_registration_cancel", {
      id: cancelled.id,
      label: `${seminar.title} · ${cancelled.name}`,
    });
  }
  await notifyRegistrationCancelled(seminar, cancelled, wasWaitlisted);
  for (const registration of promoted) await notifyWaitlistPromoted(seminar, registration);
  return { status: "cancelled" as const };
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
  for (const registration of promoted) await notifyWaitlistPromoted(seminar, registration);
}

/** Confirmed seats left, or null for unlimited. */
export async function seatsLeft(seminar: Pick<Seminar, "id" | "capacity">) {
  if (seminar.capacity === null) return null;
  const db = await getDb();
  return Math.max(0, seminar.capacity - (await confirmedCount(db, seminar.id)));
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
          eq(seminarRegistrations.status, "confirmed"),
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
export async function registrationsOf(userId: string) {
  const db = await getDb();
  const rows = await db
    .select({ registration: seminarRegistrations, seminar: seminars })
    .from(seminarRegistrations)
    .innerJoin(seminars, eq(seminars.id, seminarRegistrations.seminarId))
    .where(eq(seminarRegistrations.userId, userId))
    .orderBy(asc(seminars.date));
  const now = clockNow();
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
      waitlistPosition:
        registration.status === "waitlisted" ? await waitlistPosition(db, registration) : null,
      cancellationDeadline: cancellationDeadlineOf(seminar),
      canCancel:
        registration.status === "waitlisted" ||
        (registration.status === "confirmed" && now <= cancellationDeadlineOf(seminar)),
      past: seminar.date < now,
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
