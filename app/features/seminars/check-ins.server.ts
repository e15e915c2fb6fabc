// Entry and exit at the seminar's door. Every scan is kept with its own time; CME credits are
// computed from them later. Phones in a hall with bad Wi-Fi queue scans and send them when the
// connection returns, possibly more than once: a scan id makes a resend answer the first answer
// again, and a second scan of the same ticket and direction within a minute is the same scan.
import { and, eq, exists, gt, isNotNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { seminarCheckIns, seminarCredits, seminarRegistrations, seminars } from "~db/schema";
import { seminarNotFound } from "./registrations.server";
import { readTicketToken } from "./tickets.server";
import type { CheckInInput } from "./validation";

export type CheckInAnswer = {
  registrationId: string;
  name: string;
  direction: "in" | "out";
  at: Date;
};

const SAME_SCAN_MS = 60_000;
/** A phone's clock may run a little fast; a scan from further in the future is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const answerOf = (
  scan: { registrationId: string; direction: string; at: Date },
  name: string,
): CheckInAnswer => ({
  registrationId: scan.registrationId,
  name,
  direction: scan.direction === "out" ? "out" : "in",
  at: scan.at,
});

async function registrationOf(seminarId: string, input: CheckInInput) {
  let registrationId = input.registrationId;
  if (input.ticketToken !== undefined) {
    const ticket = readTicketToken(input.ticketToken);
    if (!ticket) throw new AppError("invalid", "유효하지 않은 티켓입니다.");
    if (ticket.seminarId !== seminarId) {
      throw new AppError("invalid", "이 세미나의 티켓이 아닙니다.");
    }
    registrationId = ticket.id;
  }
  const db = await getDb();
  const [registration] = await db
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

/** Records an entry or exit (see the file's comment for repeats and resends). */
export async function recordCheckIn(
  seminarId: string,
  input: CheckInInput,
  staff: { id: string },
): Promise<CheckInAnswer> {
  if (!isUuid(seminarId)) throw seminarNotFound();
  const db = await getDb();
  const [seminar] = await db.select().from(seminars).where(eq(seminars.id, seminarId));
  if (!seminar) throw seminarNotFound();

  const bySameScanId = async () => {
    if (!input.scanId) return null;
    const [row] = await db
      .select({ scan: seminarCheckIns, name: seminarRegistrations.name })
      .from(seminarCheckIns)
      .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCheckIns.registrationId))
      .where(
        and(
          eq(seminarCheckIns.scanId, input.scanId),
          eq(seminarRegistrations.seminarId, seminarId),
        ),
      );
    return row ? answerOf(row.scan, row.name) : null;
  };
  const resent = await bySameScanId();
  if (resent) return resent;

  const registration = await registrationOf(seminarId, input);
  const now = clockNow();
  const at = input.at ?? now;
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new AppError("invalid", "기록 시간이 현재보다 늦습니다. 휴대전화의 시간을 확인해주세요.");
  }
  if (at.getTime() < seminar.date.getTime() - DAY_MS) {
    throw new AppError("invalid", "세미나 하루 전부터 출결을 기록할 수 있습니다.");
  }

  const [repeat] = await db
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

  const [saved] = await db
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
  // Nothing saved: the same scan id arrived twice at once, and the other one won.
  if (!saved)
    return (
      (await bySameScanId()) ??
      answerOf({ ...input, at, registrationId: registration.id }, registration.name)
    );
  return answerOf(saved, registration.name);
}

/** Every scan of a seminar's registrations, in time order (the registrant list and credit sheet). */
export async function scansOf(seminarId: string) {
  const db = await getDb();
  return db
    .select({
      registrationId: seminarCheckIns.registrationId,
      direction: seminarCheckIns.direction,
      at: seminarCheckIns.at,
    })
    .from(seminarCheckIns)
    .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCheckIns.registrationId))
    .where(eq(seminarRegistrations.seminarId, seminarId))
    .orderBy(seminarCheckIns.at);
}

/**
 * What the door's phone keeps for finding people by name or phone when the hall's network drops:
 * the confirmed registrants (name, phone, hospital) and whether they have come in.
 */
export async function doorList(seminarId: string) {
  const db = await getDb();
  const rows = await db
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
    .orderBy(seminarRegistrations.name);
  const scans = await scansOf(seminarId);
  const inside = new Map<string, "in" | "out">();
  for (const scan of scans)
    inside.set(scan.registrationId, scan.direction === "out" ? "out" : "in");
  return rows.map((row) => ({ ...row, last: inside.get(row.id) ?? null }));
}

/**
 * The seminars `userId` attended: a confirmed registration with an entry scan at the door, or an
 * entry time the office set on the credit sheet. The library lets these attendees download the
 * slides tied to the seminar whatever their standing.
 */
export async function attendedSeminarIds(userId: string): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ seminarId: seminarRegistrations.seminarId })
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.userId, userId),
        eq(seminarRegistrations.status, "confirmed"),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(seminarCheckIns)
              .where(
                and(
                  eq(seminarCheckIns.registrationId, seminarRegistrations.id),
                  eq(seminarCheckIns.direction, "in"),
                ),
              ),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(seminarCredits)
              .where(
                and(
                  eq(seminarCredits.registrationId, seminarRegistrations.id),
                  isNotNull(seminarCredits.correctedEntryAt),
                ),
              ),
          ),
        ),
      ),
    );
  return new Set(rows.map((row) => row.seminarId));
}
