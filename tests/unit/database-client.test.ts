// The embedded database client reads dates and times exactly as Drizzle expects, in and out of a
// transaction: it is given Drizzle's parsers once and leaves them out of each query (see
// DRIZZLE_PARSERS in db/client.server.ts), which must not change a single value read. Reads and
// writes run as named prepared statements (db/prepared-statements.server.ts), in and out of a
// transaction, and answer, fail and roll back exactly as before.

import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "~db/client.server";
import { isPlainRead, isPreparable, prepareStatements } from "~db/prepared-statements.server";
import { duesYears } from "~db/schema";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "memory" });
  await handle.migrate();
  await handle.db.insert(duesYears).values({
    year: 2031,
    regularFee: 100_000,
    lifetimeFee: 1_000_000,
    dueDate: "2031-03-31",
    graceUntil: "2031-06-30",
    bankAccount: "대구은행 000-00-000000 대한개원의학회",
  });
});
afterAll(async () => {
  await handle?.close();
});

const RAW = sql`select timestamptz '2031-01-02 03:04:05.678+00' as "at",
  date '2031-03-31' as "day", interval '90 minutes' as "span",
  array[date '2031-01-01', date '2031-12-31'] as "days", array[1.5, 2.25]::numeric[] as "amounts"`;

async function readBoth(db: DatabaseHandle["db"]) {
  const [year] = await db.select().from(duesYears).where(eq(duesYears.year, 2031));
  const raw = await db.execute(RAW);
  return { year, raw: (raw as unknown as { rows: Record<string, unknown>[] }).rows[0] };
}

describe("the embedded database client", () => {
  it("reads date columns as text and timestamps as the same instant, in and out of a transaction", async () => {
    const outside = await readBoth(handle.db);
    const inside = await handle.db.transaction((tx) => readBoth(tx as DatabaseHandle["db"]));
    for (const read of [outside, inside]) {
      expect(read.year?.dueDate).toBe("2031-03-31");
      expect(read.year?.graceUntil).toBe("2031-06-30");
      expect(read.year?.createdAt).toBeInstanceOf(Date);
      expect(Number.isNaN(read.year?.createdAt.getTime())).toBe(false);
      // What Drizzle's own parsers give: the server's text for dates, times and their arrays.
      expect(read.raw).toEqual({
        at: "2031-01-02 03:04:05.678+00",
        day: "2031-03-31",
        span: "01:30:00",
        days: "{2031-01-01,2031-12-31}",
        amounts: "{1.5,2.25}",
      });
    }
    expect(inside.year?.createdAt.getTime()).toBe(outside.year?.createdAt.getTime());
  });

  it("still parses what Drizzle does not ask for as text", async () => {
    const result = (await handle.db.execute(
      sql`select 7::int4 as "count", true as "yes", '{"a":1}'::jsonb as "detail"`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(result.rows[0]).toEqual({ count: 7, yes: true, detail: { a: 1 } });
  });
});

describe("plain reads as prepared statements", () => {
  type Raw = { rows: Record<string, unknown>[] };
  const prepared = async () =>
    (
      (await handle.db.execute(
        sql`select statement from pg_prepared_statements where name like 'kept\_%'`,
      )) as unknown as Raw
    ).rows.map((row) => String(row.statement));

  it("answers a read prepared once and bound again exactly as the first time", async () => {
    const read = () => handle.db.select().from(duesYears).where(eq(duesYears.year, 2031));
    const first = await read();
    const again = await read();
    expect(again).toEqual(first);
    expect(first[0]?.bankAccount).toBe("대구은행 000-00-000000 대한개원의학회");
    expect((await prepared()).some((text) => text.includes('from "dues_years"'))).toBe(true);
  });

  it("serialises parameters by their type: null, booleans, arrays, JSON and dates", async () => {
    const read = () =>
      handle.db.execute(
        sql`select ${null}::text as "none", ${true}::boolean as "yes",
          ${sql.param([3, 1, 2])}::int4[] as "list", ${JSON.stringify({ a: "가" })}::jsonb as "detail",
          ${"2031-03-31"}::date as "day", ${new Date("2031-01-02T03:04:05.678Z")}::timestamptz as "at"`,
      ) as unknown as Promise<Raw>;
    for (const result of [await read(), await read()]) {
      expect(result.rows[0]).toEqual({
        none: null,
        yes: true,
        list: [3, 1, 2],
        detail: { a: "가" },
        day: "2031-03-31",
        at: "2031-01-02 03:04:05.678+00",
      });
    }
  });

  it("gives PostgreSQL's error for bad input, and the next read still works", async () => {
    const bad = handle.db.execute(sql`select ${"not-a-uuid"}::uuid as "id"`);
    await expect(bad).rejects.toMatchObject({ cause: { code: "22P02" } });
    const good = (await handle.db.execute(sql`select ${2}::int4 + 1 as "n"`)) as unknown as Raw;
    expect(good.rows[0]).toEqual({ n: 3 });
  });

  it("leaves text searches unprepared (their plan depends on the pattern)", async () => {
    await handle.db.execute(
      sql`select count(*) from dues_years where bank_account ilike ${"%대구%"}`,
    );
    expect((await prepared()).some((text) => text.includes("ilike"))).toBe(false);
  });

  it("prepares a statement afresh when the schema changed under it or it was deallocated", async () => {
    const client = new PGlite();
    await client.waitReady;
    prepareStatements(client);
    await client.exec("create table kept (a int4); insert into kept values (7)");
    const read = () => client.query<{ a: unknown }>("select a from kept where a is not null");
    expect((await read()).rows).toEqual([{ a: 7 }]);
    // Its result type changes: PostgreSQL refuses the kept plan ("cached plan must not change").
    await client.exec("alter table kept alter column a type text");
    expect((await read()).rows).toEqual([{ a: "7" }]);
    await client.exec("deallocate all");
    expect((await read()).rows).toEqual([{ a: "7" }]);
    await client.close();
  });

  it("waits its turn behind a write sent before it, and fails clearly once closed", async () => {
    const client = new PGlite();
    await client.waitReady;
    prepareStatements(client);
    await client.exec("create table turn (name text); insert into turn values ('x')");
    const write = client.query("update turn set name = 'z'");
    const read = client.query<{ name: string }>("select name from turn");
    await write;
    expect((await read).rows).toEqual([{ name: "z" }]);
    await client.close();
    await expect(client.query("select name from turn")).rejects.toThrow(/closed/i);
  });

  it("tells a single plain read from a search, a write and several statements", () => {
    expect(isPlainRead('select "id" from "users" where "id" = $1')).toBe(true);
    expect(isPlainRead("  SELECT 1;")).toBe(true);
    expect(isPlainRead("select id from users where name ilike $1")).toBe(false);
    expect(isPlainRead("select id from users where name ~* $1")).toBe(false);
    expect(isPlainRead("select id from users where name similar to $1")).toBe(false);
    expect(isPlainRead("select id from posts where body @@ to_tsquery($1)")).toBe(false);
    expect(isPlainRead("select 1; select 2")).toBe(false);
    expect(isPlainRead("update users set name = $1")).toBe(false);
    expect(isPlainRead("with x as (delete from users returning id) select * from x")).toBe(false);
  });

  it("tells a read or write of rows from a schema change, a utility and several statements", () => {
    expect(isPreparable('insert into "users" ("id") values ($1) returning "id"')).toBe(true);
    expect(isPreparable("/* keeps kept reads */ update sessions set expire = $1")).toBe(true);
    expect(isPreparable("delete from users where id = $1")).toBe(true);
    expect(isPreparable("with x as (delete from users returning id) select * from x")).toBe(true);
    expect(isPreparable("select 1")).toBe(true);
    expect(isPreparable("create table x (a int)")).toBe(false);
    expect(isPreparable("BEGIN")).toBe(false);
    expect(isPreparable("vacuum analyze")).toBe(false);
    expect(isPreparable("update users set name = $1; delete from users")).toBe(false);
    expect(isPreparable("update users set name = $1 where email like $2")).toBe(false);
  });

  it("runs writes prepared, in and out of a transaction, and fails and rolls back as before", async () => {
    const client = new PGlite();
    await client.waitReady;
    prepareStatements(client);
    await client.exec("create table seat (id int4 primary key, name text not null)");
    const insert = "insert into seat (id, name) values ($1, $2) returning id, name";
    expect((await client.query(insert, [1, "가"])).rows).toEqual([{ id: 1, name: "가" }]);
    expect(
      (await client.query("update seat set name = $1 where id = $2", ["나", 1])).affectedRows,
    ).toBe(1);

    await client.transaction(async (tx) => {
      expect((await tx.query(insert, [2, "다"])).rows).toEqual([{ id: 2, name: "다" }]);
      await tx.query("/* a comment */ update seat set name = $1 where id = $2", ["라", 2]);
    });
    // A unique violation inside a transaction rejects with PostgreSQL's code and undoes the rest.
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [3, "마"]);
        await tx.query(insert, [1, "바"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    // The same statements serve the next transaction.
    await client.transaction(async (tx) => {
      await tx.query(insert, [4, "사"]);
    });
    const rows = await client.query<{ id: number; name: string }>(
      "select id, name from seat order by id",
    );
    expect(rows.rows).toEqual([
      { id: 1, name: "나" },
      { id: 2, name: "라" },
      { id: 4, name: "사" },
    ]);
    const kept = await client.query<{ statement: string }>(
      "select statement from pg_prepared_statements where name like 'kept%'",
    );
    const texts = kept.rows.map((row) => row.statement);
    expect(texts).toContain(insert);
    expect(texts).toContain("/* a comment */ update seat set name = $1 where id = $2");
    // A closed transaction still refuses, as PGlite's own does.
    let leaked: Parameters<Parameters<PGlite["transaction"]>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.query(insert, [5, "아"])).rejects.toThrow(/closed/i);
    await client.close();
  });

  it("forgets a statement the schema changed under inside a transaction, which then fails once", async () => {
    const client = new PGlite();
    await client.waitReady;
    prepareStatements(client);
    await client.exec("create table kept (a int4); insert into kept values (7)");
    const read = "select a from kept where a is not null";
    expect((await client.query(read)).rows).toEqual([{ a: 7 }]);
    await client.exec("alter table kept alter column a type text");
    // PostgreSQL has aborted the transaction: nothing can be run again within it.
    await expect(client.transaction((tx) => tx.query(read))).rejects.toMatchObject({
      code: "0A000",
    });
    expect((await client.transaction((tx) => tx.query(read))).rows).toEqual([{ a: "7" }]);
    await client.close();
  });

  it("keeps at most its limit of statements, closing the least recently used", async () => {
    const client = new PGlite();
    await client.waitReady;
    const reads = prepareStatements(client, { max: 3 });
    for (let n = 1; n <= 5; n++) {
      const result = await client.query<{ n: number }>(`select ${n} + $1::int4 as n`, [10]);
      expect(result.rows[0]?.n).toBe(n + 10);
    }
    expect(reads.size()).toBe(3);
    // Each statement closed is closed in the database with the next one prepared: the first two
    // are gone, the third goes with the next prepare.
    await client.query("select $1::int4 as n", [0]);
    expect(reads.size()).toBe(3);
    // (A LIKE keeps this read itself unprepared.)
    const names = await client.query<{ statement: string }>(
      "select statement from pg_prepared_statements where name like 'kept%' order by statement",
    );
    expect(names.rows.map((row) => row.statement)).toEqual([
      "select $1::int4 as n",
      "select 3 + $1::int4 as n",
      "select 4 + $1::int4 as n",
      "select 5 + $1::int4 as n",
    ]);
    // The first statement, closed, is prepared afresh and still answers.
    expect((await client.query<{ n: number }>("select 1 + $1::int4 as n", [1])).rows[0]?.n).toBe(2);
    await client.close();
  });
});
