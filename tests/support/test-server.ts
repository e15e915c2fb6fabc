// Starts the production build in this test process on a random port, over real HTTP, with its own
// fresh database: an embedded PGlite in a temporary directory, or, when TEST_DATABASE_URL names a
// PostgreSQL server, a new database created on it for this test file and dropped afterwards.
// A test file takes its server with one call, `const server = setupTestServer(options)`.
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { rateLimits } from "~db/schema";
import { type Site, siteAt } from "./http";
import { freePort } from "./process";

type ServerEntry = {
  app: import("express").Express;
  ready: Promise<void>;
  shutdown: () => Promise<void>;
};

export type TestServer = Site & {
  kind: "pglite" | "postgres";
  db: import("~db/client.server").Database;
};

export type TestServerOptions = {
  /** The demo content and the demo administrator, made by the server on its first start. */
  seed?: boolean;
  /** Environment variables over the test defaults, read once when the build loads. */
  env?: Record<string, string>;
};

/** The run's migrated templates (tests/support/database-template.ts), when this project has them. */
function templates() {
  try {
    return { pglite: inject("pgliteTemplate"), postgres: inject("postgresTemplate") };
  } catch {
    return { pglite: undefined, postgres: undefined };
  }
}

async function createPostgresDatabase(baseUrl: string, template: string | undefined) {
  const name = `society_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // Two files copying the template at the same instant may find it "being accessed": retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
    }
  }
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

async function startTestServer(options: TestServerOptions) {
  const built = path.resolve("build/server/index.js");
  if (!fs.existsSync(built)) {
    throw new Error("No production build: run `npm run build` before the integration tests.");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-test-"));
  const template = templates();
  const postgres = process.env.TEST_DATABASE_URL
    ? await createPostgresDatabase(process.env.TEST_DATABASE_URL, template.postgres || undefined)
    : undefined;
  // A seeded embedded database is made by the server itself on first start (demo content and the
  // demo administrator), so only unseeded ones start from the migrated copy.
  if (!postgres && template.pglite && !options.seed) {
    fs.cpSync(template.pglite, path.join(dataDir, "db"), { recursive: true });
  }

  // The port is chosen before the app is loaded, so PUBLIC_URL (read once at load) is the real
  // address by default: upload URLs are built from it.
  const port = await freePort();
  const ownUrl = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    NODE_ENV: "production",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DATA_DIR: dataDir,
    SEED_DEMO: options.seed ? "1" : "0",
    DATABASE_URL: postgres?.url ?? "",
    PUBLIC_URL: ownUrl,
    // Test files sign up many doctors from one address; tests of this quota set it themselves.
    SIGNUP_UPLOADS_PER_IP_PER_HOUR: "100000",
    // Administrators work with the password alone unless a test is about the second factor.
    ADMIN_MFA_REQUIRED: "0",
    ...options.env,
  });

  const entry = (await import(/* @vite-ignore */ built)) as ServerEntry;
  await entry.ready;
  const { connect } = await import("~/db.server");
  const handle = await connect();
  if (postgres && options.seed) {
    const { seedDemoContent } = await import("~/features/demo/demo-content.server");
    const { seedDemoSociety } = await import("~/features/demo/demo-society.server");
    await seedDemoContent(handle.db);
    await seedDemoSociety(handle.db);
  }

  const server = entry.app.listen(port, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (baseUrl !== ownUrl) throw new Error(`listening on ${baseUrl}, expected ${ownUrl}`);
  process.env.PUBLIC_URL = baseUrl;

  return {
    ...siteAt(baseUrl),
    kind: handle.kind,
    db: handle.db,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await entry.shutdown();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies TestServer & { close: () => Promise<void> };
}

/** Fixture: forgets every rate-limit counter. */
export async function resetRateLimits(server: TestServer) {
  await server.db.delete(rateLimits);
}

/**
 * The test file's server, started before its first test and closed after its last. Every
 * rate-limit counter is forgotten before each test: a file signs up and logs in many doctors from
 * one address, and a test about a limit counts from zero. Options that depend on something the
 * file starts first (a fake S3, an SMTP peer, in a `beforeAll` registered before this call) come
 * as a function, called when the server starts. Hooks the file registers after this call run
 * after the start and, at the end, before the close (Vitest's default order of hooks: "stack").
 */
export function setupTestServer(
  options: TestServerOptions | (() => TestServerOptions | Promise<TestServerOptions>) = {},
): TestServer {
  let started: Awaited<ReturnType<typeof startTestServer>> | undefined;
  const current = () => {
    if (!started) throw new Error("The test server is not running: use it in a hook or a test.");
    return started;
  };
  beforeAll(async () => {
    started = await startTestServer(typeof options === "function" ? await options() : options);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  beforeEach(async () => {
    await resetRateLimits(current());
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get kind() {
      return current().kind;
    },
    get db() {
      return current().db;
    },
    fetch: (p, init) => current().fetch(p, init),
  };
}
