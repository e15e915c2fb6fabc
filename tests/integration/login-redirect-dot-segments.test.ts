// A login's redirect target never leaves the site through dot segments: `/.//host`, `/x/..//host`
// and their encoded and backslash spellings resolve to a path that begins with `//`, which a
// browser reads as another host. Each is refused (the default page instead) on the three ways a
// login ends in a redirect: the password form, /login?redirectTo= for someone already signed in,
// and the second factor's code step of an administrator.
import * as OTPAuth from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createAdmin,
  createMember,
  get,
  json,
  type LoggedIn,
  postForm,
  postJson,
  sidCookie,
} from "../support/accounts";
import { setupTestServer } from "../support/test-server";

let member: LoggedIn;
let admin: LoggedIn;
/** Recovery codes of the administrator's factor: each completes one login's code step. */
let recoveryCodes: string[];

const server = setupTestServer();
beforeAll(async () => {
  member = await createMember(server);
  admin = await createAdmin(server);
  const setup = await postJson(server, "/api/admin/mfa/setup", undefined, { cookie: admin.cookie });
  const { secret } = await json<{ secret: string }>(setup);
  const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret) });
  const confirm = await postJson(
    server,
    "/api/admin/mfa/confirm",
    { code },
    { cookie: admin.cookie },
  );
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  recoveryCodes = (await json<{ recoveryCodes: string[] }>(confirm)).recoveryCodes;
});

/** Targets whose resolved path begins with two slashes (or a slash and a backslash). */
const LEAVING = [
  "/.//evil.example",
  "/x/..//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/%2e/%2E//evil.example",
  "/./\\/evil.example",
  "/.\\/evil.example",
  "/x/..\\\\evil.example",
  "/%2e\\\\evil.example",
  "/./\\\\evil.example/path?q=1",
];

/** The Location of a redirect, checked to stay on this site. */
function location(res: Response) {
  expect(res.status).toBe(302);
  const target = res.headers.get("location") ?? "";
  expect(new URL(target, server.baseUrl).origin).toBe(server.baseUrl);
  return target;
}

/** An unused recovery code; ten new ones from the security page once they run out. */
async function nextRecoveryCode() {
  if (recoveryCodes.length === 0) {
    const res = await postForm(
      server,
      "/admin/security",
      { intent: "recovery-codes", password: admin.password },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    // The codes' alphabet leaves out i, l, o, 0 and 1.
    const code = /\b[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}\b/g;
    recoveryCodes = [...new Set((await res.text()).match(code))];
    expect(recoveryCodes).toHaveLength(10);
  }
  return recoveryCodes.shift() as string;
}

/** An administrator's login through the /login page, completed with a recovery code. */
async function adminLoginWithCode(redirectTo: string) {
  const first = await postForm(server, "/login", {
    email: admin.email,
    password: admin.password,
    redirectTo,
  });
  expect(first.status).toBe(302);
  const step = sidCookie(first);
  if (!step) throw new Error("no second-factor step");
  const code = await nextRecoveryCode();
  const done = await postForm(
    server,
    "/login",
    { intent: "second-factor", code, redirectTo },
    { cookie: step },
  );
  // The answer that sets the administrator's session is the one that redirects.
  expect(sidCookie(done)).toBeTruthy();
  return done;
}

describe("the password form (POST /login)", () => {
  for (const target of LEAVING) {
    it(`redirectTo ${JSON.stringify(target)} goes to the member's home`, async () => {
      const res = await postForm(server, "/login", {
        email: member.email,
        password: member.password,
        redirectTo: target,
      });
      expect(location(res)).toBe("/");
    });
  }

  it("a target with harmless dot segments still leads where it resolves", async () => {
    const res = await postForm(server, "/login", {
      email: member.email,
      password: member.password,
      redirectTo: "/announcements/./x/../",
    });
    expect(location(res)).toBe("/announcements/");
  });
});

describe("/login?redirectTo= for someone already signed in", () => {
  for (const target of LEAVING) {
    it(`redirectTo ${JSON.stringify(target)} goes to the default page`, async () => {
      const query = `?redirectTo=${encodeURIComponent(target)}`;
      expect(location(await get(server, `/login${query}`, { cookie: member.cookie }))).toBe("/");
      expect(location(await get(server, `/login${query}`, { cookie: admin.cookie }))).toBe(
        "/admin/dashboard",
      );
    });
  }

  it("the target as typed into the address, unencoded, is refused as well", async () => {
    const res = await get(server, "/login?redirectTo=/.//evil.example", { cookie: member.cookie });
    expect(location(res)).toBe("/");
  });
});

describe("an administrator's code step", () => {
  for (const target of LEAVING) {
    it(`redirectTo ${JSON.stringify(target)} goes to the dashboard`, async () => {
      expect(location(await adminLoginWithCode(target))).toBe("/admin/dashboard");
    });
  }

  it("a target on the site is still followed", async () => {
    expect(location(await adminLoginWithCode("/admin/members"))).toBe("/admin/members");
  });
});

describe("GET /api/login hands on only targets that stay on the site", () => {
  for (const target of LEAVING) {
    it(`redirectTo ${JSON.stringify(target)} is dropped`, async () => {
      const res = await get(server, `/api/login?redirectTo=${encodeURIComponent(target)}`);
      expect(location(res)).toBe("/login");
    });
  }
});
