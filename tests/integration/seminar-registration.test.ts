// Seminar registration: one-tap registration, capacity under concurrency, the waitlist
// and its promotions and their limits, the cancellation deadline, the audience, the mails, and the
// permission of each call for a visitor, a member outside the audience and an administrator.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db.server";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { CALLS_A_WRITING_FUNCTION } from "~db/client.server";
import { auditLog, mailQueue, payments, seminarRegistrations } from "~db/schema";
import { createAdmin, json, type LoggedIn } from "../support/accounts";
import { UNKNOWN_ID } from "../support/admin";
import { mainText } from "../support/html";
import { waitForOutboxMessagesTo } from "../support/mail";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

type Mine = {
  id?: string;
  status: string;
  waitlistPosition?: number | null;
  ticketToken?: string | null;
};

let admin: LoggedIn;

const DAY = 24 * 60 * 60 * 1000;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});
afterEach(() => {
  resetClock();
});

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  sendJson(server, method, path, body, { cookie });

/** A seminar created over the administrators' call, starting in `days` days. */
async function createSeminar(fields: Record<string, unknown> = {}, days = 10) {
  const res = await call("POST", "/api/seminars", admin.cookie, {
    title: "개원의 세무 실무 세미나",
    description: "개원의가 알아야 할 세무 실무",
    speaker: "김세무 세무사",
    date: new Date(Date.now() + days * DAY).toISOString(),
    location: "대구 엑스코 321호",
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; cancellationDeadline: string; date: string; capacity: number | null }>(
    res,
  );
}

const registerAs = (member: { cookie: string }, seminarId: string) =>
  call("POST", `/api/seminars/${seminarId}/registrations`, member.cookie);

async function mine(member: { cookie: string }, seminarId: string) {
  const res = await call("GET", `/api/seminars/${seminarId}/registrations/me`, member.cookie);
  return { status: res.status, body: await json<Mine>(res) };
}

async function members(count: number, overrides = {}) {
  const list: Member[] = [];
  for (let i = 0; i < count; i++) list.push(await insertMember(server, overrides));
  return list;
}

async function subjectsTo(email: string) {
  const rows = await server.db.select().from(mailQueue).where(eq(mailQueue.to, email));
  return rows.map((row) => row.subject);
}

describe("the seminar's new fields", () => {
  it("defaults the cancellation deadline to three days before the start and the audience to members", async () => {
    const seminar = await createSeminar({ capacity: 30, cmeCredits: 4 });
    expect(new Date(seminar.cancellationDeadline).getTime()).toBe(
      new Date(seminar.date).getTime() - 3 * DAY,
    );
    const list = await json<Array<Record<string, unknown>>>(
      await call("GET", "/api/seminars", null),
    );
    const item = list.find((s) => s.id === seminar.id);
    expect(item).toMatchObject({
      capacity: 30,
      seatsLeft: 30,
      audience: "members",
      cmeCredits: 4,
      endDate: null,
      registrationOpensAt: null,
      registrationClosesAt: null,
    });
  });

  it("a new date moves the default deadline along, also when the edit form sends the old one back", async () => {
    const seminar = await createSeminar({ capacity: 30 });
    const later = new Date(new Date(seminar.date).getTime() + 40 * DAY);
    // The dashboard's form is drawn with the stored deadline and sends it with the new date.
    const moved = await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, {
      date: later.toISOString(),
      cancellationDeadline: seminar.cancellationDeadline,
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const after = await json<{ cancellationDeadline: string }>(moved);
    expect(new Date(after.cancellationDeadline).getTime()).toBe(later.getTime() - 3 * DAY);
    // A deadline the office chose stays where it was put.
    const chosen = new Date(later.getTime() - 7 * DAY);
    await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, {
      cancellationDeadline: chosen.toISOString(),
    });
    const again = await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, {
      date: new Date(later.getTime() + DAY).toISOString(),
      cancellationDeadline: chosen.toISOString(),
    });
    expect(
      new Date(
        (await json<{ cancellationDeadline: string }>(again)).cancellationDeadline,
      ).getTime(),
    ).toBe(chosen.getTime());
  });

  it("refuses impossible values with Korean messages", async () => {
    for (const fields of [
      { capacity: 0 },
      { capacity: "many" },
      { audience: "everyone" },
      { endDate: new Date(Date.now() + DAY).toISOString() },
      {
        registrationOpensAt: new Date(Date.now() + 3 * DAY).toISOString(),
        registrationClosesAt: new Date(Date.now() + 2 * DAY).toISOString(),
      },
      { cmeCredits: -1 },
      // After the start: a member could register, or cancel with a full refund, at the seminar.
      { registrationClosesAt: new Date(Date.now() + 11 * DAY).toISOString() },
      { cancellationDeadline: new Date(Date.now() + 11 * DAY).toISOString() },
    ]) {
      const res = await call("POST", "/api/seminars", admin.cookie, {
        title: "잘못된 세미나",
        description: "설명",
        speaker: "연자",
        date: new Date(Date.now() + 10 * DAY).toISOString(),
        location: "장소",
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await json<{ message: string }>(res)).message).toMatch(/[가-힣]/);
    }
  });
});

describe("registering", () => {
  it("confirms while seats are left, then waitlists, and mails each with what happened", async () => {
    const seminar = await createSeminar({ capacity: 1 });
    const [first, second] = await members(2);
    const res = await registerAs(first!, seminar.id);
    expect(res.status).toBe(201);
    const confirmed = await json<Mine>(res);
    expect(confirmed).toMatchObject({ status: "confirmed", waitlistPosition: null });
    expect(confirmed.ticketToken).toMatch(/^t1\./);

    const waitlisted = await json<Mine>(await registerAs(second!, seminar.id));
    expect(waitlisted).toMatchObject({
      status: "waitlisted",
      waitlistPosition: 1,
      ticketToken: null,
    });

    expect((await mine(first!, seminar.id)).body).toMatchObject({ status: "confirmed" });
    expect((await subjectsTo(first!.email)).join()).toContain("신청이 확정되었습니다");
    expect((await subjectsTo(second!.email)).join()).toContain("대기자로 등록되었습니다");
    const [confirmation] = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, first!.email));
    expect(confirmation?.attachments?.map((a) => a.filename)).toEqual([
      "seminar.ics",
      "ticket-qr.png",
    ]);
    const png = Buffer.from(confirmation?.attachments?.[1]?.content ?? "", "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    const invitation = confirmation?.attachments?.[0];
    // The hall's clock time in Seoul, as a phone's calendar should show it.
    const seoul = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: "Asia/Seoul",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(seminar.date))
        .map((part) => [part.type, part.value]),
    );
    expect(invitation?.content).toContain(
      `DTSTART;TZID=Asia/Seoul:${seoul.year}${seoul.month}${seoul.day}T${seoul.hour}${seoul.minute}${seoul.second}`,
    );
    expect(invitation?.content).toContain("BEGIN:VTIMEZONE");
    // As delivered (the outbox, without SMTP_URL): both files are attached to the message.
    const [delivered] = await waitForOutboxMessagesTo(first!.email);
    expect(delivered?.parsed.attachments.map((a) => a.contentType).sort()).toEqual([
      "image/png",
      "text/calendar",
    ]);
    expect(delivered?.text).toContain("신청이 확정되었습니다");
  });

  it("refuses a second registration of the same member (409)", async () => {
    const seminar = await createSeminar();
    const [member] = await members(1);
    expect((await registerAs(member!, seminar.id)).status).toBe(201);
    const again = await registerAs(member!, seminar.id);
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toBe("이미 신청한 세미나입니다.");
  });

  it("takes one seat for a member who taps 신청 five times at once; the others are 409", async () => {
    const seminar = await createSeminar({ capacity: 3 });
    const [member] = await members(1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => registerAs(member!, seminar.id)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.seminarId, seminar.id));
    expect(rows.map((row) => row.status)).toEqual(["confirmed"]);
  });

  it("holds the capacity under concurrency: 50 at once for 10 seats, in arrival order", async () => {
    const seminar = await createSeminar({ capacity: 10 });
    const crowd = await members(50);
    const answers = await Promise.all(
      crowd.map(async (member) => {
        const res = await registerAs(member, seminar.id);
        expect(res.status).toBe(201);
        return json<Mine>(res);
      }),
    );
    expect(answers.filter((a) => a.status === "confirmed")).toHaveLength(10);
    const waitlisted = answers.filter((a) => a.status === "waitlisted");
    expect(waitlisted).toHaveLength(40);
    expect(waitlisted.map((a) => a.waitlistPosition).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    // Arrival order: the confirmed came first, and each position is after every earlier one.
    const rows = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.seminarId, seminar.id))
      .orderBy(seminarRegistrations.queuedAt, seminarRegistrations.id);
    expect(rows.slice(0, 10).every((r) => r.status === "confirmed")).toBe(true);
    expect(rows.slice(10).every((r) => r.status === "waitlisted")).toBe(true);
    const list = await json<Array<{ id: string; seatsLeft: number | null }>>(
      await call("GET", "/api/seminars", null),
    );
    expect(list.find((s) => s.id === seminar.id)?.seatsLeft).toBe(0);
  });

  it("decides a seat in one call on the seminar as it was read, and writes what the service did", async () => {
    const seminar = await createSeminar({ capacity: 1 });
    const [first, second, third, fourth] = await members(4);
    const versionOf = async () =>
      rowsOf<{ version: string }>(
        await server.db.execute(
          sql`select xmin::text as version from seminars where id = ${seminar.id}`,
        ),
      )[0]!.version;
    type Row = Record<string, unknown>;
    /** The function as the service calls it (migration 0032): free, or at `fee` with `provider`. */
    const takeSeat = async (
      version: string,
      member: Member,
      { fee = 0, provider = null as string | null, paymentId = null as string | null } = {},
    ) =>
      rowsOf<{ answer: { outcome: string; registration?: Row; invoice?: Row | null } }>(
        await server.db.execute(sql`${sql.raw(CALLS_A_WRITING_FUNCTION)} select take_seminar_seat(
          ${seminar.id}, ${version}, ${member.id}, ${member.name}, ${member.email},
          '010-0000-0000', null, ${fee}, now(), now() + interval '10 minutes', ${paymentId},
          ${provider}, '세무 세미나 등록비') as answer`),
      )[0]!.answer;
    const rowsOfSeminar = () =>
      server.db
        .select()
        .from(seminarRegistrations)
        .where(eq(seminarRegistrations.seminarId, seminar.id));

    const seen = await versionOf();
    // The office adds seats between a member's read and the decision: decided again.
    const patched = await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, {
      capacity: 3,
    });
    expect(patched.status).toBe(200);
    expect((await takeSeat(seen, first!)).outcome).toBe("recheck");
    expect(await rowsOfSeminar()).toEqual([]);
    const version = await versionOf();
    expect(version).not.toBe(seen);

    const confirmed = await takeSeat(version, first!);
    expect(confirmed).toMatchObject({
      outcome: "taken",
      registration: { status: "confirmed", user_id: first!.id, hold_expires_at: null },
      invoice: null,
    });
    expect(confirmed.registration!.confirmed_at).toEqual(expect.any(String));
    expect((await takeSeat(version, first!)).outcome).toBe("already");

    // A seat to hold for a fee: refused without online payment, held with its invoice with it.
    expect((await takeSeat(version, second!, { fee: 10_000 })).outcome).toBe("payments_off");
    expect((await rowsOfSeminar()).map((row) => row.userId)).toEqual([first!.id]);
    const held = await takeSeat(version, second!, {
      fee: 10_000,
      provider: "test",
      paymentId: "pay-seat-decided-once",
    });
    expect(held).toMatchObject({
      outcome: "taken",
      registration: { status: "payment_pending", confirmed_at: null },
      invoice: {
        payment_id: "pay-seat-decided-once",
        purpose: "seminar",
        amount: 10_000,
        status: "pending",
        provider: "test",
        order_name: "세무 세미나 등록비",
        member_name: second!.name,
        seminar_id: seminar.id,
        registration_id: held.registration!.id,
      },
    });
    expect(new Date(held.invoice!.expires_at as string).getTime()).toBe(
      new Date(held.registration!.hold_expires_at as string).getTime(),
    );

    // Through the service: the last seat; then a full paid seminar waitlists, with no invoice.
    expect((await json<Mine>(await registerAs(third!, seminar.id))).status).toBe("confirmed");
    const queued = await takeSeat(version, fourth!, { fee: 10_000 });
    expect(queued).toMatchObject({
      outcome: "taken",
      registration: { status: "waitlisted", hold_expires_at: null, confirmed_at: null },
      invoice: null,
    });
    const invoices = await server.db
      .select()
      .from(payments)
      .where(eq(payments.seminarId, seminar.id));
    expect(invoices.map((invoice) => invoice.paymentId)).toEqual(["pay-seat-decided-once"]);
    // The service reads the place in line from the stored row: the first to wait is first.
    expect(await mine(fourth!, seminar.id)).toMatchObject({
      body: { status: "waitlisted", waitlistPosition: 1 },
    });
  });

  it("tells two registrations queued within one millisecond their own places", async () => {
    const seminar = await createSeminar({ capacity: 1 });
    const [seated, earlier, later] = await members(3);
    for (const member of [seated!, earlier!, later!]) {
      expect((await registerAs(member, seminar.id)).status).toBe(201);
    }
    // The stored times have microseconds; a JavaScript date has milliseconds.
    for (const [member, micros] of [
      [earlier!, 100],
      [later!, 200],
    ] as const) {
      await server.db.execute(sql`update seminar_registrations
        set queued_at = timestamptz '2026-12-06 10:00:00.123' + ${micros} * interval '1 microsecond'
        where seminar_id = ${seminar.id} and user_id = ${member.id}`);
    }
    expect((await mine(earlier!, seminar.id)).body.waitlistPosition).toBe(1);
    expect((await mine(later!, seminar.id)).body.waitlistPosition).toBe(2);
  });

  it("keeps to the registration window and to a closed seminar", async () => {
    const [member] = await members(1);
    const notYet = await createSeminar({
      registrationOpensAt: new Date(Date.now() + DAY).toISOString(),
    });
    const early = await registerAs(member!, notYet.id);
    expect(early.status).toBe(409);
    expect((await json<{ message: string }>(early)).message).toBe("아직 신청 기간이 아닙니다.");

    const over = await createSeminar({
      registrationClosesAt: new Date(Date.now() + 60_000).toISOString(),
    });
    advanceClock(2 * 60_000);
    const late = await registerAs(member!, over.id);
    expect(late.status).toBe(409);
    expect((await json<{ message: string }>(late)).message).toBe("신청이 마감되었습니다.");
    resetClock();

    const closed = await createSeminar({ status: "closed" });
    expect((await registerAs(member!, closed.id)).status).toBe(409);
    const external = await createSeminar({ registrationUrl: "https://forms.example.org/x" });
    expect((await registerAs(member!, external.id)).status).toBe(409);
  });

  it("admits only 정회원 and above to a regular-only seminar (403)", async () => {
    const seminar = await createSeminar({ audience: "regular" });
    const [associate] = await members(1);
    const [regular] = await members(1, { memberType: "regular" });
    const refused = await registerAs(associate!, seminar.id);
    expect(refused.status).toBe(403);
    expect((await json<{ message: string }>(refused)).message).toBe(
      "정회원만 신청할 수 있는 세미나입니다.",
    );
    expect((await registerAs(regular!, seminar.id)).status).toBe(201);
  });

  it("answers 401 to a visitor and 404 for an unknown seminar", async () => {
    const seminar = await createSeminar();
    expect((await call("POST", `/api/seminars/${seminar.id}/registrations`, null)).status).toBe(
      401,
    );
    expect((await call("GET", `/api/seminars/${seminar.id}/registrations/me`, null)).status).toBe(
      401,
    );
    expect(
      (await call("DELETE", `/api/seminars/${seminar.id}/registrations/me`, null)).status,
    ).toBe(401);
    const [member] = await members(1);
    expect((await registerAs(member!, UNKNOWN_ID)).status).toBe(404);
    expect((await registerAs(member!, "not-a-uuid")).status).toBe(404);
    expect((await mine(member!, seminar.id)).status).toBe(404);
  });
});

describe("the confirmation mail", () => {
  it("names the cancellation deadline while it is ahead, and after it says the office takes cancellations", async () => {
    const [early, late] = await members(2);
    const ahead = await createSeminar({ capacity: 10 }, 10);
    const soon = await createSeminar({ capacity: 10 }, 1); // its deadline (3 days before) is past
    expect((await registerAs(early!, ahead.id)).status).toBe(201);
    expect((await registerAs(late!, soon.id)).status).toBe(201);
    const textOf = async (email: string) => {
      const rows = await server.db.select().from(mailQueue).where(eq(mailQueue.to, email));
      return rows.find((row) => row.subject.includes("신청이 확정되었습니다"))?.text ?? "";
    };
    expect(await textOf(early!.email)).toContain("까지 마이페이지에서 취소해주세요");
    const lateText = await textOf(late!.email);
    expect(lateText).not.toContain("까지 마이페이지에서 취소해주세요");
    expect(lateText).toContain("취소 기한이 지나 마이페이지에서는 취소할 수 없습니다");
  });
});

describe("cancelling and the waitlist", () => {
  it("a seminar past its cancellation deadline says so before the member registers", async () => {
    const member = await insertMember(server, { name: "당일신청" });
    const late = await createSeminar(
      {
        cancellationDeadline: new Date(Date.now() - 3600_000).toISOString(),
      },
      1,
    );
    const early = await createSeminar({}, 10);
    const lateText = mainText((await page(server, `/activities/${late.id}`, member.cookie)).html);
    expect(lateText).toMatch(/취소 기한\(.+\)이 지나, 신청한 뒤에는 직접 취소할 수 없습니다\./);
    const earlyText = mainText((await page(server, `/activities/${early.id}`, member.cookie)).html);
    expect(earlyText).not.toContain("직접 취소할 수 없습니다");
  });

  it("hands a cancelled seat to the first in line, who is mailed; positions move up", async () => {
    const seminar = await createSeminar({ capacity: 1 });
    const [holder, next, after] = await members(3);
    for (const m of [holder, next, after]) await registerAs(m!, seminar.id);
    expect((await mine(after!, seminar.id)).body.waitlistPosition).toBe(2);

    const cancel = await call(
      "DELETE",
      `/api/seminars/${seminar.id}/registrations/me`,
      holder!.cookie,
    );
    expect(cancel.status).toBe(200);
    expect((await mine(holder!, seminar.id)).body).toEqual({ status: "cancelled" });
    expect((await mine(next!, seminar.id)).body).toMatchObject({ status: "confirmed" });
    expect((await mine(after!, seminar.id)).body).toMatchObject({
      status: "waitlisted",
      waitlistPosition: 1,
    });
    expect((await subjectsTo(next!.email)).join()).toContain(
      "대기 중이던 세미나 신청이 확정되었습니다",
    );
    expect((await subjectsTo(holder!.email)).join()).toContain("신청이 취소되었습니다");

    // Registering again after a cancellation is allowed while registration is open: at the back.
    const again = await json<Mine>(await registerAs(holder!, seminar.id));
    expect(again).toMatchObject({ status: "waitlisted", waitlistPosition: 2 });
  });

  it("lets a member leave the waitlist, which moves the others up", async () => {
    const seminar = await createSeminar({ capacity: 1 });
    const [holder, first, second] = await members(3);
    for (const m of [holder, first, second]) await registerAs(m!, seminar.id);
    expect(
      (await call("DELETE", `/api/seminars/${seminar.id}/registrations/me`, first!.cookie)).status,
    ).toBe(200);
    expect((await mine(second!, seminar.id)).body.waitlistPosition).toBe(1);
    expect((await mine(holder!, seminar.id)).body.status).toBe("confirmed");
  });

  it("refuses a member's cancellation after the deadline (409); the office may still cancel", async () => {
    const seminar = await createSeminar({ capacity: 5 }, 2); // two days away: past the deadline
    const [member] = await members(1);
    await registerAs(member!, seminar.id);
    const late = await call(
      "DELETE",
      `/api/seminars/${seminar.id}/registrations/me`,
      member!.cookie,
    );
    expect(late.status).toBe(409);
    expect((await json<{ message: string }>(late)).message).toContain("취소 기한이 지났습니다");
    expect((await mine(member!, seminar.id)).body.status).toBe("confirmed");
  });

  it("promotes nobody after registration closed or the seminar started", async () => {
    const seminar = await createSeminar({
      capacity: 1,
      registrationClosesAt: new Date(Date.now() + 60_000).toISOString(),
      cancellationDeadline: new Date(Date.now() + 5 * DAY).toISOString(),
    });
    const [holder, waiting] = await members(2);
    await registerAs(holder!, seminar.id);
    await registerAs(waiting!, seminar.id);
    advanceClock(2 * 60_000);
    expect(
      (await call("DELETE", `/api/seminars/${seminar.id}/registrations/me`, holder!.cookie)).status,
    ).toBe(200);
    expect((await mine(waiting!, seminar.id)).body).toMatchObject({ status: "waitlisted" });
  });

  it("fills from the waitlist when an administrator adds seats", async () => {
    const seminar = await createSeminar({ capacity: 1 });
    const [holder, waiting] = await members(2);
    await registerAs(holder!, seminar.id);
    await registerAs(waiting!, seminar.id);
    const res = await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, { capacity: 2 });
    expect(res.status).toBe(200);
    expect((await mine(waiting!, seminar.id)).body).toMatchObject({ status: "confirmed" });
  });
});

describe("the office's registrant list", () => {
  it("lists by tab with counts and search, adds a member at the desk, and refuses others", async () => {
    const seminar = await createSeminar({ capacity: 1 });
    const [a, b] = await members(2);
    await registerAs(a!, seminar.id);
    await registerAs(b!, seminar.id);
    const list = async (query: string, cookie: string | null = admin.cookie) =>
      call("GET", `/api/admin/seminars/${seminar.id}/registrations?${query}`, cookie);
    const confirmed = await json<{ items: Array<{ name: string }>; total: number }>(
      await list("status=confirmed"),
    );
    expect(confirmed.total).toBe(1);
    expect(confirmed.items[0]?.name).toBe(a!.name);
    const waitlisted = await json<{ items: Array<{ waitlistPosition: number }>; total: number }>(
      await list("status=waitlisted"),
    );
    expect(waitlisted.items[0]?.waitlistPosition).toBe(1);
    expect((await list("status=unknown")).status).toBe(400);
    expect((await list("", a!.cookie)).status).toBe(403);
    expect((await list("", null)).status).toBe(401);

    const [walkIn] = await members(1);
    const added = await call(
      "POST",
      `/api/admin/seminars/${seminar.id}/registrations`,
      admin.cookie,
      {
        email: walkIn!.email,
      },
    );
    expect(added.status).toBe(201);
    expect((await mine(walkIn!, seminar.id)).body.status).toBe("confirmed");
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "seminar_registration_add")));
    expect(entries.length).toBeGreaterThan(0);
    const forbidden = await call(
      "POST",
      `/api/admin/seminars/${seminar.id}/registrations`,
      a!.cookie,
      {
        email: walkIn!.email,
      },
    );
    expect(forbidden.status).toBe(403);
  });
});
