// Entry and exit at the seminar's door. Every scan is kept with its own time; CME credits are
// computed from them later. Phones in a hall with bad Wi-Fi queue scans and send them when the
// connection returns, possibly more than once: a scan id makes a resend answer the first answer
// again, and a second scan of the same ticket and direction within a minute is the same scan.
//
// The door keeps its hours (`doorWindowOf` in rules.ts) and closes for good when the credit sheet
// is sent: from then on attendance changes only through the sheet's correction, with a reason.
// Nobody records their own attendance.
import { and, desc, eq, exists, gt, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import type { Transaction as Tx } from "~db/client.server";
import {
  seminarCheckIns,
  seminarCreditSheets,
  seminarCredits,
  seminarRegistrations,
  seminars,
} from "~db/schema";
import { seminarNotFound } from "./registrations.server";
import { doorWindowOf } from "./rules";
import { readTicketToken } from "./tickets.server";
import type { CheckInInput } from "./validation";

type Db = Awaited<ReturnType<typeof getDb>>;

export type CheckInAnswer = {
  registrationId: string;
  name: string;
  direction: "in" | "out";
  at: Date;
  /**
   * The registrant's scan before this one, when this one was just recorded: the door warns of an
   * entry after an entry or an exit with no entry (the 퇴장 toggle left on), which are recorded
   * all the same (the credit sheet can be corrected).
   */
  previous?: { direction: "in" | "out"; at: Date } | null;
};

const SAME_SCAN_MS = 60_000;
/** A phone's clock may run a little fast; a scan from further in the future is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

export const SHEET_SENT_MESSAGE =
  "연수평점 산정표를 발송한 뒤에는 출결을 바꿀 수 없습니다. 사무국이 평점표에서 사유와 함께 정정합니다.";
const DOOR_MESSAGES = {
  cancelled: "취소된 세미나에는 출결을 기록할 수 없습니다.",
  early: "출결은 세미나 시작 24시간 전부터 기록할 수 있습니다.",
  closed:
    "세미나가 끝나고 6시간이 지나 더는 출결을 기록할 수 없습니다. 사무국에 평점표 정정을 요청해주세요.",
  scanTime:
    "기록 시간이 출결 기록 기간(세미나 시작 24시간 전부터 종료 6시간 후까지) 밖입니다. 휴대전화의 시간을 확인해주세요.",
  ownTicket: "본인의 출결은 직접 기록할 수 없습니다. 다른 담당자에게 요청해주세요.",
  scanIdElsewhere: "이 스캔 번호는 다른 세미나의 기록에 이미 쓰였습니다. 다시 스캔해주세요.",
};

/**
 * Locks the seminar's row for the rest of the transaction and refuses what the door may no longer
 * take: a cancelled seminar, a sent or locked credit sheet, a time outside the door's hours. A
 * scan takes a shared lock (scans go side by side); the office's additions and the sheet's
 * send-out take the row itself, so a scan and the send-out never cross.
 */
export async function openDoor(tx: Tx, seminarId: string, act: "scan" | "registration", now: Date) {
  if (!isUuid(seminarId)) throw seminarNotFound();
  const [row] = await tx
    .select({ seminar: seminars, sheetStatus: seminarCreditSheets.status })
    .from(seminars)
    .leftJoin(seminarCreditSheets, eq(seminarCreditSheets.seminarId, seminars.id))
    .where(eq(seminars.id, seminarId))
    .for(act === "scan" ? "share" : "update", { of: seminars });
  if (!row) throw seminarNotFound();
  const { seminar, sheetStatus } = row;
  if (seminar.status === "cancelled") throw new AppError("conflict", DOOR_MESSAGES.cancelled);
  if (sheetStatus === "sent" || sheetStatus === "locked") {
    throw new AppError("conflict", SHEET_SENT_MESSAGE);
  }
  const window = doorWindowOf(seminar);
  if (now > window.closesAt) throw new AppError("conflict", DOOR_MESSAGES.closed);
  if (act === "scan" && now < window.scansFrom) {
    throw new AppError("conflict", DOOR_MESSAGES.early);
  }
  return { seminar, window };
}

const answerOf = (
  scan: { registrationId: string; direction: string; at: Date },
  name: string,
): CheckInAnswer => ({
  registrationId: scan.registrationId,
  name,
  direction: scan.direction === "out" ? "out" : "in",
  at: scan.at,
});

/** The first answer to a scan id at this seminar, or null if it was never recorded here. */
async function answerOfScanId(db: Db | Tx, seminarId: string, scanId: string | undefined) {
  if (!scanId) return null;
  const [row] = await db
    .select({ scan: seminarCheckIns, name: seminarRegistrations.name })
    .from(seminarCheckIns)
    .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCheckIns.registrationId))
    .where(and(eq(seminarCheckIns.scanId, scanId), eq(seminarRegistrations.seminarId, seminarId)));
  return row ? answerOf(row.scan, row.name) : null;
}

async function registrationOf(tx: Tx, seminarId: string, input: CheckInInput) {
  let registrationId = input.registrationId;
  if (input.ticketToken !== undefined) {
    const ticket = readTicketToken(input.ticketToken);
    if (!ticket) throw new AppError("invalid", "유효하지 않은 티켓입니다.");
    if (ticket.seminarId !== seminarId) {
      throw new AppError("invalid", "이 세미나의 티켓이 아닙니다.");
    }
    registrationId = ticket.id;
  }
  const [registration] = await tx
    .select()
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.id, registrationId ?? ""),
        eq(seminarRegistrations.seminarId, seminarId),
      ),
    );
  if (!registration) throw new AppError("not_found", "이 세미나의 신청 내역을 찾을 수 없습니다.");
  if (registration.status !== "confirmed") {
    throw new AppError(
      "conflict",
      registration.status === "waitlisted"
        ? `${registration.name}님은 대기자입니다. 신청이 확정되지 않았습니다.`
        : `${registration.name}님의 신청은 취소되었습니다.`,
    );
  }
  return registration;
}

/**
 * Records an entry or exit (see the file's comment for repeats, resends and the door's rules).
 * Scan ids are unique across all seminars: an id already used at another seminar is a 409, so a
 * phone's scan is never answered "recorded" without being stored.
 */
export async function recordCheckIn(
  seminarId: string,
  input: CheckInInput,
  staff: { id: string },
): Promise<CheckInAnswer> {
  if (!isUuid(seminarId)) throw seminarNotFound();
  const db = await getDb();
  // A resend of a recorded scan gets its first answer even after the door has closed: nothing
  // changes, and the phone's queue empties.
  const resent = await answerOfScanId(db, seminarId, input.scanId);
  if (resent) return resent;

  const now = clockNow();
  return db.transaction(async (tx) => {
    const { window } = await openDoor(tx, seminarId, "scan", now);
    const registration = await registrationOf(tx, seminarId, input);
    if (registration.userId === staff.id) throw new AppError("forbidden", DOOR_MESSAGES.ownTicket);
    const given = input.at ?? now;
    if (given.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      throw new AppError(
        "invalid",
        "기록 시간이 현재보다 늦습니다. 휴대전화의 시간을 확인해주세요.",
      );
    }
    // A phone a little fast: the scan happened no later than its arrival.
    const at = new Date(Math.min(given.getTime(), now.getTime()));
    if (at < window.scansFrom || at > window.closesAt) {
      throw new AppError("conflict", DOOR_MESSAGES.scanTime);
    }

    const [repeat] = await tx
      .select()
      .from(seminarCheckIns)
      .where(
        and(
          eq(seminarCheckIns.registrationId, registration.id),
          eq(seminarCheckIns.direction, input.direction),
          gt(seminarCheckIns.at, new Date(at.getTime() - SAME_SCAN_MS)),
          lt(seminarCheckIns.at, new Date(at.getTime() + SAME_SCAN_MS)),
        ),
      )
      .limit(1);
    if (repeat) return answerOf(repeat, registration.name);

    const [previous] = await tx
      .select({ direction: seminarCheckIns.direction, at: seminarCheckIns.at })
      .from(seminarCheckIns)
      .where(and(eq(seminarCheckIns.registrationId, registration.id), lte(seminarCheckIns.at, at)))
      .orderBy(desc(seminarCheckIns.at))
      .limit(1);
    const [saved] = await tx
      .insert(seminarCheckIns)
      .values({
        registrationId: registration.id,
        direction: input.direction,
        at,
        scanId: input.scanId ?? null,
        recordedBy: staff.id,
      })
      .onConflictDoNothing({ target: seminarCheckIns.scanId })
      .returning();
    if (saved) {
      return {
        ...answerOf(saved, registration.name),
        previous: previous
          ? { direction: previous.direction === "out" ? "out" : "in", at: previous.at }
          : null,
      };
    }
    // Nothing saved: the scan id is taken. Either the same scan arrived twice at once and the
    // other one won (its answer is this one's), or the id belongs to another seminar's scan.
    const first = await answerOfScanId(tx, seminarId, input.scanId);
    if (first) return first;
    throw new AppError("conflict", DOOR_MESSAGES.scanIdElsewhere);
  });
}

/**
 * What the door's phone keeps: the confirmed registrants (name, phone, hospital, whether they have
 * come in), for finding people by name or phone when the hall's network drops, and the door's
 * last ten records, newest first, so a reload or a second phone shows what was recorded so far.
 */
export async function doorOf(seminarId: string) {
  const db = await getDb();
  const [rows, scans] = await Promise.all([
    db
      .select({
        id: seminarRegistrations.id,
        name: seminarRegistrations.name,
        phone: seminarRegistrations.phone,
        hospitalName: seminarRegistrations.hospitalName,
      })
      .from(seminarRegistrations)
      .where(
        and(
          eq(seminarRegistrations.seminarId, seminarId),
          eq(seminarRegistrations.status, "confirmed"),
        ),
      )
      .orderBy(seminarRegistrations.name),
    db
      .select({
        id: seminarCheckIns.id,
        registrationId: seminarCheckIns.registrationId,
        name: seminarRegistrations.name,
        direction: seminarCheckIns.direction,
        at: seminarCheckIns.at,
      })
      .from(seminarCheckIns)
      .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCheckIns.registrationId))
      .where(eq(seminarRegistrations.seminarId, seminarId))
      .orderBy(seminarCheckIns.at),
  ]);
  const inside = new Map<string, "in" | "out">();
  for (const scan of scans) {
    inside.set(scan.registrationId, scan.direction === "out" ? "out" : "in");
  }
  return {
    registrants: rows.map((row) => ({ ...row, last: inside.get(row.id) ?? null })),
    recent: scans
      .slice(-10)
      .reverse()
      .map(({ id, name, direction, at }) => ({ id, name, direction, at })),
  };
}

/**
 * The seminars `userId` attended: a confirmed registration with an entry scan at the door, or an
 * entry time the office set on the credit sheet; once the sheet is locked, only its frozen line
 * counts (a scan that reached the table afterwards moves nothing). The library lets these
 * attendees download the slides tied to the seminar whatever their standing.
 */
export async function attendedSeminarIds(userId: string): Promise<Set<string>> {
  const db = await getDb();
  const enteredAtTheDoor = exists(
    db
      .select({ one: sql`1` })
      .from(seminarCheckIns)
      .where(
        and(
          eq(seminarCheckIns.registrationId, seminarRegistrations.id),
          eq(seminarCheckIns.direction, "in"),
        ),
      ),
  );
  const line = (condition: ReturnType<typeof and>) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(seminarCredits)
        .where(and(eq(seminarCredits.registrationId, seminarRegistrations.id), condition)),
    );
  const rows = await db
    .selectDistinct({ seminarId: seminarRegistrations.seminarId })
    .from(seminarRegistrations)
    .leftJoin(
      seminarCreditSheets,
      eq(seminarCreditSheets.seminarId, seminarRegistrations.seminarId),
    )
    .where(
      and(
        eq(seminarRegistrations.userId, userId),
        eq(seminarRegistrations.status, "confirmed"),
        or(
          and(
            or(isNull(seminarCreditSheets.status), ne(seminarCreditSheets.status, "locked")),
            or(enteredAtTheDoor, line(isNotNull(seminarCredits.correctedEntryAt))),
          ),
          and(
            eq(seminarCreditSheets.status, "locked"),
            line(isNotNull(seminarCredits.finalEntryAt)),
          ),
        ),
      ),
    );
  return new Set(rows.map((row) => row.seminarId));
}
