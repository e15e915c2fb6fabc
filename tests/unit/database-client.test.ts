// The embedded database client reads dates and times exactly as Drizzle expects, in and out of a
// transaction: it is given Drizzle's parsers once and leaves them out of each query (see
// DRIZZLE_PARSERS in db/client.server.ts), which must not change a single value read.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "~db/client.server";
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
