import { asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { historyEvents } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import type { HistoryInput, HistoryPatch } from "./validation";

export type HistoryEvent = typeof historyEvents.$inferSelect;

/**
 * The timeline in chronological order; an event without a month comes first in its year.
 * `limit`/`offset` read one window.
 */
export async function listHistory(
  options: { limit?: number; offset?: number } = {},
): Promise<HistoryEvent[]> {
  const db = await getDb();
  const query = db
    .select()
    .from(historyEvents)
    .orderBy(
      asc(historyEvents.year),
      sql`${historyEvents.month} asc nulls first`,
      asc(historyEvents.id),
    );
  return options.limit ? await query.limit(options.limit).offset(options.offset ?? 0) : await query;
}

export async function countHistory() {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(historyEvents);
  return row?.value ?? 0;
}

const notFound = () => new AppError("not_found", "연혁 정보를 찾을 수 없습니다.");

export async function createHistoryEvent(actor: Actor, input: HistoryInput) {
  assertAdmin(actor);
  const db = await getDb();
  const [created] = await db
    .insert(historyEvents)
    .values({ ...input, month: input.month ?? null })
    .returning();
  await audit(actor.audit, "history_create", { id: created!.id, label: created!.title });
  return created!;
}

export async function updateHistoryEvent(actor: Actor, id: string, patch: HistoryPatch) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const db = await getDb();
  const [updated] = Object.keys(values).length
    ? await db.update(historyEvents).set(values).where(eq(historyEvents.id, id)).returning()
    : await db.select().from(historyEvents).where(eq(historyEvents.id, id));
  if (!updated) throw notFound();
  await audit(actor.audit, "history_update", { id, label: updated.title });
  return updated;
}

export async function deleteHistoryEvent(actor: Actor, id: string) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const deleted = await db
    .delete(historyEvents)
    .where(eq(historyEvents.id, id))
    .returning({ id: historyEvents.id, label: historyEvents.title });
  if (deleted.length === 0) throw notFound();
  await audit(actor.audit, "history_delete", { id, label: deleted[0]?.label });
}
