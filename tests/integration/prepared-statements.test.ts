// Plain reads run as named prepared statements on both databases (db/prepared-statements.server.ts):
// planned once, they answer exactly what an unnamed statement answers, bad input still gets
// PostgreSQL's own error (and the next read works), and text searches stay unprepared.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~db/schema";
import { insertMember } from "../support/members";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer();

type Rows = { rows: Record<string, unknown>[] };

/**
 * The statements prepared on the connection that answers (on PostgreSQL each pooled connection
 * has its own; one read after another reuses the connection just released). The LIKE keeps this
 * read itself unprepared.
 */
async function preparedTexts() {
  const result = (await server.db.execute(
    sql`select statement from pg_prepared_statements where name like 'read%' or name like 'kept%'`,
  )) as unknown as Rows;
  return result.rows.map((row) => String(row.statement));
}

describe(`plain reads as prepared statements`, () => {
  it("answers a prepared read as the first time, and keeps it prepared", async () => {
    const member = await insertMember(server, { name: "준비문 회원" });
    const read = () =>
      server.db
        .select({ id: users.id, name: users.name, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, member.id));
    const first = await read();
    let found = false;
    for (let attempt = 0; attempt < 5 && !found; attempt++) {
      const again = await read();
      expect(again).toEqual(first);
      found = (await preparedTexts()).some((text) => text.includes('from "users"'));
    }
    expect(first).toEqual([{ id: member.id, name: "준비문 회원", createdAt: expect.any(Date) }]);
    expect(found).toBe(true);
  });

  it("gives PostgreSQL's error for bad input each time, and the next read works", async () => {
    const read = (id: string) =>
      server.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(read("not-a-uuid")).rejects.toMatchObject({ cause: { code: "22P02" } });
    }
    expect(await read("00000000-0000-4000-8000-000000000000")).toEqual([]);
  });

  it("answers a read whose table changed under its statement (a migration by another instance)", async () => {
    await server.db.execute(sql`create table prepared_scratch (a int4)`);
    await server.db.execute(sql`insert into prepared_scratch values (7)`);
    const read = async () =>
      (
        (await server.db.execute(
          sql`select a from prepared_scratch where a is not null`,
        )) as unknown as Rows
      ).rows;
    for (let attempt = 0; attempt < 3; attempt++) expect(await read()).toEqual([{ a: 7 }]);
    await server.db.execute(sql`alter table prepared_scratch alter column a type text`);
    for (let attempt = 0; attempt < 3; attempt++) expect(await read()).toEqual([{ a: "7" }]);
    await server.db.execute(sql`drop table prepared_scratch`);
  });

  it("leaves text searches unprepared", async () => {
    await server.db.execute(sql`select count(*) from users where name ilike ${"%준비%"}`);
    expect((await preparedTexts()).some((text) => text.includes("ilike"))).toBe(false);
  });

  it("serves the pages that read through them, again and again", async () => {
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await server.fetch("/announcements?page=1");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("공지사항");
    }
  });
});
