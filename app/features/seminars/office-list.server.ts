// The office's list of seminars (/admin/seminars, issue 39 item 7): those not yet over first,
// soonest first, then the past ones, latest first; searched by title, speaker or location; paged;
// each with its registrant counts, so the office goes from the menu to a seminar's registrants,
// door and credit sheet in one tap.
import { and, count, eq, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { containsText } from "~/lib/list-page.server";
import { offsetOf, type Page } from "~/lib/paging";
import { seminarCheckIns, seminarCreditSheets, seminarRegistrations, seminars } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { SEMINAR_DEFAULT_LENGTH_MS, type SeminarPhase, seminarPhase } from "./rules";

const r = seminarRegistrations;

export type OfficeSeminarRow = {
  id: string;
  title: string;
  speaker: string;
  location: string;
  date: Date;
  endDate: Date | null;
  status: string;
  capacity: number | null;
  phase: SeminarPhase;
  confirmed: number;
  waitlisted: number;
  attended: number;
  sheetStatus: "draft" | "sent" | "locked";
};

export const OFFICE_SEMINAR_PAGE_SIZE = 20;

/** The office's list: administrators only (the service decides, whatever the route). */
export async function officeSeminars(
  actor: Actor,
  query: { q?: string; page?: number; pageSize?: number } = {},
): Promise<Page<OfficeSeminarRow>> {
  assertAdmin(actor);
  const db = await getDb();
  const now = clockNow();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? OFFICE_SEMINAR_PAGE_SIZE;
  const where = containsText(query.q, [seminars.title, seminars.speaker, seminars.location]);
  const endsAt = sql`coalesce(${seminars.endDate}, ${seminars.date} + ${`${SEMINAR_DEFAULT_LENGTH_MS / 1000} seconds`}::interval)`;
  const past = sql`(${endsAt} <= ${now.toISOString()}::timestamptz)`;
  const registrations = (status: string) =>
    sql<number>`(select count(*) from ${r} where ${r.seminarId} = ${seminars.id} and ${r.status} = ${status})`.mapWith(
      Number,
    );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: seminars.id,
        title: seminars.title,
        speaker: seminars.speaker,
        location: seminars.location,
        date: seminars.date,
        endDate: seminars.endDate,
        status: seminars.status,
        capacity: seminars.capacity,
        confirmed: registrations("confirmed"),
        waitlisted: registrations("waitlisted"),
        attended: sql<number>`(select count(*) from ${r} where ${r.seminarId} = ${seminars.id}
          and ${r.status} = 'confirmed' and exists (select 1 from ${seminarCheckIns}
          where ${seminarCheckIns.registrationId} = ${r.id} and ${seminarCheckIns.direction} = 'in'))`.mapWith(
          Number,
        ),
        sheetStatus: seminarCreditSheets.status,
      })
      .from(seminars)
      .leftJoin(seminarCreditSheets, eq(seminarCreditSheets.seminarId, seminars.id))
      .where(and(where))
      // Not over yet (upcoming, under way) soonest first; then the past, latest first.
      .orderBy(
        sql`${past} asc`,
        sql`case when ${past} then null else ${seminars.date} end asc`,
        sql`case when ${past} then ${seminars.date} end desc`,
        seminars.id,
      )
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ value: count() }).from(seminars).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      phase: seminarPhase(row, now),
      sheetStatus: (row.sheetStatus ?? "draft") as OfficeSeminarRow["sheetStatus"],
    })),
    total: total?.value ?? 0,
    page,
    pageSize,
  };
}
