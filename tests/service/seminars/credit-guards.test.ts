// Issue 39: the credit sheet's irreversible steps wait for their time. Sending waits for the end of
// the seminar (409 before); locking waits for the objection deadline unless the office writes a
// reason (409 without one, the reason audited); a correction cannot set a time still to come. And
// a seminar's phase (upcoming, ongoing, past) by its start and end, with absence counted only
// after the end.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import { creditLockSchema } from "~/features/seminars/credit-validation";
import {
  correctCredits,
  creditSheetOf,
  lockCreditSheet,
  sendCreditSheet,
} from "~/features/seminars/credits.server";
import { listRegistrants, registrantCounts } from "~/features/seminars/registrants.server";
import { seminarPhase } from "~/features/seminars/rules";
import { createSeminar, splitByDate, withPhase } from "~/features/seminars/seminars.server";
import { seminarSchema } from "~/features/seminars/validation";
import { advanceClock, now, nowMs, resetClock } from "~/lib/clock.server";
import { parse } from "~/lib/errors.server";
import { auditLog, seminarCheckIns, seminarRegistrations } from "~db/schema";
import { insertActor } from "../support/people";
import { expectRefused } from "../support/refusals";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let admin: SessionActor;

beforeAll(async () => {
  admin = await insertActor({ role: "admin" });
});
afterEach(() => resetClock());

/** A seminar from `startsIn` to `endsIn` ms from now (null: no end time, two hours). */
async function seminarAt(startsIn: number, endsIn: number | null, title = "연수강좌") {
  const start = now().getTime() + startsIn;
  return createSeminar(
    admin,
    parse(seminarSchema, {
      title,
      description: "연수평점 3점",
      speaker: "김강사",
      date: new Date(start).toISOString(),
      ...(endsIn === null ? {} : { endDate: new Date(now().getTime() + endsIn).toISOString() }),
      location: "대구 엑스코",
      cmeCredits: 3,
    }),
  );
}

/** A confirmed registrant; scanned in `inAt` ms from now when given. */
async function attendee(seminarId: string, inAt?: number) {
  const person = await insertActor();
  const db = await getDb();
  const [registration] = await db
    .insert(seminarRegistrations)
    .values({
      seminarId,
      userId: person.user.id,
      name: person.user.name,
      email: person.user.email,
      phone: "010-2345-6789",
      status: "confirmed",
      confirmedAt: now(),
    })
    .returning();
  if (inAt !== undefined) {
    await db.insert(seminarCheckIns).values({
      registrationId: registration!.id,
      direction: "in",
      at: new Date(now().getTime() + inAt),
    });
  }
  return registration!;
}

async function audited(action: string, subjectId: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
}

describe("sending the credit sheet", () => {
  it("is refused (409) before the seminar ends, also while it is under way", async () => {
    for (const [startsIn, endsIn] of [
      [2 * HOUR, 6 * HOUR],
      [-HOUR, 3 * HOUR],
    ] as const) {
      const seminar = await seminarAt(startsIn, endsIn);
      await attendee(seminar.id, startsIn + 5 * MINUTE);
      const refusal = await expectRefused(
        () => sendCreditSheet(seminar.id, { objectionDays: 7 }, admin),
        409,
      );
      expect(refusal.message).toMatch(/세미나가 끝난 뒤\(.+ 이후\)에 평점표를 발송할 수 있습니다/);
      const sheet = await creditSheetOf(seminar.id);
      expect(sheet).toMatchObject({ status: "draft", ended: false });
      expect(await audited("seminar_credit_send", seminar.id)).toEqual([]);
    }
  });

  it("is refused until two hours after the start when there is no end time, then goes", async () => {
    const seminar = await seminarAt(-HOUR, null);
    await attendee(seminar.id, -50 * MINUTE);
    await expectRefused(() => sendCreditSheet(seminar.id, { objectionDays: 7 }, admin), 409);
    advanceClock(HOUR);
    const sheet = await sendCreditSheet(seminar.id, { objectionDays: 7 }, admin);
    expect(sheet).toMatchObject({ status: "sent", ended: true, objectionsOpen: true });
  });
});

describe("locking the credit sheet", () => {
  async function sentSheet() {
    const seminar = await seminarAt(-5 * HOUR, -HOUR);
    await attendee(seminar.id, -5 * HOUR - 5 * MINUTE);
    await sendCreditSheet(seminar.id, { objectionDays: 7 }, admin);
    return seminar;
  }

  it("is refused (409) before the objection deadline without a reason", async () => {
    const seminar = await sentSheet();
    const refusal = await expectRefused(() => lockCreditSheet(seminar.id, {}, admin), 409);
    expect(refusal.message).toMatch(
      /이의 신청 기한\(.+\) 전에 평점을 확정하려면 사유를 입력해주세요/,
    );
    expect((await creditSheetOf(seminar.id)).status).toBe("sent");
    expect(await audited("seminar_credit_lock", seminar.id)).toEqual([]);
  });

  it("goes before the deadline with a written reason, and the reason is audited", async () => {
    const seminar = await sentSheet();
    const reason = "참석자 전원이 결과를 확인하고 이의가 없다고 답함";
    const sheet = await lockCreditSheet(seminar.id, { reason }, admin);
    expect(sheet.status).toBe("locked");
    const [entry] = await audited("seminar_credit_lock", seminar.id);
    expect(entry?.actorId).toBe(admin.user.id);
    expect(entry?.detail).toMatchObject({ reason, beforeDeadline: true, attendees: 1 });
  });

  it("goes after the deadline without a reason", async () => {
    const seminar = await sentSheet();
    // The deadline is the end of the Seoul day seven days on: still open just before it.
    const { objectionDeadline } = await creditSheetOf(seminar.id);
    advanceClock(objectionDeadline!.getTime() - nowMs() - MINUTE);
    expect((await creditSheetOf(seminar.id)).objectionsOpen).toBe(true);
    advanceClock(2 * MINUTE);
    expect((await creditSheetOf(seminar.id)).objectionsOpen).toBe(false);
    const sheet = await lockCreditSheet(seminar.id, {}, admin);
    expect(sheet.status).toBe("locked");
    const [entry] = await audited("seminar_credit_lock", seminar.id);
    expect(entry?.detail).toMatchObject({ beforeDeadline: false });
    expect(entry?.detail).not.toHaveProperty("reason");
  });

  it("takes a reason trimmed, non-empty and at most 500 characters", () => {
    expect(creditLockSchema.parse({ reason: "  전원 확인  " })).toEqual({ reason: "전원 확인" });
    expect(creditLockSchema.parse({})).toEqual({});
    for (const reason of ["", "   ", "가".repeat(501), 7]) {
      const result = creditLockSchema.safeParse({ reason });
      expect(result.success, String(reason)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/확정 사유/);
    }
  });
});

describe("corrections", () => {
  it("refuse an entry or exit later than now (400) and change nothing", async () => {
    const seminar = await seminarAt(-HOUR, 3 * HOUR);
    const registration = await attendee(seminar.id, -55 * MINUTE);
    const later = new Date(now().getTime() + 2 * HOUR);
    const exit = await expectRefused(
      () => correctCredits(seminar.id, registration.id, { exitAt: later, reason: "퇴장" }, admin),
      400,
    );
    expect(exit.message).toMatch(/^퇴장 시간은 지금\(.+\)보다 늦을 수 없습니다\.$/);
    expect(exit.errors).toMatchObject({ exitAt: exit.message });
    const entry = await expectRefused(
      () => correctCredits(seminar.id, registration.id, { entryAt: later, reason: "입장" }, admin),
      400,
    );
    expect(entry.message).toMatch(/^입장 시간은/);
    const [line] = (await creditSheetOf(seminar.id)).lines;
    expect(line?.correction).toBeNull();
    // A time already past is taken.
    const earlier = new Date(now().getTime() - 10 * MINUTE);
    const corrected = await correctCredits(
      seminar.id,
      registration.id,
      { exitAt: earlier, reason: "조기 퇴장 확인" },
      admin,
    );
    expect(corrected?.correction?.exitAt?.getTime()).toBe(earlier.getTime());
  });
});

describe("a seminar's phase", () => {
  it("is upcoming before the start, ongoing until the end, past from the end", () => {
    const start = new Date("2026-12-01T00:00:00Z"); // 09:00 in Seoul
    const seminar = { date: start, endDate: new Date(start.getTime() + 4 * HOUR) };
    const at = (ms: number) => seminarPhase(seminar, new Date(start.getTime() + ms));
    expect(at(-MINUTE)).toBe("upcoming");
    expect(at(0)).toBe("ongoing");
    expect(at(HOUR + 44 * MINUTE)).toBe("ongoing");
    expect(at(4 * HOUR - 1)).toBe("ongoing");
    expect(at(4 * HOUR)).toBe("past");
    // No end time: two hours.
    const open = { date: start, endDate: null };
    expect(seminarPhase(open, new Date(start.getTime() + HOUR))).toBe("ongoing");
    expect(seminarPhase(open, new Date(start.getTime() + 2 * HOUR))).toBe("past");
  });

  it("keeps an ongoing seminar out of 지난 세미나", async () => {
    const upcoming = await seminarAt(DAY, DAY + 2 * HOUR, "예정 세미나");
    const ongoing = await seminarAt(-HOUR, 3 * HOUR, "진행 세미나");
    const past = await seminarAt(-5 * HOUR, -HOUR, "지난 세미나");
    const split = splitByDate([past, ongoing, upcoming]);
    expect(split.upcoming.map((s) => [s.id, s.phase])).toEqual([
      [ongoing.id, "ongoing"],
      [upcoming.id, "upcoming"],
    ]);
    expect(split.past.map((s) => [s.id, s.phase])).toEqual([[past.id, "past"]]);
    expect(withPhase([ongoing]).map((s) => s.phase)).toEqual(["ongoing"]);
  });
});

describe("absence", () => {
  it("is counted only after the end: none while the seminar is under way", async () => {
    const seminar = await seminarAt(-HOUR, 3 * HOUR);
    await attendee(seminar.id, -55 * MINUTE);
    await attendee(seminar.id);
    await attendee(seminar.id);
    expect(await registrantCounts(seminar)).toMatchObject({
      confirmed: 3,
      attended: 1,
      absent: 0,
    });
    expect((await listRegistrants(seminar.id, { status: "absent" })).total).toBe(0);
    advanceClock(3 * HOUR);
    expect(await registrantCounts(seminar)).toMatchObject({ attended: 1, absent: 2 });
    expect((await listRegistrants(seminar.id, { status: "absent" })).total).toBe(2);
  });
});
