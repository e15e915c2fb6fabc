// The office's Monday-morning numbers on the dashboard: who waits for approval, this year's unpaid
// dues, the coming seminars and their seats, and the board's reports still to decide. Each is a
// count or a sum, never a list; each links to where the work is done.
import { sql } from "drizzle-orm";
import { getDb, rowsOf, writeGeneration } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { keptPerKeyUntilWrite } from "~/lib/kept-read.server";
import { sumTallies } from "~/lib/tallies.server";
import { countPendingMembers } from "../accounts/accounts.server";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { countWaitingReports } from "../community/community.server";
import { currentDuesYear, type DuesFigures, duesFigures, getDuesYear } from "../dues/dues.server";
import { countApplicationsByStatus } from "../membership/applications.server";
import { seatsTakenSql } from "../seminars/registrations.server";

/**
 * The year's dues figures read every member (100,000 rows at the largest society bench:scale
 * plays: 50–100 ms on the embedded database, 35–45 ms on PostgreSQL, on every dashboard page).
 * Kept until the next write on the embedded database (decision 010), as the tallies are; on
 * PostgreSQL under the version migration 0031's triggers move on, which every instance sees.
 */
const keptDuesFigures = keptPerKeyUntilWrite<DuesFigures>({ max: 4 });
let keptOnPostgres: { key: string; figures: DuesFigures } | null = null;

async function duesFiguresNow(year: number, regularFee: number) {
  const key = `${year}:${regularFee}`;
  if ((await writeGeneration()) !== null) {
    return keptDuesFigures(key, () => duesFigures(year, regularFee));
  }
  // The version is read first: a write committed between the two reads leaves figures newer than
  // their version, which the next request reads again; never older ones.
  const version = await sumTallies("versions", ([name]) => name === "dues-figures");
  const versioned = `${key}:${version}`;
  if (keptOnPostgres?.key === versioned) return keptOnPostgres.figures;
  const figures = await duesFigures(year, regularFee);
  keptOnPostgres = { key: versioned, figures };
  return figures;
}

export async function officeSummary(actor: Actor) {
  assertAdmin(actor);
  const year = currentDuesYear();
  const db = await getDb();
  const [pendingMembers, applications, settings, reports, seminarRows] = await Promise.all([
    countPendingMembers(),
    countApplicationsByStatus(),
    getDuesYear(year),
    countWaitingReports(),
    db.execute(sql`
      select count(*)::int as seminars,
             coalesce(sum(s.capacity), 0)::int as capacity,
             count(*) filter (where s.capacity is null)::int as unlimited,
             coalesce(sum(${seatsTakenSql(sql.raw("s.id"))}), 0)::int as taken
        from seminars s
       where s.status <> 'cancelled' and coalesce(s.end_date, s.date) > ${clockNow()}`),
  ]);
  const seminars = rowsOf<{ seminars: number; capacity: number; unlimited: number; taken: number }>(
    seminarRows,
  )[0] ?? { seminars: 0, capacity: 0, unlimited: 0, taken: 0 };
  const dues = settings ? await duesFiguresNow(year, settings.regularFee) : null;
  return {
    pendingMembers,
    pendingApplications: applications.pending,
    duesYear: year,
    unpaidDues: dues ? dues.unpaid : null,
    upcomingSeminars: seminars.seminars,
    seatsTaken: seminars.taken,
    // Null when any coming seminar has no limit: a total would mislead.
    seatsOffered: seminars.unlimited > 0 ? null : seminars.capacity,
    waitingReports: reports,
  };
}
