// The office's text messages (POST /api/admin/messages, /admin/messages): recipients by the
// roster's filters or a seminar's registrants, a notice to everyone who kept texts on, an
// advertisement only to those who agreed within two years, framed by the server and never sent
// 21:00–08:00 Seoul; the per-recipient log and the audit. Then the texts of the dues reminders
// (30 and 7 days before, 7 after, never twice), of the credit sheet's send-out and of the
// full-membership application (received with the account, approved, rejected).
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { seoulDate } from "~/lib/dates";
import {
  auditLog,
  messageQueue,
  seminarCheckIns,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import { createAdmin, json, type LoggedIn, postForm } from "../support/accounts";
import { insertSeminar } from "../support/admin";
import { applyOverHttp } from "../support/http";
import { queueRowsTo } from "../support/mail";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { messageOutbox, waitForText } from "../support/messages";
import { setupTestServer } from "../support/test-server";

const SOCIETY = "대한개원의AI마케팅학회";
const SHORT_NAME = "개원의AI마케팅학회";
const DAY = 24 * 60 * 60 * 1000;

const server = setupTestServer();
let admin: LoggedIn;
let phoneCounter = 0;

beforeAll(async () => {
  admin = await createAdmin(server);
});
afterEach(() => resetClock());

/** A member with a phone number of their own (digits answered for the outbox). */
async function memberWithPhone(overrides: Partial<typeof users.$inferInsert> = {}) {
  phoneCounter += 1;
  const digits = `0105${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter).padStart(4, "0")}`;
  const member = await insertMember(server, {
    phone: `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`,
    ...overrides,
  });
  return { ...member, digits };
}

const send = (body: unknown, cookie: string | null = admin.cookie) =>
  sendJson(server, "POST", "/api/admin/messages", body, { cookie });

/**
 * `time` in Seoul, `days` days after today there: near enough for a consent given now to count,
 * and late enough that a session begun on the moved clock is still fresh once it is reset.
 */
function seoulAt(days: number, time: string) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format();
  return new Date(new Date(`${today}T${time}:00+09:00`).getTime() + days * DAY).toISOString();
}

/** Moves the server's clock to this instant; the admin signs in again (the idle limit). */
async function clockTo(iso: string) {
  resetClock();
  advanceClock(new Date(iso).getTime() - Date.now());
  admin = await createAdmin(server);
}

/** Waits until every message of the batch has left the queue (the round after the send). */
async function waitForSent(batchId: string) {
  for (let i = 0; i < 100; i += 1) {
    const rows = await batchTexts(batchId);
    if (rows.length > 0 && rows.every((r) => r.status !== "queued")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`batch ${batchId} was not sent`);
}

const batchTexts = (batchId: string) =>
  server.db.select().from(messageQueue).where(eq(messageQueue.batchId, batchId));

describe("POST /api/admin/messages: who receives it", () => {
  it("sends a notice to every approved member who kept texts on, with the society's name first", async () => {
    const kept = await memberWithPhone({ name: "공지받는회원" });
    const off = await memberWithPhone({ name: "문자끈회원", messagesEnabled: false });
    const pending = await memberWithPhone({ name: "대기회원" });
    const suspended = await memberWithPhone({ name: "정지회원" });
    await server.db.update(users).set({ isApproved: false }).where(eq(users.id, pending.id));
    await server.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    const res = await send({
      filters: {},
      text: "이번 주 토요일 학회 사무국은 휴무입니다.",
      kind: "notice",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const sent = await json<{ id: string; recipients: number }>(res);
    expect(sent.recipients).toBeGreaterThanOrEqual(1);
    const rows = await batchTexts(sent.id);
    expect(rows).toHaveLength(sent.recipients);
    const to = rows.map((r) => r.to);
    expect(to).toContain(kept.digits);
    for (const left of [off, pending, suspended]) expect(to).not.toContain(left.digits);
    const text = await waitForText(kept.digits, "notice");
    expect(text.text).toBe(`[${SHORT_NAME}] 이번 주 토요일 학회 사무국은 휴무입니다.`);
    expect(["sms", "lms"]).toContain(text.channel);

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "message_send"), eq(auditLog.subjectId, sent.id)));
    expect(entry?.detail).toMatchObject({ kind: "notice", recipients: sent.recipients });
  });

  it("sends an advertisement only to members who agreed in the last two years, framed by the server", async () => {
    await clockTo("2031-05-12T10:00:00+09:00");
    const agreed = await memberWithPhone({
      name: "광고동의회원",
      marketingConsentAt: new Date("2030-01-05T00:00:00+09:00"),
    });
    const stale = await memberWithPhone({
      name: "오래된동의회원",
      marketingConsentAt: new Date("2029-05-01T00:00:00+09:00"),
    });
    const never = await memberWithPhone({ name: "미동의회원" });
    const res = await send({
      filters: {},
      text: "6월 AI 마케팅 워크숍 참가자를 모집합니다.",
      kind: "advertisement",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const sent = await json<{ id: string; recipients: number }>(res);
    const to = (await batchTexts(sent.id)).map((r) => r.to);
    expect(to).toContain(agreed.digits);
    expect(to).not.toContain(stale.digits);
    expect(to).not.toContain(never.digits);
    const text = await waitForText(agreed.digits, "advertisement");
    // The sender's name and telephone after "(광고)" (정보통신망법 시행령 제61조).
    expect(text.text.startsWith(`(광고) ${SOCIETY} 053-000-0000\n`)).toBe(true);
    expect(text.text).toContain("6월 AI 마케팅 워크숍 참가자를 모집합니다.");
    expect(text.text.split("\n").at(-1)).toMatch(/^무료수신거부/);
    expect(text.text).toContain(`${server.baseUrl}/mypage`);
  });

  it("picks by the roster's filters and by a seminar's registrants", async () => {
    const regular = await memberWithPhone({ name: "정회원문자", memberType: "regular" });
    const associate = await memberWithPhone({ name: "준회원문자" });
    const byType = await json<{ id: string }>(
      await send({ filters: { type: "regular" }, text: "정회원 안내", kind: "notice" }),
    );
    const typed = (await batchTexts(byType.id)).map((r) => r.to);
    expect(typed).toContain(regular.digits);
    expect(typed).not.toContain(associate.digits);

    const [seminar] = await server.db
      .insert(seminars)
      .values({
        title: "문자 세미나",
        description: "설명",
        speaker: "강사",
        date: new Date(Date.now() + 7 * DAY),
        location: "대구",
      })
      .returning({ id: seminars.id });
    await server.db.insert(seminarRegistrations).values({
      seminarId: seminar!.id,
      userId: associate.id,
      name: associate.name,
      email: associate.email,
      phone: associate.digits,
    });
    const res = await send({
      filters: { seminarId: seminar!.id },
      text: "내일 세미나 장소가 3층으로 바뀌었습니다.",
      kind: "notice",
    });
    const bySeminar = await json<{ id: string; recipients: number }>(res);
    expect(bySeminar.recipients).toBe(1);
    expect((await batchTexts(bySeminar.id)).map((r) => r.to)).toEqual([associate.digits]);
  });

  it("refuses bad input in Korean, a member with 403 and a visitor with 401", async () => {
    const member = await memberWithPhone();
    const cases: unknown[] = [
      { filters: {}, text: "", kind: "notice" },
      { filters: {}, text: "내용", kind: "spam" },
      { filters: { colour: "red" }, text: "내용", kind: "notice" },
      { filters: { type: "king" }, text: "내용", kind: "notice" },
      { filters: {}, text: "가".repeat(1200), kind: "notice" },
      { filters: "everyone", text: "내용", kind: "notice" },
      // A misspelt or missing `filters` never widens a send to everyone.
      { filter: { type: "honorary" }, text: "내용", kind: "notice" },
      { text: "내용", kind: "notice" },
      { filters: null, text: "내용", kind: "notice" },
    ];
    for (const body of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ message: string }>(res)).message).toMatch(/[가-힣]/);
    }
    // An emoji: SMS/LMS (EUC-KR) cannot carry it (tests/unit/office-message-text.test.ts).
    for (const text of ["총회 안내 🎉", "참석 확인 ✅", "문의 ☎️"]) {
      const res = await send({ filters: {}, text, kind: "notice" });
      expect(res.status, text).toBe(400);
      expect((await json<{ message: string }>(res)).message).toContain("이모지");
    }
    // Nobody matches: nothing is sent, and no empty entry lands in the send log.
    const nobody = await send({
      filters: { q: "이런이름의회원은없습니다" },
      text: "내용",
      kind: "notice",
    });
    expect(nobody.status).toBe(409);
    expect((await json<{ message: string }>(nobody)).message).toContain("받는 사람이 없습니다");
    const missing = await send({
      filters: { seminarId: "00000000-0000-4000-8000-000000000000" },
      text: "내용",
      kind: "notice",
    });
    expect(missing.status).toBe(404);
    expect((await send({ filters: {}, text: "내용", kind: "notice" }, member.cookie)).status).toBe(
      403,
    );
    expect((await send({ filters: {}, text: "내용", kind: "notice" }, null)).status).toBe(401);
    expect(
      (await server.fetch("/api/admin/messages", { headers: { cookie: member.cookie } })).status,
    ).toBe(403);
    expect(
      (await server.fetch("/admin/messages", { headers: { cookie: member.cookie } })).status,
    ).toBe(403);
  });
});

describe("quiet hours for advertisements (21:00–08:00 Seoul)", () => {
  const advertisement = { filters: {}, text: "학술대회 사전등록 안내", kind: "advertisement" };

  it("refuses an advertisement at 21:00 and at 07:59 with 409, and sends at 08:00 and 20:59", async () => {
    await memberWithPhone({ marketingConsentAt: new Date() });
    for (const at of [seoulAt(1, "21:00"), seoulAt(2, "07:59")]) {
      await clockTo(at);
      const res = await send(advertisement);
      expect(res.status, at).toBe(409);
      expect((await json<{ message: string }>(res)).message).toContain("오후 9시");
    }
    for (const at of [seoulAt(2, "08:00"), seoulAt(2, "20:59")]) {
      await clockTo(at);
      expect((await send(advertisement)).status, at).toBe(201);
    }
  });

  it("sends a notice at night", async () => {
    await clockTo(seoulAt(1, "23:30"));
    const res = await send({ filters: {}, text: "시스템 점검 안내", kind: "notice" });
    expect(res.status).toBe(201);
  });
});

describe("the send log and /admin/messages", () => {
  it("shows each recipient's outcome, over the API and on the page", async () => {
    const member = await memberWithPhone({ name: "기록회원" });
    const sent = await json<{ id: string }>(
      await send({ filters: {}, text: "발송 기록 확인용", kind: "notice" }),
    );
    await waitForText(member.digits, "notice");
    // The outbox file is written before the row is marked sent.
    await waitForSent(sent.id);
    const log = await json<{
      recipients: number;
      outcomes: { sent: number };
      entries: { name: string; to: string; status: string }[];
    }>(await server.fetch(`/api/admin/messages/${sent.id}`, { headers: { cookie: admin.cookie } }));
    expect(log.entries.find((e) => e.to === member.digits)).toMatchObject({
      name: "기록회원",
      status: "sent",
    });
    const list = await json<{ items: { id: string }[] }>(
      await server.fetch("/api/admin/messages", { headers: { cookie: admin.cookie } }),
    );
    expect(list.items.map((b) => b.id)).toContain(sent.id);
    const logPage = await page(server, `/admin/messages/${sent.id}`, admin.cookie);
    expect(logPage.status).toBe(200);
    expect(logPage.html).toContain("기록회원");
    expect(logPage.html).toContain("발송 기록 확인용");
    expect((await page(server, "/admin/messages/not-an-id", admin.cookie)).status).toBe(404);
  });

  it("names a seminar of the participants' filter with its date in Korean", async () => {
    await insertSeminar(server, {
      title: "문자용 동계 세미나",
      date: new Date("2099-02-05T05:00:00Z"),
    });
    const shown = await page(server, "/admin/messages", admin.cookie);
    expect(shown.html).toContain("문자용 동계 세미나 (2099년 2월 5일)");
    expect(shown.html).not.toContain("(2099-02-05)");
  });

  it("counts the recipients on the page and sends from its form", async () => {
    const member = await memberWithPhone({ name: "페이지문자회원", memberType: "honorary" });
    const shown = await page(server, "/admin/messages?kind=notice&type=honorary", admin.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("문자 보내기");
    expect(shown.html).toMatch(/받는 사람 <strong>\d+<\/strong>명/);
    expect(shown.html).toContain("페이지문자회원");
    const res = await postForm(
      server,
      "/admin/messages?kind=notice&type=honorary",
      {
        intent: "send",
        kind: "notice",
        filters: JSON.stringify({ type: "honorary" }),
        text: "명예회원 간담회 안내",
      },
      { cookie: admin.cookie },
    );
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/admin\/messages\/[0-9a-f-]{36}/);
    const text = await waitForText(member.digits, "notice");
    expect(text.text).toContain("명예회원 간담회 안내");
  });
});

describe("dues texts", () => {
  it("texts unpaid 정회원 30 and 7 days before the due date and 7 days after, once each", async () => {
    const year = 2036;
    const put = await sendJson(
      server,
      "PUT",
      `/api/admin/dues/${year}`,
      {
        regularFee: 150_000,
        lifetimeFee: 1_500_000,
        dueDate: "2036-06-30",
        graceUntil: "2036-09-30",
        bankAccount: "대구은행 000-00-000000 (예금주: 학회)",
      },
      { cookie: admin.cookie },
    );
    expect(put.status, await put.clone().text()).toBe(200);
    const unpaid = await memberWithPhone({ name: "문자미납", memberType: "regular" });
    const quiet = await memberWithPhone({
      name: "문자끈미납",
      memberType: "regular",
      messagesEnabled: false,
    });
    const { sendDuesReminders } = await import("~/features/dues/reminders.server");
    const textsTo = (digits: string) =>
      messageOutbox().filter((m) => m.to === digits && m.template.startsWith("dues"));
    const run = async (iso: string) => {
      await sendDuesReminders(new Date(iso));
      const { processMessageQueue } = await import("~/features/messages/messages.server");
      await processMessageQueue();
    };

    await run("2036-05-20T09:00:00+09:00");
    expect(textsTo(unpaid.digits)).toHaveLength(0);
    await run("2036-06-01T09:00:00+09:00");
    await run("2036-06-01T15:00:00+09:00");
    expect(textsTo(unpaid.digits)).toHaveLength(1);
    expect(textsTo(unpaid.digits)[0]!.text).toContain("29일 남음");
    expect(textsTo(unpaid.digits)[0]!.text).toContain("150,000원");
    await run("2036-06-23T09:00:00+09:00");
    await run("2036-06-24T09:00:00+09:00");
    expect(textsTo(unpaid.digits)).toHaveLength(2);
    expect(textsTo(unpaid.digits)[1]!.text).toContain("7일 남음");
    await run("2036-07-01T09:00:00+09:00");
    expect(textsTo(unpaid.digits)).toHaveLength(2);
    await run("2036-07-07T09:00:00+09:00");
    await Promise.all([
      sendDuesReminders(new Date("2036-07-08T09:00:00+09:00")),
      sendDuesReminders(new Date("2036-07-08T09:00:00+09:00")),
    ]);
    await run("2036-07-09T09:00:00+09:00");
    const texts = textsTo(unpaid.digits);
    expect(texts.map((t) => t.template)).toEqual(["duesDue", "duesDue", "duesOverdue"]);
    expect(texts[2]!.text).toContain("지났습니다");
    expect(textsTo(quiet.digits)).toHaveLength(0);
    const record = await page(server, `/admin/members/${unpaid.id}`, admin.cookie);
    expect(record.html).toContain("납부 기한 7일 전 문자");
  });
});

describe("the credit sheet's text", () => {
  it("texts each attendee their objection deadline when the sheet is sent", async () => {
    const attendee = await memberWithPhone({ name: "평점문자회원" });
    const start = new Date(Date.now() - 2 * DAY);
    const [seminar] = await server.db
      .insert(seminars)
      .values({
        title: "평점 문자 세미나",
        description: "설명",
        speaker: "강사",
        date: start,
        endDate: new Date(start.getTime() + 4 * 60 * 60 * 1000),
        location: "대구",
        cmeCredits: 2,
      })
      .returning({ id: seminars.id });
    const [registration] = await server.db
      .insert(seminarRegistrations)
      .values({
        seminarId: seminar!.id,
        userId: attendee.id,
        name: attendee.name,
        email: attendee.email,
        phone: attendee.digits,
      })
      .returning({ id: seminarRegistrations.id });
    await server.db.insert(seminarCheckIns).values([
      { registrationId: registration!.id, direction: "in", at: start },
      {
        registrationId: registration!.id,
        direction: "out",
        at: new Date(start.getTime() + 4 * 60 * 60 * 1000),
      },
    ]);
    const res = await sendJson(
      server,
      "POST",
      `/api/admin/seminars/${seminar!.id}/credits/send`,
      { objectionDays: 7 },
      { cookie: admin.cookie },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const text = await waitForText(attendee.digits, "creditsSent");
    expect(text.text).toContain("[평점 문자 세미나]");
    expect(text.text).toContain("까지 신청해주세요");
    expect(text.buttons[0]?.url).toBe(`${server.baseUrl}/mypage/seminars#credits`);
  });
});

describe("the full-membership application's texts", () => {
  it("texts the receipt with this year's fee and account, then the approval", async () => {
    const year = Number(
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric" }).format(
        new Date(),
      ),
    );
    const put = await sendJson(
      server,
      "PUT",
      `/api/admin/dues/${year}`,
      {
        regularFee: 200_000,
        lifetimeFee: 2_000_000,
        dueDate: `${year}-12-31`,
        graceUntil: `${year + 1}-02-28`,
        bankAccount: "신한은행 140-014-000000 (예금주: 학회)",
      },
      { cookie: admin.cookie },
    );
    expect(put.status, await put.clone().text()).toBe(200);
    const applicant: Member & { digits: string } = await memberWithPhone({ name: "정회원신청자" });
    const id = await applyOverHttp(server, applicant.cookie);
    const received = await waitForText(applicant.digits, "applicationReceived");
    expect(received.text).toContain("정회원 가입 신청이 접수");
    expect(received.text).toContain("200,000원");
    expect(received.text).toContain("신한은행 140-014-000000");
    expect(received.text).toContain(`정회원신청자${applicant.digits.slice(-4)}`);
    // Sent as a text without buttons, it still carries the page to pay on, and promises no
    // approval for the payment alone.
    expect(received.text).toContain(`온라인 납부: ${server.baseUrl}/mypage/dues`);
    expect(received.text).not.toContain("납부가 확인되면 정회원 승인");

    const approved = await sendJson(
      server,
      "PATCH",
      `/api/membership-applications/${id}`,
      { status: "approved" },
      { cookie: admin.cookie },
    );
    expect(approved.status).toBe(200);
    const text = await waitForText(applicant.digits, "applicationApproved");
    expect(text.text).toContain("정회원 승인");
    // The approval mail says the year's dues are unpaid, the amount and how to pay.
    const mails = await queueRowsTo(server, applicant.email);
    const approval = mails.find((m) => m.subject.includes("정회원 가입이 승인되었습니다"));
    expect(approval?.text).toContain(`${year}년 연회비 200,000원이 아직 납부되지 않았습니다`);
    // Not promised every activity: the standing comes with the dues.
    expect(approval?.text).not.toContain("모든 활동에 참여하실 수 있습니다");
    expect(approval?.text).toContain("그때까지는 준회원으로 이용하십니다");
    expect(approval?.text).toContain("신한은행 140-014-000000");
    expect(approval?.text).toContain(`정회원신청자${applicant.digits.slice(-4)}`);
  });

  it("texts a rejection with its reason", async () => {
    const applicant = await memberWithPhone({ name: "반려신청자" });
    const id = await applyOverHttp(server, applicant.cookie);
    const res = await sendJson(
      server,
      "PATCH",
      `/api/membership-applications/${id}`,
      { status: "rejected", rejectionReason: "면허번호를 확인할 수 없습니다" },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    const text = await waitForText(applicant.digits, "applicationRejected");
    expect(text.text).toContain("면허번호를 확인할 수 없습니다");
  });
});

describe("the day-before reminder, the password and the second factor", () => {
  it("texts a confirmed registrant the day before, with the ticket", async () => {
    const member = await memberWithPhone({ name: "내일참석회원" });
    const start = new Date(Date.now() + 20 * 60 * 60 * 1000);
    const [seminar] = await server.db
      .insert(seminars)
      .values({
        title: "내일 세미나",
        description: "설명",
        speaker: "강사",
        date: start,
        location: "대구",
      })
      .returning({ id: seminars.id });
    const [registration] = await server.db
      .insert(seminarRegistrations)
      .values({
        seminarId: seminar!.id,
        userId: member.id,
        name: member.name,
        email: member.email,
        phone: member.digits,
      })
      .returning({ id: seminarRegistrations.id });
    const { sendDueReminders } = await import("~/features/seminars/reminders.server");
    await sendDueReminders();
    const text = await waitForText(member.digits, "seminarReminder");
    const day = seoulDate(start) === seoulDate(new Date()) ? "오늘" : "내일";
    expect(text.text).toContain(`${day} [내일 세미나] 행사가 열립니다`);
    expect(text.buttons[0]?.url).toBe(`${server.baseUrl}/mypage/tickets/${registration!.id}`);
  });

  it("texts a changed password, never the password itself", async () => {
    const member = await memberWithPhone({ name: "비번변경회원" });
    const res = await postForm(
      server,
      "/mypage/security",
      {
        intent: "password",
        currentPassword: member.password,
        password: "brand-new-lantern-8",
        confirmPassword: "brand-new-lantern-8",
      },
      { cookie: member.cookie },
    );
    expect(res.status).toBe(302);
    const text = await waitForText(member.digits, "passwordChanged");
    expect(text.text).toContain("비밀번호가 변경되었습니다");
    expect(text.text).not.toContain("brand-new-lantern-8");
  });

  it("texts an administrator whose second factor another administrator reset", async () => {
    const owner = await memberWithPhone({ name: "초기화관리자", role: "admin" });
    const reset = await postForm(
      server,
      `/admin/members/${owner.id}`,
      { intent: "reset-second-factor" },
      { cookie: admin.cookie },
    );
    expect(reset.status, await reset.clone().text()).toBe(302);
    const text = await waitForText(owner.digits, "secondFactorReset");
    expect(text.text).toContain("2단계 인증을 초기화");
  });
});

describe("decided again when the queue sends", () => {
  it("drops a text to a member who switched texts off after it was queued", async () => {
    const member = await memberWithPhone({ name: "나중에끈회원" });
    const sent = await json<{ id: string }>(
      await send({ filters: { q: "나중에끈회원" }, text: "보내기 전에 끔", kind: "notice" }),
    );
    // The first round has sent it and recorded so (the outbox file is written before the row is
    // marked sent: without waiting for the mark, it could land after the re-queue below and
    // overwrite the cancellation); it is queued again as a retry would be, after the member
    // switched texts off.
    await waitForText(member.digits, "notice");
    await waitForSent(sent.id);
    await server.db.update(users).set({ messagesEnabled: false }).where(eq(users.id, member.id));
    await server.db
      .update(messageQueue)
      .set({ status: "queued", nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(messageQueue.batchId, sent.id));
    const { processMessageQueue } = await import("~/features/messages/messages.server");
    await processMessageQueue();
    // The server's own worker may have claimed the row first (it leases it, then decides): wait
    // until whichever took it has decided.
    await waitForSent(sent.id);
    const [row] = await batchTexts(sent.id);
    expect(row?.status).toBe("cancelled");
    const log = await page(server, `/admin/messages/${sent.id}`, admin.cookie);
    expect(log.status).toBe(200);
    expect(log.html).toContain("수신 거부로 취소");
  });

  it("holds an advertisement that a retry carried into the quiet hours until 08:00", async () => {
    await memberWithPhone({ name: "밤광고회원", marketingConsentAt: new Date() });
    await clockTo(seoulAt(3, "20:30"));
    const sent = await json<{ id: string }>(
      await send({ filters: { q: "밤광고회원" }, text: "밤 광고", kind: "advertisement" }),
    );
    await waitForSent(sent.id);
    await server.db
      .update(messageQueue)
      .set({ status: "queued", nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(messageQueue.batchId, sent.id));
    const { processMessageQueue } = await import("~/features/messages/messages.server");
    await processMessageQueue(() => new Date(seoulAt(3, "22:15")));
    const [held] = await batchTexts(sent.id);
    expect(held?.status).toBe("queued");
    expect(held?.nextAttemptAt.toISOString()).toBe(seoulAt(4, "08:00"));
    await processMessageQueue(() => new Date(seoulAt(4, "08:01")));
    const [morning] = await batchTexts(sent.id);
    expect(morning?.status).toBe("sent");
  });
});
