// One server on every core: on PostgreSQL, `node server.js` runs WEB_CONCURRENCY
// serving processes (default: one per core) that share the port. Each answers, a session started
// through one is valid on the others, a serving process that dies is replaced, and SIGTERM stops
// them all cleanly. Needs TEST_DATABASE_URL, like the two-instance tests.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanUp, type ServerProcess, startServer, tempDir } from "../support/process";

const serverUrl = process.env.TEST_DATABASE_URL;
let databaseName: string | undefined;
let server: ServerProcess;

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The serving processes the primary started (its child processes). */
function workers(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

beforeAll(async () => {
  if (!serverUrl) throw new Error("The cluster test needs TEST_DATABASE_URL (PostgreSQL).");
  databaseName = `society_cluster_${crypto.randomBytes(6).toString("hex")}`;
  await onServer(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  server = await startServer({
    dataDir: tempDir("society-cluster-"),
    env: { DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2" },
  });
});

afterAll(async () => {
  await cleanUp();
  if (databaseName) await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

it("runs WEB_CONCURRENCY serving processes that answer on one port, and replaces one that dies", async () => {
  expect(workers(server.pid)).toHaveLength(2);
  const answers = await Promise.all(
    Array.from({ length: 40 }, () => fetch(`${server.baseUrl}/healthz`).then((r) => r.status)),
  );
  expect(answers.every((status) => status === 200)).toBe(true);

  const [victim] = workers(server.pid);
  process.kill(victim!, "SIGKILL");
  let replaced: number[] = [];
  for (let i = 0; i < 100 && !(replaced.length === 2 && !replaced.includes(victim!)); i++) {
    await sleep(100);
    replaced = workers(server.pid);
  }
  expect(replaced).toHaveLength(2);
  expect(replaced).not.toContain(victim);
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${server.baseUrl}/healthz`).catch(() => null);
    if (res?.status === 200) break;
    await sleep(100);
  }
  const home = await fetch(`${server.baseUrl}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("<html");
}, 60_000);

it("stops every serving process on SIGTERM, exiting 0", async () => {
  const children = workers(server.pid);
  expect(children).toHaveLength(2);
  const exit = await server.stop("SIGTERM");
  expect(exit).toEqual({ code: 0, signal: null });
  await sleep(200);
  for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
}, 60_000);

it("gives up, exiting non-zero, when the serving processes cannot start", async () => {
  const unreachable = await startServer({
    dataDir: tempDir("society-cluster-down-"),
    env: { DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", WEB_CONCURRENCY: "2" },
    waitReady: false,
  });
  const exit = await unreachable.exited;
  expect(exit.code).not.toBe(0);
  expect(unreachable.stderr()).toContain("failed to start");

  const invalid = await startServer({
    dataDir: tempDir("society-cluster-bad-"),
    env: { DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", WEB_CONCURRENCY: "many" },
    waitReady: false,
  });
  expect((await invalid.exited).code).toBe(1);
  expect(invalid.stderr()).toContain("WEB_CONCURRENCY must be a whole number");
}, 90_000);
