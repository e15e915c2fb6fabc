// Setup of every service test file: the environment a server would read, and this file's own
// in-memory database loaded from the run's migrated dump, installed where `getDb()` finds it.
// Nothing is built and no server listens: the tests call the services from the sources.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-service-data-"));
Object.assign(process.env, {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  SEED_DEMO: "0",
  PUBLIC_URL: "http://127.0.0.1:3999",
  APP_SECRET: "service-tests-secret-0123456789abcdef0123456789",
  ADMIN_MFA_REQUIRED: "0",
});

const { openDatabase } = await import("~db/client.server");
const dump = fs.readFileSync(inject("serviceDatabaseDump"));
const handle = openDatabase({ kind: "memory", from: new Blob([dump]) });
// The holder app/db.server.ts reads (see connect()).
(globalThis as Record<symbol, unknown>)[Symbol.for("society.database")] = handle;

afterAll(async () => {
  await (await handle).close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
