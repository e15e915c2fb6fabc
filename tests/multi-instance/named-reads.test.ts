// Named reads on PostgreSQL (db/prepared-statements.server.ts): a statement `pg` prepared on a
// connection goes stale when another instance's migration changes a table under it ("cached plan
// must not change result type"). Reads named by their hash and reads Drizzle names (builtOnce)
// must both answer again with the new columns, not fail. Needs TEST_DATABASE_URL.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameReadsOnPostgres } from "~db/prepared-statements.server";

const serverUrl = process.env.TEST_DATABASE_URL;
const table = `named_reads_${process.pid}`;
let pool: pg.Pool;

beforeAll(async () => {
  if (!serverUrl) throw new Error("The named-reads test needs TEST_DATABASE_URL (PostgreSQL).");
  // One connection, so the second read meets the statement the first one prepared.
  pool = new pg.Pool({ connectionString: serverUrl, max: 1 });
  nameReadsOnPostgres(pool);
  await pool.query(`create table ${table} (id int primary key, name text)`);
  await pool.query(`insert into ${table} values (1, '김의사')`);
});

afterAll(async () => {
  await pool?.query(`drop table if exists ${table}`);
  await pool?.end();
});

describe("a named read after the table changed under it", () => {
  for (const [kind, name] of [
    ["named by its hash", undefined],
    ["named by Drizzle (builtOnce)", `named_read_test_${process.pid}`],
  ] as const) {
    it(`answers with the new columns: ${kind}`, async () => {
      const read = () =>
        pool.query({ text: `select * from ${table} where id = $1`, values: [1], name });
      expect((await read()).rows).toMatchObject([{ id: 1, name: "김의사" }]);
      await pool.query(`alter table ${table} add column ${name ? "grade" : "memo"} text`);
      const after = (await read()).rows[0] as Record<string, unknown>;
      expect(after.name).toBe("김의사");
      expect(Object.keys(after)).toContain(name ? "grade" : "memo");
    });
  }
});
