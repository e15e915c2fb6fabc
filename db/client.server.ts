// One database client for the whole process: PGlite in DATA_DIR/db by default, PostgreSQL through
// `pg` when DATABASE_URL is set. Both speak the same schema and the same migrations.
import fs from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { tightenDataDir } from "../app/lib/private-files.server";
import { nameReadsOnPostgres, prepareStatements } from "./prepared-statements.server";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** True when the embedded database directory did not exist before this process opened it. */
  fresh: boolean;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * The embedded database only (null with PostgreSQL): a counter that moves around every
   * statement that may write. This process is that database's only client (see acquireLock), so
   * what was read while the counter stood still is still what the database holds; the session
   * lookup and the page cache's content version keep what they read until it moves. PostgreSQL
   * has other writers (the other instances, psql), so there every request asks the database.
   */
  writeGeneration: () => number | null;
};

export type DatabaseOptions =
  | {
      kind: "postgres";
      url: string;
      /** Plain reads as named statements (default); off behind a pooler that cannot keep them. */
      namedReads?: boolean;
    }
  | { kind: "pglite"; dataDir: string }
  /** In memory, empty or loaded from a dump of a migrated database (the service tests). */
  | { kind: "memory"; from?: Blob };

/** The extensions the migrations create (PostgreSQL ships them as contrib modules). */
export const pgliteOptions: PGliteOptions = { extensions: { pg_trgm } };

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

export class DatabaseLockedError extends Error {}

/**
 * PGlite is a single-process database: two processes writing one directory corrupt it. A lock
 * file with the owner's pid makes a second process fail fast; a lock left by a dead process
 * (SIGKILL, power loss) is taken over.
 */
function acquireLock(lockFile: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Created exclusively: of two processes starting together, only one gets it.
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
    if (owner === process.pid) return;
    if (owner && isAlive(owner)) {
      throw new DatabaseLockedError(
        `The embedded database in ${path.dirname(lockFile)} is in use by process ${owner}. ` +
          "Stop that server first, or point DATABASE_URL at PostgreSQL to run several processes.",
      );
    }
    // Left by a process that died (SIGKILL, power loss): take it over.
    fs.rmSync(lockFile, { force: true });
  }
  throw new DatabaseLockedError(
    `Could not lock the embedded database in ${path.dirname(lockFile)}.`,
  );
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
    // A connection lives an hour at most: the statements it prepared (named reads, below) end
    // with it, so their number stays bounded however long the server runs.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, maxLifetimeSeconds: 3600 });
    // A lost connection (restart, failover) must fail the request using it, not crash the
    // process: without listeners, pg's 'error' events are unhandled.
    const onError = (error: Error) =>
      console.error(`PostgreSQL connection error: ${error.message}`);
    pool.on("error", onError);
    pool.on("connect", (client) => client.on("error", onError));
    if (options.namedReads !== false) nameReadsOnPostgres(pool);
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      fresh: false,
      migrate: async () => {
        // Instances starting together take turns under an advisory lock held by one connection:
        // the first applies the migrations, the others then find nothing left to apply.
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock(hashtext('society:migrations'))");
          try {
            await migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder });
          } finally {
            await client.query("SELECT pg_advisory_unlock(hashtext('society:migrations'))");
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
      writeGeneration: () => null,
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
    client = new PGlite(dir, pgliteOptions);
  } else {
    client = new PGlite({ ...pgliteOptions, loadDataDir: options.from });
  }
  await client.waitReady;
  prepareStatements(client);
  dropPerQueryParsers(client);
  // PGlite's file system (Emscripten's NODEFS) sets file modes itself with chmod, 0666 or 0644,
  // whatever the process's umask. Its directory is 0700, so nobody else can reach the files
  // anyway; their own modes are corrected after each step that creates many of them (opening a
  // new database, migrating) and on close, so none stays loose past a clean stop.
  const tighten = () => {
    if (options.kind === "pglite") tightenDataDir(path.join(options.dataDir, "db"));
  };
  tighten();
  const generation = countWrites(client);
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    writeGeneration: () => generation.value,
    fresh,
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { casing: "snake_case" }), { migrationsFolder });
      tighten();
    },
    close: async () => {
      if (!client.closed) await client.close();
      tighten();
      if (lockFile) fs.rmSync(lockFile, { force: true });
    },
  };
}

/**
 * Drizzle's PGlite driver passes these parsers with every query (it reads dates and intervals
 * from their text itself), and PGlite 0.5 copies its whole table of ≈ 350 parsers to merge them
 * in, per query: 0.14 ms of CPU each time, about an eighth of a member record's CPU. The client
 * is given them once instead, and `dropPerQueryParsers` leaves them out of each query. (Once it
 * is ready: the array parsers it makes while starting would replace these for the array types.)
 */
const keepText = (value: string) => value;
const DRIZZLE_PARSERS: NonNullable<PGliteOptions["parsers"]> = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231, // numeric[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1182, // date[]
  ].map((oid) => [oid, keepText]),
);

type QueryOptions = { parsers?: Record<number, unknown> } | undefined;

/** The options without per-query parsers when the client already has them all; else as given. */
function withoutKnownParsers(options: QueryOptions) {
  if (!options?.parsers) return options;
  for (const oid of Object.keys(options.parsers)) {
    if (!(oid in DRIZZLE_PARSERS)) return options;
  }
  const { parsers: _same, ...rest } = options;
  return rest;
}

function dropPerQueryParsers(client: PGlite) {
  client.parsers = { ...client.parsers, ...DRIZZLE_PARSERS };
  const wrap = <T extends Pick<PGlite, "query">>(target: T) => {
    const query = target.query.bind(target) as (...args: unknown[]) => Promise<unknown>;
    target.query = ((sql: string, params?: unknown[], options?: QueryOptions) =>
      query(sql, params, withoutKnownParsers(options))) as T["query"];
    return target;
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite["transaction"]>[0]) =>
    transaction((tx) => callback(wrap(tx)))) as PGlite["transaction"];
}

/** A plain SELECT (what Drizzle's selects and our raw reads start with) writes nothing. */
const READ_ONLY = /^\s*select\b/i;

/**
 * Starts a SELECT of a function that writes (a PL/pgSQL function such as `take_seminar_seat`): it
 * is counted as the write it is, and flushed to disk as writes are.
 */
export const CALLS_A_WRITING_FUNCTION = "/* writes */";

/**
 * Starts a statement that writes only what no kept read depends on, so the counter stays put.
 * Without it, every other member's session and the page cache's version would be read again
 * after each of these frequent writes:
 * - the session's idle-expiry touch (features/accounts/session.server.ts), once a minute per
 *   active member; it updates its own kept copy;
 * - the mail worker's claims and sent marks (features/mail/mail.server.ts), which write only
 *   `mail_queue`: a poll every 15 s, and one mark per message of a bulk approval's mail.
 */
export const KEEPS_KEPT_READS = "/* keeps kept reads */";

/**
 * Moves a counter before and after every statement that is not a plain SELECT and around every
 * transaction (Drizzle sends everything through `query` and `transaction`): a reader that noted
 * the counter before its query can tell afterwards whether a write may have come between.
 */
let handlesOpened = 0;

function countWrites(client: PGlite) {
  // Each database opened in this process counts in its own range, so a read kept for one (a test
  // server closed, another opened) can never pass for the next one's at the same count.
  handlesOpened += 1;
  const generation = { value: handlesOpened * 2 ** 40 };
  const query = client.query.bind(client);
  client.query = (async (sql: string, ...rest: unknown[]) => {
    const writes = !READ_ONLY.test(sql) && !sql.startsWith(KEEPS_KEPT_READS);
    if (writes) generation.value++;
    try {
      return await (query as (...args: unknown[]) => Promise<unknown>)(sql, ...rest);
    } finally {
      if (writes) generation.value++;
    }
  }) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<PGlite["transaction"]>[0]) => {
    generation.value++;
    try {
      return await transaction(callback);
    } finally {
      generation.value++;
    }
  }) as PGlite["transaction"];
  const exec = client.exec.bind(client);
  client.exec = (async (...args: Parameters<PGlite["exec"]>) => {
    generation.value++;
    try {
      return await exec(...args);
    } finally {
      generation.value++;
    }
  }) as PGlite["exec"];
  return generation;
}
