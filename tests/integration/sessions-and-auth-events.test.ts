// Members see and end their sessions; authentication events are kept for a year; personal-data
// exports state their purpose. The session list over JSON (ids that are not the
// secret, the current one marked, browser and system from the user agent), ending one session or
// every other one (the ended session's next request is logged out), the same list on /mypage and
// on the administrator's member record, lastSeenAt written at most once a minute, the events of
// login, failed login, logout and ended sessions (shown on the member record, swept after a
// year), and the purpose of every CSV export in the audit trail.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, authEvents, sessions } from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  logIn,
  PASSWORD,
  postForm,
  postJson,
  sessionIdOf,
  sidCookie,
} from "../support/accounts";
import { UNKNOWN_ID } from "../support/admin";
import { mainText, tags } from "../support/html";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type SessionJson = {
  id: string;
  current: boolean;
  userAgent: string | null;
  browser: string;
  os: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
};

let admin: LoggedIn;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});

/** Logs `email` in from a browser with `userAgent`; answers the session cookie. */
async function logInAs(email: string, userAgent: string) {
  const res = await server.fetch("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": userAgent },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return sidCookie(res)!;
}

async function listOf(cookie: string) {
  const res = await get(server, "/api/me/sessions", { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return json<SessionJson[]>(res);
}

const me = (cookie: string) => get(server, "/api/auth/me", { cookie });

/** A member logged in from two browsers: a Windows PC and an iPhone. */
async function memberWithTwoSessions(): Promise<Member & { pc: string; phone: string }> {
  const member = await insertMember(server);
  const pc = await logInAs(member.email, CHROME_WINDOWS);
  const phone = await logInAs(member.email, SAFARI_IPHONE);
  return { ...member, pc, phone };
}

describe("GET /api/me/sessions", () => {
  it("lists the member's live sessions with browser, system, IP and times; this one marked", async () => {
    const member = await memberWithTwoSessions();
    const list = await listOf(member.pc);
    // insertMember's own login plus the two browsers.
    expect(list).toHaveLength(3);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: "Chrome 131", os: "Windows 10", handheld: false });
    expect(current[0]?.userAgent).toBe(CHROME_WINDOWS);
    const phone = list.find((s) => s.userAgent === SAFARI_IPHONE);
    expect(phone).toMatchObject({
      current: false,
      browser: "Safari 17",
      os: "iOS 17.5",
      handheld: true,
    });
    for (const session of list) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(session.ip).toBeTruthy();
      expect(Number.isNaN(Date.parse(session.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(session.lastSeenAt))).toBe(false);
    }
    // The ids are not the session secrets the cookies carry.
    const secrets = [member.cookie, member.pc, member.phone].map(sessionIdOf);
    for (const session of list) expect(secrets).not.toContain(session.id);
    expect(JSON.stringify(list)).not.toContain(sessionIdOf(member.pc));
  });

  it("is only for a logged-in member (401), and each sees only their own", async () => {
    const res = await get(server, "/api/me/sessions");
    expect(res.status).toBe(401);
    expectKoreanMessages(await json<ErrorBody>(res));
    const a = await memberWithTwoSessions();
    const b = await insertMember(server);
    const ids = new Set((await listOf(a.pc)).map((s) => s.id));
    for (const session of await listOf(b.cookie)) expect(ids.has(session.id)).toBe(false);
  });

  it("does not write the session row on every request (lastSeenAt moves at most once a minute)", async () => {
    const member = await insertMember(server);
    const sid = sessionIdOf(member.cookie);
    const before = await server.db.select().from(sessions).where(eq(sessions.sid, sid));
    for (let i = 0; i < 3; i++) expect((await me(member.cookie)).status).toBe(200);
    const after = await server.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(after[0]?.lastSeenAt.getTime()).toBe(before[0]?.lastSeenAt.getTime());
    expect(after[0]?.expire.getTime()).toBe(before[0]?.expire.getTime());
  });
});

describe("ending sessions", () => {
  it("DELETE /api/me/sessions/{id} ends another session: its next request is logged out", async () => {
    const member = await memberWithTwoSessions();
    const phone = (await listOf(member.pc)).find((s) => s.userAgent === SAFARI_IPHONE)!;
    const res = await sendJson(server, "DELETE", `/api/me/sessions/${phone.id}`, undefined, {
      cookie: member.pc,
    });
    expect(res.status).toBe(204);
    expect((await me(member.phone)).status).toBe(401);
    expect((await me(member.pc)).status).toBe(200);
    // Ended once: a second time it is unknown.
    const again = await sendJson(server, "DELETE", `/api/me/sessions/${phone.id}`, undefined, {
      cookie: member.pc,
    });
    expect(again.status).toBe(404);
    expectKoreanMessages(await json<ErrorBody>(again));
  });

  it("ending this session clears the cookie; unknown, malformed and others' ids are 404", async () => {
    const member = await memberWithTwoSessions();
    const other = await insertMember(server);
    const othersId = (await listOf(other.cookie))[0]!.id;
    for (const id of [UNKNOWN_ID, "not-an-id", othersId]) {
      const res = await sendJson(server, "DELETE", `/api/me/sessions/${id}`, undefined, {
        cookie: member.pc,
      });
      expect(res.status, id).toBe(404);
    }
    expect((await me(other.cookie)).status).toBe(200);
    expect((await sendJson(server, "DELETE", `/api/me/sessions/${othersId}`)).status).toBe(401);

    const own = (await listOf(member.pc)).find((s) => s.current)!;
    const res = await sendJson(server, "DELETE", `/api/me/sessions/${own.id}`, undefined, {
      cookie: member.pc,
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sid=;"))).toBe(true);
    expect((await me(member.pc)).status).toBe(401);
    expect((await me(member.phone)).status).toBe(200);
  });

  it("POST /api/me/sessions/end-others keeps only this one", async () => {
    const member = await memberWithTwoSessions();
    const res = await postJson(server, "/api/me/sessions/end-others", undefined, {
      cookie: member.phone,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ended: 2 });
    expect((await me(member.pc)).status).toBe(401);
    expect((await me(member.cookie)).status).toBe(401);
    expect((await me(member.phone)).status).toBe(200);
    expect(await listOf(member.phone)).toHaveLength(1);
    expect((await postJson(server, "/api/me/sessions/end-others")).status).toBe(401);
    expect(
      (await postJson(server, "/api/me/sessions", undefined, { cookie: member.phone })).status,
    ).toBe(405);
  });

  it("/mypage/security lists the sessions and its forms end one or every other one", async () => {
    const member = await memberWithTwoSessions();
    const html = await (await get(server, "/mypage/security", { cookie: member.pc })).text();
    expect(html).toContain("로그인된 기기");
    expect(html).toContain("Chrome 131 · Windows 10");
    expect(html).toContain("Safari 17 · iOS 17.5");
    expect(html).toContain("현재 이 기기");
    expect(html).toContain("다른 기기에서 모두 로그아웃");

    const phone = (await listOf(member.pc)).find((s) => s.userAgent === SAFARI_IPHONE)!;
    const one = await postForm(
      server,
      "/mypage/sessions",
      { intent: "end-session", sessionId: phone.id },
      { cookie: member.pc },
    );
    expect(one.status).toBe(302);
    expect(one.headers.get("location")).toBe("/mypage/security");
    expect((await me(member.phone)).status).toBe(401);

    const rest = await postForm(
      server,
      "/mypage/sessions",
      { intent: "end-other-sessions" },
      { cookie: member.pc },
    );
    expect(rest.status).toBe(302);
    expect((await me(member.cookie)).status).toBe(401);
    expect((await me(member.pc)).status).toBe(200);

    const unknown = await postForm(
      server,
      "/mypage/sessions",
      { intent: "whatever" },
      {
        cookie: member.pc,
      },
    );
    // An unknown form is refused with its Korean message, not sent back with a flash toast.
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("요청을 처리할 수 없습니다");
    const visitor = await postForm(server, "/mypage/sessions", { intent: "end-other-sessions" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/login");
  });

  const SESSION_NOT_FOUND = "세션을 찾을 수 없습니다. 이미 종료되었을 수 있습니다.";

  it("/mypage/security's session forms post to the page itself; a session already ended is refused there", async () => {
    const member = await memberWithTwoSessions();
    const html = await (await get(server, "/mypage/security", { cookie: member.pc })).text();
    const forms = tags(html, "form").filter((form) => form.method === "post");
    expect(forms.some((form) => form.action === "/mypage/sessions")).toBe(false);
    expect(forms.some((form) => form.action === "/mypage/security")).toBe(true);

    const phone = (await listOf(member.pc)).find((s) => s.userAgent === SAFARI_IPHONE)!;
    const ended = await postForm(
      server,
      "/mypage/security",
      { intent: "end-session", sessionId: phone.id },
      { cookie: member.pc },
    );
    expect(ended.status).toBe(302);
    expect(ended.headers.get("location")).toBe("/mypage/security");
    expect((await me(member.phone)).status).toBe(401);

    // The same form again (a second tab): the page answers 404 with its Korean message, shown
    // on the page, and every other session stays.
    const again = await postForm(
      server,
      "/mypage/security",
      { intent: "end-session", sessionId: phone.id },
      { cookie: member.pc },
    );
    expect(again.status).toBe(404);
    expect(mainText(await again.text())).toContain(SESSION_NOT_FOUND);
    expect((await me(member.cookie)).status).toBe(200);
    expect((await me(member.pc)).status).toBe(200);

    const rest = await postForm(
      server,
      "/mypage/security",
      { intent: "end-other-sessions" },
      { cookie: member.pc },
    );
    expect(rest.status).toBe(302);
    expect((await me(member.cookie)).status).toBe(401);
    expect((await me(member.pc)).status).toBe(200);
  });

  it("the member record lists them and an administrator ends one (audited); members may not", async () => {
    const member = await memberWithTwoSessions();
    const html = await (
      await get(server, `/admin/members/${member.id}`, { cookie: admin.cookie })
    ).text();
    expect(html).toContain("로그인 보안");
    expect(html).toContain("Safari 17 · iOS 17.5");
    const record = await json<{ sessions: SessionJson[]; activeSessions: number }>(
      await get(server, `/api/admin/members/${member.id}`, { cookie: admin.cookie }),
    );
    expect(record.sessions).toHaveLength(3);
    expect(record.activeSessions).toBe(3);
    const phone = record.sessions.find((s) => s.userAgent === SAFARI_IPHONE)!;

    const refused = await postForm(
      server,
      `/admin/members/${member.id}`,
      { intent: "end-session", sessionId: phone.id },
      { cookie: member.pc },
    );
    expect(refused.status).toBe(403);
    expect((await me(member.phone)).status).toBe(200);

    const ended = await postForm(
      server,
      `/admin/members/${member.id}`,
      { intent: "end-session", sessionId: phone.id },
      { cookie: admin.cookie },
    );
    expect(ended.status).toBe(302);
    expect((await me(member.phone)).status).toBe(401);
    expect((await me(member.pc)).status).toBe(200);
    const left = await json<{ sessions: SessionJson[]; activeSessions: number }>(
      await get(server, `/api/admin/members/${member.id}`, { cookie: admin.cookie }),
    );
    expect(left.sessions.map((s) => s.id)).not.toContain(phone.id);
    expect(left.activeSessions).toBe(2);
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, member.id), eq(auditLog.action, "member_end_session")));
    expect(entries).toHaveLength(1);

    const unknown = await postForm(
      server,
      `/admin/members/${member.id}`,
      { intent: "end-session", sessionId: UNKNOWN_ID },
      { cookie: admin.cookie },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("authentication events", () => {
  it("records login, failed login, logout and ended sessions, and shows them on the member record", async () => {
    const member = await insertMember(server);
    expect((await logIn(server, member.email, "wrong-password-1")).status).toBe(401);
    const cookie = await logInAs(member.email, CHROME_WINDOWS);
    await postJson(server, "/api/me/sessions/end-others", undefined, { cookie });
    expect((await postJson(server, "/api/auth/logout", undefined, { cookie })).status).toBe(200);

    const events = await server.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.userId, member.id));
    const types = events.map((e) => e.type).sort();
    expect(types).toEqual(["login", "login", "login_failed", "logout", "session_ended"]);
    const withAgent = events.find((e) => e.userAgent === CHROME_WINDOWS);
    expect(withAgent?.type).toBe("login");
    expect(events.every((e) => e.ip)).toBe(true);

    const html = await (
      await get(server, `/admin/members/${member.id}`, { cookie: admin.cookie })
    ).text();
    expect(html).toContain("최근 로그인 활동");
    expect(html).toContain("로그인 실패(비밀번호)");
    expect(html).toContain("로그아웃");
  });

  it("the retention job deletes events older than a year and keeps the rest", async () => {
    const { runRetention } = await import("~/jobs/retention.server");
    const member = await insertMember(server);
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    await server.db.insert(authEvents).values([
      { userId: member.id, type: "login", createdAt: new Date(now.getTime() - 366 * day) },
      { userId: member.id, type: "logout", createdAt: new Date(now.getTime() - 364 * day) },
    ]);
    const result = await runRetention(now);
    expect(result.authEvents).toBeGreaterThanOrEqual(1);
    const left = await server.db.select().from(authEvents).where(eq(authEvents.userId, member.id));
    expect(left.map((e) => e.type).sort()).toEqual(["login", "logout"]);
    expect(left.every((e) => now.getTime() - e.createdAt.getTime() < 365 * day)).toBe(true);
  });
});

describe("export purposes", () => {
  for (const path of ["/admin/export/members.csv", "/admin/export/applications.csv"]) {
    it(`${path} asks for a purpose (400) and audits it with the row count`, async () => {
      for (const query of [
        "",
        "?purpose=",
        "?purpose=%20a%20",
        `?purpose=${"가".repeat(201)}`,
        "?purpose=ab&purpose=cd",
      ]) {
        const res = await get(server, `${path}${query}`, { cookie: admin.cookie });
        expect(res.status, query).toBe(400);
        expectKoreanMessages(await json<ErrorBody>(res));
      }
      const purpose = `정기총회 명부 확인 ${Date.now()}`;
      const res = await get(server, `${path}?purpose=${encodeURIComponent(purpose)}`, {
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      const lines = (await res.text()).trim().split("\r\n");
      const action = path.includes("members") ? "export_members" : "export_applications";
      const entries = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, action)));
      const entry = entries.find((e) => (e.detail as { purpose?: string }).purpose === purpose);
      expect(entry?.detail).toMatchObject({ purpose, rows: lines.length - 1 });
      // Still administrators only.
      const member = await insertMember(server);
      expect((await get(server, `${path}?purpose=x1`, { cookie: member.cookie })).status).toBe(403);
    });
  }

  it("the export buttons ask for the purpose in a form (no JavaScript needed)", async () => {
    const html = await (
      await get(server, "/admin/members?status=approved", { cookie: admin.cookie })
    ).text();
    const form = html.match(/<form[^>]*action="\/admin\/export\/members.csv"[^>]*>/)?.[0];
    expect(form).toContain('method="get"');
    expect(html).toContain('name="purpose"');
    expect(html).toMatch(/<input type="hidden" name="status" value="approved"/);
    const audit = await (await get(server, "/admin/audit", { cookie: admin.cookie })).text();
    expect(audit).toContain('action="/admin/export/applications.csv"');
  });
});
