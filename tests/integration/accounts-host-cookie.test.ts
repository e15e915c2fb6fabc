// On an https site in production the session cookie is `__Host-sid` (Secure, Path=/, no Domain),
// which neither a sibling subdomain nor a plain-http page can plant or overwrite
// (hostile input); the page cache still tells a member from a visitor by it. With a configured
// SESSION_MAX_AGE_DAYS, a session ends that long after login however active it is. The server
// is reached over plain http here; only its PUBLIC_URL says https.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { approveInDb, get, logIn, signUp } from "../support/accounts";
import { setupTestServer } from "../support/test-server";

const MAX_AGE_SECONDS = 4;

const server = setupTestServer({
  env: {
    PUBLIC_URL: "https://www.society.test",
    SESSION_MAX_AGE_DAYS: String(MAX_AGE_SECONDS / 86_400),
  },
});

async function member() {
  const account = await signUp(server);
  await approveInDb(server, account.id);
  const res = await logIn(server, account.email, account.password);
  expect(res.status).toBe(200);
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="));
  return { ...account, header, cookie: header?.split(";")[0] ?? "" };
}

describe("the session cookie on an https site", () => {
  it("is __Host-sid: Secure, HttpOnly, Path=/, no Domain; no plain `sid`", async () => {
    const { header } = await member();
    expect(header).toBeDefined();
    expect(header).toMatch(/;\s*Secure/i);
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*Path=\/(;|$)/i);
    expect(header).not.toMatch(/Domain=/i);
  });

  it("the known-device cookie is __Host- too", async () => {
    const account = await signUp(server);
    await approveInDb(server, account.id);
    const res = await logIn(server, account.email, account.password);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^(sid|device)=/.test(c))).toBe(false);
    const device = cookies.find((c) => c.startsWith("__Host-device="));
    expect(device).toMatch(/;\s*Secure/i);
    expect(device).not.toMatch(/Domain=/i);
  });

  it("logs in with __Host-sid, and a plain `sid` cookie is nobody", async () => {
    const { cookie } = await member();
    expect((await get(server, "/api/auth/me", { cookie })).status).toBe(200);
    const plain = cookie.replace(/^__Host-sid=/, "sid=");
    expect((await get(server, "/api/auth/me", { cookie: plain })).status).toBe(401);
  });

  it("the page cache treats __Host-sid as a member's session, not a visitor", async () => {
    await server.fetch("/").then((r) => r.arrayBuffer());
    const visitor = await server.fetch("/");
    await visitor.arrayBuffer();
    expect(visitor.headers.get("x-page-cache")).toBe("hit");
    const { cookie } = await member();
    const mine = await server.fetch("/", { headers: { Cookie: cookie } });
    // The member's own page (members' pages have their own store), never the visitors'.
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(await mine.text()).not.toContain('href="/login"');
  });
});

describe("SESSION_MAX_AGE_DAYS", () => {
  it("ends an active session when the configured age is reached", async () => {
    const { cookie, header } = await member();
    // The cookie itself does not outlive the limit either.
    expect(header).toMatch(new RegExp(`Max-Age=${MAX_AGE_SECONDS}(;|$)`, "i"));
    const started = Date.now();
    while (Date.now() - started < (MAX_AGE_SECONDS - 1.5) * 1000) {
      expect((await get(server, "/api/auth/me", { cookie })).status).toBe(200);
      await sleep(500);
    }
    await sleep(Math.max(0, MAX_AGE_SECONDS * 1000 - (Date.now() - started) + 500));
    expect((await get(server, "/api/auth/me", { cookie })).status).toBe(401);
  });
});
