// Who hears about what: administrators about new sign-ups and applications,
// doctors about every decision on their sign-up or application, members about what happens to
// their password (changed, reset, or being guessed at).
import { logger } from "~/logger.server";
import { firstInWindow } from "../security/rate-limit.server";
import { MEMBER_TYPE_LABELS, type MemberType } from "../society/member-labels";
import { enqueueMail, toAdministrators } from "./mail.server";
import { mailTemplates } from "./templates.server";

type Person = { name: string; email: string };

/** A notification never breaks the action that caused it: failures are logged only. */
export function safely<Args extends unknown[]>(send: (...args: Args) => Promise<void>) {
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

/** The doctor hears that the sign-up arrived, what happens next and how long it takes. */
export const notifySignupReceived = safely(async (member: Person, reviewDays: string) => {
  await enqueueMail(mailTemplates.signupReceived(member, reviewDays));
});

/** The office hears that a rejected doctor corrected the sign-up and asked again. */
export const notifySignupResubmitted = safely(async (member: Person) => {
  const { subject, text, html } = mailTemplates.signupResubmittedForAdmins("", member);
  await enqueueMail(await toAdministrators({ subject, text, html }));
});

export const notifyNewApplication = safely(async (applicant: Person) => {
  const { subject, text, html } = mailTemplates.newApplicationForAdmins("", applicant);
  await enqueueMail(await toAdministrators({ subject, text, html }));
});

export const notifySignupDecision = safely(
  async (member: Person, approved: boolean, reason?: string | null) => {
    await enqueueMail(
      approved
        ? mailTemplates.signupApproved(member)
        : mailTemplates.signupRejected(member, reason),
    );
  },
);

export const notifySuspended = safely(async (member: Person, reason: string) => {
  await enqueueMail(mailTemplates.memberSuspended(member, reason));
});

export const notifyReinstated = safely(async (member: Person) => {
  await enqueueMail(mailTemplates.memberReinstated(member));
});

export const notifyMemberTypeChanged = safely(
  async (member: Person, change: { from: MemberType; to: MemberType; reason: string | null }) => {
    await enqueueMail(
      mailTemplates.memberTypeChanged(member, {
        from: MEMBER_TYPE_LABELS[change.from],
        to: MEMBER_TYPE_LABELS[change.to],
        reason: change.reason,
      }),
    );
  },
);

export const notifyApplicationDecision = safely(
  async (
    applicant: Person,
    decision: { status: "approved" } | { status: "rejected"; rejectionReason: string },
    dues?: Parameters<typeof mailTemplates.applicationApproved>[1],
    paidDues?: { year: number; amount: number },
  ) => {
    await enqueueMail(
      decision.status === "approved"
        ? mailTemplates.applicationApproved(applicant, dues)
        : mailTemplates.applicationRejected(applicant, decision.rejectionReason, paidDues),
    );
    if (decision.status === "rejected" && paidDues) {
      const { subject, text, html } = mailTemplates.rejectedApplicantPaidDues(applicant, paidDues);
      await enqueueMail(await toAdministrators({ subject, text, html }));
    }
  },
);

/** The owner hears that their password is being guessed at: once per window, not per failure. */
export const notifyRepeatedLoginFailures = safely(async (member: Person) => {
  if (!(await firstInWindow(`login-alert:${member.email.toLowerCase()}`))) return;
  await enqueueMail(mailTemplates.repeatedLoginFailures(member));
});

/** The owner hears that someone with their password is guessing at the second factor. */
export const notifyRepeatedSecondFactorFailures = safely(async (member: Person) => {
  if (!(await firstInWindow(`second-factor-alert:${member.email.toLowerCase()}`))) return;
  await enqueueMail(mailTemplates.repeatedSecondFactorFailures(member));
});

/** After a password change or reset, so an owner who did not make it can react. */
export const notifyPasswordChanged = safely(async (member: Person, how: "change" | "reset") => {
  await enqueueMail(mailTemplates.passwordChanged(member, how));
});

/** The office changed a member's login e-mail: both addresses hear of it. */
export const notifyEmailChangedByOffice = safely(
  async (name: string, addresses: { from: string; to: string }) => {
    for (const email of [addresses.from, addresses.to]) {
      await enqueueMail(mailTemplates.emailChangedByOffice({ name, email }, addresses));
    }
  },
);

/** The owner's second factor was turned off (by them) or reset (by another administrator). */
/** A factor enrolled: the owner hears of it, so one set up by someone else does not go unseen. */
export const notifySecondFactorEnrolled = safely(async (member: Person) => {
  await enqueueMail(mailTemplates.secondFactorEnrolled(member));
});

export const notifySecondFactorRemoved = safely(async (member: Person, how: "self" | "reset") => {
  await enqueueMail(mailTemplates.secondFactorRemoved(member, how));
});
