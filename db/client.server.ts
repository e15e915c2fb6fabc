// One database client for the whole process: PGlite in DATA_DIR/db by default, PostgreSQL through
// `pg` when DATABASE_URL is set. Both speak the same schema and the same migrations.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** True when the embedded database directory did not exist before this process opened it. */
  fresh: boolean;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  | { kind: "memory" };

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

export class DatabaseLockedError extends Error {}

/**
 * PGlite is a single-process database: two processes writing one directory corrupt it. A lock
 * file with the owner's pid makes a second process fail fast; a lock left by a dead process
 * (SIGKILL, power loss) is taken over.
 */
function acquireLock(lockFile: string) {
  try {
    const owner = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseLockedError(
        `The embedded database in ${path.dirname(lockFile)} is in use by process ${owner}. ` +
          "Stop that server first, or point DATABASE_URL at PostgreSQL to run several processes.",
      );
    }
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      fresh: false,
      migrate: async () => {
        await migratePg(drizzlePg(pool, { casing: "snake_case" }), { migrationsFolder });
      },
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  let fresh = true;
  let lockFile: string | undefined;
  if (options.kind === "pglite") {
    const dir = path.join(options.dataDir, "db");
    fs.mkdirSync(options.dataDir, { recursive: true });
    lockFile = path.join(options.dataDir, "db.lock");
    acquireLock(lockFile);
    fresh = !fs.existsSync(path.join(dir, "PG_VERSION"));
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    fresh,
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { casing: "snake_case" }), { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
      if (lockFile) fs.rmSync(lockFile, { force: true });
    },
  };
}
