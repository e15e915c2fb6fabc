// The dashboard's queue of sign-ups waiting for approval is read in the index's order: a page of
// 20 reads about 20 index entries however many doctors wait (bench:scale found every waiting
// account sorted on each view once re-submissions led the order; migration 0030).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "~/db.server";
import { listPendingMembers } from "~/features/accounts/accounts.server";

const WAITING = 3000;

/** How many entries of the queue's index have been read so far (PostgreSQL's own statistics). */
async function pendingIndexEntriesRead() {
  const db = await getDb();
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = rowsOf<{ read: string | number }>(
    await db.execute(
      sql`select idx_tup_read as read from pg_stat_user_indexes where indexrelname = 'users_pending_idx'`,
    ),
  );
  return Number(row?.read ?? 0);
}

describe("the queue of sign-ups waiting for approval", () => {
  it("reads one page in the index's order: re-submissions first, then the oldest", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into users (email, password_hash, name, phone, license_number, hospital_name,
                         department, address, is_approved, created_at, resubmitted_at)
      select 'waiting' || n || '@example.org', 'x', '대기' || n, '010-0000-0000', 'W-' || n,
             '대기의원', '내과', '서울', false,
             timestamptz '2026-01-01' + n * interval '1 minute',
             case when n % 500 = 0 then timestamptz '2026-06-01' - n * interval '1 minute' end
      from generate_series(1, ${WAITING}) as n`);
    await db.execute(sql`analyze users`);

    const before = await pendingIndexEntriesRead();
    const page = await listPendingMembers({ limit: 20, offset: 0 });
    const read = (await pendingIndexEntriesRead()) - before;

    // The six re-submissions first, the latest-numbered (earliest re-submitted) first, then the
    // queue from its oldest sign-up.
    expect(page.slice(0, 6).map((member) => member.name)).toEqual(
      [3000, 2500, 2000, 1500, 1000, 500].map((n) => `대기${n}`),
    );
    expect(page.slice(6, 9).map((member) => member.name)).toEqual(["대기1", "대기2", "대기3"]);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(100);
  });
});
