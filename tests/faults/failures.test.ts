// A failing storage driver or database answers a clean error (JSON with a Korean message, no
// stack, no crash) and leaves no half-saved record; the server keeps serving and recovers.
// Storage: DATA_DIR/objects is made unusable for the local driver. Database: the server talks to
// a real PostgreSQL (TEST_DATABASE_URL, else the machine's local one) through a TCP proxy in this
// test that cuts the connection carrying a chosen statement, or every connection (an outage).
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteOptions } from "~db/client.server";
import {
  cleanUp,
  getWith,
  HANGUL,
  login,
  putObject,
  requestSignupUpload,
  runScript,
  sendJson,
  signupFields,
  startServer,
  tempDir,
} from "../support/process";

afterAll(cleanUp);

/** A clean error answer: 5xx, JSON, a Korean message, nothing of the server's insides. */
async function expectCleanServerError(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBeGreaterThanOrEqual(500);
  expect(res.status, text).toBeLessThan(600);
  expect(res.headers.get("content-type") ?? "").toMatch(/application\/json/);
  const body = JSON.parse(text) as { message?: string };
  expect(body.message ?? "").toMatch(HANGUL);
  expect(text).not.toMatch(/\bat .+\(.+:\d+:\d+\)|ENOTDIR|EEXIST|ECONN|Error:|stack/i);
}

/** Every file under `dir` (relative paths), or [] when it is not a directory. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    fs.statSync(path.join(dir, name)).isFile(),
  );
}

/**
 * What an answer looks like, in a few words: "5xx json korean", "200 json", "5xx html korean",
 * "no answer" (connection refused or cut: a crash), with " LEAK" when it shows a stack or an
 * error's own text.
 */
async function classify(pending: Promise<Response>): Promise<string> {
  let res: Response;
  try {
    res = await pending;
  } catch {
    return "no answer";
  }
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  const kind = type.includes("json") ? "json" : type.includes("html") ? "html" : type || "untyped";
  const status = res.status >= 500 ? "5xx" : String(res.status);
  const korean = HANGUL.test(text) ? " korean" : "";
  // React Router's hydration data names a server error "Unexpected Server Error"; the page a
  // person reads must not.
  const shown = text.replace(/<script[\s\S]*?<\/script>/g, "");
  const leak =
    /\bat .+:\d+:\d+|Error:|ECONN|terminated unexpectedly/.test(text) ||
    /Unexpected Server Error/.test(shown)
      ? " LEAK"
      : "";
  return `${status} ${kind}${korean}${leak}`;
}

const idOf = (objectPath: string) => objectPath.replace("/objects/", "");

describe("a failing storage driver", () => {
  it("answers a clean 5xx to the upload and saves no stored_objects row", async () => {
    const dataDir = tempDir();
    const server = await startServer({ dataDir });
    // The local driver keeps files under DATA_DIR/objects: a plain file there makes every write
    // fail (mkdir answers ENOTDIR/EEXIST), like a full or read-only volume would.
    const objects = path.join(dataDir, "objects");
    fs.writeFileSync(objects, "not a directory");

    const failed = await requestSignupUpload(server.baseUrl);
    await expectCleanServerError(await putObject(failed.uploadURL));
    expect(server.child.exitCode).toBeNull();
    expect((await getWith(`${server.baseUrl}/healthz`)).status).toBe(200);

    // Storage back: a new upload works, so the server was not left in a bad state.
    fs.rmSync(objects);
    const stored = await requestSignupUpload(server.baseUrl);
    const ok = await putObject(stored.uploadURL);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toEqual({ objectPath: stored.objectPath });
    expect((await server.stop()).code).toBe(0);

    const db = new PGlite(path.join(dataDir, "db"), pgliteOptions);
    try {
      const rows = await db.query<{ id: string }>("select id from stored_objects order by id");
      expect(rows.rows.map((row) => row.id)).toEqual([idOf(stored.objectPath)]);
    } finally {
      await db.close();
    }
    const id = idOf(stored.objectPath);
    expect(filesUnder(objects)).toEqual([path.join(id.slice(0, 2), id)]);
  });
});

// ---------------------------------------------------------------------------------------------

type Proxy = {
  port: number;
  /** Cuts (once) the connection whose client sends `statement` (lower case), before it arrives. */
  cutOn: (statement: string) => void;
  /** How many connections were cut by `cutOn`. */
  hits: () => number;
  /** Down: every open connection is cut and new ones are closed at once. Up: normal again. */
  outage: (down: boolean) => void;
  close: () => Promise<void>;
};

/** A TCP proxy to PostgreSQL that fails on command. */
async function faultyProxy(target: { host: string; port: number }): Promise<Proxy> {
  let trigger: string | null = null;
  let hits = 0;
  let down = false;
  const pairs = new Set<{ kill: () => void }>();
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(target);
    const pair = {
      kill: () => {
        client.destroy();
        upstream.destroy();
        pairs.delete(pair);
      },
    };
    pairs.add(pair);
    let tail = "";
    client.on("data", (chunk: Buffer) => {
      if (trigger) {
        const text = (tail + chunk.toString("latin1")).toLowerCase();
        if (text.includes(trigger)) {
          trigger = null;
          hits += 1;
          return pair.kill();
        }
        tail = text.slice(-trigger.length);
      }
      if (!upstream.destroyed) upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on("error", pair.kill);
      socket.on("close", pair.kill);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cutOn: (statement) => {
      trigger = statement.toLowerCase();
    },
    hits: () => hits,
    outage: (value) => {
      down = value;
      if (value) for (const pair of [...pairs]) pair.kill();
    },
    close: async () => {
      for (const pair of [...pairs]) pair.kill();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const POSTGRES = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const ADMIN = { email: "faults-admin@example.com", password: "fault-admin-pass-9" };

describe("a failing database (PostgreSQL behind a proxy that cuts connections)", () => {
  const name = `society_faults_${crypto.randomBytes(6).toString("hex")}`;
  const direct = new URL(POSTGRES);
  direct.pathname = `/${name}`;
  let proxy: Proxy;
  let proxied: string;
  let sql: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    proxy = await faultyProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const url = new URL(direct);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    proxied = url.toString();
    // Migrations and an administrator, the way an operator sets up a PostgreSQL deployment.
    const created = await runScript(
      "admin-create.ts",
      ["--email", ADMIN.email, "--password", ADMIN.password, "--name", "관리자"],
      tempDir(),
      { DATABASE_URL: direct.toString() },
    );
    expect(created.code, created.stderr).toBe(0);
    sql = new pg.Client({ connectionString: direct.toString() });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await proxy?.close();
    await cleanUp();
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const start = () => startServer({ dataDir: tempDir(), env: { DATABASE_URL: proxied } });

  it("an upload whose database insert fails: clean 5xx, no row and no file left", async () => {
    const server = await start();
    const grant = await requestSignupUpload(server.baseUrl);
    const id = idOf(grant.objectPath);
    proxy.cutOn('insert into "stored_objects"');
    await expectCleanServerError(await putObject(grant.uploadURL));
    expect(proxy.hits()).toBe(1);
    expect(server.child.exitCode).toBeNull();

    const rows = await sql.query("select 1 from stored_objects where id = $1", [id]);
    expect(rows.rowCount).toBe(0);
    expect(filesUnder(path.join(server.dataDir, "objects"))).toEqual([]);

    // Nothing half-done blocks a retry of the same upload URL.
    const retry = await putObject(grant.uploadURL);
    expect(retry.status, await retry.clone().text()).toBe(200);
    expect((await sql.query("select 1 from stored_objects where id = $1", [id])).rowCount).toBe(1);
    expect((await getWith(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await server.stop()).code).toBe(0);
  });

  it("a sign-up cut in the middle of its transaction: clean 5xx, no account, image unclaimed", async () => {
    const server = await start();
    const grant = await requestSignupUpload(server.baseUrl);
    expect((await putObject(grant.uploadURL)).status).toBe(200);
    const fields = signupFields(grant.objectPath);

    // The account row is inserted, then the connection dies on the licence image's claim.
    proxy.cutOn('update "stored_objects"');
    const cut = await sendJson(`${server.baseUrl}/api/auth/register`, fields).catch((error) => {
      throw new Error(`no answer (${error}); the server said:\n${server.stderr().slice(0, 1500)}`);
    });
    await expectCleanServerError(cut);
    expect(proxy.hits()).toBe(2);
    expect(server.child.exitCode).toBeNull();
    const users = await sql.query("select 1 from users where email = $1", [fields.email]);
    expect(users.rowCount).toBe(0);
    const image = await sql.query<{ owner_id: string | null; claimed_at: Date | null }>(
      "select owner_id, claimed_at from stored_objects where id = $1",
      [idOf(grant.objectPath)],
    );
    expect(image.rows).toEqual([{ owner_id: null, claimed_at: null }]);

    // The same sign-up goes through once the database is reachable: nothing half-saved is in its way.
    const again = await sendJson(`${server.baseUrl}/api/auth/register`, fields);
    expect(again.status, await again.clone().text()).toBe(201);
    const { id } = (await again.json()) as { id: string };
    const claimed = await sql.query<{ owner_id: string }>(
      "select owner_id from stored_objects where id = $1",
      [idOf(grant.objectPath)],
    );
    expect(claimed.rows).toEqual([{ owner_id: id }]);
    expect((await server.stop()).code).toBe(0);
  });

  it("an announcement whose insert fails: clean 5xx, no row; the next try saves exactly one", async () => {
    const server = await start();
    const cookie = await login(server.baseUrl, ADMIN.email, ADMIN.password);
    const title = `끊긴 연결 ${crypto.randomBytes(4).toString("hex")}`;
    const input = { title, content: "<p>x</p>", category: "공지" };
    proxy.cutOn('insert into "announcements"');
    await expectCleanServerError(
      await sendJson(`${server.baseUrl}/api/announcements`, input, { cookie }),
    );
    expect(proxy.hits()).toBe(3);
    expect(
      (await sql.query("select 1 from announcements where title = $1", [title])).rowCount,
    ).toBe(0);
    const again = await sendJson(`${server.baseUrl}/api/announcements`, input, { cookie });
    expect(again.status, await again.clone().text()).toBe(201);
    expect(
      (await sql.query("select 1 from announcements where title = $1", [title])).rowCount,
    ).toBe(1);
    expect((await server.stop()).code).toBe(0);
  });

  it("a dashboard tab whose read fails: the office's card in Korean, the admin menu kept", async () => {
    const server = await start();
    const cookie = await login(server.baseUrl, ADMIN.email, ADMIN.password);
    const before = proxy.hits();
    proxy.cutOn('from "executives"');
    const res = await getWith(`${server.baseUrl}/admin/dashboard?tab=executives`, cookie);
    expect(proxy.hits()).toBe(before + 1);
    expect(res.status).toBe(500);
    const shown = (await res.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).toContain("데이터를 불러오지 못했습니다");
    expect(shown).toContain("잠시 후 다시 시도해주세요.");
    expect(shown).toContain('aria-label="관리자 메뉴"');
    expect(shown).not.toMatch(/Unexpected|Server Error|Error:/);
    // The next look reads the tab: nothing of the failure was kept.
    const again = await getWith(`${server.baseUrl}/admin/dashboard?tab=executives`, cookie);
    expect(again.status).toBe(200);
    expect((await server.stop()).code).toBe(0);
  });

  it("a database outage: the server stays up, answers clean errors, and recovers by itself", async () => {
    const server = await start();
    const cookie = await login(server.baseUrl, ADMIN.email, ADMIN.password);
    // Warm the pool: several open connections that the outage will cut while they sit idle.
    await Promise.all(
      Array.from({ length: 6 }, () => getWith(`${server.baseUrl}/api/announcements`)),
    );

    proxy.outage(true);
    let answers: Record<string, string>;
    try {
      await sleep(500);
      const post = { title: "장애 중", content: "<p>x</p>", category: "공지" };
      answers = {
        "GET /healthz": await classify(getWith(`${server.baseUrl}/healthz`)),
        "POST /api/announcements": await classify(
          sendJson(`${server.baseUrl}/api/announcements`, post, { cookie }),
        ),
        "POST /api/auth/login": await classify(sendJson(`${server.baseUrl}/api/auth/login`, ADMIN)),
        "GET /api/announcements": await classify(getWith(`${server.baseUrl}/api/announcements`)),
        "GET /announcements": await classify(getWith(`${server.baseUrl}/announcements`)),
        "GET /admin/dashboard": await classify(
          getWith(`${server.baseUrl}/admin/dashboard`, cookie),
        ),
        "GET /admin/members": await classify(getWith(`${server.baseUrl}/admin/members`, cookie)),
      };
    } finally {
      proxy.outage(false);
    }
    expect(server.child.exitCode, `the server died:\n${server.stderr().slice(0, 1500)}`).toBeNull();
    expect(answers).toEqual({
      "GET /healthz": "5xx json",
      "POST /api/announcements": "5xx json korean",
      "POST /api/auth/login": "5xx json korean",
      "GET /api/announcements": "5xx json korean",
      "GET /announcements": "5xx html korean",
      "GET /admin/dashboard": "5xx html korean",
      "GET /admin/members": "5xx html korean",
    });

    let healthy = false;
    for (let i = 0; i < 50 && !healthy; i++) {
      healthy = (await getWith(`${server.baseUrl}/healthz`)).status === 200;
      if (!healthy) await sleep(200);
    }
    expect(healthy).toBe(true);
    const after = await sendJson(
      `${server.baseUrl}/api/announcements`,
      { title: "복구됨", content: "<p>x</p>", category: "공지" },
      { cookie },
    );
    expect(after.status).toBe(201);
    expect((await sql.query("select 1 from announcements where title = '장애 중'")).rowCount).toBe(
      0,
    );
    // The visitor's page is whole again: no error page was kept by the page cache.
    const page = await getWith(`${server.baseUrl}/announcements`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("복구됨");
    expect((await server.stop()).code).toBe(0);
  });
});
