// The process's database, opened once from the environment. Kept on globalThis so development
// reloads (and any second copy of this module) reuse the same connection instead of opening the
// embedded database twice.
import { type DatabaseHandle, openDatabase } from "~db/client.server";
import { env } from "./env.server";

const key = Symbol.for("society.database");
type Holder = { [key]?: Promise<DatabaseHandle> };

export function connect(): Promise<DatabaseHandle> {
  const holder = globalThis as Holder;
  holder[key] ??= openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, namedReads: env.DATABASE_NAMED_READS }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  return holder[key];
}

export async function getDb() {
  return (await connect()).db;
}

/** See DatabaseHandle.writeGeneration: null with PostgreSQL, where nothing read may be kept. */
export async function writeGeneration() {
  return (await connect()).writeGeneration();
}

export async function disconnect() {
  const holder = globalThis as Holder;
  const handle = holder[key];
  delete holder[key];
  if (handle) await (await handle).close();
}

/**
 * The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, with the columns as the
 * database names them (snake_case) and without Drizzle's mapping.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
