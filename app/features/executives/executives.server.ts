import { asc, count, eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { executives } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import type { ExecutiveInput, ExecutivePatch } from "./validation";

export type Executive = typeof executives.$inferSelect;

/** Executives ascending by order (then name, then id); `limit`/`offset` read one window. */
export async function listExecutives(
  options: { limit?: number; offset?: number } = {},
): Promise<Executive[]> {
  const db = await getDb();
  const query = db
    .select()
    .from(executives)
    .orderBy(asc(executives.order), asc(executives.name), asc(executives.id));
  return options.limit ? await query.limit(options.limit).offset(options.offset ?? 0) : await query;
}

/** The position that signs the greeting on /about. */
export const PRESIDENT_POSITION = "회장";

/**
 * The current president: the first executive (by order) whose position is 회장, so /about's
 * greeting and /executives can never disagree; null while there is none.
 */
export async function findPresident() {
  const db = await getDb();
  const [president] = await db
    .select({ name: executives.name, imageUrl: executives.imageUrl, title: executives.title })
    .from(executives)
    .where(eq(executives.position, PRESIDENT_POSITION))
    .orderBy(asc(executives.order), asc(executives.name), asc(executives.id))
    .limit(1);
  return president ?? null;
}

export async function countExecutives() {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(executives);
  return row?.value ?? 0;
}

const notFound = () => new AppError("not_found", "임원 정보를 찾을 수 없습니다.");

export async function createExecutive(actor: Actor, input: ExecutiveInput) {
  assertAdmin(actor);
  const db = await getDb();
  const [created] = await db
    .insert(executives)
    .values({ ...input, imageUrl: input.imageUrl ?? null })
    .returning();
  await audit(actor.audit, "executive_create", { id: created!.id, label: created!.name });
  return created!;
}

export async function updateExecutive(actor: Actor, id: string, patch: ExecutivePatch) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const db = await getDb();
  const [updated] = Object.keys(values).length
    ? await db.update(executives).set(values).where(eq(executives.id, id)).returning()
    : await db.select().from(executives).where(eq(executives.id, id));
  if (!updated) throw notFound();
  await audit(actor.audit, "executive_update", { id, label: updated.name });
  return updated;
}

export async function deleteExecutive(actor: Actor, id: string) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const deleted = await db
    .delete(executives)
    .where(eq(executives.id, id))
    .returning({ id: executives.id, label: executives.name });
  if (deleted.length === 0) throw notFound();
  await audit(actor.audit, "executive_delete", { id, label: deleted[0]?.label });
}

/** Moves an executive one place up or down, renumbering everyone 1, 2, 3 … in one transaction. */
export async function moveExecutive(actor: Actor, id: string, direction: "up" | "down") {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const list = await tx
      .select({ id: executives.id })
      .from(executives)
      .orderBy(asc(executives.order), asc(executives.name), asc(executives.id));
    const index = list.findIndex((e) => e.id === id);
    if (index < 0) throw notFound();
    const target = direction === "up" ? index - 1 : index + 1;
    if (target >= 0 && target < list.length) {
      const [moved] = list.splice(index, 1);
      list.splice(target, 0, moved!);
    }
    for (const [position, executive] of list.entries()) {
      await tx
        .update(executives)
        .set({ order: position + 1 })
        .where(eq(executives.id, executive.id));
    }
  });
  const [moved] = await db
    .select({ name: executives.name })
    .from(executives)
    .where(eq(executives.id, id));
  await audit(actor.audit, "executive_update", { id, label: moved?.name }, { move: direction });
}
