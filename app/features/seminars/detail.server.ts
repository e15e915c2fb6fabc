// What the seminar's public page shows: the seminar, its seats left and registration window, and
// for a signed-in member their own registration and whether they are in the audience.
import { eq, sql } from "drizzle-orm";
import { createContext } from "react-router";
import { builtOnce } from "~/lib/built-once.server";
import { now as clockNow } from "~/lib/clock.server";
import { isUuid } from "~/lib/ids";
import { seminars } from "~db/schema";
import type { SessionUser } from "../accounts/session.server";
import { findInvoice } from "../gateway/invoices.server";
import { findMyRegistration, releaseExpiredHoldsOf, seatsTakenSql } from "./registrations.server";
import {
  cancellationDeadlineOf,
  feeFor,
  inAudience,
  isPaidSeminar,
  registrationWindow,
  seminarPhase,
} from "./rules";

// The seminar with its seats taken, in one statement, built once (lib/built-once.server.ts): on
// registration day every member opens this page.
const seminarWithSeatsTaken = builtOnce("seminar_page", (db) =>
  db
    .select({
      seminar: seminars,
      taken: seatsTakenSql(sql.raw("seminars.id")),
    })
    .from(seminars)
    .where(eq(seminars.id, sql.placeholder("seminarId"))),
);

/** Whether a payment window was opened for the invoice (its way to pay chosen). */
async function paymentBegun(paymentId: string | null) {
  const invoice = paymentId ? await findInvoice(paymentId) : null;
  return Boolean(invoice?.method);
}

export async function loadSeminarPage(seminarId: string, user: SessionUser | null) {
  if (!isUuid(seminarId)) return null;
  const now = clockNow();
  let mine = user ? await findMyRegistration(seminarId, user.id) : null;
  if (
    mine?.status === "payment_pending" &&
    mine.expiresAt &&
    new Date(mine.expiresAt) <= now &&
    !(await paymentBegun(mine.paymentId))
  ) {
    // The hold ran out before the minute job came by: release it now, so the page tells the
    // truth (and the seat has gone to the waitlist) instead of offering a payment refused. A
    // payment begun is left to the payment page and the job, which read it back first.
    await releaseExpiredHoldsOf(seminarId, now);
    mine = await findMyRegistration(seminarId, user!.id);
  }
  const [row] = await seminarWithSeatsTaken({ seminarId });
  if (!row) return null;
  const { seminar } = row;
  const seats = seminar.capacity === null ? null : Math.max(0, seminar.capacity - row.taken);
  // 정회원 자격 as the session read it for this request (the header shows the same).
  const full = user ? user.fullStanding : null;
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
    inAudience: full === null ? null : inAudience(seminar, full),
    mine: mine && mine.status !== "cancelled" ? mine : null,
    canCancel: Boolean(
      mine &&
        (mine.status === "waitlisted" || mine.status === "payment_pending" || now <= deadline),
    ),
    /** A seat taken now cannot be given up by the member (said before they register). */
    pastCancellationDeadline: now > deadline,
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
    fee: feeFor(seminar, full ?? false, now),
    fullStanding: full,
  };
}

export type SeminarPage = NonNullable<Awaited<ReturnType<typeof loadSeminarPage>>>;

/**
 * The page's data already read for this request: set when the page is rendered as a template
 * (server/seminar-page-templates.ts), whose key is made of exactly this data, so the template
 * shows what its key says. Null on every other request.
 */
export const seminarPageContext = createContext<SeminarPage | null>(null);
