import { asc } from "drizzle-orm";
import { getDb } from "~/db.server";
import { seminars } from "../../../db/schema";

export type Seminar = typeof seminars.$inferSelect;

export async function listSeminars(): Promise<Seminar[]> {
  const db = await getDb();
  return db.select().from(seminars).orderBy(asc(seminars.date), asc(seminars.id));
}

/** Upcoming seminars (today's included) soonest first; past ones most recent first. */
export function splitByDate(list: Seminar[], now: Date = new Date()) {
  const upcoming = list.filter((s) => s.date.getTime() >= now.getTime());
  const past = list.filter((s) => s.date.getTime() < now.getTime()).reverse();
  return { upcoming, past };
}
