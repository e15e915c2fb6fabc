// The mails of a seminar registration. They go through the outbox after the change is saved, and
// never break it (see `safely`). Confirmations carry the seminar as a calendar invitation.
import { now as clockNow } from "~/lib/clock.server";
import type { seminarRegistrations, seminars } from "~db/schema";
import { enqueueMail } from "../mail/mail.server";
import { safely } from "../mail/notifications.server";
import { mailTemplates } from "../mail/templates.server";
import { seminarInvitation } from "./calendar.server";
import { cancellationDeadlineOf } from "./rules";

type Seminar = typeof seminars.$inferSelect;
type Registration = typeof seminarRegistrations.$inferSelect;

const forMail = (seminar: Seminar) => ({
  ...seminar,
  cancellationDeadline: cancellationDeadlineOf(seminar),
});

const invitation = (seminar: Seminar) => [
  {
    filename: "seminar.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: seminarInvitation(seminar, clockNow()),
  },
];

export const notifyRegistrationConfirmed = safely(
  async (seminar: Seminar, registration: Registration) => {
    await enqueueMail({
      ...mailTemplates.registrationConfirmed(registration, forMail(seminar)),
      attachments: invitation(seminar),
    });
  },
);

export const notifyWaitlistJoined = safely(
  async (seminar: Seminar, registration: Registration, position: number) => {
    await enqueueMail(mailTemplates.waitlistJoined(registration, forMail(seminar), position));
  },
);

export const notifyWaitlistPromoted = safely(
  async (seminar: Seminar, registration: Registration) => {
    await enqueueMail({
      ...mailTemplates.waitlistPromoted(registration, forMail(seminar)),
      attachments: invitation(seminar),
    });
  },
);

export const notifyRegistrationCancelled = safely(
  async (seminar: Seminar, registration: Registration, wasWaitlisted: boolean) => {
    await enqueueMail(
      mailTemplates.registrationCancelled(registration, forMail(seminar), wasWaitlisted),
    );
  },
);

export const notifySeminarReminder = safely(
  async (seminar: Seminar, registration: Registration) => {
    await enqueueMail(mailTemplates.seminarReminder(registration, forMail(seminar)));
  },
);
