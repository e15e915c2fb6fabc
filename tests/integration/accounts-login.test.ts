// Login, logout and sessions over HTTP: POST /api/auth/login, POST /api/auth/logout,
// GET /api/auth/me, the session rows behind the `sid` cookie (new id at login, deleted at logout,
// ended at rejection or deletion, idle expiry of 14 days for members and 60 minutes for
// administrators), and the /login and /logout page actions a browser posts without JavaScript.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "~db/schema";
import {
  type Account,
  createAdmin,
  createMember,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  logIn,
  logInCookie,
  PASSWORD,
  postForm,
  postJson,
  sessionIdOf,
  sessionRows,
  setCookie,
  sidCookie,
  signUp,
  uniqueEmail,
} from "../support/accounts";
import { setupTestServer } from "../support/test-server";

const LOGIN_FAILED = "이메일 또는 비밀번호를 확인해주세요.";
const PENDING = "관리자 승인 후 로그인할 수 있습니다. 승인까지 잠시 기다려주세요.";
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let admin: LoggedIn;
let member: LoggedIn;
let pending: Account;
const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await createMember(server, { name: "박회원" });
  pending = await signUp(server);
});

async function me(cookie?: string | null) {
  return get(server, "/api/auth/me", { cookie });
}

async function sessionRow(cookie: string) {
  const [row] = await server.db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, sessionIdOf(cookie)));
  return row;
}

describe("POST /api/auth/login", () => {
  it("answers 200 with { id, email, name, role, isApproved } and an HttpOnly SameSite=Lax cookie", async () => {
    const res = await logIn(server, member.email, member.password);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      id: member.id,
      email: member.email,
      name: "박회원",
      role: "member",
      isApproved: true,
    });
    const header = setCookie(res);
    expect(header).toBeDefined();
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=Lax/i);
    expect(header).toMatch(/;\s*Path=\//i);
    // Plain HTTP on localhost: no Secure flag, or the browser would drop the cookie.
    expect(header).not.toMatch(/;\s*Secure/i);
    const cookie = sidCookie(res);
    expect(cookie).toBeTruthy();
    // The cookie holds a random id only, nothing about the user.
    expect(decodeURIComponent(String(cookie))).not.toContain(member.email);
    expect(decodeURIComponent(String(cookie))).not.toContain(member.id);
  });

  it("an administrator's login answers role 'admin'", async () => {
    const res = await logIn(server, admin.email, admin.password);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      id: admin.id,
      email: admin.email,
      name: "관리자",
      role: "admin",
      isApproved: true,
    });
  });

  it("issues a new session id (and row) on each login", async () => {
    const first = await logInCookie(server, member.email, member.password);
    const second = await logInCookie(server, member.email, member.password);
    expect(first).not.toBe(second);
    expect(sessionIdOf(first)).not.toBe(sessionIdOf(second));
    expect(await sessionRow(first)).toBeDefined();
    expect(await sessionRow(second)).toBeDefined();
    expect((await sessionRow(second))?.userId).toBe(member.id);
    // Logging in while holding a session still answers a new id: no session fixation.
    const res = await postJson(
      server,
      "/api/auth/login",
      { email: member.email, password: member.password },
      { cookie: first },
    );
    expect(res.status).toBe(200);
    const third = sidCookie(res);
    expect(third).toBeTruthy();
    expect(third).not.toBe(first);
  });

  it("compares the e-mail case-insensitively", async () => {
    const res = await logIn(server, `  ${member.email.toUpperCase()}  `, member.password);
    expect(res.status).toBe(200);
    expect((await json(res)).id).toBe(member.id);
  });

  it("answers 401 with the same body for a wrong password and an unknown e-mail, and no session", async () => {
    const wrongPassword = await logIn(server, member.email, "wrong-password");
    const unknownEmail = await logIn(server, uniqueEmail("nobody"), "wrong-password");
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const a = await json<ErrorBody>(wrongPassword);
    const b = await json<ErrorBody>(unknownEmail);
    expect(a).toEqual(b);
    expect(a.message).toBe(LOGIN_FAILED);
    expectKoreanMessages(a);
    expect(sidCookie(wrongPassword)).toBeNull();
    expect(sidCookie(unknownEmail)).toBeNull();
  });

  it("answers 403 and starts no session for an account awaiting approval", async () => {
    const before = (await sessionRows(server, pending.id)).length;
    const res = await logIn(server, pending.email, pending.password);
    expect(res.status).toBe(403);
    const body = await json<ErrorBody>(res);
    expect(body.message).toBe(PENDING);
    expectKoreanMessages(body);
    expect(sidCookie(res)).toBeNull();
    expect(await sessionRows(server, pending.id)).toHaveLength(before);
  });

  it("a wrong password for a pending account is 401, not 403 (the state is not revealed)", async () => {
    const res = await logIn(server, pending.email, "wrong-password");
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).message).toBe(LOGIN_FAILED);
  });

  it("answers 403 with a Korean message naming whom to contact for a rejected account", async () => {
    const { societyConfig } = await import("~/features/society/config.server");
    const rejected = await signUp(server);
    const reject = await postJson(server, `/api/users/${rejected.id}/reject`, undefined, {
      cookie: admin.cookie,
    });
    expect(reject.status).toBe(200);
    const res = await logIn(server, rejected.email, rejected.password);
    expect(res.status).toBe(403);
    const body = await json<ErrorBody>(res);
    expect(body.message).toContain("승인되지 않았습니다");
    expect(body.message).toContain(societyConfig.email);
    expect(body.message).toContain(societyConfig.phone);
    expect(body.message).not.toBe(PENDING);
    expectKoreanMessages(body);
    expect(sidCookie(res)).toBeNull();
  });

  it("validates with the Korean messages of SPEC.md §5", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ email: "not-an-email", password: "x" }, "email", "올바른 이메일 주소를 입력해주세요"],
      [{ password: "x" }, "email", "올바른 이메일 주소를 입력해주세요"],
      [{ email: member.email, password: "" }, "password", "비밀번호를 입력해주세요"],
      [{ email: member.email }, "password", "비밀번호를 입력해주세요"],
      [{ email: 42, password: 42 }, "email", "올바른 이메일 주소를 입력해주세요"],
    ];
    for (const [payload, field, message] of cases) {
      const res = await postJson(server, "/api/auth/login", payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      const body = await json<ErrorBody>(res);
      expect(body.errors?.[field]).toBe(message);
      expectKoreanMessages(body);
    }
    for (const payload of [{}, [], null, "x"]) {
      const res = await postJson(server, "/api/auth/login", payload);
      expect(res.status).toBe(400);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
  });
});

describe("GET /api/auth/me", () => {
  it("answers 401 with a Korean message when logged out", async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expectKoreanMessages(await json<ErrorBody>(res));
  });

  it("answers 401 for a forged or tampered cookie", async () => {
    expect((await me("sid=forged")).status).toBe(401);
    const cookie = await logInCookie(server, member.email, member.password);
    const at = cookie.lastIndexOf(".") + 5;
    const tampered = `${cookie.slice(0, at)}${cookie[at] === "A" ? "B" : "A"}${cookie.slice(at + 1)}`;
    expect((await me(tampered)).status).toBe(401);
    expect((await me(cookie)).status).toBe(200);
  });

  it("answers exactly { id, email, name, role, isApproved }: never a hash or a licence number", async () => {
    const res = await me(member.cookie);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      id: member.id,
      email: member.email,
      name: "박회원",
      role: "member",
      isApproved: true,
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain("argon2");
    expect(text).not.toContain("licenseNumber");
    expect(text).not.toContain("123456");
  });

  it("answers the administrator's role", async () => {
    const body = await json(await me(admin.cookie));
    expect(body).toEqual({
      id: admin.id,
      email: admin.email,
      name: "관리자",
      role: "admin",
      isApproved: true,
    });
  });
});

describe("POST /api/auth/logout", () => {
  it("deletes the session row, clears the cookie, and the old cookie is logged out", async () => {
    const cookie = await logInCookie(server, member.email, member.password);
    expect(await sessionRow(cookie)).toBeDefined();
    const res = await postJson(server, "/api/auth/logout", undefined, { cookie });
    expect(res.status).toBe(200);
    const header = setCookie(res);
    expect(header).toMatch(/^sid=;/);
    expect(header).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect(await sessionRow(cookie)).toBeUndefined();
    expect((await me(cookie)).status).toBe(401);
    // Replaying the old cookie does not bring the session back.
    expect((await me(cookie)).status).toBe(401);
  });

  it("ends only that session: another device stays logged in", async () => {
    const phone = await logInCookie(server, member.email, member.password);
    const laptop = await logInCookie(server, member.email, member.password);
    await postJson(server, "/api/auth/logout", undefined, { cookie: phone });
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
  });

  it("answers 2xx, not an error, when nobody is logged in", async () => {
    const res = await postJson(server, "/api/auth/logout");
    expect(res.status).toBe(200);
  });
});

describe("sessions end at once", () => {
  it("a logged-in member cannot be rejected (only a sign-up can): both sessions go on", async () => {
    const member = await createMember(server);
    const second = await logInCookie(server, member.email, member.password);
    const res = await postJson(server, `/api/users/${member.id}/reject`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(409);
    expect(await sessionRows(server, member.id)).toHaveLength(2);
    expect((await me(member.cookie)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
  });

  it("deleting a user ends their sessions", async () => {
    const gone = await createMember(server);
    expect((await me(gone.cookie)).status).toBe(200);
    await server.db.delete(users).where(eq(users.id, gone.id));
    expect(await sessionRows(server, gone.id)).toHaveLength(0);
    expect((await me(gone.cookie)).status).toBe(401);
  });

  it("a session of an account that is not approved (any more) counts as logged out", async () => {
    const demoted = await createMember(server);
    await server.db.update(users).set({ isApproved: false }).where(eq(users.id, demoted.id));
    expect((await me(demoted.cookie)).status).toBe(401);
    const upload = await postJson(server, "/api/objects/upload", undefined, {
      cookie: demoted.cookie,
    });
    expect(upload.status).toBe(401);
  });
});

describe("idle expiry", () => {
  it("a session whose expiry has passed is logged out", async () => {
    const cookie = await logInCookie(server, member.email, member.password);
    expect((await me(cookie)).status).toBe(200);
    await server.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sessionIdOf(cookie)));
    expect((await me(cookie)).status).toBe(401);
  });

  it("a member's session expires within 14 days, an administrator's within 60 minutes", async () => {
    const memberCookie = await logInCookie(server, member.email, member.password);
    const adminCookie = await logInCookie(server, admin.email, admin.password);
    const now = Date.now();
    const memberExpire = (await sessionRow(memberCookie))?.expire.getTime() ?? 0;
    const adminExpire = (await sessionRow(adminCookie))?.expire.getTime() ?? 0;
    expect(memberExpire).toBeGreaterThan(now + 14 * DAY - 5 * MINUTE);
    expect(memberExpire).toBeLessThanOrEqual(now + 14 * DAY + MINUTE);
    expect(adminExpire).toBeGreaterThan(now + 55 * MINUTE);
    expect(adminExpire).toBeLessThanOrEqual(now + 60 * MINUTE + MINUTE);
  });

  it("an administrator idle for more than 60 minutes is logged out", async () => {
    const cookie = await logInCookie(server, admin.email, admin.password);
    await server.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - MINUTE) })
      .where(eq(sessions.sid, sessionIdOf(cookie)));
    expect((await me(cookie)).status).toBe(401);
    const pendingList = await get(server, "/api/users/pending", { cookie });
    expect(pendingList.status).toBe(401);
  });

  it("activity slides the expiry forward (idle, not absolute, expiry)", async () => {
    const cookie = await logInCookie(server, member.email, member.password);
    const soon = new Date(Date.now() + DAY);
    await server.db
      .update(sessions)
      .set({ expire: soon })
      .where(eq(sessions.sid, sessionIdOf(cookie)));
    expect((await me(cookie)).status).toBe(200);
    const expire = (await sessionRow(cookie))?.expire.getTime() ?? 0;
    expect(expire).toBeGreaterThan(Date.now() + 13 * DAY);

    const adminCookie = await logInCookie(server, admin.email, admin.password);
    await server.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + 10 * MINUTE) })
      .where(eq(sessions.sid, sessionIdOf(adminCookie)));
    expect((await me(adminCookie)).status).toBe(200);
    const adminExpire = (await sessionRow(adminCookie))?.expire.getTime() ?? 0;
    expect(adminExpire).toBeGreaterThan(Date.now() + 55 * MINUTE);
    expect(adminExpire).toBeLessThanOrEqual(Date.now() + 61 * MINUTE);
  });
});

describe("the /login page action (form post, no JavaScript)", () => {
  function formLogin(fields: Record<string, string>, cookie?: string) {
    return postForm(server, "/login", fields, { cookie });
  }

  function expectRedirect(res: Response, location: string) {
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toBe(location);
  }

  it("logs a member in and redirects to / with the session cookie", async () => {
    const res = await formLogin({ email: member.email, password: member.password });
    expectRedirect(res, "/");
    const cookie = sidCookie(res);
    expect(cookie).toBeTruthy();
    expect(setCookie(res)).toMatch(/HttpOnly/i);
    expect(setCookie(res)).toMatch(/SameSite=Lax/i);
    const body = await json(await me(cookie));
    expect(body.id).toBe(member.id);
  });

  it("sends an administrator to /admin/dashboard", async () => {
    const res = await formLogin({ email: admin.email, password: admin.password });
    expectRedirect(res, "/admin/dashboard");
    expect(sidCookie(res)).toBeTruthy();
  });

  it("follows a relative redirectTo", async () => {
    const res = await formLogin({
      email: member.email,
      password: member.password,
      redirectTo: "/announcements",
    });
    expectRedirect(res, "/announcements");
    expect(sidCookie(res)).toBeTruthy();
  });

  it("ignores a redirectTo that leaves the site", async () => {
    for (const redirectTo of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "http://evil.example/path",
      "javascript:alert(1)",
    ]) {
      const res = await formLogin({ email: member.email, password: member.password, redirectTo });
      expectRedirect(res, "/");
    }
    const adminRes = await formLogin({
      email: admin.email,
      password: admin.password,
      redirectTo: "//evil.example",
    });
    expectRedirect(adminRes, "/admin/dashboard");
  });

  it("answers 401 with the Korean message and no session for wrong credentials", async () => {
    const res = await formLogin({ email: member.email, password: "wrong-password" });
    expect(res.status).toBe(401);
    expect(sidCookie(res)).toBeNull();
    const html = await res.text();
    expect(html).toContain(LOGIN_FAILED);
    expect(html).toContain("로그인 실패");
  });

  it("leads a pending account to its '승인 대기 중' status page, with no session", async () => {
    const res = await formLogin({ email: pending.email, password: PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(sidCookie(res)).toBeNull();
    const applicant = setCookie(res, "applicant")?.split(";")[0];
    expect(applicant).toBeTruthy();
    const html = await (await get(server, "/login", { cookie: applicant })).text();
    expect(html).toContain("승인 대기 중");
    expect(html).toContain(PENDING);
  });

  it("answers 400 with the Korean validation messages", async () => {
    const res = await formLogin({ email: "not-an-email", password: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("올바른 이메일 주소를 입력해주세요");
    expect(html).toContain("비밀번호를 입력해주세요");
  });

  it("GET /login when logged in goes to / (members) or /admin/dashboard (administrators)", async () => {
    const memberRes = await get(server, "/login", { cookie: member.cookie });
    expect([302, 303]).toContain(memberRes.status);
    expect(memberRes.headers.get("location")).toBe("/");
    const adminRes = await get(server, "/login", { cookie: admin.cookie });
    expect(adminRes.headers.get("location")).toBe("/admin/dashboard");
  });

  it("POST /logout deletes the session row and redirects to /", async () => {
    const cookie = await logInCookie(server, member.email, member.password);
    const res = await postForm(server, "/logout", {}, { cookie });
    expectRedirect(res, "/");
    expect(setCookie(res)).toMatch(/^sid=;/);
    expect(await sessionRow(cookie)).toBeUndefined();
    expect((await me(cookie)).status).toBe(401);
  });
});
