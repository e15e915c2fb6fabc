// What the seminar's public page shows: the seminar, its seats left and registration window, and
// for a signed-in member their own registration and whether they are in the audience.
import { eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { isUuid } from "~/lib/ids";
import { seminars } from "~db/schema";
import type { SessionUser } from "../accounts/session.server";
import { standingOf } from "../dues/standing.server";
import { findMyRegistration, seatsLeft } from "./registrations.server";
import {
  cancellationDeadlineOf,
  feeFor,
  inAudience,
  isPaidSeminar,
  registrationWindow,
  seminarPhase,
} from "./rules";

export async function loadSeminarPage(seminarId: string, user: SessionUser | null) {
  if (!isUuid(seminarId)) return null;
  const db = await getDb();
  const [seminar] = await db.select().from(seminars).where(eq(seminars.id, seminarId));
  if (!seminar) return null;
  const now = clockNow();
  const [seats, mine, standing] = await Promise.all([
    seatsLeft(seminar),
    user ? findMyRegistration(seminar.id, user.id) : null,
    user ? standingOf(user, now) : null,
  ]);
  const { createdAt: _createdAt, ...shown } = seminar;
  const deadline = cancellationDeadlineOf(seminar);
  return {
    seminar: { ...shown, cancellationDeadline: deadline },
    seatsLeft: seats,
    window: registrationWindow(seminar, now),
    phase: seminarPhase(seminar, now),
    started: seminarPhase(seminar, now) !== "upcoming",
    ended: seminarPhase(seminar, now) === "past",
    signedIn: Boolean(user),
    inAudience: standing ? inAudience(seminar, standing.full) : null,
    mine: mine && mine.status !== "cancelled" ? mine : null,
    canCancel: Boolean(
      mine &&
        (mine.status === "waitlisted" || mine.status === "payment_pending" || now <= deadline),
    ),
    // The fee table, and what this reader would pay now (a visitor: the non-member amount).
    fees: isPaidSeminar(seminar)
      ? {
          full: seminar.feeFull ?? 0,
          other: seminar.feeOther ?? 0,
          fullEarly: seminar.feeFullEarly,
          otherEarly: seminar.feeOtherEarly,
          earlyUntil: seminar.feeEarlyUntil,
          early: seminar.feeEarlyUntil !== null && now <= seminar.feeEarlyUntil,
        }
      : null,
    fee: feeFor(seminar, standing?.full ?? false, now),
    fullStanding: standing?.full ?? null,
  };
}
