// Administrators sign in with a second factor, with ADMIN_MFA_REQUIRED=1 as `npm
// start` runs: enrolment (setup, a wrong and a right code, ten hashed recovery codes, the secret
// encrypted at rest), a password-only session refused everywhere but enrolment, the login's two
// steps over JSON and over the /login page, a replayed code, one step of drift, recovery codes
// used once, the rate limit, a password reset that does not bypass the factor, turning it off
// with the password, and another administrator's reset (audited, mailed, sessions ended).
import { and, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog, authEvents, recoveryCodes, secondFactors, sessions } from "~db/schema";
import {
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  logIn,
  PASSWORD,
  postForm,
  postJson,
  sidCookie,
  uniqueEmail,
} from "../support/accounts";
import { queueRowsTo } from "../support/mail";
import { insertMember } from "../support/members";
import {
  cleanUp,
  getWith,
  sendJson as processJson,
  login as processLogin,
  runScript,
  startServer,
  tempDir,
} from "../support/process";
import { setupTestServer } from "../support/test-server";

afterAll(async () => {
  await cleanUp();
});
const server = setupTestServer({ env: { ADMIN_MFA_REQUIRED: "1" } });

/** The code of `secret` at `offsetSeconds` from now, as an authenticator app shows it. */
function codeAt(secret: string, offsetSeconds = 0) {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

type Admin = { id: string; email: string; cookie: string };
type Sessions = { activeSessions: number; sessions: unknown[] };

/** A new administrator, logged in with the password alone (not enrolled yet). */
async function passwordOnlyAdmin(): Promise<Admin> {
  const { createAdministrator } = await import("~/features/accounts/accounts.server");
  const email = uniqueEmail("admin");
  const { id } = await createAdministrator({ email, password: PASSWORD, name: "보안관리자" });
  const res = await logIn(server, email, PASSWORD);
  expect(res.status).toBe(200);
  expect(await json(res)).toMatchObject({ role: "admin", mfaEnrollmentRequired: true });
  const cookie = sidCookie(res);
  if (!cookie) throw new Error("no session cookie");
  return { id, email, cookie };
}

/**
 * An enrolled administrator: enrolment confirmed with the previous step's code (drift), so the
 * current code is still unused. Their enrolment session counts as passed.
 */
async function enrolledAdmin() {
  const admin = await passwordOnlyAdmin();
  const setup = await postJson(server, "/api/admin/mfa/setup", undefined, {
    cookie: admin.cookie,
  });
  expect(setup.status).toBe(200);
  const { secret } = await json<{ secret: string }>(setup);
  const confirm = await postJson(
    server,
    "/api/admin/mfa/confirm",
    { code: codeAt(secret, -30) },
    { cookie: admin.cookie },
  );
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  const { recoveryCodes: codes } = await json<{ recoveryCodes: string[] }>(confirm);
  return { ...admin, secret, recoveryCodes: codes };
}

/** The password step: answers `{ mfaRequired: true }` and the step's cookie. */
async function passwordStep(email: string, password = PASSWORD) {
  const res = await logIn(server, email, password);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await json(res)).toEqual({ mfaRequired: true });
  const cookie = sidCookie(res);
  if (!cookie) throw new Error("no step cookie");
  return cookie;
}

const mfa = (cookie: string, code: string) =>
  postJson(server, "/api/auth/mfa", { code }, { cookie });

describe("enrolment", () => {
  it("check-in staff fall under the same rule: the door waits for enrolment", async () => {
    const staff = await insertMember(server, { role: "checkin" });
    const seminarId = "00000000-0000-4000-8000-000000000000";
    const scan = await postJson(
      server,
      `/api/admin/seminars/${seminarId}/check-ins`,
      { registrationId: seminarId, direction: "in" },
      { cookie: staff.cookie },
    );
    expect(scan.status).toBe(403);
    expect((await json<ErrorBody>(scan)).message).toContain("2단계 인증");
    const door = await get(server, `/admin/seminars/${seminarId}/check-in`, {
      cookie: staff.cookie,
    });
    expect(door.status).toBe(302);
    expect(door.headers.get("location")).toBe("/admin/security");
    const setup = await postJson(server, "/api/admin/mfa/setup", undefined, {
      cookie: staff.cookie,
    });
    expect(setup.status).toBe(200);
  });

  it("a password-only administrator reaches only enrolment: calls 403, pages redirect", async () => {
    const admin = await passwordOnlyAdmin();
    const call = await get(server, "/api/admin/members", { cookie: admin.cookie });
    expect(call.status).toBe(403);
    const body = await json<ErrorBody>(call);
    expectKoreanMessages(body);
    expect(body.message).toContain("2단계 인증");
    expect((await get(server, "/api/users/pending", { cookie: admin.cookie })).status).toBe(403);
    for (const page of ["/admin/dashboard", "/admin/members", "/admin/audit"]) {
      const res = await get(server, page, { cookie: admin.cookie });
      expect(res.status, page).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/security");
    }
    expect((await get(server, "/admin/security", { cookie: admin.cookie })).status).toBe(200);
    // Still a member: their own page and who-am-I work, as a member.
    expect((await get(server, "/mypage", { cookie: admin.cookie })).status).toBe(200);
    const me = await json(await get(server, "/api/auth/me", { cookie: admin.cookie }));
    expect(me.role).toBe("member");
  });

  it("shows a secret being set up only to the session that began it; the owner is mailed on enrolment", async () => {
    const admin = await passwordOnlyAdmin();
    const setup = await postJson(server, "/api/admin/mfa/setup", undefined, {
      cookie: admin.cookie,
    });
    const { secret } = await json<{ secret: string }>(setup);
    // Someone else with the same password, in another session.
    const other = sidCookie(await logIn(server, admin.email, PASSWORD))!;
    const seen = await (await get(server, "/admin/security", { cookie: other })).text();
    expect(seen).not.toContain(secret);
    // Nor can it confirm the first session's secret.
    const stolen = await postJson(
      server,
      "/api/admin/mfa/confirm",
      { code: codeAt(secret) },
      { cookie: other },
    );
    expect(stolen.status).toBe(400);
    expect((await json<ErrorBody>(stolen)).message).toBe("2단계 인증 등록을 먼저 시작해주세요.");
    // The session that began it still sees and confirms it; the owner hears of it by mail.
    const own = await (await get(server, "/admin/security", { cookie: admin.cookie })).text();
    expect(own).toContain(`data-secret="${secret}"`);
    const confirmed = await postJson(
      server,
      "/api/admin/mfa/confirm",
      { code: codeAt(secret) },
      { cookie: admin.cookie },
    );
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const mails = await queueRowsTo(server, admin.email);
    expect(mails.some((mail) => mail.subject.includes("2단계 인증이 등록되었습니다"))).toBe(true);
  });

  it("sets up with a secret and an otpauth:// URI, refuses a wrong code (400), confirms a right one", async () => {
    const admin = await passwordOnlyAdmin();
    const setup = await postJson(server, "/api/admin/mfa/setup", undefined, {
      cookie: admin.cookie,
    });
    const { secret, otpauthUrl } = await json<{ secret: string; otpauthUrl: string }>(setup);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUrl);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBeTruthy();

    // The secret is stored encrypted, never as the text the app reads.
    const [row] = await server.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, admin.id));
    expect(row?.secret).not.toContain(secret);
    expect(row?.secret.startsWith("v1.")).toBe(true);
    expect(row?.confirmedAt).toBeNull();

    // The enrolment page shows the QR code (SVG) and the secret as text.
    const page = await (await get(server, "/admin/security", { cookie: admin.cookie })).text();
    expect(page).toContain("<svg");
    expect(page).toContain(`data-secret="${secret}"`);

    const wrong = await postJson(
      server,
      "/api/admin/mfa/confirm",
      { code: codeAt(secret, 300) },
      { cookie: admin.cookie },
    );
    expect(wrong.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(wrong));
    const notDigits = await postJson(
      server,
      "/api/admin/mfa/confirm",
      { code: "abcdef" },
      { cookie: admin.cookie },
    );
    expect(notDigits.status).toBe(400);
    expect((await get(server, "/api/admin/members", { cookie: admin.cookie })).status).toBe(403);

    const right = await postJson(
      server,
      "/api/admin/mfa/confirm",
      { code: codeAt(secret) },
      { cookie: admin.cookie },
    );
    expect(right.status).toBe(200);
    const { recoveryCodes: codes } = await json<{ recoveryCodes: string[] }>(right);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await server.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes).not.toContain(row.codeHash);
    }
    // The enrolling session now counts as an administrator's.
    expect((await get(server, "/api/admin/members", { cookie: admin.cookie })).status).toBe(200);
    expect((await get(server, "/admin/members", { cookie: admin.cookie })).status).toBe(200);
    // Enrolled: a second setup is refused until the factor is turned off.
    const again = await postJson(server, "/api/admin/mfa/setup", undefined, {
      cookie: admin.cookie,
    });
    expect(again.status).toBe(409);
    // Audited.
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, admin.id), eq(auditLog.action, "second_factor_enrol")));
    expect(entries).toHaveLength(1);
  });

  it("refuses enrolment calls to visitors (401) and members (403)", async () => {
    expect((await postJson(server, "/api/admin/mfa/setup")).status).toBe(401);
    expect((await postJson(server, "/api/admin/mfa/confirm", { code: "123456" })).status).toBe(401);
    const member = await insertMember(server);
    const res = await postJson(server, "/api/admin/mfa/setup", undefined, {
      cookie: member.cookie,
    });
    expect(res.status).toBe(403);
    expect((await get(server, "/admin/security", { cookie: member.cookie })).status).toBe(403);
    expect((await get(server, "/api/admin/mfa/setup", { cookie: member.cookie })).status).toBe(405);
  });
});

describe("login with the second factor", () => {
  it("answers mfaRequired without a session; a current code completes it", async () => {
    const admin = await enrolledAdmin();
    const step = await passwordStep(admin.email);
    // The member record: enrolled, one session (the enrolment's); a login's first step is none.
    const record = async () =>
      json<{ secondFactor: { enrolled: boolean; confirmedAt: string | null } } & Sessions>(
        await get(server, `/api/admin/members/${admin.id}`, { cookie: admin.cookie }),
      );
    const before = await record();
    expect(before.secondFactor.enrolled).toBe(true);
    expect(Number.isNaN(Date.parse(before.secondFactor.confirmedAt ?? ""))).toBe(false);
    expect(before.activeSessions).toBe(1);
    expect(before.sessions).toHaveLength(1);
    expect((await get(server, "/api/auth/me", { cookie: step })).status).toBe(401);
    expect((await get(server, "/api/admin/members", { cookie: step })).status).toBe(401);
    expect((await get(server, "/admin/members", { cookie: step })).status).not.toBe(200);

    const done = await mfa(step, codeAt(admin.secret));
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await json(done)).toMatchObject({ email: admin.email, role: "admin" });
    const cookie = sidCookie(done);
    expect(cookie).toBeTruthy();
    expect(cookie).not.toBe(step);
    expect((await get(server, "/api/admin/members", { cookie })).status).toBe(200);
    // The step is used up with it.
    expect((await mfa(step, codeAt(admin.secret, 30))).status).toBe(401);
    const after = await record();
    expect(after.activeSessions).toBe(2);
    expect(after.sessions).toHaveLength(2);

    // An administrator who has started enrolment but not confirmed it has no second factor yet.
    const other = await passwordOnlyAdmin();
    await postJson(server, "/api/admin/mfa/setup", undefined, { cookie: other.cookie });
    const unconfirmed = await json<{ secondFactor: { enrolled: boolean } }>(
      await get(server, `/api/admin/members/${other.id}`, { cookie: cookie ?? "" }),
    );
    expect(unconfirmed.secondFactor).toEqual({ enrolled: false, confirmedAt: null });
  });

  it("refuses a replayed code, tolerates one step of drift, refuses two", async () => {
    const admin = await enrolledAdmin();
    const code = codeAt(admin.secret);
    const first = await mfa(await passwordStep(admin.email), code);
    expect(first.status).toBe(200);

    const replay = await mfa(await passwordStep(admin.email), code);
    expect(replay.status).toBe(401);
    expectKoreanMessages(await json<ErrorBody>(replay));

    // Three steps ahead is out of the window whatever the second is when the server checks.
    const far = await mfa(await passwordStep(admin.email), codeAt(admin.secret, 90));
    expect(far.status).toBe(401);
    // One step ahead (a phone's clock running fast) is accepted.
    const ahead = await mfa(await passwordStep(admin.email), codeAt(admin.secret, 30));
    expect(ahead.status).toBe(200);
    // Once a later step was used, an earlier code is refused too.
    const behind = await mfa(await passwordStep(admin.email), codeAt(admin.secret, -30));
    expect(behind.status).toBe(401);
  });

  it("takes a code typed as the app shows it (123 456) or in full-width digits", async () => {
    const admin = await enrolledAdmin();
    const code = codeAt(admin.secret, 30);
    const spaced = await mfa(
      await passwordStep(admin.email),
      `${code.slice(0, 3)} ${code.slice(3)}`,
    );
    expect(spaced.status, await spaced.clone().text()).toBe(200);
    // Full-width: each digit moved to U+FF10…U+FF19, as a Korean keyboard's full-width mode sends.
    const other = await enrolledAdmin();
    const wide = [...codeAt(other.secret, 30)]
      .map((d) => String.fromCharCode(0xff10 + Number(d)))
      .join("");
    const widened = await mfa(await passwordStep(other.email), wide);
    expect(widened.status, await widened.clone().text()).toBe(200);
    expect((await mfa(await passwordStep(admin.email), "12a 456")).status).toBe(401);
  });

  it("accepts each recovery code once, typed in any case and without the dash", async () => {
    const admin = await enrolledAdmin();
    const [code, other] = admin.recoveryCodes as [string, string];
    const used = await mfa(await passwordStep(admin.email), code);
    expect(used.status).toBe(200);
    const again = await mfa(await passwordStep(admin.email), code);
    expect(again.status).toBe(401);
    // A recovery code typed at login is not told to use the app alone.
    expect((await json<ErrorBody>(again)).message).toContain("복구 코드");
    const typed = other.replace("-", "").toUpperCase();
    expect((await mfa(await passwordStep(admin.email), typed)).status).toBe(200);
    const left = await server.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, admin.id));
    expect(left.filter((row) => row.usedAt !== null)).toHaveLength(2);
  });

  it("limits wrong codes like passwords: 429 with a Korean message, even for a right one", async () => {
    const admin = await enrolledAdmin();
    const step = await passwordStep(admin.email);
    for (let i = 0; i < 10; i++) {
      expect((await mfa(step, "000000")).status).toBe(401);
    }
    const limited = await mfa(step, codeAt(admin.secret));
    expect(limited.status).toBe(429);
    const body = await json<ErrorBody>(limited);
    expectKoreanMessages(body);
    expect(body.message).toContain("15분");
    // Each failure is an authentication event of the account.
    const failures = await server.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, admin.id), eq(authEvents.type, "second_factor_failed")));
    expect(failures).toHaveLength(10);
  });

  it("a stranger with the password locks only themselves out; the owner's browser gets in, and is mailed", async () => {
    const admin = await enrolledAdmin();
    // The owner's browser passes the second factor once: from then on it is counted apart.
    const ownLogin = await logIn(server, admin.email, PASSWORD);
    const ownStep = sidCookie(ownLogin)!;
    const passed = await mfa(ownStep, codeAt(admin.secret));
    expect(passed.status, await passed.clone().text()).toBe(200);
    const device = passed.headers
      .getSetCookie()
      .find((header) => header.startsWith("device="))
      ?.split(";")[0];
    expect(device).toBeTruthy();

    // Someone else, with the password but not the app, tries codes until refused.
    const stranger = await passwordStep(admin.email);
    for (let i = 0; i < 10; i++) expect((await mfa(stranger, "000000")).status).toBe(401);
    expect((await mfa(stranger, "000000")).status).toBe(429);
    const alerts = (await queueRowsTo(server, admin.email)).filter((row) =>
      row.subject.includes("2단계 인증 코드가 여러 번 틀렸습니다"),
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain("비밀번호를 바꿔주세요");

    // The owner, in their own browser, is not locked out by it.
    const again = await logIn(server, admin.email, PASSWORD);
    const step = `${sidCookie(again)}; ${device}`;
    const code = codeAt(admin.secret, 30);
    const owner = await postJson(server, "/api/auth/mfa", { code }, { cookie: step });
    expect(owner.status, await owner.clone().text()).toBe(200);
  });

  it("refuses a code without a password step (401) and bad bodies (400)", async () => {
    const noStep = await postJson(server, "/api/auth/mfa", { code: "123456" });
    expect(noStep.status).toBe(401);
    expectKoreanMessages(await json<ErrorBody>(noStep));
    const admin = await enrolledAdmin();
    const step = await passwordStep(admin.email);
    for (const body of [{}, { code: "" }, { code: 123456 }, { code: "1".repeat(41) }]) {
      const res = await postJson(server, "/api/auth/mfa", body, { cookie: step });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
    expect((await get(server, "/api/auth/mfa")).status).toBe(405);
  });

  it("works through the /login page: password, then the code form, then the dashboard", async () => {
    const admin = await enrolledAdmin();
    const first = await postForm(server, "/login", { email: admin.email, password: PASSWORD });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/login");
    const step = sidCookie(first);
    if (!step) throw new Error("no step cookie");
    const page = await (await get(server, "/login", { cookie: step })).text();
    expect(page).toContain("2단계 인증");
    expect(page).toContain('name="code"');

    const wrong = await postForm(
      server,
      "/login",
      { intent: "second-factor", code: "000000" },
      { cookie: step },
    );
    expect(wrong.status).toBe(401);
    const done = await postForm(
      server,
      "/login",
      { intent: "second-factor", code: codeAt(admin.secret) },
      { cookie: step },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/dashboard");
    const cookie = sidCookie(done);
    expect((await get(server, "/admin/dashboard", { cookie })).status).toBe(200);
  });

  it("keeps the page to come back to through a wrong code at /login?redirectTo=…", async () => {
    const admin = await enrolledAdmin();
    const back = "/admin/members";
    const at = `/login?redirectTo=${encodeURIComponent(back)}`;
    const first = await postForm(server, at, {
      email: admin.email,
      password: PASSWORD,
      redirectTo: back,
    });
    expect(first.headers.get("location")).toBe(at);
    const step = sidCookie(first);
    if (!step) throw new Error("no step cookie");
    const codePage = await (await get(server, at, { cookie: step })).text();
    expect(codePage).toContain(`action="${at.replace("&", "&amp;")}"`);

    // The code form posts back to the same address, so the refusal is drawn with the target kept.
    const wrong = await postForm(
      server,
      at,
      { intent: "second-factor", code: "000000", redirectTo: back },
      { cookie: step },
    );
    expect(wrong.status).toBe(401);
    const refused = await wrong.text();
    expect(refused).toContain(`name="redirectTo" value="${back}"`);
    expect(refused).toContain(`action="${at}"`);
    const done = await postForm(
      server,
      at,
      { intent: "second-factor", code: codeAt(admin.secret), redirectTo: back },
      { cookie: step },
    );
    expect(done.headers.get("location")).toBe(back);
  });

  it("a password reset never bypasses the factor", async () => {
    const admin = await enrolledAdmin();
    expect((await postForm(server, "/forgot-password", { email: admin.email })).status).toBe(200);
    const [mail] = (await queueRowsTo(server, admin.email)).filter((row) =>
      row.text.includes("/reset-password?token="),
    );
    const token = new URL(
      mail!.text.match(/http\S*\/reset-password\?token=\S+/)![0],
    ).searchParams.get("token")!;
    const newPassword = "quiet-lantern-orchard-42";
    const reset = await postForm(server, `/reset-password?token=${encodeURIComponent(token)}`, {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect([200, 302]).toContain(reset.status);
    expect(sidCookie(reset)).toBeNull();
    // The new password leads to the second step, not to a session.
    const step = await passwordStep(admin.email, newPassword);
    expect((await get(server, "/api/auth/me", { cookie: step })).status).toBe(401);
    const [factor] = await server.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, admin.id));
    expect(factor?.confirmedAt).not.toBeNull();
  });
});

describe("turning it off and resetting it", () => {
  it("needs the password to turn it off or to get new recovery codes; the owner is mailed", async () => {
    const admin = await enrolledAdmin();
    const cookie = admin.cookie;
    const wrong = await postForm(
      server,
      "/admin/security",
      { intent: "disable", password: "not-the-password-1" },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(
      await server.db.select().from(secondFactors).where(eq(secondFactors.userId, admin.id)),
    ).toHaveLength(1);

    const fresh = await postForm(
      server,
      "/admin/security",
      { intent: "recovery-codes", password: PASSWORD },
      { cookie },
    );
    expect(fresh.status).toBe(200);
    const html = await fresh.text();
    expect(html).toContain("recovery-codes.txt");
    // The old codes stop working.
    expect((await mfa(await passwordStep(admin.email), admin.recoveryCodes[0]!)).status).toBe(401);

    const off = await postForm(
      server,
      "/admin/security",
      { intent: "disable", password: PASSWORD },
      { cookie },
    );
    expect(off.status).toBe(200);
    expect(
      await server.db.select().from(secondFactors).where(eq(secondFactors.userId, admin.id)),
    ).toHaveLength(0);
    const mails = await queueRowsTo(server, admin.email);
    expect(mails.some((row) => row.subject.includes("2단계 인증이 해제"))).toBe(true);
    // Required on this site: the session is back to enrolment only.
    expect((await get(server, "/api/admin/members", { cookie })).status).toBe(403);
  });

  it("another administrator resets it: audited, mailed, the owner's sessions end; not one's own", async () => {
    const owner = await enrolledAdmin();
    const other = await enrolledAdmin();
    const reset = await postForm(
      server,
      `/admin/members/${owner.id}`,
      { intent: "reset-second-factor" },
      { cookie: other.cookie },
    );
    expect(reset.status).toBe(302);
    expect(
      await server.db.select().from(secondFactors).where(eq(secondFactors.userId, owner.id)),
    ).toHaveLength(0);
    expect(
      await server.db.select().from(sessions).where(eq(sessions.userId, owner.id)),
    ).toHaveLength(0);
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, owner.id), eq(auditLog.action, "second_factor_reset")));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actorId).toBe(other.id);
    const mails = await queueRowsTo(server, owner.email);
    expect(mails.some((row) => row.text.includes("다른 관리자가"))).toBe(true);
    // The owner logs in with the password alone again and must enrol.
    const res = await logIn(server, owner.email, PASSWORD);
    expect(await json(res)).toMatchObject({ mfaEnrollmentRequired: true });

    const own = await postForm(
      server,
      `/admin/members/${other.id}`,
      { intent: "reset-second-factor" },
      { cookie: other.cookie },
    );
    expect(own.status).toBe(409);
  });
});

describe("npm run admin:reset-mfa", () => {
  it("resets the last administrator's factor from the command line; they enrol again", async () => {
    const dataDir = tempDir();
    const email = "last-admin@example.org";
    const created = await runScript(
      "admin-create.ts",
      ["--email", email, "--password", PASSWORD, "--name", "마지막관리자"],
      dataDir,
    );
    expect(created.code, created.stderr).toBe(0);

    let running = await startServer({ dataDir, env: { ADMIN_MFA_REQUIRED: "1" } });
    const cookie = await processLogin(running.baseUrl, email, PASSWORD);
    const setup = await processJson(`${running.baseUrl}/api/admin/mfa/setup`, {}, { cookie });
    const { secret } = (await setup.json()) as { secret: string };
    const confirm = await processJson(
      `${running.baseUrl}/api/admin/mfa/confirm`,
      { code: codeAt(secret) },
      { cookie },
    );
    expect(confirm.status).toBe(200);
    const before = await processJson(`${running.baseUrl}/api/auth/login`, {
      email,
      password: PASSWORD,
    });
    expect(await before.json()).toEqual({ mfaRequired: true });
    await running.stop();

    const unknown = await runScript(
      "admin-reset-mfa.ts",
      ["--email", "nobody@example.org"],
      dataDir,
    );
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/no account/);
    const reset = await runScript("admin-reset-mfa.ts", ["--email", email], dataDir);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/Reset the second factor/);

    running = await startServer({ dataDir, env: { ADMIN_MFA_REQUIRED: "1" } });
    // The session that enrolled the old factor ended with the reset.
    expect((await getWith(`${running.baseUrl}/api/auth/me`, cookie)).status).toBe(401);
    const after = await processJson(`${running.baseUrl}/api/auth/login`, {
      email,
      password: PASSWORD,
    });
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ role: "admin", mfaEnrollmentRequired: true });
    await running.stop();
    // Two server starts and three scripts, each migrating an embedded database.
  }, 180_000);
});
