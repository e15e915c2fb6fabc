// The mail notifications over a real SMTP peer (smtp-server on the loopback): administrators
// hear about new sign-ups and full-membership applications, doctors about every decision. Each
// message's envelope and To recipient, sender, subject and key Korean text (plain and HTML) are
// checked; links are built from PUBLIC_URL; and no message ever carries a password, a licence
// number or a session token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdmin,
  json,
  type LoggedIn,
  postJson,
  sessionIdOf,
  signUp,
  userRow,
} from "../support/accounts";
import {
  queueRowsTo,
  type ReceivedMail,
  type SmtpPeer,
  startSmtpPeer,
  waitForQueueDrained,
} from "../support/mail";
import { applicationPayload, insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const PUBLIC_URL = "http://www.society.test";
const MAIL_FROM = "학회 <no-reply@society.example>";
const SHORT_NAME = "개원의AI마케팅학회"; // the society config's default short name
const SOCIETY_NAME = "대한개원의AI마케팅학회";
const SOCIETY_PHONE = "053-000-0000";
const SOCIETY_EMAIL = "office@example.org";

let peer: SmtpPeer;
let admins: LoggedIn[];

/** Everything that must never appear in a message, collected as the file goes. */
const secrets = new Set<string>();

function rememberCookie(cookie: string) {
  const value = cookie.slice(cookie.indexOf("=") + 1);
  secrets.add(value);
  secrets.add(decodeURIComponent(value));
  secrets.add(sessionIdOf(cookie));
}

// The peer listens before the app starts, so the first message already has somewhere to go.
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer?.stop();
});
const server = setupTestServer(() => ({ env: { SMTP_URL: peer.url, MAIL_FROM, PUBLIC_URL } }));
beforeAll(async () => {
  admins = [await createAdmin(server), await createAdmin(server)];
  for (const admin of admins) {
    secrets.add(admin.password);
    rememberCookie(admin.cookie);
  }
});

/** Checks what every message of the site has: sender, one recipient, subject, society footer. */
function expectSiteMessage(mail: ReceivedMail, to: string, subject: string) {
  expect(mail.rcptTo).toEqual([to]);
  expect(mail.to).toEqual([to]);
  expect(mail.from).toEqual({ address: "no-reply@society.example", name: "학회" });
  expect(mail.mailFrom).toBe("no-reply@society.example");
  expect(mail.subject).toBe(`[${SHORT_NAME}] ${subject}`);
  // Plain text and simple HTML, both in Korean, both signed with the society's contact details.
  expect(mail.parsed.html).not.toBe(false);
  expect(mail.html).toMatch(/<html lang="ko">/);
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain(SOCIETY_NAME);
    expect(body).toContain(SOCIETY_PHONE);
    expect(body).toContain(SOCIETY_EMAIL);
  }
}

/** A distinctive licence number and password per sign-up, remembered as secrets. */
let signups = 0;
async function signUpDoctor(name: string) {
  signups += 1;
  const password = `Secret-Signup-${signups}-Pw!`;
  const licenseNumber = `LIC-${770_000 + signups * 137}`;
  secrets.add(password);
  secrets.add(licenseNumber);
  const account = await signUp(server, { name, password, licenseNumber });
  return { ...account, name };
}

function approve(id: string, cookie = admins[0]!.cookie) {
  return postJson(server, `/api/users/${id}/approve`, undefined, { cookie });
}

function reject(id: string, cookie = admins[0]!.cookie) {
  return postJson(server, `/api/users/${id}/reject`, undefined, { cookie });
}

/** The messages to a doctor about the decision (the sign-up's 접수 mail left out). */
function decisionMailsTo(email: string, n = 1) {
  return peer.waitFor((m) => m.to.includes(email) && !m.subject.endsWith("접수되었습니다"), n);
}

/** An approved member (database fixture, logged in over HTTP) whose cookie is a secret too. */
async function member(name: string): Promise<Member> {
  const m = await insertMember(server, { name });
  secrets.add(m.password);
  rememberCookie(m.cookie);
  return m;
}

async function applyAs(m: Member) {
  signups += 1;
  const licenseNumber = `APP-${880_000 + signups * 173}`;
  secrets.add(licenseNumber);
  const res = await postJson(
    server,
    "/api/membership-applications",
    applicationPayload({ licenseNumber }),
    { cookie: m.cookie },
  );
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

function decide(id: string, body: unknown) {
  return sendJson(server, "PATCH", `/api/membership-applications/${id}`, body, {
    cookie: admins[0]!.cookie,
  });
}

describe("a new sign-up", () => {
  it("reaches every administrator, once each, naming the applicant's name and e-mail", async () => {
    const doctor = await signUpDoctor("박지원");
    for (const admin of admins) {
      const [message, ...more] = await peer.waitFor(
        (m) => m.to.includes(admin.email) && m.text.includes(doctor.email),
      );
      expect(more).toEqual([]);
      expectSiteMessage(message!, admin.email, "새 회원가입 승인 요청");
      expect(message!.text).toContain("새 준회원 가입 신청이 접수되어 승인을 기다리고 있습니다.");
      expect(message!.text).toContain("이름: 박지원");
      expect(message!.text).toContain(`이메일: ${doctor.email}`);
      expect(message!.html).toContain("박지원");
      expect(message!.html).toContain(doctor.email);
      // The link to the dashboard is built from PUBLIC_URL.
      expect(message!.text).toContain(`${PUBLIC_URL}/admin/dashboard`);
      expect(message!.html).toContain(`href="${PUBLIC_URL}/admin/dashboard"`);
    }
    // The applicant hears only that the sign-up arrived (issue 39): never the office's message.
    const [received, ...others] = await peer.waitForMessagesTo(doctor.email);
    expect(others).toEqual([]);
    expectSiteMessage(received!, doctor.email, "회원가입 신청이 접수되었습니다");
    expect(received!.text).toContain("박지원님, 안녕하세요.");
    expect(received!.text).toContain("영업일");
    expect(received!.text).toContain(`신청 상태 확인하기: ${PUBLIC_URL}/login`);
    expect(received!.text).not.toContain("관리자 대시보드");
  });

  it("goes out within seconds: the queue is empty again and every row has its sentAt", async () => {
    const doctor = await signUpDoctor("최서연");
    const started = Date.now();
    await peer.waitFor((m) => m.text.includes(doctor.email), admins.length, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    await waitForQueueDrained(server);
    for (const admin of admins) {
      const rows = (await queueRowsTo(server, admin.email)).filter((row) =>
        row.text.includes(doctor.email),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sentAt).toBeInstanceOf(Date);
      expect(rows[0]!.attempts).toBe(0);
      expect(rows[0]!.lastError).toBeNull();
    }
  });
});

describe("the decision on a sign-up", () => {
  it("approval tells the doctor '회원가입이 승인되었습니다' with a /login link from PUBLIC_URL", async () => {
    const doctor = await signUpDoctor("이하늘");
    const res = await approve(doctor.id);
    expect(res.status).toBe(200);
    expect((await userRow(server, doctor.id))?.isApproved).toBe(true);

    const [mail, ...more] = await decisionMailsTo(doctor.email);
    expect(more).toEqual([]);
    expectSiteMessage(mail!, doctor.email, "회원가입이 승인되었습니다");
    expect(mail!.text).toContain("이하늘님, 안녕하세요.");
    expect(mail!.text).toContain("회원가입이 승인되었습니다");
    expect(mail!.text).toContain(`로그인하기: ${PUBLIC_URL}/login`);
    expect(mail!.html).toContain("회원가입이 승인되었습니다");
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/login"`);
  });

  it("approving an approved account again sends nothing more", async () => {
    const doctor = await signUpDoctor("정다은");
    expect((await approve(doctor.id)).status).toBe(200);
    await decisionMailsTo(doctor.email);
    expect((await approve(doctor.id)).status).toBe(200);
    await waitForQueueDrained(server);
    // The sign-up's 접수 mail and one approval.
    expect(await queueRowsTo(server, doctor.email)).toHaveLength(2);
    expect(peer.messagesTo(doctor.email)).toHaveLength(2);
  });

  it("rejection tells the doctor, with the society's contact details", async () => {
    const doctor = await signUpDoctor("한결");
    const res = await reject(doctor.id);
    expect(res.status).toBe(200);
    expect((await userRow(server, doctor.id))?.rejectedAt).toBeInstanceOf(Date);

    const [mail, ...more] = await decisionMailsTo(doctor.email);
    expect(more).toEqual([]);
    expectSiteMessage(mail!, doctor.email, "회원가입 심사 결과 안내");
    expect(mail!.text).toContain("한결님, 안녕하세요.");
    expect(mail!.text).toContain("회원가입 신청이 승인되지 않았습니다.");
    expect(mail!.text).toContain(
      `학회 사무국(${SOCIETY_PHONE}, ${SOCIETY_EMAIL})으로 문의해주세요.`,
    );
    expect(mail!.html).toContain("회원가입 신청이 승인되지 않았습니다.");
    expect(mail!.html).toContain(`학회 사무국(${SOCIETY_PHONE}, ${SOCIETY_EMAIL})`);
    // A rejection is not an approval.
    expect(mail!.text).not.toContain("승인되었습니다");
  });
});

describe("a full-membership application", () => {
  it("reaches every administrator, naming the applicant's name and e-mail", async () => {
    const applicant = await member("윤재민");
    await applyAs(applicant);
    for (const admin of admins) {
      const [mail, ...more] = await peer.waitFor(
        (m) => m.to.includes(admin.email) && m.text.includes(applicant.email),
      );
      expect(more).toEqual([]);
      expectSiteMessage(mail!, admin.email, "새 정회원 가입 신청");
      expect(mail!.text).toContain("새 정회원 가입 신청이 접수되었습니다.");
      expect(mail!.text).toContain("이름: 윤재민");
      expect(mail!.text).toContain(`이메일: ${applicant.email}`);
      expect(mail!.html).toContain("윤재민");
      expect(mail!.html).toContain(applicant.email);
      expect(mail!.text).toContain(`${PUBLIC_URL}/admin/dashboard?tab=applications`);
    }
    // The applicant is not told of their own application.
    expect(await queueRowsTo(server, applicant.email)).toEqual([]);
  });

  it("approval tells the applicant '정회원 가입이 승인되었습니다'", async () => {
    const applicant = await member("서민준");
    const id = await applyAs(applicant);
    const res = await decide(id, { status: "approved" });
    expect(res.status).toBe(200);

    const [mail, ...more] = await peer.waitForMessagesTo(applicant.email);
    expect(more).toEqual([]);
    expectSiteMessage(mail!, applicant.email, "정회원 가입이 승인되었습니다");
    expect(mail!.text).toContain("서민준님, 안녕하세요.");
    expect(mail!.text).toContain("정회원 가입 신청이 승인되었습니다.");
    expect(mail!.html).toContain("정회원 가입 신청이 승인되었습니다.");
  });

  it("rejection tells the applicant, with the administrator's reason", async () => {
    const applicant = await member("강예린");
    const id = await applyAs(applicant);
    const reason = "제출하신 면허번호를 확인할 수 없습니다. 면허증 사본을 다시 올려주세요.";
    const res = await decide(id, { status: "rejected", rejectionReason: reason });
    expect(res.status).toBe(200);

    const [mail, ...more] = await peer.waitForMessagesTo(applicant.email);
    expect(more).toEqual([]);
    expectSiteMessage(mail!, applicant.email, "정회원 가입 심사 결과 안내");
    expect(mail!.text).toContain("강예린님, 안녕하세요.");
    expect(mail!.text).toContain("정회원 가입 신청이 승인되지 않았습니다.");
    expect(mail!.text).toContain(`거부 사유: ${reason}`);
    expect(mail!.html).toContain(reason);
    expect(mail!.text).toContain(`${PUBLIC_URL}/membership/apply`);
  });

  it("a reason with markup is shown as text in the HTML part, never as markup", async () => {
    const applicant = await member("조은비");
    const id = await applyAs(applicant);
    const reason = '<img src=x onerror="alert(1)"> 서류 <b>미비</b>';
    expect((await decide(id, { status: "rejected", rejectionReason: reason })).status).toBe(200);

    const [mail] = await peer.waitForMessagesTo(applicant.email);
    expect(mail!.text).toContain(`거부 사유: ${reason}`);
    // The only image is the emblem in the header.
    expect(mail!.html).not.toContain("<img src=x");
    expect(mail!.html.match(/<img /g)).toHaveLength(1);
    // The emblem as PNG (the office's, or the built-in one), by absolute address.
    expect(mail!.html).toMatch(/<img src="http[^"]+\/apple-touch-icon\.png"/);
    expect(mail!.html).not.toContain("<b>미비</b>");
    expect(mail!.html).toContain("&#60;b&#62;미비&#60;/b&#62;");
  });
});

describe("what a message never holds", () => {
  it("no message contains a password, a licence number or a session token", async () => {
    await waitForQueueDrained(server);
    // Every kind of message was sent in this file: sign-up, both decisions, application, both.
    const subjects = new Set(peer.messages.map((m) => m.subject.replace(/^\[[^\]]+\] /, "")));
    expect([...subjects].sort()).toEqual(
      [
        "새 회원가입 승인 요청",
        "회원가입 신청이 접수되었습니다",
        "회원가입이 승인되었습니다",
        "회원가입 심사 결과 안내",
        "새 정회원 가입 신청",
        "정회원 가입이 승인되었습니다",
        "정회원 가입 심사 결과 안내",
      ].sort(),
    );
    expect(secrets.size).toBeGreaterThan(10);
    for (const mail of peer.messages) {
      for (const secret of secrets) {
        expect(mail.text, `text of "${mail.subject}" to ${mail.to}`).not.toContain(secret);
        expect(mail.html, `HTML of "${mail.subject}" to ${mail.to}`).not.toContain(secret);
        expect(mail.subject).not.toContain(secret);
      }
    }
  });
});
