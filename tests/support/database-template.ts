// Vitest global setup of the integration tests: one migrated database per run, copied by each test
// file instead of migrating its own (a PGlite boot and migration costs about 2 s a file, a copy of
// the migrated directory a fraction of that). PGlite: a migrated data directory in a temporary
// folder. PostgreSQL (TEST_DATABASE_URL): a migrated template database that each file's
// `CREATE DATABASE … TEMPLATE` copies.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (its `db/` folder) to copy. */
    pgliteTemplate: string;
    /** The name of a migrated PostgreSQL template database, or "" without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "society-template-"));
  const pglite = await openDatabase({ kind: "pglite", dataDir: folder });
  await pglite.migrate();
  await pglite.close();
  project.provide("pgliteTemplate", path.join(folder, "db"));

  const baseUrl = process.env.TEST_DATABASE_URL;
  let template = "";
  if (baseUrl) {
    template = `society_template_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${template}`;
    const postgres = await openDatabase({ kind: "postgres", url: url.toString() });
    await postgres.migrate();
    await postgres.close();
  }
  project.provide("postgresTemplate", template);

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (baseUrl && template) {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    }
  };
}
