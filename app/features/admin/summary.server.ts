// The office's Monday-morning numbers on the dashboard: who waits for approval, this year's unpaid
// dues, the coming seminars and their seats, and the board's reports still to decide. Each is a
// count or a sum, never a list; each links to where the work is done.
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { countPendingMembers } from "../accounts/accounts.server";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { countWaitingReports } from "../community/community.server";
import { currentDuesYear, duesFigures, getDuesYear } from "../dues/dues.server";
import { countApplicationsByStatus } from "../membership/applications.server";

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
             coalesce(sum((select count(*) from seminar_registrations r
                where r.seminar_id = s.id and r.status in ('confirmed', 'payment_pending'))), 0)::int as taken
        from seminars s
       where s.status <> 'cancelled' and coalesce(s.end_date, s.date) > ${clockNow()}`),
  ]);
  const seminars = rowsOf<{ seminars: number; capacity: number; unlimited: number; taken: number }>(
    seminarRows,
  )[0] ?? { seminars: 0, capacity: 0, unlimited: 0, taken: 0 };
  const dues = settings ? await duesFigures(year, settings.regularFee) : null;
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
