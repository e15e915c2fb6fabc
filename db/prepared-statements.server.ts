// Statements as named prepared ones: every read and write of rows on the embedded database, the
// plain reads on PostgreSQL.
//
// PGlite's `query` sends every statement as an unnamed one: PostgreSQL parses, analyses and plans
// it again each time, and planning in WebAssembly is slow (it looks up each table's size on disk,
// an `lseek` through Emscripten's file system). Measured on the 100,000-member database, the ten
// reads of a member record took 5.0 ms this way and 1.1 ms as named statements bound again; the
// member's own row with its joins alone went from 1.9 to 0.2 ms (docs/performance-log.md,
// bench:scale, "Ninth session"). PGlite also sends an unnamed statement's six protocol messages
// as six calls into WebAssembly; a named one is bound and run in one. Writes and the statements
// inside a transaction take the same path (the twenty-third session: a registration for a seat
// 10.4 → 7.0 ms of CPU, a place on the waitlist 11.1 → 8.6 ms). On PostgreSQL the plain reads are
// named for `pg`, which prepares each once per connection: the server's CPU then goes to
// answering rather than planning.
//
// Outside a transaction this path takes the two locks PGlite's public `query` takes (it waits for
// any transaction to end first); inside one, the query lock, as the transaction's own `query`
// does. Schema changes, utilities and several statements in one text keep PGlite's own path, and
// so do text searches (LIKE, ILIKE): after five runs PostgreSQL may switch a named statement to a
// generic plan, and a plan chosen without the pattern can be far slower for the pattern it meets
// (a trigram index scan for a one-character search, say).
import { createHash } from "node:crypto";
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import type pg from "pg";

type Statement = { name: string; parameterTypes: number[] };

const PLAIN_READ = /^\s*select\b/i;
/** LIKE, ILIKE, regular expressions, SIMILAR TO, full-text matches: plans that need the pattern. */
const TEXT_SEARCH = /\b(i?like|similar)\b|~|%|@@/i;
/** A second statement after a semicolon: `pg` sends those unprepared, and a name would refuse them. */
const SEVERAL_STATEMENTS = /;\s*\S/;

/** A single SELECT whose plan does not depend on a search pattern. */
export function isPlainRead(query: string) {
  return PLAIN_READ.test(query) && !TEXT_SEARCH.test(query) && !SEVERAL_STATEMENTS.test(query);
}

/** A read or a write of rows (after at most one leading comment), never DDL or a utility. */
const ROWS_STATEMENT = /^\s*(?:\/\*[^*]*\*\/\s*)?(?:select|insert|update|delete|with)\b/i;

/** A single read or write of rows whose plan does not depend on a search pattern. */
export function isPreparable(query: string) {
  return ROWS_STATEMENT.test(query) && !TEXT_SEARCH.test(query) && !SEVERAL_STATEMENTS.test(query);
}

/**
 * A kept statement that cannot run any more: the schema changed under it ("cached plan must not
 * change result type", 0A000) or it is gone (26000, after a DEALLOCATE). Both are raised before
 * anything is executed, so preparing it afresh and running it again is safe.
 */
function isStale(error: unknown) {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === "26000" ||
    (code === "0A000" && typeof message === "string" && message.includes("cached plan"))
  );
}

/** How many statements are kept at most; the least recently used is closed beyond it. */
export const MAX_PREPARED_STATEMENTS = 500;

function join(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** What PGlite's own query adds to a database error, so callers see the same error. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions) {
  if (error instanceof Error && "code" in error) {
    Object.assign(error, { query, params, queryOptions: options });
  }
  return error;
}

/**
 * Replaces `client.query`, and a transaction's `query`, with ones that run reads and writes of
 * rows as named statements, prepared on first use and kept per SQL text (at most `max`, least
 * recently used closed first). Everything else, and any query with options this path does not
 * handle, goes to PGlite's own `query`.
 */
export function prepareStatements(client: PGlite, { max = MAX_PREPARED_STATEMENTS } = {}) {
  const { serialize } = protocol;
  const statements = new Map<string, Statement>();
  let closing: Uint8Array[] = [];
  let named = 0;
  const unnamed = client.query.bind(client);

  /** Forgets the statement kept for `query` if `error` says it went stale; answers whether it did. */
  function forgetIfStale(query: string, error: unknown) {
    const stale = statements.get(query);
    if (!stale || !isStale(error)) return false;
    statements.delete(query);
    closing.push(serialize.close({ type: "S", name: stale.name }));
    return true;
  }

  async function run<T>(query: string, params: unknown[], options: QueryOptions) {
    try {
      return await runOnce<T>(query, params, options);
    } catch (error) {
      if (!forgetIfStale(query, error)) throw error;
      return await runOnce<T>(query, params, options);
    }
  }

  async function runOnce<T>(query: string, params: unknown[], options: QueryOptions) {
    let statement = statements.get(query);
    if (statement) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(query);
      statements.set(query, statement);
    } else {
      const name = `kept_${++named}`;
      // Closing a statement that is already gone is not an error, so a failed batch may repeat it.
      const evicted = closing;
      closing = [];
      const { messages } = await client.execProtocol(
        join([
          ...evicted,
          serialize.parse({ name, text: query }),
          serialize.describe({ type: "S", name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const description = messages.find((message) => message.name === "parameterDescription") as
        | { dataTypeIDs: number[] }
        | undefined;
      statement = { name, parameterTypes: description?.dataTypeIDs ?? [] };
      statements.set(query, statement);
      if (statements.size > max) {
        const [oldestQuery, oldest] = statements.entries().next().value as [string, Statement];
        statements.delete(oldestQuery);
        closing.push(serialize.close({ type: "S", name: oldest.name }));
      }
    }
    const types = statement.parameterTypes;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = client.serializers[types[i] as number];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await client.execProtocol(
      join([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  /** Options this path handles: none of PGlite's blobs, parameter types, serializers, notices. */
  const plainOptions = (options: QueryOptions) =>
    !options.blob && !options.paramTypes && !options.serializers && !options.onNotice;

  client.query = (async <T>(query: string, params: unknown[] = [], options: QueryOptions = {}) => {
    if (!isPreparable(query) || !plainOptions(options)) return unnamed<T>(query, params, options);
    // As PGlite's own query: wait until it is ready, and fail clearly once it is closed.
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          const result = await run<T>(query, params, options);
          // As PGlite's own query after a statement outside a transaction.
          if (!isPlainRead(query)) await client.syncToFs();
          return result;
        } catch (error) {
          throw withQuery(error, query, params, options);
        }
      }),
    );
  }) as PGlite["query"];

  // Inside a transaction the same, without the retry: a statement PostgreSQL refused has aborted
  // the transaction, so it is only forgotten, to be prepared afresh by the next request.
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const named: Transaction = Object.create(tx);
      named.query = async <R>(
        query: string,
        params: unknown[] = [],
        options: QueryOptions = {},
      ) => {
        if (tx.closed || !isPreparable(query) || !plainOptions(options)) {
          return tx.query<R>(query, params, options);
        }
        return client._runExclusiveQuery(async () => {
          try {
            return await runOnce<R>(query, params, options);
          } catch (error) {
            forgetIfStale(query, error);
            throw withQuery(error, query, params, options);
          }
        });
      };
      return callback(named);
    })) as PGlite["transaction"];

  return { size: () => statements.size };
}

type PgQueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * Names the plain reads sent through the pool (Drizzle's queries outside a transaction) after a
 * hash of their text, so `pg` prepares each once per connection and binds it afterwards. A
 * connection's statements end with it (see the pool's `maxLifetimeSeconds`). Only plain query
 * objects are named: a `Query` or cursor (which has `submit`) would lose its prototype in a copy.
 * Reads already named (`builtOnce`'s, lib/built-once.server.ts) keep their name and get the same
 * recovery when the schema changed under them (another instance's migration).
 */
export function nameReadsOnPostgres(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    const statement = config as PgQueryConfig | null;
    if (
      statement &&
      typeof statement === "object" &&
      typeof statement.text === "string" &&
      (statement.name === undefined || typeof statement.name === "string") &&
      statement.submit === undefined &&
      isPlainRead(statement.text)
    ) {
      const name =
        statement.name ?? `read_${createHash("sha1").update(statement.text).digest("base64url")}`;
      if (rest.some((arg) => typeof arg === "function"))
        return query({ ...statement, name }, ...rest);
      // A connection whose statement went stale (the schema changed under it) fails once and is
      // discarded by the pool; the read itself is answered unnamed on another.
      return (query({ ...statement, name }, ...rest) as Promise<unknown>).catch((error: unknown) =>
        isStale(error) ? query({ ...statement, name: undefined }, ...rest) : Promise.reject(error),
      );
    }
    return query(config, ...rest);
  }) as pg.Pool["query"];
}
