// The process's database, opened once from the environment. Kept on globalThis so development
// reloads (and any second copy of this module) reuse the same connection instead of opening the
// embedded database twice.
import { getTableColumns, type Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
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

/**
 * A table's row from the JSON a PL/pgSQL function answered with (`row_to_json`), mapped as Drizzle
 * maps a selected row: the columns by their property names, timestamps as dates.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    // Named by the key unless the schema names the column (the database's casing is snake_case).
    const value = json[column.keyAsName ? toSnakeCase(key) : column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
