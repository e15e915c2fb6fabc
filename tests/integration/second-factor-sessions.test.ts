// A change of an administrator's second factor ends the account's other sessions: turning it off
// and enrolling a new one (on the page or over JSON) keep only the session that made the change,
// so a session that passed the old factor never counts for the new one; a reset by another
// administrator ends every session of the account. Two logged-in sessions of the same
// administrator, with ADMIN_MFA_REQUIRED=1 as `npm start` runs.
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { sessions } from "~db/schema";
import {
  get,
  json,
  logIn,
  PASSWORD,
  postForm,
  postJson,
  sessionIdOf,
  sidCookie,
  uniqueEmail,
} from "../support/accounts";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({ env: { ADMIN_MFA_REQUIRED: "1" } });

/** The code of `secret` at `offsetSeconds` from now, as an authenticator app shows it. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSeconds * 1000,
  });

/** A new administrator logged in with the password alone (enrolment only until a factor). */
async function passwordOnlyAdmin() {
  const { createAdministrator } = await import("~/features/accounts/accounts.server");
  const email = uniqueEmail("admin");
  const { id } = await createAdministrator({ email, password: PASSWORD, name: "보안관리자" });
  return { id, email, cookie: await passwordSession(email) };
}

/** A session from the password alone. */
async function passwordSession(email: string) {
  const res = await logIn(server, email, PASSWORD);
  expect(res.status).toBe(200);
  expect(await json(res)).toMatchObject({ mfaEnrollmentRequired: true });
  const cookie = sidCookie(res);
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** Sets up and confirms a factor over JSON from `cookie`'s session; answers its secret. */
async function enrolOverJson(cookie: string, offsetSeconds = 0) {
  const setup = await postJson(server, "/api/admin/mfa/setup", undefined, { cookie });
  expect(setup.status).toBe(200);
  const { secret } = await json<{ secret: string }>(setup);
  const confirm = await postJson(
    server,
    "/api/admin/mfa/confirm",
    { code: codeAt(secret, offsetSeconds) },
    { cookie },
  );
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  return secret;
}

/** A second session of an enrolled administrator: the password, then the current code. */
async function sessionWithCode(email: string, secret: string) {
  const first = await logIn(server, email, PASSWORD);
  expect(await json(first)).toEqual({ mfaRequired: true });
  const step = sidCookie(first);
  const done = await postJson(server, "/api/auth/mfa", { code: codeAt(secret) }, { cookie: step });
  expect(done.status, await done.clone().text()).toBe(200);
  const cookie = sidCookie(done);
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** The session ids the account has in the database. */
async function sessionIds(userId: string) {
  const rows = await server.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return rows.map((row) => row.sid).sort();
}

const adminCall = (cookie: string) => get(server, "/api/admin/members", { cookie });
const me = (cookie: string) => get(server, "/api/auth/me", { cookie });

describe("changing one's own second factor ends the account's other sessions", () => {
  it("turning it off keeps only the session that did it", async () => {
    const admin = await passwordOnlyAdmin();
    // Confirmed with the previous step's code, so the current one is left for the next login.
    const secret = await enrolOverJson(admin.cookie, -30);
    const other = await sessionWithCode(admin.email, secret);
    expect((await adminCall(admin.cookie)).status).toBe(200);
    expect((await adminCall(other)).status).toBe(200);

    const off = await postForm(
      server,
      "/admin/security",
      { intent: "disable", password: PASSWORD },
      { cookie: admin.cookie },
    );
    expect(off.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await adminCall(other)).status).toBe(401);
    // The session that turned it off stays, to enrol again.
    expect((await me(admin.cookie)).status).toBe(200);
    expect(await sessionIds(admin.id)).toEqual([sessionIdOf(admin.cookie)]);
  });

  it("a session that passed the old factor never has full rights under a new one", async () => {
    const admin = await passwordOnlyAdmin();
    const oldSecret = await enrolOverJson(admin.cookie, -30);
    const passedOld = await sessionWithCode(admin.email, oldSecret);

    // Off, and on again with a new key, on the security page.
    const off = await postForm(
      server,
      "/admin/security",
      { intent: "disable", password: PASSWORD },
      { cookie: admin.cookie },
    );
    expect(off.status).toBe(200);
    // Meanwhile someone signs in with the password alone (enrolment only).
    const passwordOnly = await passwordSession(admin.email);
    expect((await me(passwordOnly)).status).toBe(200);
    const setup = await postForm(
      server,
      "/admin/security",
      { intent: "setup" },
      { cookie: admin.cookie },
    );
    expect(setup.status).toBe(200);
    const html = await (await get(server, "/admin/security", { cookie: admin.cookie })).text();
    const newSecret = /data-secret="([A-Z2-7]+)"/.exec(html)?.[1];
    if (!newSecret) throw new Error("no new secret on the page");
    expect(newSecret).not.toBe(oldSecret);
    const confirm = await postForm(
      server,
      "/admin/security",
      { intent: "confirm", code: codeAt(newSecret) },
      { cookie: admin.cookie },
    );
    expect(confirm.status).toBe(200);

    expect((await adminCall(passedOld)).status).toBe(401);
    expect((await me(passedOld)).status).toBe(401);
    expect((await me(passwordOnly)).status).toBe(401);
    // The enrolling session passed the new factor and works as an administrator's.
    expect((await adminCall(admin.cookie)).status).toBe(200);
    expect(await sessionIds(admin.id)).toEqual([sessionIdOf(admin.cookie)]);
  });

  it("enrolling over JSON ends the other sessions too", async () => {
    const admin = await passwordOnlyAdmin();
    const second = await passwordSession(admin.email);
    await enrolOverJson(admin.cookie);
    expect(await sessionIds(admin.id)).toEqual([sessionIdOf(admin.cookie)]);
    expect((await me(second)).status).toBe(401);
    expect((await adminCall(admin.cookie)).status).toBe(200);
  });

  it("a wrong code or a wrong password ends nothing", async () => {
    const enrolling = await passwordOnlyAdmin();
    const second = await passwordSession(enrolling.email);
    const setup = await postJson(server, "/api/admin/mfa/setup", undefined, {
      cookie: enrolling.cookie,
    });
    const { secret } = await json<{ secret: string }>(setup);
    const wrongCode = await postJson(
      server,
      "/api/admin/mfa/confirm",
      { code: codeAt(secret, 300) },
      { cookie: enrolling.cookie },
    );
    expect(wrongCode.status).toBe(400);
    expect(await sessionIds(enrolling.id)).toHaveLength(2);
    expect((await me(second)).status).toBe(200);

    const enrolled = await passwordOnlyAdmin();
    const other = await sessionWithCode(enrolled.email, await enrolOverJson(enrolled.cookie, -30));
    const wrongPassword = await postForm(
      server,
      "/admin/security",
      { intent: "disable", password: "not-the-password-1" },
      { cookie: enrolled.cookie },
    );
    expect(wrongPassword.status).toBe(400);
    expect((await adminCall(other)).status).toBe(200);
  });
});

describe("a reset by another administrator", () => {
  it("ends every session of the account, each of two logged in", async () => {
    const owner = await passwordOnlyAdmin();
    const secret = await enrolOverJson(owner.cookie, -30);
    const second = await sessionWithCode(owner.email, secret);
    const resetter = await passwordOnlyAdmin();
    await enrolOverJson(resetter.cookie);

    const reset = await postForm(
      server,
      `/admin/members/${owner.id}`,
      { intent: "reset-second-factor" },
      { cookie: resetter.cookie },
    );
    expect(reset.status).toBe(302);
    expect((await me(owner.cookie)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect(await sessionIds(owner.id)).toEqual([]);
    // The administrator who reset it is not signed out.
    expect((await adminCall(resetter.cookie)).status).toBe(200);
  });
});
