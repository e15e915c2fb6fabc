// Rate limits on login, sign-up and upload URLs, with small limits set through the documented
// environment variables: failed logins per submitted e-mail and client (whether or not an account
// exists; accounts-login-limits.test.ts covers clients and devices) and requests per IP, both answered 429 in Korean and counted in the `rate_limits` table so they
// hold across several instances.
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "~db/schema";
import {
  approveInDb,
  type ErrorBody,
  expectKoreanMessages,
  json,
  logIn,
  postForm,
  postJson,
  type Registration,
  register,
  registration,
  signUp,
  uniqueEmail,
} from "../support/accounts";
import { resetRateLimits, setupTestServer } from "../support/test-server";

const MAX_FAILURES = 3;
const MAX_PER_IP = 5;
const WINDOW_MS = 15 * 60 * 1000;

let account: { email: string; password: string };
let other: { email: string; password: string };
const server = setupTestServer({
  env: {
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
    AUTH_MAX_REQUESTS_PER_IP: String(MAX_PER_IP),
  },
});
beforeAll(async () => {
  const a = await signUp(server);
  await approveInDb(server, a.id);
  const b = await signUp(server);
  await approveInDb(server, b.id);
  account = a;
  other = b;
});

async function expect429(res: Response) {
  expect(res.status).toBe(429);
  const body = await json<ErrorBody>(res);
  expectKoreanMessages(body);
  return body;
}

describe("failed logins per account (LOGIN_MAX_FAILURES_PER_ACCOUNT)", () => {
  it("refuses the account with 429 after the limit, even with the right password", async () => {
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await logIn(server, account.email, "wrong-password")).status).toBe(401);
    }
    const blocked = await expect429(await logIn(server, account.email, account.password));
    expect(blocked.message).toContain("15분");
    expect(blocked.message).toMatch(/로그인 시도가 너무 많습니다|요청이 너무 많습니다/);
    // Another account from the same address is not affected.
    expect((await logIn(server, other.email, other.password)).status).toBe(200);
  });

  it("counts in the rate_limits table, per submitted e-mail in lower case", async () => {
    await logIn(server, account.email.toUpperCase(), "wrong-password");
    await logIn(server, ` ${account.email} `, "wrong-password");
    // One counter for this client (its address) and one across all unknown clients.
    const rows = await server.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${account.email}%`));
    expect(rows.map((row) => row.key).sort()).toEqual([
      `login:${account.email}:all`,
      `login:${account.email}:ip:127.0.0.1`,
    ]);
    expect(rows.map((row) => row.count)).toEqual([2, 2]);
    const resetAt = rows[0]?.resetAt.getTime() ?? 0;
    expect(resetAt).toBeGreaterThan(Date.now() + WINDOW_MS - 2 * 60 * 1000);
    expect(resetAt).toBeLessThanOrEqual(Date.now() + WINDOW_MS + 1000);
    await logIn(server, account.email, "wrong-password");
    await expect429(await logIn(server, account.email.toUpperCase(), account.password));
  });

  it("is the same for an e-mail that has no account, so the answer reveals nothing", async () => {
    const nobody = uniqueEmail("nobody");
    const answers: ErrorBody[] = [];
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await logIn(server, nobody, "wrong-password");
      expect(res.status).toBe(401);
      answers.push(await json<ErrorBody>(res));
    }
    const blocked = await expect429(await logIn(server, nobody, "wrong-password"));
    const rows = await server.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${nobody}:ip:%`));
    expect(rows).toHaveLength(1);
    // The refused attempt was counted too: attempts are counted before the password is checked.
    expect(rows[0]?.count).toBe(MAX_FAILURES + 1);

    // An existing account answers exactly the same bodies.
    await resetRateLimits(server);
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await logIn(server, account.email, "wrong-password");
      expect(await json<ErrorBody>(res)).toEqual(answers[i]);
    }
    expect(await json<ErrorBody>(await logIn(server, account.email, "wrong-password"))).toEqual(
      blocked,
    );
  });

  it("a successful login clears this client's failures; the account-wide count keeps them", async () => {
    await logIn(server, account.email, "wrong-password");
    await logIn(server, account.email, "wrong-password");
    expect((await logIn(server, account.email, account.password)).status).toBe(200);
    const rows = await server.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${account.email}%`));
    expect(rows.map((row) => [row.key, row.count])).toEqual([[`login:${account.email}:all`, 2]]);
  });

  it("the count lives in the database: a counter written there (another instance) blocks here", async () => {
    const email = uniqueEmail("elsewhere");
    await logIn(server, email, "wrong-password");
    const [row] = await server.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${email}:ip:%`));
    expect(row).toBeDefined();
    // Another instance recorded the remaining failures in the shared table.
    await server.db
      .update(rateLimits)
      .set({ count: MAX_FAILURES })
      .where(eq(rateLimits.key, String(row?.key)));
    await expect429(await logIn(server, email, "wrong-password"));
    // And once its window has passed, the account may try again.
    await server.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, String(row?.key)));
    expect((await logIn(server, email, "wrong-password")).status).toBe(401);
  });

  it("applies to the /login page action too", async () => {
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await postForm(server, "/login", {
        email: account.email,
        password: "wrong-password",
      });
      expect(res.status).toBe(401);
    }
    const res = await postForm(server, "/login", {
      email: account.email,
      password: account.password,
    });
    expect(res.status).toBe(429);
    expect(res.headers.getSetCookie().some((c) => /^sid=[^;]/.test(c))).toBe(false);
    expect(await res.text()).toContain("15분 후에 다시 시도해주세요");
  });
});

describe("requests per IP (AUTH_MAX_REQUESTS_PER_IP)", () => {
  async function ipCounter() {
    const rows = await server.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "auth-ip:127.0.0.1"));
    return rows;
  }

  it("login requests past the limit get 429 in Korean, counted in the rate_limits table", async () => {
    for (let i = 0; i < MAX_PER_IP; i++) {
      // Different e-mails, so the per-account limit is not what answers.
      const res = await logIn(server, uniqueEmail("ip"), "wrong-password");
      expect(res.status).toBe(401);
    }
    await expect429(await logIn(server, account.email, account.password));
    const rows = await ipCounter();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBeGreaterThan(MAX_PER_IP);
  });

  it("sign-up and upload-URL requests share the per-IP budget", async () => {
    const payload: Registration = registration({ licenseImageUrl: "/objects/missing" });
    for (let i = 0; i < MAX_PER_IP - 1; i++) {
      expect((await postJson(server, "/api/objects/upload-public")).status).toBe(200);
    }
    // The fifth request is a (refused) sign-up; it still counts.
    expect((await register(server, payload)).status).toBe(400);
    await expect429(await postJson(server, "/api/objects/upload-public"));
    await expect429(await register(server, registration({ licenseImageUrl: "/objects/x" })));
    await expect429(await logIn(server, account.email, account.password));
    const rows = await ipCounter();
    expect(rows[0]?.count).toBeGreaterThanOrEqual(MAX_PER_IP + 3);
  });

  it("the /signup page action is limited as well", async () => {
    for (let i = 0; i < MAX_PER_IP; i++) {
      expect((await postJson(server, "/api/objects/upload-public")).status).toBe(200);
    }
    const res = await postForm(server, "/signup", {
      email: uniqueEmail(),
      password: "correct-horse-9",
      confirmPassword: "correct-horse-9",
      name: "김의사",
      phone: "010-1234-5678",
      licenseNumber: "123456",
      hospitalName: "서울내과의원",
      department: "내과",
      address: "서울특별시 강남구 테헤란로 1",
      licenseImageUrl: "/objects/00000000-0000-4000-8000-000000000000",
      termsConsent: "on",
      privacyConsent: "on",
    });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("15분 후에 다시 시도해주세요");
  });

  it("a counter whose window has passed starts again", async () => {
    for (let i = 0; i < MAX_PER_IP + 1; i++) await postJson(server, "/api/objects/upload-public");
    await expect429(await postJson(server, "/api/objects/upload-public"));
    await server.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, "auth-ip:127.0.0.1"));
    expect((await postJson(server, "/api/objects/upload-public")).status).toBe(200);
    const rows = await ipCounter();
    expect(rows[0]?.count).toBe(1);
  });
});
