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
) => seminar.cancellationDeadline ?? new Date(seminar.date.getTime() - 3 * DAY_MS);

/** A seminar without an end time is taken to last two hours (the calendar invitation's length). */
export const SEMINAR_DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;

/** When a seminar ends: as set, or two hours after its start. */
export const seminarEndOf = (seminar: { date: Date; endDate: Date | null }) =>
  seminar.endDate ?? new Date(seminar.date.getTime() + SEMINAR_DEFAULT_LENGTH_MS);

/** Where a seminar's on-site registration stands: links out, not yet open, open, or closed. */
export type RegistrationWindow = "external" | "not_open" | "open" | "closed";

export function registrationWindow(seminar: SeminarDates, now: Date): RegistrationWindow {
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
