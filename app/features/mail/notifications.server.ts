// Who hears about what (the e-mail issue): administrators about new sign-ups and applications,
// doctors about every decision on their sign-up or application.
import { logger } from "~/logger.server";
import { enqueueMail, toAdministrators } from "./mail.server";
import { mailTemplates } from "./templates.server";

type Person = { name: string; email: string };

/** A notification never breaks the action that caused it: failures are logged only. */
function safely<Args extends unknown[]>(send: (...args: Args) => Promise<void>) {
  return async (...args: Args) => {
    try {
      await send(...args);
    } catch (error) {
      logger.error({ err: error }, "Could not queue a notification");
    }
  };
}

export const notifyNewSignup = safely(async (member: Person) => {
  const { subject, text, html } = mailTemplates.newSignupForAdmins("", member);
  await enqueueMail(await toAdministrators({ subject, text, html }));
});

export const notifyNewApplication = safely(async (applicant: Person) => {
  const { subject, text, html } = mailTemplates.newApplicationForAdmins("", applicant);
  await enqueueMail(await toAdministrators({ subject, text, html }));
});

export const notifySignupDecision = safely(async (member: Person, approved: boolean) => {
  await enqueueMail(
    approved ? mailTemplates.signupApproved(member) : mailTemplates.signupRejected(member),
  );
});

export const notifyApplicationDecision = safely(
  async (
    applicant: Person,
    decision: { status: "approved" } | { status: "rejected"; rejectionReason: string },
  ) => {
    await enqueueMail(
      decision.status === "approved"
        ? mailTemplates.applicationApproved(applicant)
        : mailTemplates.applicationRejected(applicant, decision.rejectionReason),
    );
  },
);
