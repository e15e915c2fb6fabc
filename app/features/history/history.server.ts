import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { historyEvents } from "../../../db/schema";
import type { HistoryInput, HistoryPatch } from "./validation";

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

const notFound = () => new AppError("not_found", "연혁 정보를 찾을 수 없습니다.");

export async function createHistoryEvent(input: HistoryInput) {
  const db = await getDb();
  const [created] = await db
    .insert(historyEvents)
    .values({ ...input, month: input.month ?? null })
    .returning();
  return created!;
}

export async function updateHistoryEvent(id: string, patch: HistoryPatch) {
  if (!isUuid(id)) throw notFound();
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const db = await getDb();
  const [updated] = Object.keys(values).length
    ? await db.update(historyEvents).set(values).where(eq(historyEvents.id, id)).returning()
    : await db.select().from(historyEvents).where(eq(historyEvents.id, id));
  if (!updated) throw notFound();
  return updated;
}

export async function deleteHistoryEvent(id: string) {
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const deleted = await db
    .delete(historyEvents)
    .where(eq(historyEvents.id, id))
    .returning({ id: historyEvents.id });
  if (deleted.length === 0) throw notFound();
}
