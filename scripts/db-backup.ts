// npm run db:backup [-- --out FILE]
// Backs up the embedded database (a PGlite data-directory dump) and the uploaded files into one
// .tar.gz. Stop the server first: the embedded database belongs to one process at a time. For
// PostgreSQL use pg_dump (docs/operations.md); this command then backs up the files only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { env } from "~/env.server";
// Also sets umask 077 on import (before the body below creates any file).
import { tightenDataDir } from "~/lib/private-files.server";
import { DatabaseLockedError, pgliteOptions } from "~db/client.server";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const out = path.resolve(values.out ?? path.join("backups", `society-${stamp}.tar.gz`));

function lockedBy(dir: string) {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dir, "db.lock"), "utf8"), 10);
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

try {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "society-backup-"));
  const manifest: Record<string, unknown> = { createdAt: new Date().toISOString(), version: 1 };
  if (!env.DATABASE_URL) {
    const owner = lockedBy(env.DATA_DIR);
    if (owner) {
      throw new DatabaseLockedError(
        `The embedded database is in use by process ${owner}. Stop the server, then back up.`,
      );
    }
    const db = new PGlite(path.join(env.DATA_DIR, "db"), pgliteOptions);
    await db.waitReady;
    const dump = await db.dumpDataDir("gzip");
    await db.close();
    // PGlite sets its files' modes itself (db/client.server.ts): keep them the user's alone.
    tightenDataDir(path.join(env.DATA_DIR, "db"));
    fs.writeFileSync(path.join(work, "pglite.tar.gz"), Buffer.from(await dump.arrayBuffer()));
    manifest.database = "pglite.tar.gz";
  } else {
    manifest.database = "postgres: back up with pg_dump (docs/operations.md)";
  }
  for (const name of ["objects", "app-secret"]) {
    const source = path.join(env.DATA_DIR, name);
    if (fs.existsSync(source)) fs.cpSync(source, path.join(work, name), { recursive: true });
  }
  fs.writeFileSync(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await tar.create({ gzip: true, file: out, cwd: work }, fs.readdirSync(work));
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`Backup written to ${out}`);
} catch (error) {
  console.error(`db:backup: ${(error as Error).message}`);
  process.exitCode = 1;
}
