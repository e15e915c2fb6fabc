import { asc, count, desc, eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsText } from "~/lib/list-page.server";
import { seminars } from "~db/schema";
import { type AuditContext, audit } from "../audit/audit.server";
import type { SeminarInput, SeminarPatch } from "./validation";

export type Seminar = typeof seminars.$inferSelect;

/** Seminars searched by title, speaker or location. */
const seminarSearch = (q?: string) =>
  containsText(q, [seminars.title, seminars.speaker, seminars.location]);

/**
 * Seminars by date (ties by id): soonest first, as the public calls list them, or latest first
 * (`order: "desc"`), as the administrator's table does. `q` searches; `limit`/`offset` read one
 * window.
 */
export async function listSeminars(
  options: { order?: "asc" | "desc"; q?: string; limit?: number; offset?: number } = {},
): Promise<Seminar[]> {
  const db = await getDb();
  const by = options.order === "desc" ? desc : asc;
  const query = db
    .select()
    .from(seminars)
    .where(seminarSearch(options.q))
    .orderBy(by(seminars.date), by(seminars.id));
  return options.limit ? await query.limit(options.limit).offset(options.offset ?? 0) : await query;
}

/** How many seminars there are (matching `q`): a COUNT. */
export async function countSeminars(options: { q?: string } = {}) {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(seminars).where(seminarSearch(options.q));
  return row?.value ?? 0;
}

/** Upcoming seminars (today's included) soonest first; past ones most recent first. */
export function splitByDate(list: Seminar[], now: Date = clockNow()) {
  const upcoming = list.filter((s) => s.date.getTime() >= now.getTime());
  const past = list.filter((s) => s.date.getTime() < now.getTime()).reverse();
  return { upcoming, past };
}

const notFound = () => new AppError("not_found", "학술 활동을 찾을 수 없습니다.");

export async function createSeminar(input: SeminarInput, context?: AuditContext) {
  const db = await getDb();
  const [created] = await db
    .insert(seminars)
    .values({ ...input, registrationUrl: input.registrationUrl ?? null })
    .returning();
  await audit(context, "seminar_create", { id: created!.id, label: created!.title });
  return created!;
}

export async function updateSeminar(id: string, patch: SeminarPatch, context?: AuditContext) {
  if (!isUuid(id)) throw notFound();
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const db = await getDb();
  const [updated] = Object.keys(values).length
    ? await db.update(seminars).set(values).where(eq(seminars.id, id)).returning()
    : await db.select().from(seminars).where(eq(seminars.id, id));
  if (!updated) throw notFound();
  await audit(context, "seminar_update", { id, label: updated.title });
  return updated;
}

export async function deleteSeminar(id: string, context?: AuditContext) {
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const deleted = await db
    .delete(seminars)
    .where(eq(seminars.id, id))
    .returning({ id: seminars.id, label: seminars.title });
  if (deleted.length === 0) throw notFound();
  await audit(context, "seminar_delete", { id, label: deleted[0]?.label });
}
