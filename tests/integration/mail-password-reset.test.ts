// Password recovery over HTTP, with the reset mail caught by a real SMTP peer:
// '비밀번호 찾기' on the login page; /forgot-password answers the same way whether or not the account
// exists and mails only an existing one; the mail's link opens /reset-password, which sets a new
// password under the sign-up rules and ends every session of the user; the link is single-use,
// valid for one hour, useless when tampered with, and only a SHA-256 hash of it is stored.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens } from "~db/schema";
import {
  createMember,
  get,
  type LoggedIn,
  logIn,
  logInCookie,
  postForm,
  sessionIdOf,
  sessionRows,
  uniqueEmail,
} from "../support/accounts";
import { mainText, tags } from "../support/html";
import { linkIn, queueRowsTo, type SmtpPeer, startSmtpPeer } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const PUBLIC_URL = "http://www.society.test";
const INVALID_LINK = "비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 다시 요청해주세요.";
const SENT = "입력하신 이메일이 가입된 계정이라면 비밀번호 재설정 링크를 보내 드렸습니다.";
const TOO_SHORT = "비밀번호는 최소 8자 이상이어야 합니다";
const MISMATCH = "비밀번호가 일치하지 않습니다";

let peer: SmtpPeer;

/** Everything that must never appear in a message. */
const secrets = new Set<string>();

function rememberCookie(cookie: string) {
  const value = cookie.slice(cookie.indexOf("=") + 1);
  secrets.add(value);
  secrets.add(decodeURIComponent(value));
  secrets.add(sessionIdOf(cookie));
}

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer?.stop();
});
const server = setupTestServer(() => ({
  env: { SMTP_URL: peer.url, MAIL_FROM: "학회 <no-reply@society.example>", PUBLIC_URL },
}));

let members = 0;
/** An approved member with a distinctive password and licence number, logged in. */
async function member(): Promise<LoggedIn & { name: string }> {
  members += 1;
  const password = `Old-Secret-${members}-pw`;
  const licenseNumber = `RST-${660_000 + members * 211}`;
  const name = `비번회원${members}`;
  secrets.add(password);
  secrets.add(licenseNumber);
  const m = await createMember(server, { password, licenseNumber, name });
  rememberCookie(m.cookie);
  return { ...m, name };
}

// A member also gets the sign-up's 접수 mail: only the reset mails count here.
const isResetMail = (email: string) => (mail: { rcptTo: string[]; subject: string }) =>
  mail.rcptTo.includes(email) && mail.subject.includes("비밀번호 재설정 안내");
const resetMailsTo = (email: string) => peer.messagesTo(email).filter(isResetMail(email));
const waitForResetMails = (email: string, n = 1) => peer.waitFor(isResetMail(email), n);

function requestReset(email: string) {
  return postForm(server, "/forgot-password", { email });
}

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/**
 * Asks for a reset of `email`'s password and answers the token of the link in the mail that
 * follows (the `n`-th reset mail to that address).
 */
async function resetToken(email: string) {
  const before = resetMailsTo(email).length;
  const res = await requestReset(email);
  expect(res.status).toBe(200);
  const mails = await waitForResetMails(email, before + 1);
  const mail = mails[before]!;
  const link = new URL(linkIn(mail, `${PUBLIC_URL}/reset-password?`));
  const token = link.searchParams.get("token");
  expect(token).toBeTruthy();
  return { mail, link, token: token! };
}

/** GET /reset-password?token=…: the page's status, text, and whether it offers the form. */
async function resetPage(token: string | null) {
  const res = await get(
    server,
    token === null ? "/reset-password" : `/reset-password?token=${encodeURIComponent(token)}`,
  );
  const html = await res.text();
  const inputs = tags(html, "input");
  return {
    res,
    text: mainText(html),
    hasForm:
      inputs.some((i) => i.name === "password" && i.type === "password") &&
      inputs.some((i) => i.name === "confirmPassword" && i.type === "password"),
    tokenField: inputs.find((i) => i.name === "token" && i.type === "hidden")?.value,
    formAction: tags(html, "form").find((f) => f.method === "post")?.action,
  };
}

/**
 * Posts the reset form as a browser does: to the page's own URL (the form's action keeps the
 * link's ?token=…), with the token in its hidden field.
 */
function setPassword(token: string, password: string, confirmPassword = password) {
  secrets.add(password);
  return postForm(server, `/reset-password?token=${encodeURIComponent(token)}`, {
    token,
    password,
    confirmPassword,
  });
}

async function expectLoginStatus(email: string, password: string, status: number) {
  const res = await logIn(server, email, password);
  expect(res.status, `login of ${email} with ${password}`).toBe(status);
  const cookie = res.headers.getSetCookie().find((c) => /^sid=[^;]/.test(c));
  if (cookie) rememberCookie(cookie.split(";")[0]!);
}

describe("asking for a link", () => {
  it("the login page links to '비밀번호 찾기' at /forgot-password, which has an e-mail form", async () => {
    const login = await (await get(server, "/login")).text();
    const link = [...login.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].find(
      ([, inner]) => mainText(inner ?? "") === "비밀번호 찾기",
    );
    expect(link, "a '비밀번호 찾기' link on /login").toBeDefined();
    expect(link![0]).toMatch(/href="\/forgot-password"/);

    const res = await get(server, "/forgot-password");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(mainText(html)).toContain("비밀번호 찾기");
    expect(tags(html, "input").some((i) => i.name === "email")).toBe(true);
  });

  it("answers an existing and an unknown e-mail the same way; only the existing one is mailed", async () => {
    const m = await member();
    const unknown = uniqueEmail("nobody");
    const tokensBefore = (await server.db.select().from(passwordResetTokens)).length;

    const known = await requestReset(m.email);
    const other = await requestReset(unknown);
    expect(known.status).toBe(200);
    expect(other.status).toBe(known.status);
    const knownText = mainText(await known.text());
    const otherText = mainText(await other.text());
    expect(knownText).toContain(SENT);
    expect(otherText).toBe(knownText);
    expect(knownText).not.toContain(m.email);

    const [mail, ...more] = await waitForResetMails(m.email);
    expect(more).toEqual([]);
    expect(mail!.rcptTo).toEqual([m.email]);
    expect(mail!.to).toEqual([m.email]);
    expect(mail!.from.address).toBe("no-reply@society.example");
    expect(mail!.subject).toBe("[개원의AI마케팅학회] 비밀번호 재설정 안내");
    expect(mail!.text).toContain(`${m.name}님, 안녕하세요.`);
    expect(mail!.text).toContain("1시간 동안 한 번만 사용할 수 있습니다");
    const link = linkIn(mail!, `${PUBLIC_URL}/reset-password?token=`);
    expect(mail!.html).toContain(`href="${link}"`);

    // The unknown address gets nothing, and nothing is stored for it.
    expect(await queueRowsTo(server, unknown)).toEqual([]);
    expect(peer.messagesTo(unknown)).toEqual([]);
    expect((await server.db.select().from(passwordResetTokens)).length).toBe(tokensBefore + 1);
  });

  it("finds the account whatever the case of the e-mail typed", async () => {
    const m = await member();
    const res = await requestReset(m.email.toUpperCase());
    expect(res.status).toBe(200);
    const [mail] = await waitForResetMails(m.email);
    expect(mail!.to).toEqual([m.email]);
  });

  it("stores only a SHA-256 hash of the token, valid for one hour", async () => {
    const m = await member();
    const { token } = await resetToken(m.email);
    const rows = await server.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, m.id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.tokenHash).not.toBe(token);
    // The raw token is nowhere in the table.
    const all = await server.db.select().from(passwordResetTokens);
    expect(JSON.stringify(all)).not.toContain(token);
    expect(row.usedAt).toBeNull();
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(61 * 60 * 1000);
  });
});

describe("using the link", () => {
  it("opens /reset-password with the form, uncached and without a Referer", async () => {
    const m = await member();
    const { link, token } = await resetToken(m.email);
    const page = await resetPage(token);
    expect(link.pathname).toBe("/reset-password");
    expect(page.res.status).toBe(200);
    expect(page.hasForm).toBe(true);
    expect(page.tokenField).toBe(token);
    // The form posts back to the link's own address (what setPassword below does too).
    expect(page.formAction).toBe(`/reset-password?token=${encodeURIComponent(token)}`);
    expect(page.text).toContain("비밀번호 재설정");
    expect(page.text).not.toContain(INVALID_LINK);
    expect(page.res.headers.get("cache-control")).toContain("no-store");
    // Helmet's site-wide policy comes first; browsers apply the last one they know: no-referrer.
    const policies = page.res.headers
      .get("referrer-policy")!
      .split(",")
      .map((p) => p.trim());
    expect(policies.at(-1)).toBe("no-referrer");
  });

  it("applies the sign-up rules: too short, or not confirmed, and nothing changes", async () => {
    const m = await member();
    const { token } = await resetToken(m.email);

    const short = await setPassword(token, "short7!");
    expect(short.status).toBe(400);
    expect(mainText(await short.text())).toContain(TOO_SHORT);

    const mismatch = await setPassword(token, "New-Password-123", "New-Password-124");
    expect(mismatch.status).toBe(400);
    expect(mainText(await mismatch.text())).toContain(MISMATCH);

    // The password is unchanged and the link still works.
    await expectLoginStatus(m.email, m.password, 200);
    expect((await resetPage(token)).hasForm).toBe(true);
  });

  it("sets the new password, sends to /login, and ends every other session of the user", async () => {
    const m = await member();
    const second = await logInCookie(server, m.email, m.password);
    rememberCookie(second);
    for (const cookie of [m.cookie, second]) {
      expect((await get(server, "/api/auth/me", { cookie })).status).toBe(200);
    }
    const { token } = await resetToken(m.email);

    const newPassword = "Brand-New-Secret-42";
    const res = await setPassword(token, newPassword);
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, server.baseUrl).pathname).toBe("/login");

    // Every session made before the reset has ended.
    expect(await sessionRows(server, m.id)).toEqual([]);
    for (const cookie of [m.cookie, second]) {
      expect((await get(server, "/api/auth/me", { cookie })).status).toBe(401);
    }
    // The new password works; the old one does not.
    await expectLoginStatus(m.email, m.password, 401);
    await expectLoginStatus(m.email, newPassword, 200);
  });

  it("is single-use: a reused token answers 400 '만료되었거나…' and the page says so", async () => {
    const m = await member();
    const { token } = await resetToken(m.email);
    expect((await setPassword(token, "First-New-Pass-1")).status).toBe(302);

    const again = await setPassword(token, "Second-New-Pass-2");
    expect(again.status).toBe(400);
    expect(mainText(await again.text())).toContain("만료되었거나");
    const page = await resetPage(token);
    expect(page.text).toContain(INVALID_LINK);
    expect(page.hasForm).toBe(false);
    // The second attempt changed nothing.
    await expectLoginStatus(m.email, "Second-New-Pass-2", 401);
    await expectLoginStatus(m.email, "First-New-Pass-1", 200);
  });

  it("once one link is used, the user's other outstanding links stop working too", async () => {
    const m = await member();
    const first = await resetToken(m.email);
    const second = await resetToken(m.email);
    expect(first.token).not.toBe(second.token);
    expect((await setPassword(second.token, "Used-Second-Link-1")).status).toBe(302);

    expect((await resetPage(first.token)).hasForm).toBe(false);
    const res = await setPassword(first.token, "Used-First-Link-2");
    expect(res.status).toBe(400);
    expect(mainText(await res.text())).toContain(INVALID_LINK);
    await expectLoginStatus(m.email, "Used-Second-Link-1", 200);
  });

  it("an expired link (past its hour) shows the invalid-link message and cannot be used", async () => {
    const m = await member();
    const { token } = await resetToken(m.email);
    await server.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));

    const page = await resetPage(token);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain(INVALID_LINK);
    expect(page.hasForm).toBe(false);

    const res = await setPassword(token, "Expired-Link-Pass-1");
    expect(res.status).toBe(400);
    expect(mainText(await res.text())).toContain(INVALID_LINK);
    await expectLoginStatus(m.email, "Expired-Link-Pass-1", 401);
    await expectLoginStatus(m.email, m.password, 200);
  });

  it("a tampered, missing or overlong token is invalid; the real one still works", async () => {
    const m = await member();
    const { token } = await resetToken(m.email);
    const last = token.at(-1)!;
    const tampered = token.slice(0, -1) + (last === "A" ? "B" : "A");
    for (const bad of [tampered, `${token}x`, token.slice(1), "", "x".repeat(101)]) {
      const page = await resetPage(bad);
      expect(page.text, `page for token "${bad}"`).toContain(INVALID_LINK);
      expect(page.hasForm).toBe(false);
      const res = await setPassword(bad, "Tampered-Pass-123");
      expect(res.status, `POST with token "${bad}"`).toBe(400);
    }
    const missing = await resetPage(null);
    expect(missing.text).toContain(INVALID_LINK);
    expect(missing.hasForm).toBe(false);

    await expectLoginStatus(m.email, "Tampered-Pass-123", 401);
    expect((await resetPage(token)).hasForm).toBe(true);
    expect((await setPassword(token, "Real-Link-Pass-9")).status).toBe(302);
    await expectLoginStatus(m.email, "Real-Link-Pass-9", 200);
  });
});

describe("what a reset mail never holds", () => {
  it("no message contains a password, a licence number or a session token", async () => {
    expect(peer.messages.length).toBeGreaterThan(5);
    expect(secrets.size).toBeGreaterThan(20);
    for (const mail of peer.messages) {
      for (const secret of secrets) {
        expect(mail.text, `text of "${mail.subject}" to ${mail.to}`).not.toContain(secret);
        expect(mail.html, `HTML of "${mail.subject}" to ${mail.to}`).not.toContain(secret);
        expect(mail.subject).not.toContain(secret);
      }
    }
  });
});
