import { asc, count, desc, eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsText } from "~/lib/list-page.server";
import { seminars } from "~db/schema";
import { type AuditContext, audit } from "../audit/audit.server";
import {
  type BreakInput,
  bandsToText,
  type CreditBand,
  type CreditBreak,
  defaultBands,
  resolveBreakTime,
} from "./credit-rule";
import { fillFreedSeats } from "./registrations.server";
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** The rules between a seminar's dates, checked on the whole seminar as it will be saved. */
function checkDates(seminar: {
  date: Date;
  endDate?: Date | null;
  registrationOpensAt?: Date | null;
  registrationClosesAt?: Date | null;
}) {
  const errors: Record<string, string> = {};
  if (seminar.endDate && seminar.endDate <= seminar.date) {
    errors.endDate = "종료 시간은 시작 시간 뒤여야 합니다";
  }
  if (
    seminar.registrationOpensAt &&
    seminar.registrationClosesAt &&
    seminar.registrationClosesAt <= seminar.registrationOpensAt
  ) {
    errors.registrationClosesAt = "신청 마감은 신청 시작 뒤여야 합니다";
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError("invalid", first, errors);
}

/** Breaks as stored: instants (a time of day falls on the seminar's Seoul date). */
function storedBreaks(breaks: BreakInput[] | null, date: Date): CreditBreak[] | null {
  return (
    breaks?.map((b) => ({
      start: resolveBreakTime(b.start, date).toISOString(),
      end: resolveBreakTime(b.end, date).toISOString(),
      label: b.label,
    })) ?? null
  );
}

/**
 * Bands as stored: the default (one credit per full hour up to the maximum) is stored as null, so
 * a later change of the maximum moves it along; the form shows it prefilled either way.
 */
function storedBands(bands: CreditBand[] | null, max: number | null): CreditBand[] | null {
  if (!bands) return null;
  return bandsToText(bands) === bandsToText(defaultBands(max)) ? null : bands;
}

/** The credit rule against the seminar it belongs to: no band over the maximum, breaks forward. */
function checkCreditRule(seminar: Pick<Seminar, "cmeCredits" | "creditBands" | "creditBreaks">) {
  const max = seminar.cmeCredits;
  const over = seminar.creditBands?.find((b) => max !== null && b.credits > max);
  if (over) {
    const message = `평점 구간의 평점(${over.credits}점)은 최대 연수평점(${max ?? 0}점)을 넘을 수 없습니다`;
    throw new AppError("invalid", message, { creditBands: message });
  }
  if (seminar.creditBands?.length && max === null) {
    const message = "평점 구간을 쓰려면 최대 연수평점을 입력해주세요";
    throw new AppError("invalid", message, { cmeCredits: message });
  }
  const backwards = seminar.creditBreaks?.find((b) => new Date(b.end) <= new Date(b.start));
  if (backwards) {
    const message = "제외 시간의 끝은 시작보다 늦어야 합니다";
    throw new AppError("invalid", message, { creditBreaks: message });
  }
}

export async function createSeminar(input: SeminarInput, context?: AuditContext) {
  checkDates(input);
  const creditRule = {
    cmeCredits: input.cmeCredits ?? null,
    creditBands: storedBands(input.creditBands ?? null, input.cmeCredits ?? null),
    creditBreaks: storedBreaks(input.creditBreaks ?? null, input.date),
  };
  checkCreditRule(creditRule);
  const db = await getDb();
  const [created] = await db
    .insert(seminars)
    .values({
      ...input,
      ...creditRule,
      registrationUrl: input.registrationUrl ?? null,
      cancellationDeadline:
        input.cancellationDeadline ?? new Date(input.date.getTime() - 3 * DAY_MS),
    })
    .returning();
  await audit(context, "seminar_create", { id: created!.id, label: created!.title });
  return created!;
}

/**
 * Changes what the patch names. A new date without a cancellation deadline moves the default
 * deadline along (three days before); more seats or a reopened registration fill from the
 * waitlist at once.
 */
export async function updateSeminar(id: string, patch: SeminarPatch, context?: AuditContext) {
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [current] = await db.select().from(seminars).where(eq(seminars.id, id));
  if (!current) throw notFound();
  const { creditBreaks, ...rest } = patch;
  const values: Partial<Seminar> = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined),
  );
  if (creditBreaks !== undefined) {
    values.creditBreaks = storedBreaks(creditBreaks, values.date ?? current.date);
  }
  if (values.date && patch.cancellationDeadline === undefined) {
    const wasDefault =
      current.cancellationDeadline?.getTime() === current.date.getTime() - 3 * DAY_MS;
    if (wasDefault) values.cancellationDeadline = new Date(values.date.getTime() - 3 * DAY_MS);
  }
  if (values.cancellationDeadline === null) {
    values.cancellationDeadline = new Date((values.date ?? current.date).getTime() - 3 * DAY_MS);
  }
  if (values.creditBands !== undefined) {
    values.creditBands = storedBands(values.creditBands, values.cmeCredits ?? current.cmeCredits);
  }
  checkDates({ ...current, ...values });
  checkCreditRule({ ...current, ...values });
  const [updated] = Object.keys(values).length
    ? await db.update(seminars).set(values).where(eq(seminars.id, id)).returning()
    : [current];
  if (!updated) throw notFound();
  await audit(context, "seminar_update", { id, label: updated.title });
  await fillFreedSeats(id);
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
