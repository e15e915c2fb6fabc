// The rules of a seminar's registration that pages, calls and mails share. No server imports:
// the seminar's page shows the same answers the service enforces.

type SeminarDates = {
  date: Date;
  registrationUrl: string | null;
  status: string;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
  cancellationDeadline: Date | null;
  audience: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cancellation deadline: as set, or three days before the start. */
export const cancellationDeadlineOf = (
  seminar: Pick<SeminarDates, "date" | "cancellationDeadline">,
) => {
  const set = seminar.cancellationDeadline ?? new Date(seminar.date.getTime() - 3 * DAY_MS);
  // Never after the start (a deadline saved after it before the form refused one).
  return new Date(Math.min(set.getTime(), seminar.date.getTime()));
};

/** A seminar without an end time is taken to last two hours (the calendar invitation's length). */
export const SEMINAR_DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;

/** When a seminar ends: as set, or two hours after its start. */
export const seminarEndOf = (seminar: { date: Date; endDate: Date | null }) =>
  seminar.endDate ?? new Date(seminar.date.getTime() + SEMINAR_DEFAULT_LENGTH_MS);

/**
 * Where a seminar stands in time (issue 39): `upcoming` before its start, `ongoing` from the start
 * until its end (seminarEndOf), `past` from the end on. Computed at the time of the request,
 * never stored: pages, the list call and the office's rules (absence, the credit sheet) share it.
 */
export type SeminarPhase = "upcoming" | "ongoing" | "past";

export function seminarPhase(
  seminar: { date: Date; endDate: Date | null },
  now: Date,
): SeminarPhase {
  if (now < seminar.date) return "upcoming";
  return now < seminarEndOf(seminar) ? "ongoing" : "past";
}

/** How each phase is shown: 진행 중 means under way (the open registration's badge is 접수중). */
export const SEMINAR_PHASE_LABELS: Record<SeminarPhase, string> = {
  upcoming: "예정",
  ongoing: "진행 중",
  past: "종료",
};

/**
 * Where a seminar's on-site registration stands: links out, not yet open, open, closed, or the
 * seminar was cancelled.
 */
export type RegistrationWindow = "external" | "not_open" | "open" | "closed" | "cancelled";

export function registrationWindow(seminar: SeminarDates, now: Date): RegistrationWindow {
  if (seminar.status === "cancelled") return "cancelled";
  // A seminar that has started, or that the office closed (SPEC.md: closed disables
  // registration), takes no registration, not even through its external page.
  if (now >= seminar.date || seminar.status !== "open") return "closed";
  if (seminar.registrationUrl) return "external";
  if (seminar.registrationOpensAt && now < seminar.registrationOpensAt) return "not_open";
  const closes = seminar.registrationClosesAt ?? seminar.date;
  if (now >= closes || now >= seminar.date) return "closed";
  return "open";
}

/**
 * Whether a member may register for the seminar: a "regular only" seminar admits members in
 * full-member standing (정회원 with the year's dues paid or exempted, 명예회원, 평생회원), which
 * `hasFullStanding` / `standingOf` in features/dues/standing.server.ts decide.
 */
export const inAudience = (seminar: Pick<SeminarDates, "audience">, fullStanding: boolean) =>
  seminar.audience !== "regular" || fullStanding;

const HOUR_MS = 60 * 60 * 1000;

/**
 * When the door takes attendance: scans from a day before the start (doors open early, staff
 * test their phones) until six hours after the end (a phone that was offline in the hall sends
 * its queue on the way home). The office's own additions (ahead of time or a walk-in) are taken
 * until the same close. After that, attendance changes only on the credit sheet, with a reason.
 */
export function doorWindowOf(seminar: { date: Date; endDate: Date | null }) {
  return {
    scansFrom: new Date(seminar.date.getTime() - DAY_MS),
    closesAt: new Date(seminarEndOf(seminar).getTime() + 6 * HOUR_MS),
  };
}

/** A seminar's fee table (등록비, in won). */
export type SeminarFees = {
  feeFull: number | null;
  feeOther: number | null;
  feeFullEarly: number | null;
  feeOtherEarly: number | null;
  feeEarlyUntil: Date | null;
};

/** Whether the seminar charges anyone at all. */
export const isPaidSeminar = (fees: SeminarFees) =>
  (fees.feeFull ?? 0) > 0 || (fees.feeOther ?? 0) > 0;

/**
 * What this reader pays: the 정회원-standing amount (명예회원 and 평생회원 too) or everyone else's,
 * the early amount until `feeEarlyUntil`. 0 is free.
 */
export function feeFor(fees: SeminarFees, fullStanding: boolean, now: Date) {
  const early = fees.feeEarlyUntil !== null && now <= fees.feeEarlyUntil;
  const regular = fullStanding ? fees.feeFull : fees.feeOther;
  const reduced = fullStanding ? fees.feeFullEarly : fees.feeOtherEarly;
  return Math.max(0, (early && reduced !== null ? reduced : regular) ?? 0);
}
