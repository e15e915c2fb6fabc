// Two app instances behave as one site (issue 8, "More than one server"): two production server
// processes (`node server.js`) on different ports share nothing but one PostgreSQL database, one
// APP_SECRET and one S3 bucket (s3rver on loopback). A session started on one is valid on the
// other, a file uploaded through one is read through the other, content saved through one is on
// the other's next page (page cache), and the login rate limit counts attempts on both.
//
// Needs TEST_DATABASE_URL (a PostgreSQL server on which a fresh database is created and dropped)
// and the production build. Not part of the default run: `npm run test:multi`; `npm test` runs it
// when TEST_DATABASE_URL is set.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  PNG,
  putObject,
  registration,
  sidCookie,
  uniqueEmail,
} from "../support/accounts";
import { type FakeS3, startS3rver } from "../support/s3rver";

const root = path.resolve(import.meta.dirname, "../..");
const serverUrl = process.env.TEST_DATABASE_URL;
const APP_SECRET = crypto.randomBytes(32).toString("base64url");
const MAX_FAILURES = 3;

type Instance = {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

let databaseName: string | undefined;
let databaseUrl: string;
let s3: FakeS3 | undefined;
let a: Instance;
let b: Instance;
const instances: Instance[] = [];
const dataDirs: string[] = [];
let admin: { email: string; cookie: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `node server.js` in production mode and waits until its /healthz answers 200. */
async function startInstance(name: string, bucketEnv: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `society-${name}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      APP_SECRET,
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      ...bucketEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (part: Buffer) => {
    output += part.toString();
  });
  child.stderr?.on("data", (part: Buffer) => {
    output += part.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const instance: Instance = { name, url, child, output: () => output, exited };
  instances.push(instance);

  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`instance ${name} exited before serving:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return instance;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance ${name} did not answer /healthz within 60 s:\n${output}`);
}

/** SIGTERM, then the exit code (SIGKILL after 15 s, answering null). */
async function stopInstance(instance: Instance) {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) {
    return instance.child.exitCode;
  }
  instance.child.kill("SIGTERM");
  const timer = setTimeout(() => instance.child.kill("SIGKILL"), 15_000);
  const code = await instance.exited;
  clearTimeout(timer);
  return code;
}

function call(instance: Instance, p: string, init: RequestInit = {}) {
  return fetch(instance.url + p, { redirect: "manual", ...init });
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

async function logInCookie(instance: Instance, email: string, password: string) {
  const res = await logIn(instance, email, password);
  const cookie = sidCookie(res);
  if (res.status !== 200 || !cookie) {
    throw new Error(`login on ${instance.name} answered ${res.status}: ${await res.text()}`);
  }
  return cookie;
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
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
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
    path.join(root, "node_modules/.bin/tsx"),
    ["scripts/admin-create.ts", "--email", email, "--password", PASSWORD, "--name", "관리자"],
    {
      cwd: root,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: dataDirs[0] },
    },
  );
  admin = { email, cookie: await logInCookie(a, email, PASSWORD) };
});

afterAll(async () => {
  const codes = await Promise.all(instances.map(stopInstance));
  await s3?.close();
  if (serverUrl && databaseName) {
    await withDatabase(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
    );
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  // Both shut down cleanly on SIGTERM.
  expect(codes).toEqual(instances.map(() => 0));
});

describe("two instances, one site", () => {
  it("both serve on their own ports from the same database", async () => {
    expect(a.url).not.toBe(b.url);
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

    const other = await logInCookie(b, admin.email, PASSWORD);
    expect((await getAs(a, "/api/auth/me", other)).status).toBe(200);
    expect((await postJson(b, "/api/auth/logout", undefined, other)).status).toBeLessThan(300);
    expect((await getAs(a, "/api/auth/me", other)).status).toBe(401);
    expect((await getAs(b, "/api/auth/me", other)).status).toBe(401);
    // The first session is untouched.
    expect((await getAs(a, "/api/auth/me", admin.cookie)).status).toBe(200);
  });

  it("an image uploaded through A is read through B with the same bytes", async () => {
    const { uploadURL, objectPath } = await uploadUrl(a, admin.cookie);
    expect(new URL(uploadURL).origin).toBe(a.url);
    const put = await putObject(uploadURL, PNG);
    expect(put.status).toBe(200);

    const res = await getAs(b, objectPath, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // It is in the shared bucket, not on either instance's disk.
    expect(await s3?.exists(objectPath.replace("/objects/", ""))).toBe(true);
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, "objects"))).toBe(false);
  });

  it("an upload URL signed by A is accepted by B (one APP_SECRET behind a load balancer)", async () => {
    const { uploadURL, objectPath } = await uploadUrl(a);
    const onB = new URL(uploadURL);
    onB.host = new URL(b.url).host;
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
