// Vitest global setup of the service tests: the migrations run into an in-memory PGlite that is
// dumped to a file; each test file's database is loaded from that dump (a few tens of
// milliseconds) instead of migrating its own (about two seconds). The dump is kept in
// node_modules/.cache under a hash of the migrations, so a run after an edit that added none
// starts from it at once.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { pgliteOptions } from "~db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump (tar) of a migrated in-memory PGlite database. */
    serviceDatabaseDump: string;
  }
}

/** A hash of every migration file's name and content. */
function migrationsHash(folder: string) {
  const hash = crypto.createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(folder, full)).update(fs.readFileSync(full));
    }
  };
  walk(folder);
  return hash.digest("hex").slice(0, 16);
}

export default async function setup(project: TestProject) {
  const migrations = path.resolve("db/migrations");
  const cache = path.resolve("node_modules/.cache/society-service-db");
  const file = path.join(cache, `migrated-${migrationsHash(migrations)}.tar`);
  if (!fs.existsSync(file)) {
    const client = new PGlite(pgliteOptions);
    await migrate(drizzle(client, { casing: "snake_case" }), { migrationsFolder: migrations });
    const dump = await client.dumpDataDir("none");
    await client.close();
    fs.mkdirSync(cache, { recursive: true });
    // Other dumps are of older migrations: only the current one is kept.
    for (const old of fs.readdirSync(cache)) fs.rmSync(path.join(cache, old), { force: true });
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  project.provide("serviceDatabaseDump", file);
}
