// Text messages without a provider: each goes as one JSON file to DATA_DIR/outbox/messages.
// Sign-up, approval and rejection are texted to the doctor's mobile number; a member who switched
// messages off gets none (e-mail still goes); the preferences answer on the API and on /mypage.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import {
  createAdmin,
  json,
  type LoggedIn,
  postForm,
  postJson,
  register,
  registration,
  signUp,
  uploadImage,
} from "../support/accounts";
import { queueRowsTo, waitForOutboxMessagesTo } from "../support/mail";
import { insertMember, sendJson } from "../support/members";
import { messageOutbox, queuedTextsTo, waitForText } from "../support/messages";
import { setupTestServer } from "../support/test-server";

const SHORT_NAME = "개원의AI마케팅학회";
const server = setupTestServer();
let admin: LoggedIn;

beforeAll(async () => {
  admin = await createAdmin(server);
});

describe("transactional texts, no provider (the outbox)", () => {
  it("texts the sign-up's receipt and its approval with the login link", async () => {
    const doctor = await signUp(server, { name: "문자받는의사", phone: "010-3111-0001" });
    const received = await waitForText("01031110001", "signupReceived");
    // No template id is configured here: it goes as a text (messages-outbox-channels.test.ts).
    expect(["sms", "lms"]).toContain(received.channel);
    expect(received.text).toContain(`[${SHORT_NAME}]`);
    expect(received.text).toContain("문자받는의사님");
    expect(received.text).toContain("접수");
    expect(new Date(received.createdAt).getTime()).not.toBeNaN();

    const res = await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const approved = await waitForText("01031110001", "approved");
    expect(approved.text).toContain("승인");
    expect(approved.text).toContain(`${server.baseUrl}/login`);
    expect(approved.buttons).toEqual([{ name: "로그인", url: `${server.baseUrl}/login` }]);
  });

  it("texts a rejection with its reason", async () => {
    const doctor = await signUp(server, { name: "반려의사", phone: "01031110002" });
    const res = await postJson(
      server,
      `/api/users/${doctor.id}/reject`,
      { reason: "면허증 이미지가 흐립니다" },
      { cookie: admin.cookie },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const rejected = await waitForText("01031110002", "rejected");
    expect(rejected.text).toContain("반려");
    expect(rejected.text).toContain("면허증 이미지가 흐립니다");
  });

  it("sends no text to a member who switched messages off, and e-mail still goes", async () => {
    const doctor = await signUp(server, { name: "문자끈의사", phone: "010-3111-0003" });
    await waitForText("01031110003", "signupReceived");
    await server.db.update(users).set({ messagesEnabled: false }).where(eq(users.id, doctor.id));
    await postJson(server, `/api/users/${doctor.id}/approve`, undefined, { cookie: admin.cookie });
    // The sign-up's 접수 mail and the approval mail (e-mail is not switched off with texts).
    await waitForOutboxMessagesTo(doctor.email, 2);
    expect((await queueRowsTo(server, doctor.email)).length).toBe(2);
    const texts = await queuedTextsTo(server, "01031110003");
    expect(texts.map((t) => t.template)).toEqual(["signupReceived"]);
    expect(messageOutbox().filter((m) => m.to === "01031110003")).toHaveLength(1);
  });
});

describe("sign-up's phone number and marketing consent", () => {
  it("refuses a number that is not a 010 mobile number, in Korean", async () => {
    const res = await register(
      server,
      registration({ phone: "053-000-0000", licenseImageUrl: await uploadImage(server) }),
    );
    expect(res.status).toBe(400);
    const body = await json<{ errors: Record<string, string> }>(res);
    expect(body.errors.phone).toBe("010으로 시작하는 휴대전화번호를 입력해주세요");
    // A 010 number with digits missing is told so, not that it lacks the 010.
    const short = await register(
      server,
      registration({ phone: "010-12-34", licenseImageUrl: await uploadImage(server) }),
    );
    expect(short.status).toBe(400);
    const shortBody = await json<{ errors: Record<string, string> }>(short);
    expect(shortBody.errors.phone).toContain("자릿수가 맞지 않습니다");
  });

  it("records the optional consent with its date, and leaves it unset by default", async () => {
    const agreed = await signUp(server, {
      phone: "010-3111-0004",
      ...({ marketingConsent: true } as object),
    });
    const declined = await signUp(server, { phone: "010-3111-0005" });
    const rows = await server.db
      .select({ id: users.id, at: users.marketingConsentAt })
      .from(users)
      .where(inArray(users.id, [agreed.id, declined.id]));
    expect(rows.find((r) => r.id === agreed.id)?.at).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === declined.id)?.at).toBeNull();
  });
});

describe("GET/PATCH /api/me/preferences", () => {
  it("answers and changes messages and marketing", async () => {
    const member = await insertMember(server, { phone: "010-3111-0006" });
    const before = await json(
      await server.fetch("/api/me/preferences", {
        headers: { cookie: member.cookie },
      }),
    );
    expect(before).toEqual({ messages: true, marketing: false, marketingConsentAt: null });
    const res = await sendJson(
      server,
      "PATCH",
      "/api/me/preferences",
      { marketing: true, messages: false },
      { cookie: member.cookie },
    );
    expect(res.status).toBe(200);
    const after = await json<{ messages: boolean; marketing: boolean; marketingConsentAt: string }>(
      res,
    );
    expect(after.messages).toBe(false);
    expect(after.marketing).toBe(true);
    expect(new Date(after.marketingConsentAt).getTime()).not.toBeNaN();
  });

  it("refuses a value that is not a boolean with 400 in Korean, and a visitor with 401", async () => {
    const member = await insertMember(server, { phone: "010-3111-0007" });
    const bad = await sendJson(
      server,
      "PATCH",
      "/api/me/preferences",
      { messages: "yes" },
      { cookie: member.cookie },
    );
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toBe(
      "문자 수신 설정(messages)은 true 또는 false로 보내주세요.",
    );
    const visitor = await server.fetch("/api/me/preferences");
    expect(visitor.status).toBe(401);
  });

  it("shows the switches on /mypage and saves them from its form", async () => {
    const member = await insertMember(server, { phone: "010-3111-0008" });
    const page = await server.fetch("/mypage", { headers: { cookie: member.cookie } });
    const html = await page.text();
    expect(html).toContain("문자·알림톡 수신");
    expect(html).toContain("광고성 정보 수신 동의");
    // The way to the 총회 votes, which the site's menu does not carry.
    expect(html).toContain('href="/votes"');
    expect(html).toMatch(/문자·알림톡: (<!-- -->)?받음/);
    expect(html).toMatch(/광고성 정보: (<!-- -->)?동의하지 않음/);
    const res = await postForm(
      server,
      "/mypage/messages",
      { messages: "off", marketing: "off" },
      { cookie: member.cookie },
    );
    expect(res.status).toBe(302);
    // The page reads the switches with the member's account row: it shows them as saved.
    const off = await (
      await server.fetch("/mypage", { headers: { cookie: member.cookie } })
    ).text();
    expect(off).toMatch(/문자·알림톡: (<!-- -->)?받지 않음/);
    await postForm(
      server,
      "/mypage/messages",
      { messages: "on", marketing: "on" },
      { cookie: member.cookie },
    );
    const agreed = await (
      await server.fetch("/mypage", { headers: { cookie: member.cookie } })
    ).text();
    expect(agreed).toMatch(/문자·알림톡: (<!-- -->)?받음/);
    expect(agreed).toMatch(/광고성 정보: (<!-- -->)?동의함/);
    expect(agreed).toContain("에 동의하셨습니다");
    await postForm(
      server,
      "/mypage/messages",
      { messages: "off", marketing: "off" },
      { cookie: member.cookie },
    );
    const prefs = await json(
      await server.fetch("/api/me/preferences", {
        headers: { cookie: member.cookie },
      }),
    );
    expect(prefs).toMatchObject({ messages: false, marketing: false });
  });

  it("turning texts off and on leaves the advertising consent and its date as they were", async () => {
    const member = await insertMember(server, { phone: "010-3111-0009" });
    const agreedAt = new Date("2025-09-04T01:00:00Z");
    await server.db
      .update(users)
      .set({ marketingConsentAt: agreedAt })
      .where(eq(users.id, member.id));
    // Each /mypage form sends only its own switch.
    const page = await (
      await server.fetch("/mypage", { headers: { cookie: member.cookie } })
    ).text();
    const forms = page.match(/<form[^>]*action="\/mypage\/messages"[\s\S]*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(2);
    expect(forms[0]).toContain('name="messages"');
    expect(forms[0]).not.toContain('name="marketing"');
    expect(forms[1]).toContain('name="marketing"');
    expect(forms[1]).not.toContain('name="messages"');
    for (const messages of ["off", "on"]) {
      const res = await postForm(
        server,
        "/mypage/messages",
        { messages },
        { cookie: member.cookie },
      );
      expect(res.status).toBe(302);
    }
    const [row] = await server.db
      .select({ at: users.marketingConsentAt, on: users.messagesEnabled })
      .from(users)
      .where(eq(users.id, member.id));
    expect(row).toEqual({ at: agreedAt, on: true });
    const none = await postForm(server, "/mypage/messages", {}, { cookie: member.cookie });
    expect(none.status).toBe(400);
  });
});
