// Sessions end SESSION_MAX_AGE_DAYS (30) after login whatever the activity (hostile
// input): the sliding idle expiry never extends a session past that absolute limit. And the owner
// is mailed whenever the password changes (/mypage) or is reset, so a takeover does not go
// unnoticed. Elapsed time is simulated by moving the session's start back in the database.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "~db/schema";
import { createMember, get, HANGUL, postForm, sessionIdOf } from "../support/accounts";
import { queueRowsTo } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const DAY = 24 * 60 * 60 * 1000;
const CHANGED = "비밀번호가 변경되었습니다";

const server = setupTestServer();

/** Fixture: the session started `ms` ago (its idle expiry still lies in the future). */
async function startedAgo(cookie: string, ms: number) {
  await server.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - ms), expire: new Date(Date.now() + 60_000) })
    .where(eq(sessions.sid, sessionIdOf(cookie)));
}

async function sessionRow(cookie: string) {
  const [row] = await server.db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, sessionIdOf(cookie)));
  return row;
}

describe("the absolute session limit", () => {
  it("a session 30 days old ends even though it was active a minute ago", async () => {
    const member = await createMember(server);
    expect((await get(server, "/api/auth/me", { cookie: member.cookie })).status).toBe(200);
    await startedAgo(member.cookie, 30 * DAY + 60_000);
    expect((await get(server, "/api/auth/me", { cookie: member.cookie })).status).toBe(401);
    const page = await get(server, "/mypage", { cookie: member.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/login");
  });

  it("activity near the end never slides the expiry past 30 days from login", async () => {
    const member = await createMember(server);
    await startedAgo(member.cookie, 29 * DAY);
    expect((await get(server, "/api/auth/me", { cookie: member.cookie })).status).toBe(200);
    const row = await sessionRow(member.cookie);
    const limit = (row?.createdAt.getTime() ?? 0) + 30 * DAY;
    // Idle expiry alone would be 14 days from now; the absolute limit is one day away.
    expect(row?.expire.getTime()).toBeLessThanOrEqual(limit);
    expect(row?.expire.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);
  });

  it("a young session still slides with activity (14 days idle)", async () => {
    const member = await createMember(server);
    await startedAgo(member.cookie, DAY);
    expect((await get(server, "/api/auth/me", { cookie: member.cookie })).status).toBe(200);
    const row = await sessionRow(member.cookie);
    expect(row?.expire.getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
  });

  it("a session about to go idle stays valid after its touch, while nothing else is written", async () => {
    // On the embedded database the session row is kept between writes, and the touch itself is
    // written so that it keeps those reads (KEEPS_KEPT_READS): the kept copy must carry the new
    // expiry, or the member would be logged out when the old one passed.
    const member = await createMember(server);
    await server.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + 1_500) })
      .where(eq(sessions.sid, sessionIdOf(member.cookie)));
    expect((await get(server, "/api/auth/me", { cookie: member.cookie })).status).toBe(200);
    expect((await sessionRow(member.cookie))?.expire.getTime()).toBeGreaterThan(
      Date.now() + 13 * DAY,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await get(server, "/api/auth/me", { cookie: member.cookie })).status).toBe(200);
  });

  it("a new session starts its own 30 days", async () => {
    const member = await createMember(server);
    const row = await sessionRow(member.cookie);
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});

describe("the owner is mailed when the password changes", () => {
  it("after a change on /mypage/security, in Korean, without the password", async () => {
    const member = await createMember(server);
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
    // Done: back to /mypage/security with the toast (POST, redirect, GET).
    expect(res.status).toBe(302);
    const rows = (await queueRowsTo(server, member.email)).filter((r) =>
      r.subject.includes(CHANGED),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).toMatch(HANGUL);
    expect(rows[0]?.text).toContain("마이페이지에서");
    expect(rows[0]?.text).toContain("/forgot-password");
    expect(rows[0]?.text).not.toContain("brand-new-lantern-8");
  });

  it("not after a refused change (wrong current password)", async () => {
    const member = await createMember(server);
    const res = await postForm(
      server,
      "/mypage/security",
      {
        intent: "password",
        currentPassword: "not-my-password-3",
        password: "brand-new-lantern-8",
        confirmPassword: "brand-new-lantern-8",
      },
      { cookie: member.cookie },
    );
    expect(res.status).toBe(400);
    const rows = await queueRowsTo(server, member.email);
    expect(rows.filter((r) => r.subject.includes(CHANGED))).toHaveLength(0);
  });

  it("after a reset through the e-mailed link", async () => {
    const member = await createMember(server);
    await postForm(server, "/forgot-password", { email: member.email });
    const mail = (await queueRowsTo(server, member.email)).find((row) =>
      row.text.includes("/reset-password?token="),
    );
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    const res = await postForm(server, "/reset-password", {
      token,
      password: "fresh-kettle-sunrise-4",
      confirmPassword: "fresh-kettle-sunrise-4",
    });
    expect(res.status).toBe(302);
    const rows = (await queueRowsTo(server, member.email)).filter((r) =>
      r.subject.includes(CHANGED),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).toContain("비밀번호 재설정 링크로");
    expect(rows[0]?.text).not.toContain("fresh-kettle-sunrise-4");
  });
});
