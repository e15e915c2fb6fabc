// Two app instances behave as one site: two production server
// processes (`node server.js`) on different ports share nothing but one PostgreSQL database, one
// APP_SECRET and one S3 bucket (s3rver on loopback). A session started on one is valid on the
// other, a file uploaded through one is read through the other, content saved through one is on
// the other's next page (page cache), and the login rate limit counts attempts on both.
//
// Needs TEST_DATABASE_URL (a PostgreSQL server on which a fresh database is created and dropped)
// and the production build. Not part of the default run: `npm run test:multi`; `npm test` runs it
// when TEST_DATABASE_URL is set.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, PNG, putObject, registration, uniqueEmail } from "../support/accounts";
import { cleanUp, login, ROOT, type ServerProcess, startServer, tempDir } from "../support/process";
import { type FakeS3, startS3rver } from "../support/s3rver";

const serverUrl = process.env.TEST_DATABASE_URL;
const APP_SECRET = crypto.randomBytes(32).toString("base64url");
const MAX_FAILURES = 3;

/** A production server process (tests/support/process.ts) and the letter it goes by here. */
type Instance = ServerProcess & { name: string };

let databaseName: string | undefined;
let databaseUrl: string;
let s3: FakeS3 | undefined;
let a: Instance;
let b: Instance;
let admin: { email: string; cookie: string };

/** `node server.js` in production on its own port and data directory, on the shared database. */
async function startInstance(name: string, bucketEnv: Record<string, string>): Promise<Instance> {
  const server = await startServer({
    dataDir: tempDir(`society-${name}-`),
    env: {
      DATABASE_URL: databaseUrl,
      APP_SECRET,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      ...bucketEnv,
    },
  });
  return { ...server, name };
}

function call(instance: Instance, p: string, init: RequestInit = {}) {
  return fetch(instance.baseUrl + p, { redirect: "manual", ...init });
}

function postJson(instance: Instance, p: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json; charset=utf-8";
  if (cookie) headers.Cookie = cookie;
  return call(instance, p, {
    method: "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function getAs(instance: Instance, p: string, cookie?: string) {
  return call(instance, p, { headers: cookie ? { Cookie: cookie } : {} });
}

function logIn(instance: Instance, email: string, password: string) {
  return postJson(instance, "/api/auth/login", { email, password });
}

async function uploadUrl(instance: Instance, cookie?: string) {
  const res = cookie
    ? await postJson(instance, "/api/objects/upload", undefined, cookie)
    : await postJson(instance, "/api/objects/upload-public");
  expect(res.status).toBe(200);
  return (await res.json()) as { uploadURL: string; objectPath: string };
}

async function withDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!serverUrl) {
    throw new Error(
      "The multi-instance tests need PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) and run `npm run test:multi`.",
    );
  }
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` before the multi-instance tests.");
  }
  databaseName = `society_multi_${crypto.randomBytes(6).toString("hex")}`;
  await withDatabase(serverUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();

  s3 = await startS3rver();
  const bucketEnv = s3.env;
  // Both start at once against the fresh database, as a deployment's instances do.
  [a, b] = await Promise.all([startInstance("a", bucketEnv), startInstance("b", bucketEnv)]);

  // An administrator, made the documented way (`npm run admin:create`) in the shared database.
  const email = uniqueEmail("admin");
  await promisify(execFile)(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["scripts/admin-create.ts", "--email", email, "--password", PASSWORD, "--name", "관리자"],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: a.dataDir },
    },
  );
  admin = { email, cookie: await login(a.baseUrl, email, PASSWORD) };
});

afterAll(async () => {
  const exits = await Promise.all([a, b].filter(Boolean).map((instance) => instance.stop()));
  await cleanUp();
  await s3?.close();
  if (serverUrl && databaseName) {
    await withDatabase(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
    );
  }
  // Both shut down cleanly on SIGTERM.
  expect(exits).toEqual(exits.map(() => ({ code: 0, signal: null })));
});

describe("two instances, one site", () => {
  it("both serve on their own ports from the same database", async () => {
    expect(a.baseUrl).not.toBe(b.baseUrl);
    for (const instance of [a, b]) {
      const res = await call(instance, "/healthz");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    }
  });

  it("a session started on A is valid on B, and a logout on B ends it on A", async () => {
    // The cookie came from A (beforeAll); B knows it too.
    const onB = await getAs(b, "/api/auth/me", admin.cookie);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { email: string }).email).toBe(admin.email);
    expect((await getAs(a, "/api/auth/me", admin.cookie)).status).toBe(200);

    const other = await login(b.baseUrl, admin.email, PASSWORD);
    expect((await getAs(a, "/api/auth/me", other)).status).toBe(200);
    expect((await postJson(b, "/api/auth/logout", undefined, other)).status).toBeLessThan(300);
    expect((await getAs(a, "/api/auth/me", other)).status).toBe(401);
    expect((await getAs(b, "/api/auth/me", other)).status).toBe(401);
    // The first session is untouched.
    expect((await getAs(a, "/api/auth/me", admin.cookie)).status).toBe(200);
  });

  it("an image uploaded through A is read through B with the same bytes", async () => {
    const { uploadURL, objectPath } = await uploadUrl(a, admin.cookie);
    expect(new URL(uploadURL).origin).toBe(a.baseUrl);
    const put = await putObject(uploadURL, PNG);
    expect(put.status).toBe(200);

    const res = await getAs(b, objectPath, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // It is in the shared bucket, not on either instance's disk.
    expect(await s3?.exists(objectPath.replace("/objects/", ""))).toBe(true);
    for (const { dataDir } of [a, b])
      expect(fs.existsSync(path.join(dataDir, "objects"))).toBe(false);
  });

  it("an upload URL signed by A is accepted by B (one APP_SECRET behind a load balancer)", async () => {
    const { uploadURL, objectPath } = await uploadUrl(a);
    const onB = new URL(uploadURL);
    onB.host = new URL(b.baseUrl).host;
    expect((await putObject(onB.toString(), PNG)).status).toBe(200);
    // The same URL cannot be used again on the other instance.
    expect((await putObject(uploadURL, PNG)).status).toBe(409);
    // A sign-up's private licence image: 404 for a visitor on either, 200 for the admin on A.
    expect((await getAs(a, objectPath)).status).toBe(404);
    expect((await getAs(b, objectPath)).status).toBe(404);
    expect((await getAs(a, objectPath, admin.cookie)).status).toBe(200);
  });

  it("content saved through A is on B's next page for visitors, though B had stored the page", async () => {
    const visit = async (instance: Instance) => {
      const res = await call(instance, "/announcements");
      return { state: res.headers.get("x-page-cache"), html: await res.text() };
    };
    await visit(a);
    await visit(b);
    expect((await visit(b)).state).toBe("hit");

    const title = `두 서버 공지 ${crypto.randomBytes(3).toString("hex")}`;
    const created = await postJson(
      a,
      "/api/announcements",
      { title, content: "<p>본문</p>", category: "공지" },
      admin.cookie,
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const onB = await visit(b);
    expect(onB.state).toBe("miss");
    expect(onB.html).toContain(title);
    expect((await visit(a)).html).toContain(title);

    // A change made outside the app (an operator's SQL) too.
    await withDatabase(databaseUrl, (client) =>
      client.query("UPDATE announcements SET title = $1 WHERE id = $2", [`${title} (수정)`, id]),
    );
    expect((await visit(b)).html).toContain(`${title} (수정)`);
    expect((await visit(a)).html).toContain(`${title} (수정)`);
  });

  it("a member's stored pages follow writes made through the other instance", async () => {
    const visit = async (instance: Instance, path: string) => {
      const res = await getAs(instance, path, admin.cookie);
      return { state: res.headers.get("x-page-cache"), html: await res.text() };
    };
    await visit(b, "/announcements");
    expect((await visit(b, "/announcements")).state).toBe("hit");
    const title = `회원 캐시 공지 ${crypto.randomBytes(3).toString("hex")}`;
    const created = await postJson(
      a,
      "/api/announcements",
      { title, content: "<p>본문</p>", category: "공지" },
      admin.cookie,
    );
    expect(created.status).toBe(201);
    const onB = await visit(b, "/announcements");
    expect(onB.state).toBe("miss");
    expect(onB.html).toContain(title);

    // The member's own change (here their name, by an operator) too.
    await visit(b, "/");
    await withDatabase(databaseUrl, (client) =>
      client.query("UPDATE users SET name = $1 WHERE email = $2", ["새이름관리자", admin.email]),
    );
    expect((await visit(b, "/")).html).toContain("새이름관리자");
    expect((await visit(a, "/")).html).toContain("새이름관리자");
  });

  it("the login rate limit counts failures on both instances", async () => {
    // A member: the licence image uploaded through A, the sign-up sent to B, approved in the DB.
    const { uploadURL, objectPath } = await uploadUrl(a);
    expect((await putObject(uploadURL, PNG)).status).toBe(200);
    const payload = registration({ licenseImageUrl: objectPath });
    const registered = await postJson(b, "/api/auth/register", payload);
    expect(registered.status).toBe(201);
    await withDatabase(databaseUrl, (client) =>
      client.query("UPDATE users SET is_approved = true WHERE email = $1", [payload.email]),
    );
    expect((await logIn(a, payload.email, payload.password)).status).toBe(200);

    // Three failures, split over A and B.
    expect((await logIn(a, payload.email, "wrong-password-1")).status).toBe(401);
    expect((await logIn(b, payload.email, "wrong-password-2")).status).toBe(401);
    expect((await logIn(a, payload.email, "wrong-password-3")).status).toBe(401);
    // The fourth attempt is refused on either instance, even with the right password.
    expect((await logIn(b, payload.email, payload.password)).status).toBe(429);
    expect((await logIn(a, payload.email, payload.password)).status).toBe(429);
    // Another account is not affected.
    expect((await logIn(b, admin.email, PASSWORD)).status).toBe(200);
  });
});
