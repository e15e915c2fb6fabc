// The idle limit follows the role an account holds now, on every request: administrators and
// check-in staff (the roles that see members' personal data) are signed out after 60 idle
// minutes, members after 14 days. A member promoted after login is held to the shorter limit from
// then on, though their session was started with a member's. The server's clock is moved instead
// of waiting.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { sessions } from "~db/schema";
import { createAdmin, createMember, get, sessionIdOf } from "../support/accounts";
import { insertMember, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

const server = setupTestServer();
afterAll(async () => {
  resetClock();
});
afterEach(() => {
  resetClock();
});

const me = (cookie: string) => get(server, "/api/auth/me", { cookie });

async function sessionRow(cookie: string) {
  const [row] = await server.db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, sessionIdOf(cookie)));
  return row;
}

describe("the idle limit of the account's current role", () => {
  it("a member promoted to administrator after login is signed out after 60 idle minutes", async () => {
    const member = await createMember(server);
    const admin = await createAdmin(server);
    const promoted = await sendJson(
      server,
      "PATCH",
      `/api/admin/members/${member.id}`,
      { role: "admin" },
      { cookie: admin.cookie },
    );
    expect(promoted.status, await promoted.clone().text()).toBe(200);
    // The session started as a member's (14 days) and now acts as an administrator's.
    expect((await get(server, "/api/admin/members", { cookie: member.cookie })).status).toBe(200);

    // Activity within the hour keeps it.
    advanceClock(59 * MINUTE);
    expect((await me(member.cookie)).status).toBe(200);
    advanceClock(59 * MINUTE);
    expect((await get(server, "/api/admin/members", { cookie: member.cookie })).status).toBe(200);

    // An hour without a request ends it, and the page sends the person to log in.
    advanceClock(61 * MINUTE);
    expect((await me(member.cookie)).status).toBe(401);
    expect((await get(server, "/api/admin/members", { cookie: member.cookie })).status).toBe(401);
    const page = await get(server, "/mypage", { cookie: member.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/login");
  });

  it("check-in staff are signed out after 60 idle minutes, not 14 days", async () => {
    const staff = await insertMember(server, { role: "checkin" });
    const row = await sessionRow(staff.cookie);
    expect(row!.expire.getTime() - Date.now()).toBeLessThanOrEqual(60 * MINUTE);
    expect((await me(staff.cookie)).status).toBe(200);
    advanceClock(30 * MINUTE);
    expect((await me(staff.cookie)).status).toBe(200);
    advanceClock(61 * MINUTE);
    expect((await me(staff.cookie)).status).toBe(401);
  });

  it("check-in staff whose session predates the rule (stored with 14 days) are held to it too", async () => {
    const staff = await insertMember(server, { role: "checkin" });
    // Fixture: the session as an older version stored it, with a member's 14-day expiry.
    await server.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + 14 * DAY) })
      .where(eq(sessions.sid, sessionIdOf(staff.cookie)));
    advanceClock(61 * MINUTE);
    expect((await me(staff.cookie)).status).toBe(401);
  });

  it("an administrator is signed out after 60 idle minutes", async () => {
    const admin = await createAdmin(server);
    advanceClock(61 * MINUTE);
    expect((await get(server, "/api/admin/members", { cookie: admin.cookie })).status).toBe(401);
  });

  it("a plain member's session outlasts the hour and slides for 14 days", async () => {
    const member = await createMember(server);
    advanceClock(61 * MINUTE);
    expect((await me(member.cookie)).status).toBe(200);
    advanceClock(13 * DAY);
    expect((await me(member.cookie)).status).toBe(200);
    // 14 idle days end it (27 days after login, short of the 30-day absolute limit).
    advanceClock(14 * DAY + 2 * MINUTE);
    expect((await me(member.cookie)).status).toBe(401);
  });
});
