import { and, asc, count, desc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "~/db.server";
import { isPublicImage } from "~/features/uploads/public-image.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsText } from "~/lib/list-page.server";
import { seminarCreditSheets, seminarRegistrations, seminars } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import { paymentsMode } from "../gateway/portone.server";
import {
  type BreakInput,
  bandsToText,
  type CreditBand,
  type CreditBreak,
  defaultBands,
  resolveBreakTime,
} from "./credit-rule";
import { notifySeminarCancelled } from "./notifications.server";
import {
  fillFreedSeats,
  refundCancelledSeminar,
  releaseRegistrationsOfReopened,
} from "./registrations.server";
import { isPaidSeminar, type SeminarPhase, seminarPhase } from "./rules";
import { type SeminarInput, type SeminarPatch, seminarDateProblems } from "./validation";

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

/** Each seminar with its phase (upcoming, ongoing, past) at `now`. */
export function withPhase<T extends { date: Date; endDate: Date | null }>(
  list: T[],
  now: Date = clockNow(),
): (T & { phase: SeminarPhase })[] {
  return list.map((s) => ({ ...s, phase: seminarPhase(s, now) }));
}

/**
 * Seminars not yet over (upcoming, and ongoing ones until their end) soonest first; past ones
 * (ended) most recent first. Each carries its phase, computed at `now`, and an upcoming one
 * whether its early fee applies.
 */
export function splitByDate(list: Seminar[], now: Date = clockNow()) {
  const phased = withPhase(list, now);
  // Whether the early amounts apply now, decided here as the phase is, so a stored page and
  // its hydration agree.
  const upcoming = phased
    .filter((s) => s.phase !== "past")
    .map((s) => ({ ...s, feeEarly: s.feeEarlyUntil !== null && now <= s.feeEarlyUntil }));
  const past = phased.filter((s) => s.phase === "past").reverse();
  return { upcoming, past };
}

const notFound = () => new AppError("not_found", "학술 활동을 찾을 수 없습니다.");

const DAY_MS = 24 * 60 * 60 * 1000;

/** The rules between a seminar's dates, checked on the whole seminar as it will be saved. */
function checkDates(seminar: Parameters<typeof seminarDateProblems>[0]) {
  const problems = seminarDateProblems(seminar);
  const first = Object.values(problems)[0];
  if (first) throw new AppError("invalid", first, problems);
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

type FeeColumns = Pick<
  Seminar,
  "feeFull" | "feeOther" | "feeFullEarly" | "feeOtherEarly" | "feeEarlyUntil"
>;

/** The fee columns an input sets (the JSON `fees` table, or the form's flat fields), if any. */
function feeColumnsOf(input: SeminarPatch): Partial<FeeColumns> {
  const { fees } = input;
  if (fees === null) {
    return {
      feeFull: null,
      feeOther: null,
      feeFullEarly: null,
      feeOtherEarly: null,
      feeEarlyUntil: null,
    };
  }
  const table = fees
    ? {
        feeFull: fees.full,
        feeOther: fees.other,
        feeFullEarly: fees.fullEarly,
        feeOtherEarly: fees.otherEarly,
        feeEarlyUntil: fees.earlyUntil,
      }
    : {
        feeFull: input.feeFull,
        feeOther: input.feeOther,
        feeFullEarly: input.feeFullEarly,
        feeOtherEarly: input.feeOtherEarly,
        feeEarlyUntil: input.feeEarlyUntil,
      };
  return Object.fromEntries(Object.entries(table).filter(([, v]) => v !== undefined));
}

/** The fee table's rules: early amounts need their deadline and are not above the regular ones. */
function checkFees(seminar: FeeColumns & { date: Date; registrationUrl: string | null }) {
  const charges = isPaidSeminar(seminar);
  const fail = (field: string, message: string) => {
    throw new AppError("invalid", message, { [field]: message });
  };
  if (charges && !seminar.registrationUrl && paymentsMode() === "off") {
    fail(
      "feeFull",
      "온라인 결제를 사용하지 않는 사이트에서는 등록비를 받을 수 없습니다 (docs/payments.md)",
    );
  }
  // A blank is free: with one fee filled in and the other left blank, everyone of that side came
  // free without a word. Free is said with 0.
  if (charges && (seminar.feeFull === null || seminar.feeOther === null)) {
    fail(
      seminar.feeFull === null ? "feeFull" : "feeOther",
      "정회원 등록비와 비회원·준회원 등록비를 모두 입력해주세요 (무료는 0)",
    );
  }
  const early = seminar.feeFullEarly !== null || seminar.feeOtherEarly !== null;
  if (early && !seminar.feeEarlyUntil) fail("feeEarlyUntil", "사전등록 마감일을 입력해주세요");
  if (seminar.feeEarlyUntil && seminar.feeEarlyUntil > seminar.date) {
    fail("feeEarlyUntil", "사전등록 마감일은 세미나 시작 전이어야 합니다");
  }
  if ((seminar.feeFullEarly ?? 0) > (seminar.feeFull ?? 0)) {
    fail("feeFullEarly", "사전등록 등록비는 정규 등록비보다 많을 수 없습니다");
  }
  if ((seminar.feeOtherEarly ?? 0) > (seminar.feeOther ?? 0)) {
    fail("feeOtherEarly", "사전등록 등록비는 정규 등록비보다 많을 수 없습니다");
  }
}

/** Drops the input's fee fields: they are saved as the columns of `feeColumnsOf`. */
function withoutFeeFields<T extends SeminarPatch>(input: T) {
  const {
    fees: _fees,
    feeFull: _feeFull,
    feeOther: _feeOther,
    feeFullEarly: _feeFullEarly,
    feeOtherEarly: _feeOtherEarly,
    feeEarlyUntil: _feeEarlyUntil,
    ...rest
  } = input;
  return rest;
}

/** A seminar as the JSON calls show it: the fee columns as one `fees` table (null: free). */
export function seminarView<T extends FeeColumns>(seminar: T) {
  const { feeFull, feeOther, feeFullEarly, feeOtherEarly, feeEarlyUntil, ...rest } = seminar;
  return {
    ...rest,
    fees: isPaidSeminar(seminar)
      ? {
          full: feeFull ?? 0,
          other: feeOther ?? 0,
          fullEarly: feeFullEarly,
          otherEarly: feeOtherEarly,
          earlyUntil: feeEarlyUntil,
        }
      : null,
  };
}

/** A poster must be an image the office uploaded (public), never someone's licence image. */
async function checkPoster(posterUrl: string | null | undefined) {
  if (posterUrl && !(await isPublicImage(posterUrl))) {
    throw new AppError("invalid", POSTER_AGAIN, { posterUrl: POSTER_AGAIN });
  }
}
const POSTER_AGAIN = "포스터 이미지를 다시 업로드해주세요";

export async function createSeminar(actor: Actor, input: SeminarInput) {
  assertAdmin(actor);
  checkDates(input);
  await checkPoster(input.posterUrl);
  const fees = {
    feeFull: null,
    feeOther: null,
    feeFullEarly: null,
    feeOtherEarly: null,
    feeEarlyUntil: null,
    ...feeColumnsOf(input),
  };
  checkFees({ ...fees, date: input.date, registrationUrl: input.registrationUrl ?? null });
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
      ...withoutFeeFields(input),
      ...fees,
      ...creditRule,
      registrationUrl: input.registrationUrl ?? null,
      cancellationDeadline:
        input.cancellationDeadline ?? new Date(input.date.getTime() - 3 * DAY_MS),
    })
    .returning();
  await audit(actor.audit, "seminar_create", { id: created!.id, label: created!.title });
  return created!;
}

/**
 * Changes what the patch names. A new date without a new cancellation deadline (none, or the one
 * stored, as the edit form sends it) moves the default deadline along (three days before); more seats or a reopened registration fill from the
 * waitlist at once. Cancelling (status `cancelled`) mails the registrants and keeps every record.
 */
export async function updateSeminar(actor: Actor, id: string, patch: SeminarPatch) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [current] = await db.select().from(seminars).where(eq(seminars.id, id));
  if (!current) throw notFound();
  if (patch.posterUrl !== current.posterUrl) await checkPoster(patch.posterUrl);
  const { creditBreaks, ...rest } = withoutFeeFields(patch);
  const values: Partial<Seminar> = {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...feeColumnsOf(patch),
  };
  if (creditBreaks !== undefined) {
    values.creditBreaks = storedBreaks(creditBreaks, values.date ?? current.date);
  }
  // The edit form sends the deadline it was drawn with: the same instant is no new deadline.
  const deadlineKept =
    patch.cancellationDeadline === undefined ||
    (patch.cancellationDeadline !== null &&
      patch.cancellationDeadline.getTime() === current.cancellationDeadline?.getTime());
  if (values.date && deadlineKept) {
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
  checkFees({ ...current, ...values });
  const cancelling = values.status === "cancelled" && current.status !== "cancelled";
  const reopening =
    current.status === "cancelled" && values.status !== undefined && values.status !== "cancelled";
  if (cancelling) await checkCancellable(id);
  const [updated] = Object.keys(values).length
    ? await db.update(seminars).set(values).where(eq(seminars.id, id)).returning()
    : [current];
  if (!updated) throw notFound();
  const released = reopening ? await releaseRegistrationsOfReopened(id, actor.user.id) : 0;
  await audit(
    actor.audit,
    "seminar_update",
    { id, label: updated.title },
    released > 0 ? { registrationsReleased: released } : undefined,
  );
  if (cancelling) await announceCancellation(actor, updated);
  await fillFreedSeats(id);
  return updated;
}

/**
 * Deletes a seminar nobody registered for (one made by mistake). A seminar with registrations
 * keeps them, with their scans, credits and certificate codes: it is cancelled instead.
 */
export async function deleteSeminar(actor: Actor, id: string) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    // Registrations take this row first, so none slips in between the count and the delete.
    const [seminar] = await tx
      .select({ id: seminars.id })
      .from(seminars)
      .where(eq(seminars.id, id))
      .for("update");
    if (!seminar) throw notFound();
    const [registered] = await tx
      .select({ value: count() })
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.seminarId, id));
    if ((registered?.value ?? 0) > 0) {
      const [sheet] = await tx
        .select({ status: seminarCreditSheets.status })
        .from(seminarCreditSheets)
        .where(eq(seminarCreditSheets.seminarId, id));
      throw new AppError(
        "conflict",
        sheet && sheet.status !== "draft"
          ? "연수평점을 발송한 세미나는 삭제할 수 없습니다. 참석 기록과 참석확인서는 계속 남아 있어야 합니다."
          : "신청자가 있는 세미나는 삭제할 수 없습니다. 열리지 않는다면 상태를 ‘취소’로 바꿔주세요. 신청자에게 안내 메일이 가고 기록은 남습니다.",
      );
    }
    return tx
      .delete(seminars)
      .where(eq(seminars.id, id))
      .returning({ id: seminars.id, label: seminars.title });
  });
  if (deleted.length === 0) throw notFound();
  await audit(actor.audit, "seminar_delete", { id, label: deleted[0]?.label });
}

/**
 * Refuses to cancel a seminar whose credit sheet went out: it took place, and its attendance and
 * certificates stand.
 */
async function checkCancellable(id: string) {
  const db = await getDb();
  const [sheet] = await db
    .select({ status: seminarCreditSheets.status })
    .from(seminarCreditSheets)
    .where(eq(seminarCreditSheets.seminarId, id));
  if (sheet && sheet.status !== "draft") {
    throw new AppError(
      "conflict",
      "연수평점을 발송한 세미나는 취소할 수 없습니다. 이미 열린 세미나입니다.",
    );
  }
}

/**
 * Refunds the fees paid for the seminar and mails every registrant (a seat, a held seat or a
 * place in line) that it was cancelled, with what came back to them (audited).
 */
async function announceCancellation(actor: Actor, seminar: Seminar) {
  const { refunded, paymentIds, failed, formerRegistrants } = await refundCancelledSeminar(
    seminar.id,
    actor.user.id,
  );
  const db = await getDb();
  const registrants = await db
    .select()
    .from(seminarRegistrations)
    .where(
      and(
        eq(seminarRegistrations.seminarId, seminar.id),
        or(
          inArray(seminarRegistrations.status, ["confirmed", "payment_pending", "waitlisted"]),
          formerRegistrants.length > 0
            ? inArray(seminarRegistrations.id, formerRegistrants)
            : undefined,
        ),
      ),
    );
  for (const registration of registrants) {
    await notifySeminarCancelled(seminar, registration, refunded.get(registration.id) ?? 0);
  }
  await audit(
    actor.audit,
    "seminar_cancel",
    { id: seminar.id, label: seminar.title },
    {
      registrantsMailed: registrants.length,
      refunds: refunded.size,
      // Each refund is in the payment's own record too; the audit names them for the office.
      refundedPayments: paymentIds.join(", "),
      refundedAmount: [...refunded.values()].reduce((sum, amount) => sum + amount, 0),
      refundsFailed: failed,
    },
  );
}
