import { asc, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { historyEvents } from "../../../db/schema";

export type HistoryEvent = typeof historyEvents.$inferSelect;

/** The timeline in chronological order; an event without a month comes first in its year. */
export async function listHistory(): Promise<HistoryEvent[]> {
  const db = await getDb();
  return db
    .select()
    .from(historyEvents)
    .orderBy(
      asc(historyEvents.year),
      sql`${historyEvents.month} asc nulls first`,
      asc(historyEvents.id),
    );
}
