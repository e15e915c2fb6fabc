// The seminar's door: signed tickets, forged and other seminars' tokens, every scan kept,
// a repeated scan within a minute counted once, a resent scan id answered with its first answer,
// offline scans arriving late with their own time; the check-in-only staff role; the pages'
// permissions; the day-before reminder sent once.
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { seoulDate } from "~/lib/dates";
import { seminarCheckIns } from "~db/schema";
import { createAdmin, json, type LoggedIn } from "../support/accounts";
import { mainText } from "../support/html";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

type Answer = {
  registrationId: string;
  name: string;
  direction: string;
  at: string;
  previous?: { direction: string; at: string } | null;
};

let admin: LoggedIn;
let staff: Member;
let member: Member;

const MINUTE = 60 * 1000;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  staff = await insertMember(server, { name: "출결담당", role: "checkin" });
  member = await insertMember(server, { name: "참석회원" });
});
afterEach(() => {
  resetClock();
});

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  sendJson(server, method, path, body, { cookie });

/** A seminar starting in two hours (registration is open until the start; doors open the day before). */
async function createSeminar(fields: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/seminars", admin.cookie, {
    title: "출결 시험 세미나",
    description: "설명",
    speaker: "연자",
    date: new Date(Date.now() + 2 * 60 * MINUTE).toISOString(),
    location: "세미나실",
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string }>(res);
}

async function registered(who: Member, seminarId: string) {
  const res = await call("POST", `/api/seminars/${seminarId}/registrations`, who.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; status: string; ticketToken: string | null }>(res);
}

const scan = (seminarId: string, body: unknown, cookie: string | null = staff.cookie) =>
  call("POST", `/api/admin/seminars/${seminarId}/check-ins`, cookie, body);

describe("scanning tickets", () => {
  it("records an entry from a genuine ticket and keeps every scan", async () => {
    const seminar = await createSeminar();
    const ticket = await registered(member, seminar.id);
    const entry = await scan(seminar.id, { ticketToken: ticket.ticketToken, direction: "in" });
    expect(entry.status).toBe(200);
    const answer = await json<Answer>(entry);
    expect(answer).toMatchObject({ registrationId: ticket.id, name: "참석회원", direction: "in" });

    const exit = await scan(seminar.id, { registrationId: ticket.id, direction: "out" });
    expect((await json<Answer>(exit)).direction).toBe("out");
    advanceClock(2 * MINUTE);
    const reentry = await scan(seminar.id, { ticketToken: ticket.ticketToken, direction: "in" });
    expect(reentry.status).toBe(200);
    const rows = await server.db
      .select()
      .from(seminarCheckIns)
      .where(eq(seminarCheckIns.registrationId, ticket.id));
    expect(rows.map((r) => r.direction).sort()).toEqual(["in", "in", "out"]);
  });

  it("refuses a forged, altered or another seminar's ticket with 400", async () => {
    const seminar = await createSeminar();
    const other = await createSeminar({ title: "다른 세미나" });
    const ticket = await registered(member, seminar.id);
    const token = ticket.ticketToken!;
    const [version, body, mac] = token.split(".");
    const flipped = `${mac!.slice(0, -2)}${mac!.endsWith("AA") ? "BB" : "AA"}`;
    for (const forged of [
      `${version}.${body}.${flipped}`,
      "t1.abc.def",
      "not a ticket",
      `${version}.${body!.slice(0, -2)}AA.${mac}`,
    ]) {
      const res = await scan(seminar.id, { ticketToken: forged, direction: "in" });
      expect(res.status, forged).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe("유효하지 않은 티켓입니다.");
    }
    const elsewhere = await scan(other.id, { ticketToken: token, direction: "in" });
    expect(elsewhere.status).toBe(400);
    expect((await json<{ message: string }>(elsewhere)).message).toBe(
      "이 세미나의 티켓이 아닙니다.",
    );
  });

  it("counts a repeated scan within a minute once, and answers a resent scan id with its first answer", async () => {
    const seminar = await createSeminar();
    const someone = await insertMember(server, { name: "중복스캔" });
    const ticket = await registered(someone, seminar.id);
    const first = await json<Answer>(
      await scan(seminar.id, {
        ticketToken: ticket.ticketToken,
        direction: "in",
        scanId: "phone-1",
      }),
    );
    const again = await json<Answer>(
      await scan(seminar.id, {
        ticketToken: ticket.ticketToken,
        direction: "in",
        scanId: "phone-2",
      }),
    );
    expect(again.at).toBe(first.at);
    // The phone resends its queued scan later: the same answer, nothing new stored.
    const resent = await json<Answer>(
      await scan(seminar.id, {
        ticketToken: ticket.ticketToken,
        direction: "in",
        scanId: "phone-1",
        at: new Date(Date.now() + 5 * MINUTE).toISOString(),
      }),
    );
    // The same answer, less what only a new record knows (the scan before it).
    const { previous, ...recorded } = first;
    expect(previous).toBeNull();
    expect(resent).toEqual(recorded);
    const rows = await server.db
      .select()
      .from(seminarCheckIns)
      .where(eq(seminarCheckIns.registrationId, ticket.id));
    expect(rows).toHaveLength(1);
  });

  it("answers a new record with the scan before it, so the door can warn of a wrong-way scan; both are recorded", async () => {
    const seminar = await createSeminar();
    const twice = await registered(await insertMember(server, { name: "두번입장" }), seminar.id);
    const outFirst = await registered(await insertMember(server, { name: "퇴장먼저" }), seminar.id);
    const entry = await json<Answer>(
      await scan(seminar.id, {
        ticketToken: twice.ticketToken,
        direction: "in",
        at: new Date(Date.now() - 3 * MINUTE).toISOString(),
      }),
    );
    expect(entry.previous).toBeNull();
    // Three minutes on, the 입장 toggle still on: recorded, with the entry before it named.
    const secondEntry = await json<Answer>(
      await scan(seminar.id, { ticketToken: twice.ticketToken, direction: "in" }),
    );
    expect(secondEntry.previous).toEqual({ direction: "in", at: entry.at });
    // An exit with no entry: recorded, with nothing before it.
    const exit = await json<Answer>(
      await scan(seminar.id, { ticketToken: outFirst.ticketToken, direction: "out" }),
    );
    expect(exit).toMatchObject({ direction: "out", previous: null });
    const rows = await server.db
      .select()
      .from(seminarCheckIns)
      .where(inArray(seminarCheckIns.registrationId, [twice.id, outFirst.id]));
    expect(rows).toHaveLength(3);
    // Reloaded (or opened on a second phone), the door's log shows what was recorded, newest first.
    const door = await server.fetch(`/admin/seminars/${seminar.id}/check-in`, {
      headers: { cookie: staff.cookie },
    });
    expect(door.status).toBe(200);
    const log = mainText(await door.text());
    expect(log).not.toContain("아직 기록이 없습니다");
    expect(log).toMatch(
      /퇴장먼저님 퇴장 \d{2}:\d{2}.*두번입장님 입장 \d{2}:\d{2}.*두번입장님 입장/s,
    );
  });

  it("keeps an offline scan's own time when it arrives late", async () => {
    const seminar = await createSeminar({
      date: new Date(Date.now() - 3 * 60 * MINUTE).toISOString(),
    });
    const someone = await insertMember(server, { name: "오프라인" });
    // Registered by the office (registration is closed once the seminar has started).
    const added = await call(
      "POST",
      `/api/admin/seminars/${seminar.id}/registrations`,
      admin.cookie,
      {
        email: someone.email,
      },
    );
    const registration = await json<{ id: string }>(added);
    const madeAt = new Date(Date.now() - 2 * 60 * MINUTE);
    const res = await scan(seminar.id, {
      registrationId: registration.id,
      direction: "in",
      at: madeAt.toISOString(),
      scanId: "offline-scan-1",
    });
    expect(res.status).toBe(200);
    expect(new Date((await json<Answer>(res)).at).getTime()).toBe(madeAt.getTime());
  });

  it("refuses times in the future, waitlisted people and malformed bodies", async () => {
    const seminar = await createSeminar({ capacity: 1 });
    const holder = await insertMember(server);
    const waiting = await insertMember(server);
    const held = await registered(holder, seminar.id);
    const queued = await registered(waiting, seminar.id);
    expect(queued.status).toBe("waitlisted");
    expect(
      (
        await scan(seminar.id, {
          registrationId: held.id,
          direction: "in",
          at: new Date(Date.now() + 60 * MINUTE).toISOString(),
        })
      ).status,
    ).toBe(400);
    const refused = await scan(seminar.id, { registrationId: queued.id, direction: "in" });
    expect(refused.status).toBe(409);
    for (const body of [
      {},
      { registrationId: held.id },
      { registrationId: held.id, direction: "sideways" },
      { registrationId: "not-a-uuid", direction: "in" },
      { registrationId: held.id, direction: "in", at: "yesterday" },
      { registrationId: held.id, direction: "in", at: "0001-01-01T00:00:00Z" },
      { ticketToken: 42, direction: "in" },
    ]) {
      const res = await scan(seminar.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ message: string }>(res)).message).toMatch(/[가-힣]/);
    }
  });
});

describe("who may use the door", () => {
  it("lets administrators and check-in staff scan; members and visitors may not", async () => {
    const seminar = await createSeminar();
    const someone = await insertMember(server);
    const ticket = await registered(someone, seminar.id);
    const body = { ticketToken: ticket.ticketToken, direction: "in" };
    expect((await scan(seminar.id, body, null)).status).toBe(401);
    expect((await scan(seminar.id, body, someone.cookie)).status).toBe(403);
    expect((await scan(seminar.id, body, staff.cookie)).status).toBe(200);
    expect((await scan(seminar.id, { ...body, direction: "out" }, admin.cookie)).status).toBe(200);
  });

  it("shows the check-in page to staff only, and nothing else of the administrator area to them", async () => {
    const seminar = await createSeminar();
    const page = (path: string, cookie: string | null) =>
      server.fetch(path, { headers: cookie ? { cookie } : {} });
    const door = await page(`/admin/seminars/${seminar.id}/check-in`, staff.cookie);
    expect(door.status).toBe(200);
    expect(await door.text()).toContain("카메라로 QR 티켓 스캔");
    // The camera is allowed on this page only.
    expect(door.headers.get("permissions-policy")).toMatch(/(^|, )camera=\(self\)/);
    const elsewhere = await page(`/admin/seminars/${seminar.id}`, admin.cookie);
    expect(elsewhere.headers.get("permissions-policy")).toMatch(/(^|, )camera=\(\)/);
    expect((await page(`/admin/seminars/${seminar.id}/check-in`, admin.cookie)).status).toBe(200);
    expect((await page(`/admin/seminars/${seminar.id}/check-in`, member.cookie)).status).toBe(403);
    expect((await page(`/admin/seminars/${seminar.id}/check-in`, null)).status).toBe(401);
    for (const path of [
      "/admin/dashboard",
      "/admin/members",
      `/admin/seminars/${seminar.id}`,
      `/admin/seminars/${seminar.id}/registrants.csv`,
    ]) {
      expect((await page(path, staff.cookie)).status, path).toBe(403);
    }
    expect(
      (await call("GET", `/api/admin/seminars/${seminar.id}/registrations`, staff.cookie)).status,
    ).toBe(403);
    expect((await call("GET", "/api/admin/members", staff.cookie)).status).toBe(403);
  });

  it("says in Korean, in the door's own frame, that an unknown seminar's door does not exist", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const [cookie, back] of [
      [staff.cookie, 'href="/"'],
      [admin.cookie, 'href="/admin/seminars"'],
    ] as const) {
      for (const id of [unknown, "not-a-uuid"]) {
        const res = await server.fetch(`/admin/seminars/${id}/check-in`, { headers: { cookie } });
        expect(res.status).toBe(404);
        const html = await res.text();
        expect(mainText(html)).toContain("학술 활동을 찾을 수 없습니다.");
        expect(mainText(html)).toContain("현장 출결 주소를 다시 확인해주세요.");
        expect(html).toContain(back);
        expect(html).toMatch(/<title>학술 활동을 찾을 수 없습니다 \| 현장 출결<\/title>/);
        // The door's frame: no site menu, as on the door itself.
        expect(html).not.toContain('aria-label="관리자 메뉴"');
      }
    }
    // Refusals still come before whether the seminar exists.
    const visitor = await server.fetch(`/admin/seminars/${unknown}/check-in`);
    expect(visitor.status).toBe(401);
  });

  it("lets check-in staff register a walk-in at the door", async () => {
    const seminar = await createSeminar();
    const walkIn = await insertMember(server, { name: "현장등록" });
    const res = await call(
      "POST",
      `/api/admin/seminars/${seminar.id}/registrations`,
      staff.cookie,
      {
        email: walkIn.email,
      },
    );
    expect(res.status).toBe(201);
    const again = await call(
      "POST",
      `/api/admin/seminars/${seminar.id}/registrations`,
      staff.cookie,
      {
        email: walkIn.email,
      },
    );
    expect(again.status).toBe(409);
  });
});

describe("the day-before reminder", () => {
  it("mails each confirmed registrant of a seminar starting within a day, once", async () => {
    const start = new Date(Date.now() + 20 * 60 * MINUTE);
    const seminar = await createSeminar({ date: start.toISOString() });
    const someone = await insertMember(server, { name: "알림받을회원" });
    await registered(someone, seminar.id);
    const { sendDueReminders } = await import("~/features/seminars/reminders.server");
    const { mailQueue } = await import("~db/schema");
    expect(await sendDueReminders()).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders()).toBe(0);
    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, someone.email));
    // 오늘 when the start falls on today's Seoul date (a run before 04:00 in Seoul), else 내일.
    const day = seoulDate(start) === seoulDate(new Date()) ? "오늘" : "내일";
    expect(mails.filter((m) => m.subject.includes(`${day} 세미나가 열립니다`))).toHaveLength(1);
  });

  it("says 오늘 for a seminar later the same Seoul day, 내일 for one after midnight", async () => {
    // The server's clock at 21:00 in Seoul: a seminar at 23:00 is today's, one at 01:00 tomorrow's.
    let midnight = Date.parse(`${seoulDate(new Date())}T00:00:00+09:00`) + 24 * 60 * MINUTE;
    if (midnight - 3 * 60 * MINUTE < Date.now()) midnight += 24 * 60 * MINUTE;
    const tonight = await createSeminar({ date: new Date(midnight - 60 * MINUTE).toISOString() });
    const early = await createSeminar({ date: new Date(midnight + 60 * MINUTE).toISOString() });
    const both = await insertMember(server, { name: "오늘내일회원" });
    await registered(both, tonight.id);
    await registered(both, early.id);
    const { sendDueReminders } = await import("~/features/seminars/reminders.server");
    const { mailQueue } = await import("~db/schema");
    advanceClock(midnight - 3 * 60 * MINUTE - Date.now());
    await sendDueReminders();
    const subjects = (
      await server.db.select().from(mailQueue).where(eq(mailQueue.to, both.email))
    ).map((m) => m.subject);
    expect(subjects.filter((subject) => subject.includes("오늘 세미나가 열립니다"))).toHaveLength(
      1,
    );
    expect(subjects.filter((subject) => subject.includes("내일 세미나가 열립니다"))).toHaveLength(
      1,
    );
  });
});
