// A request refused before its body was read to the end (413, 415, 401, 403, 400) must not leave
// its kept-alive connection waiting for the unread rest: the client's next request on the same
// connection is answered within a second. Page forms, JSON calls and uploads alike, with a
// keep-alive agent of one socket (as a reverse proxy or a browser reuses its connection) and
// with Node's fetch.
import http from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { requestUpload } from "../support/accounts";
import { setupTestServer } from "../support/test-server";

let agent: http.Agent;

const server = setupTestServer();
beforeEach(async () => {
  agent?.destroy();
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});

const KB = 1024;
/** A form body past the 64 KB limit, as the review sent it. */
const bigForm = () => Buffer.from(`email=${"a".repeat(160 * KB)}&password=x`);
const bigJson = () => Buffer.from(JSON.stringify({ email: "a".repeat(160 * KB), password: "x" }));

type Answer = { status: number; connection: string | undefined; body: string };

/**
 * Sends one request on the agent; the body goes out in 16 KB pieces, chunked when `chunked`. An
 * error while sending after the answer came (the server closed early) is not a failure.
 */
function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer; chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? Buffer.alloc(0);
    const headers: Record<string, string> = { ...options.headers };
    if (!options.chunked) headers["Content-Length"] = String(body.length);
    let answered = false;
    const req = http.request(`${server.baseUrl}${path}`, { method, headers, agent }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body: Buffer.concat(parts).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length; at += 16 * KB) pieces.push(body.subarray(at, at + 16 * KB));
    const write = async () => {
      for (const piece of pieces) {
        if (req.destroyed) return;
        if (!req.write(piece)) {
          await new Promise<void>((done) => {
            req.once("drain", done);
            req.once("close", done);
          });
        }
      }
      if (!req.destroyed) req.end();
    };
    void write();
  });
}

/** The next request on the same agent is answered, within a second. */
async function nextRequestAnswers() {
  const started = Date.now();
  const answer = await Promise.race([
    send("GET", "/healthz"),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("the next request was not answered within 1 s")), 1_000),
    ),
  ]);
  expect(answer.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(1_000);
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "Content-Type": "application/json" };

describe("page forms", () => {
  it("a form past 64 KB is a 413, and the connection's next request is answered", async () => {
    const refused = await send("POST", "/login", { headers: FORM, body: bigForm() });
    expect(refused.status).toBe(413);
    expect(refused.body).toContain("너무 큽니다");
    await nextRequestAnswers();
  });

  it("the same form sent chunked, without a length", async () => {
    const refused = await send("POST", "/login", { headers: FORM, body: bigForm(), chunked: true });
    expect(refused.status).toBe(413);
    await nextRequestAnswers();
  });

  it("a large body in a type no form takes is a 415", async () => {
    const refused = await send("POST", "/login", { headers: JSON_TYPE, body: bigJson() });
    expect(refused.status).toBe(415);
    await nextRequestAnswers();
  });

  it("a large form to a page whose guard refuses first (a visitor on /mypage)", async () => {
    const refused = await send("POST", "/mypage", { headers: FORM, body: bigForm() });
    expect([302, 401, 403]).toContain(refused.status);
    await nextRequestAnswers();
  });

  it("a form under the limit still keeps the connection alive", async () => {
    const small = await send("POST", "/forgot-password", {
      headers: FORM,
      body: Buffer.from("email=nobody%40example.com"),
    });
    expect(small.status).toBe(200);
    expect(small.connection).not.toBe("close");
    await nextRequestAnswers();
  });
});

describe("JSON calls", () => {
  it("a body past the limit is a 413", async () => {
    const refused = await send("POST", "/api/auth/login", { headers: JSON_TYPE, body: bigJson() });
    expect(refused.status).toBe(413);
    await nextRequestAnswers();
  });

  it("a large body to a call that needs a login is a 401 before it is read", async () => {
    const refused = await send("POST", "/api/community/posts", {
      headers: JSON_TYPE,
      body: bigJson(),
    });
    expect(refused.status).toBe(401);
    await nextRequestAnswers();
  });

  it("a large body with a broken address is a 400 before it is read", async () => {
    const refused = await send("POST", "/api/auth/login%zz", {
      headers: JSON_TYPE,
      body: bigJson(),
    });
    expect(refused.status).toBe(400);
    await nextRequestAnswers();
  });
});

describe("uploads", () => {
  it("an image past 5 MB is a 413", async () => {
    const grant = await requestUpload(server);
    const path = new URL(grant.uploadURL).pathname + new URL(grant.uploadURL).search;
    const refused = await send("PUT", path, {
      headers: { "Content-Type": "image/png" },
      body: Buffer.alloc(6 * KB * KB, 1),
    });
    expect(refused.status).toBe(413);
    await nextRequestAnswers();
  });

  it("an image past 5 MB sent chunked is a 413 at the limit", async () => {
    const grant = await requestUpload(server);
    const path = new URL(grant.uploadURL).pathname + new URL(grant.uploadURL).search;
    const refused = await send("PUT", path, {
      headers: { "Content-Type": "image/png" },
      body: Buffer.alloc(6 * KB * KB, 1),
      chunked: true,
    });
    expect(refused.status).toBe(413);
    await nextRequestAnswers();
  });

  it("a body to an upload address that is not valid is a 403 before it is read", async () => {
    const refused = await send("PUT", "/api/objects/put?token=not-a-grant", {
      headers: { "Content-Type": "image/png" },
      body: Buffer.alloc(400 * KB, 1),
    });
    expect(refused.status).toBe(403);
    await nextRequestAnswers();
  });
});

describe("Node's fetch, which pools its connections", () => {
  it("the request after a refused form is answered within a second", async () => {
    const refused = await fetch(`${server.baseUrl}/login`, {
      method: "POST",
      headers: FORM,
      body: bigForm(),
    });
    expect(refused.status).toBe(413);
    await refused.body?.cancel();
    const next = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
    expect(next.status).toBe(200);
  });

  it("and after a refused upload", async () => {
    const grant = await requestUpload(server);
    const refused = await fetch(grant.uploadURL, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: Buffer.alloc(6 * KB * KB, 1),
    });
    expect(refused.status).toBe(413);
    await refused.body?.cancel();
    const next = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
    expect(next.status).toBe(200);
  });
});
