import { getDb } from "~/db.server";
import type { Database } from "~db/client.server";

// Drizzle builds a query's SQL text anew on every call: it walks the query's parts, checks each
// one's kind (`is`) and joins the pieces. For a page that reads ten times that was 12–17 % of its
// server CPU (profiled, docs/performance.md). A read built once with placeholders
// (`sql.placeholder("id")`) and Drizzle's `.prepare()` is only given its values afterwards. The
// statement is then prepared once by the database too: on PostgreSQL under its name, on the
// embedded database as every plain read is (db/prepared-statements.server.ts).
//
// Only for reads outside a transaction (the query belongs to the process's database, not to a
// transaction's), and not for text searches, whose plan must see the pattern.

type Prepared<Result> = { execute(values?: Record<string, unknown>): Promise<Result> };

const names = new Set<string>();

/**
 * A read built once per database handle: `builtOnce("name", (db) => db.select()…)` gives a
 * function of the placeholders' values. Names are the statement's name on PostgreSQL, so each is
 * used once.
 */
export function builtOnce<Result, Values extends Record<string, unknown>>(
  name: string,
  build: (db: Database) => { prepare(name: string): Prepared<Result> },
): (values: Values) => Promise<Result> {
  if (names.has(name)) throw new Error(`builtOnce: the name ${name} is used twice`);
  names.add(name);
  // Per handle: tests and a restore close the database and open another.
  const kept = new WeakMap<Database, Prepared<Result>>();
  return async (values) => {
    const db = await getDb();
    let query = kept.get(db);
    if (!query) {
      query = build(db).prepare(name);
      kept.set(db, query);
    }
    return query.execute(values);
  };
}
