// The door's rules: scans only from a day before the start until six hours after the end, the
// office's additions until the same close, nothing once the credit sheet is sent (the sheet's
// correction is then the only way, with a reason, audited), nobody records their own attendance,
// a walk-in is an approved, non-suspended member of the seminar's audience (an administrator may
// override the audience with a reason) and is told back only name and registration, scan ids never
// reused across seminars, and a seminar with registrations is cancelled, never deleted.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import {
  auditLog,
  mailQueue,
  payments,
  seminarCheckIns,
  seminarCredits,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  json,
  type LoggedIn,
  logInCookie,
  postForm,
  postJson,
  putObject,
} from "../support/accounts";
import { PDF } from "../support/library-files";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

type Answer = { registrationId: string; name: string; direction: string; at: string };

let admin: LoggedIn;
let staff: Member;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const HANGUL = /[가-힣]/;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  staff = await insertMember(server, { name: "출결담당", role: "checkin" });
});
afterAll(async () => {
  resetClock();
});
afterEach(() => {
  resetClock();
});

/**
 * Signs the office and the door staff in again once the clock has moved hours on: sessions follow
 * the same clock, and seven idle hours have ended theirs. The new sessions outlast the clock's
 * reset, for the tests that follow.
 */
async function signInAgain() {
  admin.cookie = await logInCookie(server, admin.email, admin.password);
  staff.cookie = await logInCookie(server, staff.email, staff.password);
}

/**
 * Sends the seminar's credit sheet out, and locks it once its objection deadline (seven days) has
 * passed: the clock moves past the deadline for the lock and back, signing in again each way.
 */
async function sendAndLock(seminarId: string) {
  const base = `/api/admin/seminars/${seminarId}/credits`;
  const sent = await call("POST", `${base}/send`, admin.cookie);
  expect(sent.status, await sent.clone().text()).toBe(200);
  advanceClock(8 * 24 * HOUR);
  try {
    await signInAgain();
    const locked = await call("POST", `${base}/lock`, admin.cookie);
    expect(locked.status, await locked.clone().text()).toBe(200);
  } finally {
    advanceClock(-8 * 24 * HOUR);
    await signInAgain();
  }
}

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  sendJson(server, method, path, body, { cookie });

/** A seminar starting `startsIn` from now (negative: already begun), two hours long by default. */
async function seminarStarting(startsIn: number, fields: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/seminars", admin.cookie, {
    title: "출입 규칙 세미나",
    description: "설명",
    speaker: "연자",
    date: new Date(Date.now() + startsIn).toISOString(),
    endDate: new Date(Date.now() + startsIn + 2 * HOUR).toISOString(),
    location: "세미나실",
    cmeCredits: 2,
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; title: string }>(res);
}

const addAt = (seminarId: string, body: Record<string, unknown>, cookie = admin.cookie) =>
  call("POST", `/api/admin/seminars/${seminarId}/registrations`, cookie, body);

async function added(seminarId: string, member: Member, cookie = admin.cookie) {
  const res = await addAt(seminarId, { email: member.email }, cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; name: string; status: string }>(res);
}

const scan = (seminarId: string, body: Record<string, unknown>, cookie = staff.cookie) =>
  call("POST", `/api/admin/seminars/${seminarId}/check-ins`, cookie, body);

async function refused(res: Response, status: number, pattern?: RegExp) {
  const text = await res.clone().text();
  expect(res.status, text).toBe(status);
  const { message } = await json<ErrorBody>(res);
  expect(message).toMatch(HANGUL);
  if (pattern) expect(message).toMatch(pattern);
  return message;
}

async function scansOf(registrationId: string) {
  return server.db
    .select()
    .from(seminarCheckIns)
    .where(eq(seminarCheckIns.registrationId, registrationId));
}

describe("the door's hours", () => {
  it("takes scans from 24 hours before the start, the office's additions ahead of time", async () => {
    const seminar = await seminarStarting(30 * HOUR);
    const member = await insertMember(server, { name: "미리온회원" });
    // The office adds a member ahead of time: fine a day and more before.
    const registration = await added(seminar.id, member);
    await refused(
      await scan(seminar.id, { registrationId: registration.id, direction: "in" }),
      409,
      /24시간 전부터/,
    );
    expect(await scansOf(registration.id)).toHaveLength(0);
    advanceClock(7 * HOUR); // 23 hours before the start
    await signInAgain();
    const res = await scan(seminar.id, { registrationId: registration.id, direction: "in" });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("closes six hours after the end for scans and for the office's additions alike", async () => {
    const seminar = await seminarStarting(-9 * HOUR); // ended seven hours ago
    const early = await insertMember(server, { name: "늦은스캔" });
    const late = await insertMember(server, { name: "늦은등록" });
    advanceClock(-2 * HOUR); // five hours after the end: the door is still open
    const registration = await added(seminar.id, early);
    resetClock();
    await refused(
      await scan(seminar.id, { registrationId: registration.id, direction: "out" }),
      409,
      /6시간/,
    );
    await refused(await addAt(seminar.id, { email: late.email }), 409, /6시간/);
    await refused(await addAt(seminar.id, { email: late.email }, staff.cookie), 409, /6시간/);
    expect(await scansOf(registration.id)).toHaveLength(0);
    const rows = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.userId, late.id));
    expect(rows).toHaveLength(0);
  });

  it("takes a queued scan's own time only inside the door's hours and never from the future", async () => {
    const seminar = await seminarStarting(-1 * HOUR);
    const member = await insertMember(server, { name: "시간조작" });
    const registration = await added(seminar.id, member);
    const start = Date.now() - HOUR;
    for (const at of [start - 25 * HOUR, start + 9 * HOUR]) {
      const res = await scan(seminar.id, {
        registrationId: registration.id,
        direction: "in",
        at: new Date(at).toISOString(),
        scanId: `out-of-hours-${at}`,
      });
      await refused(res, at > Date.now() ? 400 : 409);
    }
    // A phone a little fast: recorded at the moment it arrived, not ahead of it.
    const fast = await scan(seminar.id, {
      registrationId: registration.id,
      direction: "in",
      at: new Date(Date.now() + 3 * MINUTE).toISOString(),
    });
    expect(fast.status).toBe(200);
    expect(new Date((await json<Answer>(fast)).at).getTime()).toBeLessThanOrEqual(Date.now());
    const rows = await scansOf(registration.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.at.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("after the credit sheet is sent", () => {
  it("refuses scans, walk-ins and the office's cancellations; the sheet's correction is the only way", async () => {
    const seminar = await seminarStarting(-3 * HOUR);
    const came = await insertMember(server, { name: "참석자" });
    const missed = await insertMember(server, { name: "스캔누락" });
    const late = await insertMember(server, { name: "발송후등록" });
    const cameIn = await added(seminar.id, came);
    const missedIn = await added(seminar.id, missed);
    expect((await scan(seminar.id, { registrationId: cameIn.id, direction: "in" })).status).toBe(
      200,
    );
    const sent = await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie);
    expect(sent.status, await sent.clone().text()).toBe(200);

    for (const cookie of [staff.cookie, admin.cookie]) {
      await refused(
        await scan(seminar.id, { registrationId: missedIn.id, direction: "in" }, cookie),
        409,
        /평점표에서 사유와 함께 정정/,
      );
      await refused(await addAt(seminar.id, { email: late.email }, cookie), 409, /평점표/);
    }
    expect(await scansOf(missedIn.id)).toHaveLength(0);
    // Nor does the office's cancellation take someone off the sheet, and a fee paid for the seat
    // is not refunded first (the refund would go out and the seat stay).
    await server.db.insert(payments).values({
      paymentId: `pay-door-${cameIn.id.slice(0, 8)}`,
      userId: came.id,
      memberName: "참석자",
      purpose: "seminar",
      seminarId: seminar.id,
      registrationId: cameIn.id,
      orderName: "등록비",
      amount: 30_000,
      provider: "test",
      status: "paid",
      paidAt: new Date(),
    });
    const cancel = await postForm(
      server,
      `/admin/seminars/${seminar.id}`,
      { intent: "cancel", userId: came.id, refund: "on" },
      { cookie: admin.cookie },
    );
    expect(cancel.status).toBe(409);
    const [fee] = await server.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, cameIn.id));
    expect(fee).toMatchObject({ status: "paid", refundedAmount: 0 });
    const [kept] = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.id, cameIn.id));
    expect(kept?.status).toBe("confirmed");

    // The correction, with its reason, is the way, and it is audited.
    const entry = new Date(Date.now() - 3 * HOUR).toISOString();
    const correction = await call(
      "PATCH",
      `/api/admin/seminars/${seminar.id}/credits/${missedIn.id}`,
      admin.cookie,
      { entryAt: entry, reason: "입장 스캔 누락: 명단 서명 확인" },
    );
    expect(correction.status, await correction.clone().text()).toBe(200);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "seminar_credit_correct"), eq(auditLog.subjectId, missedIn.id)),
      );
    expect(audits[0]?.detail).toMatchObject({ reason: "입장 스캔 누락: 명단 서명 확인" });
  });

  it("a scan that reaches the table after the lock opens no 정회원 file of the seminar", async () => {
    const seminar = await seminarStarting(-3 * HOUR);
    const attendee = await insertMember(server, { name: "참석준회원", memberType: "associate" });
    const absent = await insertMember(server, { name: "불참준회원", memberType: "associate" });
    const attendeeIn = await added(seminar.id, attendee);
    const absentIn = await added(seminar.id, absent);
    for (const direction of ["in", "out"]) {
      const at = new Date(Date.now() - (direction === "in" ? 3 : 1) * HOUR).toISOString();
      const res = await scan(seminar.id, { registrationId: attendeeIn.id, direction, at });
      expect(res.status).toBe(200);
    }
    // The seminar's slides, 정회원 only (its attendees too).
    const upload = await postJson(server, "/api/resources/upload", undefined, {
      cookie: admin.cookie,
    });
    const grant = await json<{ uploadURL: string; objectPath: string }>(upload);
    const url = new URL(grant.uploadURL);
    expect((await putObject(`${server.baseUrl}${url.pathname}${url.search}`, PDF)).status).toBe(
      200,
    );
    const created = await postJson(
      server,
      "/api/resources",
      {
        title: "출입 규칙 세미나 발표 자료",
        category: "세미나 자료",
        access: "regular",
        seminarId: seminar.id,
        objectPath: grant.objectPath,
        fileName: "발표 자료.pdf",
      },
      { cookie: admin.cookie },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const item = await json<{ downloadUrl: string }>(created);
    const download = (cookie: string) => server.fetch(item.downloadUrl, { headers: { cookie } });

    await sendAndLock(seminar.id);
    expect((await download(attendee.cookie)).status).toBe(200);
    expect((await download(absent.cookie)).status).toBe(403);
    await refused(await scan(seminar.id, { registrationId: absentIn.id, direction: "in" }), 409);
    expect((await download(absent.cookie)).status).toBe(403);
    // Even a scan row that got into the table some other way moves nothing once the sheet is locked.
    await server.db
      .insert(seminarCheckIns)
      .values({ registrationId: absentIn.id, direction: "in", at: new Date(Date.now() - HOUR) });
    expect((await download(absent.cookie)).status).toBe(403);
  });
});

describe("nobody records their own attendance", () => {
  it("refuses staff scanning their own ticket and registering themselves", async () => {
    const seminar = await seminarStarting(2 * HOUR);
    const ownRes = await call("POST", `/api/seminars/${seminar.id}/registrations`, staff.cookie);
    expect(ownRes.status, await ownRes.clone().text()).toBe(201);
    const own = await json<{ id: string; ticketToken: string }>(ownRes);
    await refused(
      await scan(seminar.id, { ticketToken: own.ticketToken, direction: "in" }),
      403,
      /본인/,
    );
    await refused(await scan(seminar.id, { registrationId: own.id, direction: "in" }), 403, /본인/);
    expect(await scansOf(own.id)).toHaveLength(0);
    // Another staff member may.
    expect(
      (await scan(seminar.id, { ticketToken: own.ticketToken, direction: "in" }, admin.cookie))
        .status,
    ).toBe(200);

    const other = await seminarStarting(2 * HOUR, { title: "다른 세미나" });
    await refused(await addAt(other.id, { email: staff.email }, staff.cookie), 403, /본인/);
    await refused(await addAt(other.id, { email: admin.email }, admin.cookie), 403, /본인/);
    const rows = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.seminarId, other.id));
    expect(rows).toHaveLength(0);
  });
});

describe("walk-ins", () => {
  it("answer only the name and the registration", async () => {
    const seminar = await seminarStarting(2 * HOUR);
    const walkIn = await insertMember(server, { name: "현장회원" });
    const res = await addAt(seminar.id, { email: walkIn.email }, staff.cookie);
    expect(res.status).toBe(201);
    const body = await json<Record<string, unknown>>(res);
    expect(Object.keys(body).sort()).toEqual(["id", "name", "status"]);
    expect(body).toMatchObject({ name: "현장회원", status: "confirmed" });
    expect(JSON.stringify(body)).not.toContain(walkIn.id);
    expect(JSON.stringify(body)).not.toContain("010-");
    expect(JSON.stringify(body)).not.toContain("테스트의원");
  });

  it("register approved members only, never suspended ones", async () => {
    const seminar = await seminarStarting(2 * HOUR);
    const suspended = await insertMember(server, { name: "정지회원" });
    await server.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: "회비 분쟁" })
      .where(eq(users.id, suspended.id));
    const pending = await insertMember(server, { name: "승인대기" });
    await server.db.update(users).set({ isApproved: false }).where(eq(users.id, pending.id));
    for (const cookie of [staff.cookie, admin.cookie]) {
      await refused(await addAt(seminar.id, { email: suspended.email }, cookie), 409, /정지/);
      await refused(await addAt(seminar.id, { email: pending.email }, cookie), 404);
      await refused(await addAt(seminar.id, { email: "nobody@example.com" }, cookie), 404);
    }
    await refused(await addAt(seminar.id, { email: "not an e-mail" }, staff.cookie), 400);
    const rows = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.seminarId, seminar.id));
    expect(rows).toHaveLength(0);
  });

  it("meet the seminar's audience unless an administrator overrides it with a reason, audited", async () => {
    const seminar = await seminarStarting(2 * HOUR, { audience: "regular" });
    const associate = await insertMember(server, { name: "준회원현장", memberType: "associate" });
    const honorary = await insertMember(server, { name: "명예회원현장", memberType: "honorary" });
    await refused(await addAt(seminar.id, { email: associate.email }, staff.cookie), 403, /정회원/);
    await refused(
      await addAt(
        seminar.id,
        { email: associate.email, audienceOverrideReason: "연자 초청" },
        staff.cookie,
      ),
      403,
      /관리자만/,
    );
    await refused(await addAt(seminar.id, { email: associate.email }), 403, /사유/);
    await refused(
      await addAt(seminar.id, { email: associate.email, audienceOverrideReason: "x".repeat(501) }),
      400,
    );
    const overridden = await addAt(seminar.id, {
      email: associate.email,
      audienceOverrideReason: "좌장으로 초청",
    });
    expect(overridden.status, await overridden.clone().text()).toBe(201);
    const { id } = await json<{ id: string }>(overridden);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "seminar_audience_override"), eq(auditLog.subjectId, id)));
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.detail).toMatchObject({ reason: "좌장으로 초청" });
    // In the audience: no reason needed, door staff may.
    expect((await addAt(seminar.id, { email: honorary.email }, staff.cookie)).status).toBe(201);
  });
});

describe("scan ids", () => {
  it("are not reused at another seminar: 409, never a 'recorded' that stored nothing", async () => {
    const first = await seminarStarting(2 * HOUR);
    const second = await seminarStarting(2 * HOUR, { title: "두번째 세미나" });
    const a = await insertMember(server, { name: "첫째" });
    const b = await insertMember(server, { name: "둘째" });
    const atFirst = await added(first.id, a);
    const atSecond = await added(second.id, b);
    const recorded = await scan(first.id, {
      registrationId: atFirst.id,
      direction: "in",
      scanId: "phone-7-0001",
    });
    expect(recorded.status).toBe(200);
    await refused(
      await scan(second.id, {
        registrationId: atSecond.id,
        direction: "in",
        scanId: "phone-7-0001",
      }),
      409,
      /스캔 번호/,
    );
    expect(await scansOf(atSecond.id)).toHaveLength(0);
    // The same scan resent at its own seminar still gets its first answer.
    const resent = await scan(first.id, {
      registrationId: atFirst.id,
      direction: "in",
      scanId: "phone-7-0001",
    });
    // (Less what only a new record knows: the scan before it.)
    const { previous: _, ...firstAnswer } = await json<Answer & { previous?: unknown }>(recorded);
    expect(await json<Answer>(resent)).toEqual(firstAnswer);
  });
});

describe("deleting and cancelling a seminar", () => {
  it("never deletes a seminar with a locked sheet: registrations, scans, credits and certificates stay", async () => {
    const seminar = await seminarStarting(-3 * HOUR);
    const member = await insertMember(server, { name: "확인서회원" });
    const registration = await added(seminar.id, member);
    for (const [direction, hoursAgo] of [
      ["in", 3],
      ["out", 1],
    ] as const) {
      const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
      expect(
        (await scan(seminar.id, { registrationId: registration.id, direction, at })).status,
      ).toBe(200);
    }
    await sendAndLock(seminar.id);
    const [credit] = await server.db
      .select()
      .from(seminarCredits)
      .where(eq(seminarCredits.registrationId, registration.id));
    const code = credit!.certificateCode!;
    expect((await page(server, `/verify/${code}`)).status).toBe(200);

    await refused(await call("DELETE", `/api/seminars/${seminar.id}`, admin.cookie), 409);
    // The dashboard's delete goes the same way.
    const dashboard = await postForm(
      server,
      "/admin/dashboard",
      { intent: "delete-seminar", id: seminar.id },
      { cookie: admin.cookie },
    );
    expect(dashboard.status).toBeLessThan(500);
    expect(await server.db.select().from(seminars).where(eq(seminars.id, seminar.id))).toHaveLength(
      1,
    );
    expect(await scansOf(registration.id)).toHaveLength(2);
    expect((await page(server, `/verify/${code}`)).status).toBe(200);
    // Nor is it cancelled: it took place.
    await refused(
      await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, { status: "cancelled" }),
      409,
    );
  });

  it("points to cancelling instead; cancelling mails the registrants and keeps every record", async () => {
    const seminar = await seminarStarting(20 * HOUR, { capacity: 1 });
    const confirmed = await insertMember(server, { name: "확정자" });
    const waiting = await insertMember(server, { name: "대기자" });
    const bystander = await insertMember(server, { name: "다른사람" });
    for (const member of [confirmed, waiting]) {
      const res = await call("POST", `/api/seminars/${seminar.id}/registrations`, member.cookie);
      expect(res.status).toBe(201);
    }
    await refused(await call("DELETE", `/api/seminars/${seminar.id}`, admin.cookie), 409, /취소/);

    const cancelled = await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, {
      status: "cancelled",
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect((await json<{ status: string }>(cancelled)).status).toBe("cancelled");
    const mails = await server.db
      .select()
      .from(mailQueue)
      .where(inArray(mailQueue.to, [confirmed.email, waiting.email, bystander.email]));
    const cancelMails = mails.filter((m) => m.subject.includes("세미나가 취소되었습니다"));
    expect(cancelMails.map((m) => m.to).sort()).toEqual([confirmed.email, waiting.email].sort());
    // Saved again as cancelled: nobody is mailed twice.
    await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, { status: "cancelled" });
    const again = await server.db
      .select()
      .from(mailQueue)
      .where(inArray(mailQueue.to, [confirmed.email, waiting.email]));
    expect(again.filter((m) => m.subject.includes("세미나가 취소되었습니다"))).toHaveLength(2);

    const rows = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.seminarId, seminar.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["confirmed", "waitlisted"]);
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "seminar_cancel"), eq(auditLog.subjectId, seminar.id)));
    expect(audit?.detail).toMatchObject({ registrantsMailed: 2 });

    // A cancelled seminar takes no registration, no walk-in, no scan and no reminder.
    await refused(
      await call("POST", `/api/seminars/${seminar.id}/registrations`, bystander.cookie),
      409,
      /취소된 세미나/,
    );
    await refused(await addAt(seminar.id, { email: bystander.email }, staff.cookie), 409, /취소/);
    await refused(await scan(seminar.id, { registrationId: rows[0]!.id, direction: "in" }), 409);
    const { sendDueReminders } = await import("~/features/seminars/reminders.server");
    await sendDueReminders();
    const reminders = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, confirmed.email));
    expect(reminders.filter((m) => /(오늘|내일) 세미나가 열립니다/.test(m.subject))).toHaveLength(
      0,
    );
    const detail = await page(server, `/activities/${seminar.id}`, bystander.cookie);
    expect(detail.html).toContain("취소된 세미나입니다");
  });

  it("still deletes a seminar nobody registered for", async () => {
    const seminar = await seminarStarting(48 * HOUR);
    expect((await call("DELETE", `/api/seminars/${seminar.id}`, admin.cookie)).status).toBe(204);
  });
});
