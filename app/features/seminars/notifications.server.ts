// The mails of a seminar registration. They go through the outbox after the change is saved, and
// never break it (see `safely`). Confirmations carry the seminar as a calendar invitation.
import { env } from "~/env.server";
import { now as clockNow } from "~/lib/clock.server";
import { formatDateTime, seoulDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import type { seminarRegistrations, seminars } from "~db/schema";
import { enqueueMail } from "../mail/mail.server";
import { safely } from "../mail/notifications.server";
import { type CancellationFacts, mailTemplates } from "../mail/templates.server";
import { textMember } from "../messages/messages.server";
import { seminarInvitation } from "./calendar.server";
import { cancellationDeadlineOf, isPaidSeminar } from "./rules";
import { ticketQrPngBase64 } from "./ticket-code.server";
import { ticketToken } from "./tickets.server";

type Seminar = typeof seminars.$inferSelect;
type Registration = typeof seminarRegistrations.$inferSelect;
type MemberRegistration = Registration & { userId: string };

/**
 * A notice to the registrant, queued safely. A withdrawn member's kept registration (decision
 * 035) has nobody to tell: it is passed over.
 */
function toRegistrant<Rest extends unknown[]>(
  send: (seminar: Seminar, registration: MemberRegistration, ...rest: Rest) => Promise<void>,
) {
  return safely(async (seminar: Seminar, registration: Registration, ...rest: Rest) => {
    if (registration.userId === null) return;
    await send(seminar, { ...registration, userId: registration.userId }, ...rest);
  });
}

const ticketUrl = (registration: Registration) =>
  `${env.PUBLIC_URL}/mypage/tickets/${registration.id}`;

/** The text message of a confirmed seat (the mail carries the same and the calendar file). */
const textConfirmed = (seminar: Seminar, registration: MemberRegistration) =>
  textMember(registration.userId, "seminarRegistered", {
    name: registration.name,
    title: seminar.title,
    ticketUrl: ticketUrl(registration),
  });

const forMail = (seminar: Seminar) => ({
  ...seminar,
  cancellationDeadline: cancellationDeadlineOf(seminar),
});

/** The calendar invitation and the ticket's QR code, for a confirmed seat. */
const invitationAndTicket = async (seminar: Seminar, registration: Registration) => [
  {
    filename: "seminar.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: seminarInvitation(seminar, clockNow()),
  },
  {
    filename: "ticket-qr.png",
    contentType: "image/png",
    content: await ticketQrPngBase64(ticketToken(registration)),
    encoding: "base64" as const,
  },
];

export const notifyRegistrationConfirmed = toRegistrant(
  async (seminar: Seminar, registration: MemberRegistration, walkIn?: boolean) => {
    await enqueueMail({
      ...mailTemplates.registrationConfirmed(registration, forMail(seminar), walkIn),
      attachments: await invitationAndTicket(seminar, registration),
    });
    await textConfirmed(seminar, registration);
  },
);

export const notifyWaitlistJoined = toRegistrant(
  async (seminar: Seminar, registration: MemberRegistration, position: number) => {
    await enqueueMail(
      mailTemplates.waitlistJoined(
        registration,
        forMail(seminar),
        position,
        isPaidSeminar(seminar),
      ),
    );
  },
);

export const notifyWaitlistPromoted = toRegistrant(
  async (seminar: Seminar, registration: MemberRegistration) => {
    await enqueueMail({
      ...mailTemplates.waitlistPromoted(registration, forMail(seminar)),
      attachments: await invitationAndTicket(seminar, registration),
    });
    await textConfirmed(seminar, registration);
  },
);

export const notifyRegistrationCancelled = toRegistrant(
  async (seminar: Seminar, registration: MemberRegistration, how: CancellationFacts) => {
    await enqueueMail(mailTemplates.registrationCancelled(registration, forMail(seminar), how));
  },
);

export const notifySeminarReminder = toRegistrant(
  async (seminar: Seminar, registration: MemberRegistration) => {
    // Sent within the day before the start: on the start's own Seoul day it is today's.
    const day = seoulDate(seminar.date) === seoulDate(clockNow()) ? "오늘" : "내일";
    await enqueueMail(mailTemplates.seminarReminder(registration, forMail(seminar), day));
    await textMember(registration.userId, "seminarReminder", {
      name: registration.name,
      day,
      title: seminar.title,
      when: formatDateTime(seminar.date),
      url: ticketUrl(registration),
    });
  },
);

export const notifySeminarCancelled = toRegistrant(
  async (seminar: Seminar, registration: MemberRegistration, refunded: number) => {
    await enqueueMail(mailTemplates.seminarCancelled(registration, forMail(seminar), refunded));
  },
);

export const notifySeatOffered = toRegistrant(
  async (
    seminar: Seminar,
    registration: MemberRegistration,
    payment: { paymentId: string; amount: number; expiresAt: Date | null },
  ) => {
    const payBy = payment.expiresAt ?? clockNow();
    await enqueueMail(
      mailTemplates.seatOfferedForPayment(registration, forMail(seminar), {
        amount: payment.amount,
        expiresAt: payBy,
      }),
    );
    await textMember(registration.userId, "seatOffered", {
      name: registration.name,
      title: `${seminar.title} · 등록비 ${formatNumber(payment.amount)}원`,
      url: `${env.PUBLIC_URL}/mypage/payments/${encodeURIComponent(payment.paymentId)}`,
      payBy: formatDateTime(payBy),
    });
  },
);

export const notifyHoldExpired = toRegistrant(
  async (seminar: Seminar, registration: MemberRegistration) => {
    await enqueueMail(mailTemplates.seatHoldExpired(registration, forMail(seminar)));
  },
);
