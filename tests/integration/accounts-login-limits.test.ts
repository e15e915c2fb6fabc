// Login limits that hold and cannot be turned against the owner (hostile input): every
// password attempt is counted before the password is checked, so attempts sent at once cannot
// slip past the limit; the lock is per account and client (a browser that has logged in as the
// account before, or an address, IPv6 by /64), with a higher per-account ceiling across unknown
// clients; the owner is mailed once per window; a password reset lifts the lock; and the same
// limit guards the current-password checks of /mypage. Clients' addresses come from
// X-Forwarded-For, which the server trusts from the loopback proxy (TRUST_PROXY=loopback).
import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "~db/schema";
import {
  approveInDb,
  type ErrorBody,
  expectKoreanMessages,
  HANGUL,
  json,
  postForm,
  postJson,
  setCookie,
  sidCookie,
  signUp,
  uniqueEmail,
  userRow,
} from "../support/accounts";
import { queueRowsTo } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const MAX = 10; // LOGIN_MAX_FAILURES_PER_ACCOUNT's default
const CEILING = 25;
const WRONG = "definitely-not-it-7";
const LOCKED = "로그인 시도가 너무 많습니다. 15분 후에 다시 시도해주세요.";

const server = setupTestServer({
  env: {
    TRUST_PROXY: "loopback",
    LOGIN_MAX_FAILURES_ALL_CLIENTS: String(CEILING),
    AUTH_MAX_REQUESTS_PER_IP: "100000",
  },
});

type Owner = { id: string; email: string; password: string };

async function owner(): Promise<Owner> {
  const account = await signUp(server);
  await approveInDb(server, account.id);
  return account;
}

function login(email: string, password: string, from: { ip: string; cookie?: string }) {
  const headers: Record<string, string> = { "X-Forwarded-For": from.ip };
  return postJson(server, "/api/auth/login", { email, password }, { headers, cookie: from.cookie });
}

/** `device=…` for a Cookie header, from a successful login's answer. */
function deviceCookie(res: Response) {
  const pair = setCookie(res, "device")?.split(";")[0];
  if (!pair || pair === "device=") throw new Error("no known-device cookie was set");
  return pair;
}

async function failTimes(n: number, email: string, from: { ip: string; cookie?: string }) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await login(email, WRONG, from)).status);
  return statuses;
}

async function expectLocked(res: Response) {
  expect(res.status).toBe(429);
  const body = await json<ErrorBody>(res);
  expect(body.message).toBe(LOCKED);
  expectKoreanMessages(body);
  expect(setCookie(res)).toBeUndefined();
}

describe("attempts are counted before the password is checked", () => {
  it("40 wrong passwords sent at once: exactly LOGIN_MAX_FAILURES_PER_ACCOUNT are checked", async () => {
    const account = await owner();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(account.email, WRONG, { ip: "198.51.100.1" })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - MAX);
    await expectLocked(await login(account.email, account.password, { ip: "198.51.100.1" }));
  });

  it("the same for an e-mail without an account, so the answers reveal nothing", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(uniqueEmail("nobody"), WRONG, { ip: "198.51.100.2" })),
    );
    expect(answers.every((res) => res.status === 401)).toBe(true);
    const nobody = uniqueEmail("nobody");
    const same = await Promise.all(
      Array.from({ length: 20 }, () => login(nobody, WRONG, { ip: "198.51.100.2" })),
    );
    expect(same.filter((res) => res.status === 401)).toHaveLength(MAX);
  });
});

describe("the lock is per account and client", () => {
  it("a stranger's failures do not lock the owner out of the browser they logged in with", async () => {
    const account = await owner();
    const home = { ip: "203.0.113.10" };
    const first = await login(account.email, account.password, home);
    expect(first.status).toBe(200);
    const device = deviceCookie(first);
    expect(setCookie(first, "device")).toMatch(/HttpOnly/i);
    expect(setCookie(first, "device")).toMatch(/Max-Age=31536000/i);

    const stranger = { ip: "192.0.2.66" };
    expect(await failTimes(MAX, account.email, stranger)).toEqual(Array(MAX).fill(401));
    await expectLocked(await login(account.email, account.password, stranger));

    // The owner's browser, even behind the stranger's address (a shared NAT), still gets in.
    const mine = await login(account.email, account.password, { ...stranger, cookie: device });
    expect(mine.status).toBe(200);
    expect(sidCookie(mine)).not.toBeNull();
    // So does any other address without the cookie: it is a client of its own.
    expect((await login(account.email, account.password, { ip: "203.0.113.11" })).status).toBe(200);
  });

  it("the known device has its own limit: its own failures lock it, not the others", async () => {
    const account = await owner();
    const device = deviceCookie(await login(account.email, account.password, { ip: "10.1.1.1" }));
    const onDevice = { ip: "10.1.1.1", cookie: device };
    expect(await failTimes(MAX, account.email, onDevice)).toEqual(Array(MAX).fill(401));
    await expectLocked(await login(account.email, account.password, onDevice));
    expect((await login(account.email, account.password, { ip: "10.1.1.1" })).status).toBe(200);
  });

  it("a device cookie of another account, or a forged one, counts as an unknown client", async () => {
    const account = await owner();
    const other = await owner();
    const othersDevice = deviceCookie(
      await login(other.email, other.password, { ip: "198.51.100.30" }),
    );
    const from = { ip: "198.51.100.30", cookie: othersDevice };
    expect(await failTimes(MAX, account.email, from)).toEqual(Array(MAX).fill(401));
    await expectLocked(await login(account.email, account.password, from));

    // A cookie claiming this account without the server's signature.
    const [, encoded = ""] = othersDevice.split("=");
    const value = decodeURIComponent(encoded);
    const data = JSON.parse(
      Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"),
    ) as { d: string; u: string[] };
    const forgedValue = Buffer.from(JSON.stringify({ d: data.d, u: [account.id] })).toString(
      "base64",
    );
    const forged = `device=${encodeURIComponent(`${forgedValue}${value.slice(value.lastIndexOf("."))}`)}`;
    await expectLocked(
      await login(account.email, account.password, { ip: "198.51.100.30", cookie: forged }),
    );
  });

  it("guessing spread over many addresses runs into the per-account ceiling; known devices still get in", async () => {
    const account = await owner();
    const device = deviceCookie(
      await login(account.email, account.password, { ip: "198.51.100.40" }),
    );
    // 5 addresses × 5 failures: no address reaches its own limit of 10.
    for (let host = 1; host <= 5; host++) {
      const statuses = await failTimes(5, account.email, { ip: `192.0.2.${host}` });
      expect(statuses).toEqual(Array(5).fill(401));
    }
    await expectLocked(await login(account.email, account.password, { ip: "192.0.2.99" }));
    const mine = await login(account.email, account.password, {
      ip: "192.0.2.99",
      cookie: device,
    });
    expect(mine.status).toBe(200);
  });
});

describe("the owner hears about it", () => {
  it("is mailed in Korean once per window when a lock is reached, not once per failure", async () => {
    const account = await owner();
    await failTimes(MAX + 3, account.email, { ip: "198.51.100.50" });
    await failTimes(MAX + 3, account.email, { ip: "198.51.100.51" });
    const rows = (await queueRowsTo(server, account.email)).filter((row) =>
      row.subject.includes("로그인 시도"),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).toMatch(HANGUL);
    expect(rows[0]?.text).toContain("잘못된 비밀번호로 로그인하려는 시도가 여러 번");
    expect(rows[0]?.text).toContain("/forgot-password");
    expect(rows[0]?.text).not.toContain(WRONG);
  });

  it("no mail while the failures stay under the limit", async () => {
    const account = await owner();
    await failTimes(MAX - 1, account.email, { ip: "198.51.100.52" });
    const rows = (await queueRowsTo(server, account.email)).filter((row) =>
      row.subject.includes("로그인 시도"),
    );
    expect(rows).toHaveLength(0);
  });
});

describe("a successful password reset lifts the lock", () => {
  it("the locked client logs in with the new password right after the reset", async () => {
    const account = await owner();
    const from = { ip: "198.51.100.60" };
    await failTimes(MAX, account.email, from);
    await expectLocked(await login(account.email, account.password, from));

    const asked = await postForm(server, "/forgot-password", { email: account.email });
    expect(asked.status).toBe(200);
    const mail = (await queueRowsTo(server, account.email)).find((row) =>
      row.text.includes("/reset-password?token="),
    );
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    const reset = await postForm(server, "/reset-password", {
      token,
      password: "fresh-kettle-sunrise-4",
      confirmPassword: "fresh-kettle-sunrise-4",
    });
    expect(reset.status).toBe(302);

    expect((await login(account.email, "fresh-kettle-sunrise-4", from)).status).toBe(200);
    const rows = await server.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `login:${account.email}:%`));
    expect(rows.filter((row) => row.count >= MAX)).toEqual([]);
  });
});

describe("the same limit guards /mypage/security's current-password checks", () => {
  async function loggedIn() {
    const account = await owner();
    const res = await login(account.email, account.password, { ip: "198.51.100.70" });
    return { ...account, cookie: sidCookie(res) ?? "" };
  }

  function mypage(fields: Record<string, string>, cookie: string, ip = "198.51.100.71") {
    return postForm(server, "/mypage/security", fields, {
      cookie,
      headers: { "X-Forwarded-For": ip },
    });
  }

  it("password change: wrong current passwords are limited, then even the right one is refused", async () => {
    const member = await loggedIn();
    const change = (currentPassword: string) =>
      mypage(
        {
          intent: "password",
          currentPassword,
          password: "brand-new-lantern-8",
          confirmPassword: "brand-new-lantern-8",
        },
        member.cookie,
      );
    for (let i = 0; i < MAX; i++) expect((await change(WRONG)).status).toBe(400);
    const refused = await change(member.password);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(LOCKED);
    // The password did not change.
    expect((await login(member.email, member.password, { ip: "198.51.100.72" })).status).toBe(200);
  });

  it("withdrawal: the same counter, and the account stays", async () => {
    const member = await loggedIn();
    const withdraw = (password: string) =>
      mypage({ intent: "withdraw", password, confirm: "on" }, member.cookie);
    for (let i = 0; i < MAX; i++) expect((await withdraw(WRONG)).status).toBe(400);
    expect((await withdraw(member.password)).status).toBe(429);
    expect(await userRow(server, member.id)).toBeDefined();
  });

  it("login failures and /mypage/security failures from one client add up", async () => {
    const member = await loggedIn();
    await failTimes(MAX - 1, member.email, { ip: "198.51.100.71" });
    const fields = { intent: "withdraw", password: WRONG, confirm: "on" };
    expect((await mypage(fields, member.cookie)).status).toBe(400);
    expect((await mypage({ ...fields, password: member.password }, member.cookie)).status).toBe(
      429,
    );
  });
});

describe("IPv6 clients are counted by their /64 (one helper for every per-IP limit)", () => {
  it("addresses in one /64 share a counter; the next /64 does not", async () => {
    const account = await owner();
    const statuses = [
      ...(await failTimes(5, account.email, { ip: "2001:db8:a:b::1" })),
      ...(await failTimes(5, account.email, { ip: "2001:db8:a:b:ffff:ffff:ffff:fffe" })),
    ];
    expect(statuses).toEqual(Array(MAX).fill(401));
    await expectLocked(await login(account.email, account.password, { ip: "2001:db8:a:b::99" }));
    expect((await login(account.email, account.password, { ip: "2001:db8:a:c::1" })).status).toBe(
      200,
    );
    const keys = (await server.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain(`login:${account.email}:ip:2001:db8:a:b::/64`);
    expect(keys).toContain("auth-ip:2001:db8:a:b::/64");
    expect(keys.some((key) => key.includes("ffff:ffff"))).toBe(false);
  });

  it("an IPv4-mapped IPv6 address is counted as its IPv4 address", async () => {
    const account = await owner();
    await failTimes(5, account.email, { ip: "::ffff:198.51.100.80" });
    await failTimes(5, account.email, { ip: "198.51.100.80" });
    await expectLocked(await login(account.email, account.password, { ip: "198.51.100.80" }));
    const keys = (await server.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain("auth-ip:198.51.100.80");
    expect(keys.some((key) => key.includes("::ffff"))).toBe(false);
  });

  it("sign-up upload URLs use the same /64 key", async () => {
    const headers = { "X-Forwarded-For": "2001:db8:fe:1:2:3:4:5" };
    expect(
      (await postJson(server, "/api/objects/upload-public", undefined, { headers })).status,
    ).toBe(200);
    const keys = (await server.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain("auth-ip:2001:db8:fe:1::/64");
  });
});
