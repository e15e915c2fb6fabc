// The protection a site holding doctors' data needs, over HTTP: cross-site
// state-changing requests refused (API routes and page actions alike), bad input answered 4xx in
// Korean and never 500, and the security headers on the account pages and calls.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { storedObjects } from "~db/schema";
import {
  createAdmin,
  createMember,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  PASSWORD,
  PNG,
  postForm,
  postJson,
  register,
  registration,
  requestUpload,
  sessionRows,
  sidCookie,
  signUp,
  uniqueEmail,
  uploadImage,
  userRow,
} from "../support/accounts";
import { tags } from "../support/html";
import { setupTestServer } from "../support/test-server";

const EVIL = "https://evil.example";

let admin: LoggedIn;
let member: LoggedIn;
const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await createMember(server);
});

async function expectCrossSiteRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(sidCookie(res)).toBeNull();
  expectKoreanMessages(await json<ErrorBody>(res));
}

describe("cross-site requests (Origin not the site's own)", () => {
  it("POST /api/auth/login from another origin is refused and starts no session", async () => {
    const res = await postJson(
      server,
      "/api/auth/login",
      { email: member.email, password: member.password },
      { origin: EVIL },
    );
    await expectCrossSiteRefused(res);
  });

  it("POST /api/auth/register from another origin is refused and stores nothing", async () => {
    const payload = registration({ licenseImageUrl: await uploadImage(server) });
    await expectCrossSiteRefused(await register(server, payload, { origin: EVIL }));
    // The same payload from the site itself (or without Origin) is accepted.
    expect((await register(server, payload)).status).toBe(201);
  });

  it("POST /api/auth/logout from another origin does not end the session", async () => {
    const res = await postJson(server, "/api/auth/logout", undefined, {
      cookie: member.cookie,
      origin: EVIL,
    });
    await expectCrossSiteRefused(res);
    expect((await get(server, "/api/auth/me", { cookie: member.cookie })).status).toBe(200);
  });

  it("approve and reject from another origin are refused even with an administrator's cookie", async () => {
    const doctor = await signUp(server);
    await expectCrossSiteRefused(
      await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
        cookie: admin.cookie,
        origin: EVIL,
      }),
    );
    await expectCrossSiteRefused(
      await postJson(server, `/api/users/${doctor.id}/reject`, undefined, {
        cookie: admin.cookie,
        origin: EVIL,
      }),
    );
    const row = await userRow(server, doctor.id);
    expect(row?.isApproved).toBe(false);
    expect(row?.rejectedAt).toBeNull();
  });

  it("upload URL requests and the PUT itself from another origin are refused", async () => {
    await expectCrossSiteRefused(
      await postJson(server, "/api/objects/upload-public", undefined, { origin: EVIL }),
    );
    await expectCrossSiteRefused(
      await postJson(server, "/api/objects/upload", undefined, {
        cookie: member.cookie,
        origin: EVIL,
      }),
    );
    const { uploadURL, objectPath } = await requestUpload(server);
    const res = await fetch(uploadURL, {
      method: "PUT",
      headers: { "Content-Type": "image/png", Origin: EVIL },
      body: PNG,
    });
    expect(res.status).toBe(403);
    const [row] = await server.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.id, objectPath.replace("/objects/", "")));
    expect(row).toBeUndefined();
  });

  it("page actions are refused too: /login, /signup and /logout", async () => {
    await expectCrossSiteRefused(
      await postForm(
        server,
        "/login",
        { email: member.email, password: member.password },
        { origin: EVIL },
      ),
    );
    const email = uniqueEmail("crosssite");
    const signup = await postForm(
      server,
      "/signup",
      {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        name: "김의사",
        phone: "010-1234-5678",
        licenseNumber: "123456",
        hospitalName: "서울내과의원",
        department: "내과",
        address: "서울특별시 강남구 테헤란로 1",
        licenseImageUrl: await uploadImage(server),
        termsConsent: "on",
        privacyConsent: "on",
      },
      { origin: EVIL },
    );
    await expectCrossSiteRefused(signup);
    const before = (await sessionRows(server, member.id)).length;
    await expectCrossSiteRefused(
      await postForm(server, "/logout", {}, { cookie: member.cookie, origin: EVIL }),
    );
    expect(await sessionRows(server, member.id)).toHaveLength(before);
    expect((await get(server, "/api/auth/me", { cookie: member.cookie })).status).toBe(200);
  });

  it("look-alike origins are refused: 'null', another port, another scheme, a suffix", async () => {
    const own = new URL(server.baseUrl);
    const otherPort = `http://127.0.0.1:${Number(own.port) === 1 ? 2 : Number(own.port) - 1}`;
    for (const origin of [
      "null",
      otherPort,
      `https://${own.host}`,
      `${server.baseUrl}.evil.example`,
      "http://127.0.0.1",
    ]) {
      const res = await postJson(
        server,
        "/api/auth/login",
        { email: member.email, password: member.password },
        { origin },
      );
      expect(res.status, origin).toBe(403);
      expect(sidCookie(res)).toBeNull();
    }
  });

  it("the site's own origin passes, for the API and for page actions", async () => {
    const api = await postJson(
      server,
      "/api/auth/login",
      { email: member.email, password: member.password },
      { origin: server.baseUrl },
    );
    expect(api.status).toBe(200);
    expect(sidCookie(api)).toBeTruthy();
    const page = await postForm(
      server,
      "/login",
      { email: member.email, password: member.password },
      { origin: server.baseUrl },
    );
    expect([302, 303]).toContain(page.status);
    expect(sidCookie(page)).toBeTruthy();
  });

  it("a request without an Origin header (not a browser) passes", async () => {
    const api = await postJson(server, "/api/auth/login", {
      email: member.email,
      password: member.password,
    });
    expect(api.status).toBe(200);
    const page = await postForm(server, "/login", {
      email: member.email,
      password: member.password,
    });
    expect([302, 303]).toContain(page.status);
  });

  it("safe methods are not affected by a foreign Origin", async () => {
    const res = await get(server, "/api/auth/me", { cookie: member.cookie, origin: EVIL });
    expect(res.status).toBe(200);
  });
});

describe("bad input: 4xx with a Korean message, never 500", () => {
  const JSON_CALLS = ["/api/auth/login", "/api/auth/register"];

  function rawPost(path: string, body: string, contentType = "application/json") {
    return server.fetch(path, {
      method: "POST",
      headers: { "Content-Type": contentType },
      body,
    });
  }

  it("malformed JSON answers 400", async () => {
    for (const path of JSON_CALLS) {
      for (const body of ["{not json", '{"email": "a@b.c",', "\u0000", "[1, 2", "{'a': 1}"]) {
        const res = await rawPost(path, body);
        expect(res.status, `${path} ${body}`).toBe(400);
        const answer = await json<ErrorBody>(res);
        expect(answer.message).toBe("요청 본문이 올바른 JSON 형식이 아닙니다.");
        expectKoreanMessages(answer);
      }
    }
  });

  it("a body larger than 64 KB answers 413", async () => {
    const huge = JSON.stringify({ email: "a@example.com", password: "x".repeat(70 * 1024) });
    for (const path of JSON_CALLS) {
      const res = await rawPost(path, huge);
      expect(res.status, path).toBe(413);
      const answer = await json<ErrorBody>(res);
      expect(answer.message).toBe("요청 본문이 너무 큽니다.");
      expectKoreanMessages(answer);
    }
  });

  it("a large body sent without Content-Length (chunked) answers 413 too", async () => {
    const chunk = new TextEncoder().encode(`"${"x".repeat(16 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 6) {
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await server.fetch("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expectKoreanMessages(await json<ErrorBody>(res));
  });

  it("a body just under 64 KB is parsed (and then validated) normally", async () => {
    const body = JSON.stringify({ email: "not-an-email", password: "x".repeat(60 * 1024) });
    const res = await rawPost("/api/auth/login", body);
    expect(res.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(res));
  });

  it("wrong JSON types answer 400", async () => {
    for (const path of JSON_CALLS) {
      for (const body of ["null", "[]", '"text"', "123", "true", '{"email": {"$ne": null}}']) {
        const res = await rawPost(path, body);
        expect(res.status, `${path} ${body}`).toBe(400);
        expectKoreanMessages(await json<ErrorBody>(res));
      }
    }
  });

  it("a JSON body sent as a form or as plain text is not a 500", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await rawPost("/api/auth/login", "email=a%40b.c&password=x", type);
      expect(res.status, type).toBeGreaterThanOrEqual(400);
      expect(res.status, type).toBeLessThan(500);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
  });

  it("a GET to a POST-only call is a 4xx with a Korean message, not a server error", async () => {
    for (const path of [
      "/api/auth/login",
      "/api/auth/register",
      "/api/auth/logout",
      "/api/objects/upload-public",
    ]) {
      const res = await get(server, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const answer = await json<ErrorBody>(res);
      expect(answer.message, path).not.toMatch(/Unexpected Server Error/i);
      expectKoreanMessages(answer);
    }
  });
});

describe("security headers on the account pages and calls", () => {
  it("every kind of answer carries nosniff, a strict Referrer-Policy, frame-ancestors 'none' and no X-Powered-By", async () => {
    const { uploadURL } = await requestUpload(server);
    const credentials = { email: member.email, password: member.password };
    const responses: Array<[string, Response]> = [
      ["GET /login", await get(server, "/login")],
      ["GET /signup", await get(server, "/signup")],
      ["POST /api/auth/login 200", await postJson(server, "/api/auth/login", credentials)],
      ["GET /api/auth/me 401", await get(server, "/api/auth/me")],
      ["POST /api/auth/login 400", await postJson(server, "/api/auth/login", {})],
      ["403 cross-site", await postJson(server, "/api/auth/login", credentials, { origin: EVIL })],
      ["PUT 415", await fetch(uploadURL, { method: "PUT", body: "plain text" })],
      ["GET /objects 404", await get(server, `/objects/${crypto.randomUUID()}`)],
      ["GET /api/login", await get(server, "/api/login")],
    ];
    for (const [label, res] of responses) {
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, label).toMatch(/frame-ancestors 'none'/);
      expect(csp, label).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp, label).not.toMatch(/script-src [^;]*'unsafe-inline'/);
      expect(res.headers.get("x-content-type-options"), label).toContain("nosniff");
      expect(res.headers.get("referrer-policy"), label).toMatch(
        /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
      );
      expect(res.headers.get("x-powered-by"), label).toBeNull();
      // Plain HTTP on localhost (PUBLIC_URL not https): no HSTS, or the browser would be locked out.
      expect(res.headers.get("strict-transport-security"), label).toBeNull();
    }
  });

  it("the login and sign-up pages' scripts carry the response's nonce", async () => {
    for (const path of ["/login", "/signup"]) {
      const res = await get(server, path);
      const nonce = (res.headers.get("content-security-policy") ?? "").match(
        /'nonce-([^']+)'/,
      )?.[1];
      expect(nonce, path).toBeTruthy();
      const scripts = tags(await res.text(), "script");
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) expect(script.nonce, path).toBe(nonce);
    }
  });

  it("GET /api/login redirects to /login", async () => {
    const res = await get(server, "/api/login");
    expect([301, 302, 303, 307, 308]).toContain(res.status);
    expect(res.headers.get("location")).toBe("/login");
  });
});
