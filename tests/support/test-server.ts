// Starts the production build in this test process on a random port, over real HTTP, with its own
// fresh database: an embedded PGlite in a temporary directory, or, when TEST_DATABASE_URL names a
// PostgreSQL server, a new database created on it for this test file and dropped afterwards.
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

type ServerEntry = {
  app: import("express").Express;
  ready: Promise<void>;
  shutdown: () => Promise<void>;
};

export type TestServer = {
  baseUrl: string;
  kind: "pglite" | "postgres";
  db: import("../../db/client.server").Database;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

async function createPostgresDatabase(baseUrl: string) {
  const name = `society_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function startTestServer(
  options: { seed?: boolean; env?: Record<string, string> } = {},
) {
  const built = path.resolve("build/server/index.js");
  if (!fs.existsSync(built)) {
    throw new Error("No production build: run `npm run build` before the integration tests.");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-test-"));
  const postgres = process.env.TEST_DATABASE_URL
    ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
    : undefined;

  Object.assign(process.env, {
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    SEED_DEMO: options.seed ? "1" : "0",
    DATABASE_URL: postgres?.url ?? "",
    PUBLIC_URL: "",
    ...options.env,
  });

  const entry = (await import(/* @vite-ignore */ built)) as ServerEntry;
  await entry.ready;
  const { connect } = await import("~/db.server");
  const handle = await connect();
  if (postgres && options.seed) {
    const { seedDemoContent } = await import("~/features/society/demo-content.server");
    await seedDemoContent(handle.db);
  }

  const server = entry.app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PUBLIC_URL = baseUrl;

  return {
    baseUrl,
    kind: handle.kind,
    db: handle.db,
    fetch: (p, init) => fetch(baseUrl + p, { redirect: "manual", ...init }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await entry.shutdown();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies TestServer;
}
