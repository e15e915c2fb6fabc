// npm run db:restore -- --from FILE [--force]
// Restores a backup made by db:backup into DATA_DIR: the embedded database and the uploaded
// files. DATA_DIR must be empty (or --force replaces what is there). Stop the server first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { env } from "~/env.server";
// Also sets umask 077 on import (before the body below creates any file).
import { tightenDataDir } from "~/lib/private-files.server";
import { pgliteOptions } from "~db/client.server";

const { values } = parseArgs({
  options: { from: { type: "string" }, force: { type: "boolean", default: false } },
});

try {
  if (!values.from) throw new Error("name the backup: --from FILE");
  const from = path.resolve(values.from);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "society-restore-"));
  await tar.extract({ file: from, cwd: work });
  const dbDir = path.join(env.DATA_DIR, "db");
  const occupied = fs.existsSync(dbDir) || fs.existsSync(path.join(env.DATA_DIR, "objects"));
  if (occupied && !values.force) {
    throw new Error(`${env.DATA_DIR} already holds data; use --force to replace it`);
  }
  if (fs.existsSync(path.join(env.DATA_DIR, "db.lock"))) {
    const pid = Number.parseInt(fs.readFileSync(path.join(env.DATA_DIR, "db.lock"), "utf8"), 10);
    try {
      process.kill(pid, 0);
      throw new Error(`The embedded database is in use by process ${pid}. Stop the server first.`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    }
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const dump = path.join(work, "pglite.tar.gz");
  if (fs.existsSync(dump)) {
    fs.rmSync(dbDir, { recursive: true, force: true });
    const db = new PGlite(dbDir, {
      ...pgliteOptions,
      loadDataDir: new Blob([fs.readFileSync(dump)]),
    });
    await db.waitReady;
    await db.close();
  }
  for (const name of ["objects", "app-secret"]) {
    const source = path.join(work, name);
    const target = path.join(env.DATA_DIR, name);
    if (!fs.existsSync(source)) continue;
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(source, target, { recursive: true });
  }
  fs.rmSync(work, { recursive: true, force: true });
  // PGlite sets its files' modes itself (db/client.server.ts): keep them the user's alone.
  tightenDataDir(env.DATA_DIR);
  console.log(`Restored ${from} into ${env.DATA_DIR}`);
} catch (error) {
  console.error(`db:restore: ${(error as Error).message}`);
  process.exitCode = 1;
}
