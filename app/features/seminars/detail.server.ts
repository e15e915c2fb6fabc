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
import { cancellationDeadlineOf, inAudience, registrationWindow, seminarEndOf } from "./rules";

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
    started: seminar.date <= now,
    ended: seminarEndOf(seminar) <= now,
    signedIn: Boolean(user),
    inAudience: standing ? inAudience(seminar, standing.full) : null,
    mine: mine && mine.status !== "cancelled" ? mine : null,
    canCancel: Boolean(mine && (mine.status === "waitlisted" || now <= deadline)),
  };
}
