// Hostile input cannot kill, stall or fool the site, over real HTTP: requests the app
// cannot represent (odd methods, absolute-form targets, broken percent-encoding, huge page
// numbers) answer 4xx and never 5xx; answers made for a signed-in user and the personal-data calls
// are never stored by a cache; upload URLs name PUBLIC_URL whatever Host the client sends; and
// every answer carries a Permissions-Policy. Raw sockets send what fetch refuses to.
import http from "node:http";
import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createAdmin,
  createMember,
  expectKoreanMessages,
  get,
  type LoggedIn,
  postJson,
  uploadImage,
} from "../support/accounts";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
let member: LoggedIn;
const server = setupTestServer({ seed: true });
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await createMember(server);
});

type RawAnswer = { status: number; head: string; body: string };

/** Sends `request` byte for byte on a new connection and reads the answer until it closes. */
function raw(request: string): Promise<RawAnswer> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
    const parts: Buffer[] = [];
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no complete answer to ${JSON.stringify(request.split("\r\n")[0])}`));
    });
    socket.on("data", (part) => parts.push(part));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(parts).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body });
    });
    socket.write(request);
  });
}

/** A request line plus Host and Connection: close, sent raw. */
function rawRequest(method: string, target: string, headers: Record<string, string> = {}) {
  const lines = [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return raw(`${lines.join("\r\n")}\r\n\r\n`);
}

function expectKoreanJson(answer: RawAnswer) {
  expectKoreanMessages(JSON.parse(answer.body) as { message: string });
}

describe("malformed requests answer 4xx, never 5xx", () => {
  it("TRACE / answers 405 with Allow, and the server keeps serving", async () => {
    const answer = await rawRequest("TRACE", "/");
    expect(answer.status).toBe(405);
    expect(answer.head).toMatch(/^allow: GET, HEAD, POST/im);
    expectKoreanJson(answer);
    expect((await server.fetch("/healthz")).status).toBe(200);
  });

  it("other methods the app does not implement answer 405 (WebDAV) or 400 (unknown to HTTP)", async () => {
    for (const method of ["PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH", "REPORT"]) {
      const answer = await rawRequest(method, "/");
      expect(answer.status, method).toBe(405);
      expect(answer.head).toMatch(/^allow: GET, HEAD, POST/im);
      expectKoreanJson(answer);
    }
    // Node's parser refuses a method it does not know before the app sees it.
    expect((await rawRequest("FOOBAR", "/")).status).toBe(400);
  });

  it("a request line over 16 KB answers 431, not a reset, while the client still sends", async () => {
    // 64 KB of query string: Node stops parsing at 16 KB, and the answer must still arrive
    // although most of the request is still on its way (the hostile-input suite found a reset).
    const target = `/?page=${"a".repeat(5_000)}${"&x=1".repeat(15_000)}`;
    for (const method of ["DELETE", "GET", "HEAD", "POST"]) {
      const answer = await rawRequest(method, target);
      expect(answer.status, method).toBe(431);
      expect(answer.head).toMatch(/^connection: close/im);
      expect(answer.body, method).toBe("");
    }
    // Node's own client reads it as a whole answer, for a HEAD as well (no body after it).
    for (const method of ["HEAD", "GET"]) {
      const status = await new Promise<number | string>((resolve) => {
        const req = http.request(`${server.baseUrl}${target}`, { method, agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", (error) => resolve(error.message));
        req.end();
      });
      expect(status, method).toBe(431);
    }
    expect((await server.fetch("/healthz")).status).toBe(200);
  });

  it("CONNECT answers 405 instead of a dropped connection", async () => {
    const answer = await raw(
      "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\nConnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(405);
    expectKoreanJson(answer);
  });

  it("an absolute-form or scheme-relative request target answers 400", async () => {
    for (const target of [
      "http://evil.example/",
      "http://evil.example/announcements",
      "https://127.0.0.1/api/auth/me",
      "//evil.example/",
      "*",
    ]) {
      const answer = await rawRequest("GET", target);
      expect(answer.status, target).toBe(400);
      expectKoreanJson(answer);
    }
  });

  it("broken percent-encoding in the path or the query answers 400", async () => {
    for (const target of [
      "/announcements/%E0%A4%A",
      "/%",
      "/?q=%",
      "/announcements?page=%zz",
      "/api/announcements?x=%E0%A4%A",
      "/objects/%ff",
    ]) {
      const answer = await rawRequest("GET", target);
      expect(answer.status, target).toBe(400);
      expectKoreanJson(answer);
    }
    // Valid encodings, Korean included, still reach the app.
    expect((await server.fetch("/announcements?q=%ED%95%99%ED%9A%8C")).status).toBe(200);
  });

  it("a Host header that cannot form a URL answers 400", async () => {
    const answer = await raw("GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n");
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it("/admin/audit with a huge, negative or malformed page number answers 200 to an administrator", async () => {
    for (const page of [
      "99999999999999999999",
      "9007199254740993",
      "1e400",
      "-5",
      "abc",
      "",
      "2147483648",
    ]) {
      const res = await get(server, `/admin/audit?page=${page}`, { cookie: admin.cookie });
      expect(res.status, `page=${page}`).toBe(200);
      await res.body?.cancel();
      const data = await get(server, `/admin/audit.data?page=${page}`, { cookie: admin.cookie });
      expect(data.status, `page=${page} (.data)`).toBe(200);
      await data.body?.cancel();
    }
  });
});

const PRIVATE = "private, no-store";

describe("answers for a signed-in user are never cached", () => {
  it("pages, .data requests, redirects, errors and API calls with the session cookie say private, no-store", async () => {
    const paths = [
      "/",
      "/announcements",
      "/about",
      "/_.data", // the home page's data (future.v8_trailingSlashAwareDataRequests)
      "/announcements.data",
      "/mypage",
      "/admin/dashboard", // 403 for a member
      "/no-such-page", // 404
      "/api/announcements",
      "/api/auth/me",
      "/api/login?redirectTo=/mypage", // a redirect
    ];
    for (const path of paths) {
      const res = await get(server, path, { cookie: member.cookie });
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("cache-control"), path).toBe(PRIVATE);
      await res.body?.cancel();
    }
    // A page action's redirect too (logging out answers with a redirect).
    const logout = await postJson(server, "/api/auth/logout", undefined, {
      cookie: (await createMember(server)).cookie,
    });
    expect(logout.headers.get("cache-control")).toBe(PRIVATE);
  });

  it("a public image asked for with the session cookie is private too, and public for a visitor", async () => {
    const objectPath = await uploadImage(server, { cookie: admin.cookie });
    const signedIn = await get(server, objectPath, { cookie: member.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe(PRIVATE);
    const visitor = await get(server, objectPath);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("the personal-data calls say private, no-store even when they refuse a visitor", async () => {
    const paths = [
      "/api/auth/me",
      // The `.data` twin React Router answers for an API route is the same call.
      "/api/auth/me.data",
      "/api/auth/applicant.data",
      "/api/users/pending.data",
      "/api/users/pending",
      "/api/membership-applications",
      "/api/membership-applications/me",
      `/api/membership-applications/${crypto.randomUUID()}/license-image`,
      `/objects/${crypto.randomUUID()}`,
      "/objects/not-an-id",
      "/admin/export/members.csv",
      "/admin/export/applications.csv",
      "/admin/audit",
    ];
    for (const path of paths) {
      const res = await get(server, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("cache-control"), path).toBe(PRIVATE);
      await res.body?.cancel();
    }
  });

  it("an administrator's export says private, no-store", async () => {
    for (const path of ["/admin/export/members.csv", "/admin/export/applications.csv"]) {
      const res = await get(server, `${path}?purpose=점검`, { cookie: admin.cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe(PRIVATE);
      await res.body?.cancel();
    }
  });

  it("a visitor's public pages keep their caching: served by the page cache, no Cache-Control", async () => {
    for (const path of ["/", "/announcements", "/about"]) {
      await (await get(server, path)).body?.cancel();
      const res = await get(server, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-page-cache"), path).toBe("hit");
      expect(res.headers.get("cache-control"), path).toBeNull();
      await res.body?.cancel();
    }
  });

  it("hashed assets keep their year-long caching with the session cookie", async () => {
    const html = await (await get(server, "/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await get(server, asset as string, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    await res.body?.cancel();
  });
});

/** POST with a Host header of the client's choosing (fetch does not let a caller set Host). */
function postWithHost(path: string, host: string, cookie?: string) {
  const url = new URL(path, server.baseUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { Host: host, "Content-Length": "0" };
    if (cookie) headers.Cookie = cookie;
    const req = http.request(url, { method: "POST", headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("upload URLs", () => {
  it("are built from PUBLIC_URL, never from the Host header", async () => {
    for (const [path, cookie] of [
      ["/api/objects/upload-public", undefined],
      ["/api/objects/upload", member.cookie],
    ] as const) {
      const answer = await postWithHost(path, "evil.example", cookie);
      expect(answer.status, path).toBe(200);
      const { uploadURL } = JSON.parse(answer.body) as { uploadURL: string };
      expect(new URL(uploadURL).origin, path).toBe(server.baseUrl);
      expect(uploadURL).not.toContain("evil.example");
    }
  });
});

describe("Permissions-Policy", () => {
  it("every kind of answer turns off the browser features the site does not use", async () => {
    await (await get(server, "/")).body?.cancel();
    const answers = [
      await get(server, "/"), // the page cache
      await get(server, "/mypage", { cookie: member.cookie }),
      await get(server, "/api/announcements"),
      await get(server, "/no-such-page"),
      await get(server, "/healthz"),
    ];
    for (const res of answers) {
      const policy = res.headers.get("permissions-policy") ?? "";
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(policy, `${res.url}: ${feature}`).toContain(`${feature}=()`);
      }
      expect(policy).toContain("interest-cohort=()");
      await res.body?.cancel();
    }
    expect((await rawRequest("TRACE", "/")).head).toMatch(/^permissions-policy: .*camera=\(\)/im);
  });
});

// PostgreSQL's text cannot hold U+0000: a NUL in an address, a JSON body or a form used to reach
// the database and answer 500 (the second outside probe, 6 December). Each is a 400 in Korean,
// and nothing is saved.
describe("a NUL in the input is the sender's error", () => {
  it("in an address: a page, its data, a list's search and a payment's id are 400s", async () => {
    for (const path of [
      "/search?q=a%00b",
      "/search.data?q=%00",
      "/announcements?q=%00",
      "/admin/members?q=%00",
      "/mypage/payments/%00",
      "/api/me/payments/%00/complete",
    ]) {
      const res = await get(server, path, { cookie: member.cookie });
      expect(res.status, path).toBe(400);
      expectKoreanMessages(await res.json());
    }
  });

  it("in a JSON body, at any depth, is a 400 and nothing is written", async () => {
    for (const body of [
      { title: "널 문자", body: "a\u0000b" },
      { title: "널\u0000문자", body: "본문" },
      { title: "널 문자", body: "본문", images: ["\u0000"] },
    ]) {
      const res = await postJson(server, "/api/community/posts", body, { cookie: member.cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectKoreanMessages(await res.json());
    }
    const list = await get(server, "/api/community/posts?q=널", { cookie: member.cookie });
    expect(await list.text()).not.toContain("널 문자");
    // An escaped backslash before "u0000" is text, not a NUL.
    const text = await postJson(
      server,
      "/api/community/posts",
      { title: "역슬래시 글", body: "경로 C:\\u0000 그대로" },
      { cookie: member.cookie },
    );
    expect(text.status).toBe(201);
  });

  it("in a page form is the form's refusal, 400, and nothing is written", async () => {
    const res = await server.fetch("/community/new", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: member.cookie,
        Origin: server.baseUrl,
      },
      body: "title=%EB%84%90%20%EC%96%91%EC%8B%9D&body=bb%00bbb",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("NUL");
    const list = await get(server, "/api/community/posts?q=널 양식", { cookie: member.cookie });
    expect(await list.text()).not.toContain("널 양식");
  });
});

describe("the API's own addresses", () => {
  it("an address under /api/ that names no call is a JSON 404 in Korean, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await server.fetch("/api/no-such-call/123", {
        method,
        headers: { Cookie: member.cookie, Origin: server.baseUrl },
      });
      expect(res.status, method).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expectKoreanMessages(await res.json());
    }
  });

  it("every call answers a GET with its answer or a Korean refusal: never a 400 or a 5xx", async () => {
    const { default: routes } = await import("~/routes");
    const paths = JSON.stringify(routes)
      .match(/"path":"api\/[^"]+"/g)!
      .map((entry) =>
        entry.slice(8, -1).replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000"),
      )
      .filter((path) => !path.endsWith("*"));
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      for (const cookie of [undefined, member.cookie]) {
        const res = await get(server, `/${path}`, { cookie });
        expect(res.status, `GET /${path}`).not.toBe(400);
        expect(res.status, `GET /${path}`).toBeLessThan(500);
        if (res.status >= 400 && res.headers.get("content-type")?.includes("json")) {
          expectKoreanMessages(await res.json());
        } else await res.body?.cancel();
      }
    }
  });

  it("a private file that is not there is a 404 in Korean", async () => {
    const res = await get(server, "/objects/00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/[가-힣]/);
  });
});
