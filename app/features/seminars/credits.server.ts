// The credit sheet of a seminar (연수평점): per attendee the first entry, the last exit, the
// minutes of lecture time present and the credits from the seminar's bands, with the office's
// corrections (each with a reason, audited). The sheet goes draft → sent (attendees are mailed and
// may object until a deadline) → locked (final figures frozen, mailed, certificates issued).
// After the lock nothing on it changes: every later reading uses the frozen figures.
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { builtOnce } from "~/lib/built-once.server";
import { now as clockNow } from "~/lib/clock.server";
import { toCsv } from "~/lib/csv";
import { formatDateTime, seoulDate, seoulYear } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import {
  seminarCheckIns,
  seminarCreditSheets,
  seminarCredits,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import { notifyCreditsLocked, notifyCreditsSentOut } from "./credit-mails.server";
import { attendanceOf, bandsOf, creditsFor, earnsCertificate } from "./credit-rule";
import type { CreditCorrection, CreditLock } from "./credit-validation";
import { seminarNotFound } from "./registrations.server";
import { seminarEndOf } from "./rules";

export type SheetStatus = "draft" | "sent" | "locked";

type Seminar = typeof seminars.$inferSelect;

export type CreditLine = {
  registrationId: string;
  /** Null when the member has withdrawn: the line stays, nobody is mailed. */
  userId: string | null;
  name: string;
  email: string;
  licenseNumber: string;
  hospitalName: string;
  /** The first entry and the last exit that count: as corrected, else as scanned. */
  entryAt: Date | null;
  exitAt: Date | null;
  /** The door's own record: the first entry scan and the last exit scan (issue 39, item 12). */
  scannedEntryAt: Date | null;
  scannedExitAt: Date | null;
  minutes: number;
  credits: number;
  incomplete: boolean;
  /** What the office corrected, and why (null: nothing corrected). */
  correction: {
    entryAt: Date | null;
    exitAt: Date | null;
    credits: number | null;
    reason: string;
    at: Date | null;
  } | null;
  sentCredits: number | null;
  objection: { message: string; at: Date | null } | null;
  certificateCode: string | null;
};

export type CreditSheet = {
  seminar: Pick<
    Seminar,
    "id" | "title" | "date" | "endDate" | "location" | "cmeCredits" | "creditBands" | "creditBreaks"
  >;
  status: SheetStatus;
  /** When the seminar ends (seminarEndOf): the sheet goes out only after it. */
  endsAt: Date;
  /** Whether the seminar has ended, as of this reading. */
  ended: boolean;
  sentAt: Date | null;
  objectionDeadline: Date | null;
  /** Whether the objection deadline is still ahead: locking now needs a written reason. */
  objectionsOpen: boolean;
  lockedAt: Date | null;
  lines: CreditLine[];
};

async function seminarOf(seminarId: string) {
  if (!isUuid(seminarId)) throw seminarNotFound();
  const db = await getDb();
  const [row] = await db
    .select({ seminar: seminars, sheet: seminarCreditSheets })
    .from(seminars)
    .leftJoin(seminarCreditSheets, eq(seminarCreditSheets.seminarId, seminars.id))
    .where(eq(seminars.id, seminarId));
  if (!row) throw seminarNotFound();
  return row;
}

const breaksOf = (seminar: Seminar) =>
  (seminar.creditBreaks ?? []).map((b) => ({ start: new Date(b.start), end: new Date(b.end) }));

/**
 * The sheet's lines: every confirmed registration with a scan or a correction. Locked lines read
 * their frozen figures; the others are computed now from the scans, corrections and the rule.
 */
async function linesOf(seminar: Seminar, locked: boolean): Promise<CreditLine[]> {
  const db = await getDb();
  const scanned = db
    .select({ id: seminarCheckIns.registrationId })
    .from(seminarCheckIns)
    .where(eq(seminarCheckIns.registrationId, seminarRegistrations.id));
  const rows = await db
    .select({
      registration: seminarRegistrations,
      // The account's, or what a withdrawn member's registration kept of it (decision 035).
      licenseNumber: sql<string>`coalesce(${users.licenseNumber}, ${seminarRegistrations.licenseNumber}, '')`,
      userHospital: users.hospitalName,
      credit: seminarCredits,
    })
    .from(seminarRegistrations)
    .leftJoin(users, eq(users.id, seminarRegistrations.userId))
    .leftJoin(seminarCredits, eq(seminarCredits.registrationId, seminarRegistrations.id))
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminar.id),
        locked
          ? isNotNull(seminarCredits.finalMinutes)
          : and(
              eq(seminarRegistrations.status, "confirmed"),
              sql`(exists ${scanned} or ${seminarCredits.registrationId} is not null)`,
            ),
      ),
    )
    .orderBy(asc(seminarRegistrations.name), asc(seminarRegistrations.id));
  const ids = rows.map((r) => r.registration.id);
  const scans = ids.length
    ? await db
        .select({
          registrationId: seminarCheckIns.registrationId,
          direction: seminarCheckIns.direction,
          at: seminarCheckIns.at,
        })
        .from(seminarCheckIns)
        .where(inArray(seminarCheckIns.registrationId, ids))
        .orderBy(asc(seminarCheckIns.at))
    : [];
  const bands = bandsOf(seminar);
  const breaks = breaksOf(seminar);
  const span = { start: seminar.date, end: seminar.endDate };
  return rows.map(({ registration: r, licenseNumber, userHospital, credit: c }) => {
    const own = scans.filter((s) => s.registrationId === r.id);
    const base = {
      scannedEntryAt: own.find((s) => s.direction === "in")?.at ?? null,
      scannedExitAt: own.findLast((s) => s.direction === "out")?.at ?? null,
      registrationId: r.id,
      userId: r.userId,
      name: r.name,
      email: r.email,
      licenseNumber,
      hospitalName: r.hospitalName ?? userHospital ?? "",
      correction:
        c?.correctionReason != null
          ? {
              entryAt: c.correctedEntryAt,
              exitAt: c.correctedExitAt,
              credits: c.creditsOverride,
              reason: c.correctionReason,
              at: c.correctedAt,
            }
          : null,
      sentCredits: c?.sentCredits ?? null,
      objection: c?.objection ? { message: c.objection, at: c.objectedAt } : null,
      certificateCode: c?.certificateCode ?? null,
    };
    if (locked && c) {
      return {
        ...base,
        entryAt: c.finalEntryAt,
        exitAt: c.finalExitAt,
        minutes: c.finalMinutes ?? 0,
        credits: c.finalCredits ?? 0,
        incomplete: !c.finalEntryAt || !c.finalExitAt,
      };
    }
    const attendance = attendanceOf(
      own,
      { entryAt: c?.correctedEntryAt ?? null, exitAt: c?.correctedExitAt ?? null },
      span,
      breaks,
    );
    const computed = attendance.incomplete
      ? 0
      : creditsFor(attendance.minutes, bands, seminar.cmeCredits);
    return {
      ...base,
      ...attendance,
      credits: c?.creditsOverride ?? computed,
    };
  });
}

/** The credit sheet of a seminar (administrators). */
export async function creditSheetOf(seminarId: string): Promise<CreditSheet> {
  const { seminar, sheet } = await seminarOf(seminarId);
  const status = (sheet?.status ?? "draft") as SheetStatus;
  const now = clockNow();
  return {
    seminar: {
      id: seminar.id,
      title: seminar.title,
      date: seminar.date,
      endDate: seminar.endDate,
      location: seminar.location,
      cmeCredits: seminar.cmeCredits,
      creditBands: bandsOf(seminar),
      creditBreaks: seminar.creditBreaks,
    },
    status,
    endsAt: seminarEndOf(seminar),
    ended: now >= seminarEndOf(seminar),
    sentAt: sheet?.sentAt ?? null,
    objectionDeadline: sheet?.objectionDeadline ?? null,
    objectionsOpen:
      status === "sent" && !!sheet?.objectionDeadline && now < sheet.objectionDeadline,
    lockedAt: sheet?.lockedAt ?? null,
    lines: await linesOf(seminar, status === "locked"),
  };
}

const LOCKED = "확정된 평점표는 바꿀 수 없습니다.";
/** How far before a seminar's start and after its end a corrected time may stand. */
const CORRECTION_MARGIN_MS = 12 * 60 * 60 * 1000;

/** Corrects one attendee's entry, exit or credits, with a reason (audited). */
export async function correctCredits(
  seminarId: string,
  registrationId: string,
  input: CreditCorrection,
  actor: Actor,
) {
  assertAdmin(actor);
  const context = actor.audit;
  const { seminar, sheet } = await seminarOf(seminarId);
  if (sheet?.status === "locked") throw new AppError("conflict", LOCKED);
  if (!isUuid(registrationId)) throw new AppError("not_found", "신청 내역을 찾을 수 없습니다.");
  const db = await getDb();
  const [registration] = await db
    .select()
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.id, registrationId),
        eq(seminarRegistrations.seminarId, seminarId),
      ),
    );
  if (!registration) throw new AppError("not_found", "이 세미나의 신청 내역을 찾을 수 없습니다.");
  if (registration.status !== "confirmed") {
    throw new AppError("conflict", "신청이 확정된 참석자만 정정할 수 있습니다.");
  }
  // A correction records what happened: a time still to come cannot have been observed.
  const now = clockNow();
  // Nor one far from the seminar: a year typed wrong (2025 for 2026) would stand on the sheet.
  const earliest = new Date(seminar.date.getTime() - CORRECTION_MARGIN_MS);
  const latest = new Date(seminarEndOf(seminar).getTime() + CORRECTION_MARGIN_MS);
  for (const field of ["entryAt", "exitAt"] as const) {
    const value = input[field];
    const what = field === "entryAt" ? "입장" : "퇴장";
    if (value && value > now) {
      const message = `${what} 시간은 지금(${formatDateTime(now)})보다 늦을 수 없습니다.`;
      throw new AppError("invalid", message, { [field]: message });
    }
    if (value && (value < earliest || value > latest)) {
      const message = `${what} 시간은 세미나 일시(${formatDateTime(seminar.date)}) 전후여야 합니다. 날짜를 확인해주세요.`;
      throw new AppError("invalid", message, { [field]: message });
    }
  }
  const [current] = await db
    .select()
    .from(seminarCredits)
    .where(eq(seminarCredits.registrationId, registrationId));
  const next = {
    correctedEntryAt:
      input.entryAt === undefined ? (current?.correctedEntryAt ?? null) : input.entryAt,
    correctedExitAt: input.exitAt === undefined ? (current?.correctedExitAt ?? null) : input.exitAt,
    creditsOverride:
      input.credits === undefined ? (current?.creditsOverride ?? null) : input.credits,
  };
  // Against the scans where a time is not corrected: an exit typed before a scanned entry would
  // leave the line 미완료 at 0 credits behind a "정정했습니다".
  const [scanned] =
    next.correctedEntryAt && next.correctedExitAt
      ? []
      : await db
          .select({
            entry: sql<Date | null>`min(${seminarCheckIns.at}) filter (where ${seminarCheckIns.direction} = 'in')`,
            exit: sql<Date | null>`max(${seminarCheckIns.at}) filter (where ${seminarCheckIns.direction} = 'out')`,
          })
          .from(seminarCheckIns)
          .where(eq(seminarCheckIns.registrationId, registrationId));
  const entry = next.correctedEntryAt ?? (scanned?.entry ? new Date(scanned.entry) : null);
  const exit = next.correctedExitAt ?? (scanned?.exit ? new Date(scanned.exit) : null);
  if (entry && exit && exit <= entry) {
    const field = input.exitAt !== undefined ? "exitAt" : "entryAt";
    const message = "퇴장 시간은 입장 시간보다 늦어야 합니다.";
    throw new AppError("invalid", message, { [field]: message });
  }
  if (
    next.creditsOverride !== null &&
    seminar.cmeCredits !== null &&
    next.creditsOverride > seminar.cmeCredits
  ) {
    const message = `평점은 최대 연수평점(${seminar.cmeCredits}점)을 넘을 수 없습니다.`;
    throw new AppError("invalid", message, { credits: message });
  }
  const values = {
    ...next,
    correctionReason: input.reason,
    correctedAt: now,
    correctedBy: context.actor.id,
    updatedAt: now,
  };
  await db
    .insert(seminarCredits)
    .values({ registrationId, seminarId, ...values })
    .onConflictDoUpdate({ target: seminarCredits.registrationId, set: values });
  await audit(
    context,
    "seminar_credit_correct",
    { id: registrationId, label: `${seminar.title} · ${registration.name}` },
    {
      reason: input.reason,
      entryAt: next.correctedEntryAt ? next.correctedEntryAt.toISOString() : null,
      exitAt: next.correctedExitAt ? next.correctedExitAt.toISOString() : null,
      credits: next.creditsOverride,
    },
  );
  const sheetNow = await creditSheetOf(seminarId);
  return sheetNow.lines.find((l) => l.registrationId === registrationId) ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last moment of the Seoul day `days` days after `from`: a deadline a doctor reads as a date
 * ("12월 14일 (월) 오후 11:59까지"), not the minute the office happened to press 발송.
 */
function endOfSeoulDayAfter(from: Date, days: number) {
  const day = seoulDate(new Date(from.getTime() + days * DAY_MS));
  return new Date(`${day}T23:59:59.999+09:00`);
}

/** Why the sheet cannot go out before the end (409), naming the end. */
export const sendTooEarlyMessage = (end: Date) =>
  `세미나가 끝난 뒤(${formatDateTime(end)} 이후)에 평점표를 발송할 수 있습니다.`;

/**
 * Sends the sheet out: each attendee is mailed their computed credits and may object until the
 * deadline. Only a draft is sent, and only once the seminar has ended (seminarEndOf): mid-seminar
 * the exits are not in yet (issue 39).
 */
export async function sendCreditSheet(
  seminarId: string,
  options: { objectionDays: number },
  actor: Actor,
) {
  assertAdmin(actor);
  const context = actor.audit;
  const { seminar, sheet } = await seminarOf(seminarId);
  const now = clockNow();
  const end = seminarEndOf(seminar);
  if (now < end) throw new AppError("conflict", sendTooEarlyMessage(end));
  if (sheet && sheet.status !== "draft") {
    throw new AppError(
      "conflict",
      sheet.status === "locked" ? LOCKED : "이미 발송한 평점표입니다.",
    );
  }
  const db = await getDb();
  const deadline = endOfSeoulDayAfter(now, options.objectionDays);
  // The status changes once: a second send at the same moment finds it no longer a draft. The
  // seminar's row is taken first, as the door's scans and additions share it (`openDoor`): a scan
  // either lands before the send-out and is on the sheet, or comes after and is refused.
  const claimed = await db.transaction(async (tx) => {
    await tx
      .select({ id: seminars.id })
      .from(seminars)
      .where(eq(seminars.id, seminarId))
      .for("update");
    await tx.insert(seminarCreditSheets).values({ seminarId }).onConflictDoNothing();
    return tx
      .update(seminarCreditSheets)
      .set({ status: "sent", sentAt: now, objectionDeadline: deadline, updatedAt: now })
      .where(
        and(eq(seminarCreditSheets.seminarId, seminarId), eq(seminarCreditSheets.status, "draft")),
      )
      .returning();
  });
  if (claimed.length === 0) throw new AppError("conflict", "이미 발송한 평점표입니다.");
  const lines = await linesOf(seminar, false);
  for (const line of lines) {
    await db
      .insert(seminarCredits)
      .values({ registrationId: line.registrationId, seminarId, sentCredits: line.credits })
      .onConflictDoUpdate({
        target: seminarCredits.registrationId,
        set: { sentCredits: line.credits, updatedAt: now },
      });
    await notifyCreditsSentOut(line, seminar, line, deadline);
  }
  await audit(
    context,
    "seminar_credit_send",
    { id: seminarId, label: seminar.title },
    { attendees: lines.length, objectionDeadline: deadline.toISOString() },
  );
  return creditSheetOf(seminarId);
}

/** A verification code: 12 letters and digits in three groups, without look-alikes (0/O, 1/I). */
export function newCertificateCode() {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = crypto.randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** Why the sheet cannot be locked before the objection deadline without a reason (409). */
export const lockTooEarlyMessage = (deadline: Date) =>
  `이의 신청 기한(${formatDateTime(deadline)}) 전에 평점을 확정하려면 사유를 입력해주세요.`;

/**
 * Locks a sent sheet: the figures are frozen, each attendee whose final credits are above zero
 * gets a certificate code (earnsCertificate), and everyone is mailed the final credits. Nothing on
 * the sheet changes after. Before the objection deadline only with the office's written reason
 * (audited): the attendees were told they may object until then (issue 39).
 */
export async function lockCreditSheet(seminarId: string, options: CreditLock, actor: Actor) {
  assertAdmin(actor);
  const context = actor.audit;
  const { seminar, sheet } = await seminarOf(seminarId);
  if (sheet?.status === "locked") throw new AppError("conflict", LOCKED);
  if (sheet?.status !== "sent") {
    throw new AppError("conflict", "평점표를 먼저 참석자에게 발송해주세요.");
  }
  const db = await getDb();
  const now = clockNow();
  const early = !!sheet.objectionDeadline && now < sheet.objectionDeadline;
  if (early && !options.reason) {
    throw new AppError("conflict", lockTooEarlyMessage(sheet.objectionDeadline ?? now));
  }
  const lines = await linesOf(seminar, false);
  const locked = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(seminarCreditSheets)
      .set({ status: "locked", lockedAt: now, updatedAt: now })
      .where(
        and(eq(seminarCreditSheets.seminarId, seminarId), eq(seminarCreditSheets.status, "sent")),
      )
      .returning();
    if (claimed.length === 0) return false;
    for (const line of lines) {
      const frozen = {
        finalEntryAt: line.entryAt,
        finalExitAt: line.incomplete ? null : line.exitAt,
        finalMinutes: line.minutes,
        finalCredits: line.credits,
        certificateCode: earnsCertificate(line.credits) ? newCertificateCode() : null,
        updatedAt: now,
      };
      await tx
        .insert(seminarCredits)
        .values({ registrationId: line.registrationId, seminarId, ...frozen })
        .onConflictDoUpdate({ target: seminarCredits.registrationId, set: frozen });
    }
    return true;
  });
  if (!locked) throw new AppError("conflict", LOCKED);
  for (const line of lines) {
    await notifyCreditsLocked(line, seminar, line, earnsCertificate(line.credits));
  }
  await audit(
    context,
    "seminar_credit_lock",
    { id: seminarId, label: seminar.title },
    {
      attendees: lines.length,
      objectionDeadline: sheet.objectionDeadline?.toISOString() ?? null,
      beforeDeadline: early,
      ...(options.reason ? { reason: options.reason } : {}),
    },
  );
  return creditSheetOf(seminarId);
}

/** A member's objection to their line, while the sheet is out and before the deadline. */
export async function objectToCredits(seminarId: string, userId: string, message: string) {
  const { seminar, sheet } = await seminarOf(seminarId);
  if (!sheet || sheet.status === "draft") {
    throw new AppError("conflict", "아직 평점표가 발송되지 않았습니다.");
  }
  if (sheet.status === "locked") throw new AppError("conflict", "평점이 이미 확정되었습니다.");
  if (!sheet.objectionDeadline || clockNow() >= sheet.objectionDeadline) {
    throw new AppError("conflict", "이의 신청 기한이 지났습니다.");
  }
  const db = await getDb();
  const [registration] = await db
    .select({ id: seminarRegistrations.id })
    .from(seminarRegistrations)
    .innerJoin(seminarCredits, eq(seminarCredits.registrationId, seminarRegistrations.id))
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminar.id),
        eq(seminarRegistrations.userId, userId),
        isNotNull(seminarCredits.sentCredits),
      ),
    );
  if (!registration)
    throw new AppError("not_found", "이 세미나의 평점표에 회원님의 기록이 없습니다.");
  await db
    .update(seminarCredits)
    .set({ objection: message, objectedAt: clockNow(), updatedAt: clockNow() })
    .where(eq(seminarCredits.registrationId, registration.id));
  return { seminarId, objection: message };
}

const CSV_TIME = (value: Date | null) => (value ? formatDateTime(value) : "");

/** The sheet as CSV in the shape offices type into the KMA report (audited, like every export). */
export async function exportCreditsCsv(seminarId: string, actor: Actor, purpose: string) {
  assertAdmin(actor);
  const context = actor.audit;
  const sheet = await creditSheetOf(seminarId);
  await audit(
    context,
    "export_seminar_credits",
    { id: seminarId, label: sheet.seminar.title },
    { purpose, rows: sheet.lines.length, status: sheet.status },
  );
  return {
    sheet,
    csv: toCsv(
      ["이름", "면허번호", "소속기관", "입장시간", "퇴장시간", "인정시간(분)", "평점"],
      sheet.lines.map((l) => [
        l.name,
        l.licenseNumber,
        l.hospitalName,
        CSV_TIME(l.entryAt),
        l.incomplete ? "미완료" : CSV_TIME(l.exitAt),
        l.minutes,
        l.credits,
      ]),
    ),
  };
}

export type AttendedSeminar = {
  seminarId: string;
  title: string;
  date: Date;
  location: string;
  entryAt: Date | null;
  exitAt: Date | null;
  minutes: number;
  credits: number;
  certificateCode: string | null;
};

/** The member's lines on locked sheets, latest seminar first (full membership, member record). */
const attendedRowsOf = builtOnce("seminar_credits_attended_by_member", (db) =>
  db
    .select({ seminar: seminars, credit: seminarCredits })
    .from(seminarCredits)
    .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCredits.registrationId))
    .innerJoin(seminars, eq(seminars.id, seminarCredits.seminarId))
    .innerJoin(seminarCreditSheets, eq(seminarCreditSheets.seminarId, seminars.id))
    .where(
      and(
        eq(seminarRegistrations.userId, sql.placeholder("userId")),
        eq(seminarCreditSheets.status, "locked"),
        isNotNull(seminarCredits.finalMinutes),
      ),
    )
    .orderBy(sql`${seminars.date} desc`),
);

export async function attendedSeminarsOf(userId: string): Promise<AttendedSeminar[]> {
  if (!isUuid(userId)) return [];
  const rows = await attendedRowsOf({ userId });
  return rows.map(({ seminar, credit }) => ({
    seminarId: seminar.id,
    title: seminar.title,
    date: seminar.date,
    location: seminar.location,
    entryAt: credit.finalEntryAt,
    exitAt: credit.finalExitAt,
    minutes: credit.finalMinutes ?? 0,
    credits: credit.finalCredits ?? 0,
    // A code kept from before the rule on a zero-credit line is no certificate.
    certificateCode: earnsCertificate(credit.finalCredits) ? credit.certificateCode : null,
  }));
}

export type AwaitingObjection = {
  seminarId: string;
  title: string;
  date: Date;
  sentCredits: number;
  objectionDeadline: Date;
  objection: string | null;
  open: boolean;
  /** No exit was scanned or corrected: the line went out 미완료. */
  noExit: boolean;
};

/**
 * What /mypage shows: final credits per year (Seoul), the sheets sent out and not yet locked
 * (objections open until their deadline), and the certificates of locked sheets.
 */
export async function myCredits(userId: string) {
  const db = await getDb();
  const [attended, pending] = await Promise.all([
    attendedSeminarsOf(userId),
    db
      .select({
        seminar: seminars,
        sheet: seminarCreditSheets,
        credit: seminarCredits,
        noExit: sql<boolean>`${seminarCredits.correctedExitAt} is null and not exists (
          select 1 from ${seminarCheckIns} where ${seminarCheckIns.registrationId} = ${seminarCredits.registrationId}
          and ${seminarCheckIns.direction} = 'out')`,
      })
      .from(seminarCredits)
      .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCredits.registrationId))
      .innerJoin(seminars, eq(seminars.id, seminarCredits.seminarId))
      .innerJoin(seminarCreditSheets, eq(seminarCreditSheets.seminarId, seminars.id))
      .where(
        and(
          eq(seminarRegistrations.userId, userId),
          eq(seminarCreditSheets.status, "sent"),
          isNotNull(seminarCredits.sentCredits),
        ),
      )
      .orderBy(sql`${seminars.date} desc`),
  ]);
  const byYear = new Map<number, number>();
  // The yearly total counts exactly the lines that earn a certificate.
  for (const a of attended) {
    if (!earnsCertificate(a.credits)) continue;
    const year = seoulYear(a.date);
    byYear.set(year, (byYear.get(year) ?? 0) + a.credits);
  }
  const now = clockNow();
  return {
    years: [...byYear.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([year, credits]) => ({ year, credits })),
    awaiting: pending.map(
      ({ seminar, sheet, credit, noExit }): AwaitingObjection => ({
        seminarId: seminar.id,
        title: seminar.title,
        date: seminar.date,
        sentCredits: credit.sentCredits ?? 0,
        objectionDeadline: sheet.objectionDeadline ?? now,
        objection: credit.objection,
        open: !!sheet.objectionDeadline && now < sheet.objectionDeadline,
        noExit: Boolean(noExit),
      }),
    ),
    attended,
  };
}
