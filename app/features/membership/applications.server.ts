// Full-membership applications: one open application per user at a time (a rejected
// applicant may apply again; earlier applications and their decisions stay on record);
// administrators approve or reject while pending, and what they view and decide is checked and
// audited here with their actor.
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { builtOnce } from "~/lib/built-once.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsText, phoneContains } from "~/lib/list-page.server";
import { readTallies, sumTallies } from "~/lib/tallies.server";
import { logger } from "~/logger.server";
import { membershipApplications, users } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import { currentDuesYear, depositorNameOf, getDuesYear, yearDuesOf } from "../dues/dues.server";
import { won } from "../dues/format";
import { notifyApplicationDecision, notifyNewApplication } from "../mail/notifications.server";
import { textMember } from "../messages/messages.server";
import { claimApplicationImage } from "../uploads/uploads.server";
import type { ApplicationInput, ApplicationStatus } from "./validation";

export const ALREADY_APPLIED = "이미 정회원 가입 신청을 하셨습니다.";
const APPLICATION_NOT_FOUND = "신청서를 찾을 수 없습니다.";

type Applicant = { id: string; name: string; email: string };

/**
 * Creates the user's application; name and e-mail are the account's. A second while one is
 * pending or approved is a 409 (the partial unique index decides, so two at once cannot both pass).
 */
export async function submitApplication(applicant: Applicant, input: ApplicationInput) {
  const db = await getDb();
  try {
    const [created] = await db
      .insert(membershipApplications)
      .values({
        userId: applicant.id,
        name: applicant.name,
        email: applicant.email,
        phone: input.phone,
        licenseNumber: input.licenseNumber,
        hospitalName: input.hospitalName,
        department: input.department,
        address: input.address,
      })
      .returning({ id: membershipApplications.id });
    if (!created) throw new Error("The application was not saved");
    await notifyNewApplication(applicant);
    await textApplicationReceived(applicant);
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", ALREADY_APPLIED);
    throw error;
  }
}

/**
 * The applicant's text: received, with this year's fee, the account and the depositor name to use
 * (what 회원 안내 and the dues notice promise "by 문자"). Never throws.
 */
async function textApplicationReceived(applicant: Applicant) {
  try {
    const db = await getDb();
    const [account] = await db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, applicant.id));
    const settings = await getDuesYear(currentDuesYear());
    const later = "사무국에서 따로 안내해 드립니다";
    await textMember(applicant.id, "applicationReceived", {
      name: applicant.name,
      amount: settings ? won(settings.regularFee) : later,
      account: settings?.bankAccount ?? later,
      depositor: depositorNameOf({ name: applicant.name, phone: account?.phone ?? "" }),
      url: `${env.PUBLIC_URL}/mypage/dues`,
    });
  } catch (error) {
    logger.error({ err: error }, "Could not text the applicant");
  }
}

/** This year's dues of a newly approved 정회원, for the approval mail: paid, or how to pay. */
/**
 * The year's dues a rejected applicant paid while waiting (as the dues page asks of an applicant),
 * which a 준회원 does not owe: the mails name it so that it goes back. Nothing when the member
 * stands as 정회원 or above anyway (a rejected re-application of a member already 정회원).
 */
async function duesPaidWhileWaiting(userId: string) {
  const year = currentDuesYear();
  const db = await getDb();
  const [[account], standing] = await Promise.all([
    db.select({ memberType: users.memberType }).from(users).where(eq(users.id, userId)),
    yearDuesOf([userId], year),
  ]);
  const paid = standing.get(userId)?.paid ?? 0;
  if (account?.memberType !== "associate" || paid <= 0) return undefined;
  return { year, amount: paid };
}

async function approvalDues(userId: string) {
  const year = currentDuesYear();
  const db = await getDb();
  const [[account], standing, settings] = await Promise.all([
    db.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, userId)),
    yearDuesOf([userId], year),
    getDuesYear(year),
  ]);
  const dues = standing.get(userId) ?? { year, status: "not_set" as const, fee: null, paid: 0 };
  return {
    ...dues,
    bankAccount: settings?.bankAccount ?? null,
    depositorName: account ? depositorNameOf(account) : "",
  };
}

/**
 * Attaches a licence image the applicant uploaded (private, their own) to their application.
 */
export async function attachLicenseImage(
  applicationId: string,
  userId: string,
  objectPath: string,
) {
  const notFound = new AppError("not_found", APPLICATION_NOT_FOUND);
  if (!isUuid(applicationId)) throw notFound;
  const db = await getDb();
  const [application] = await db
    .select({ id: membershipApplications.id })
    .from(membershipApplications)
    .where(
      and(eq(membershipApplications.id, applicationId), eq(membershipApplications.userId, userId)),
    );
  if (!application) throw notFound;
  // Claimed with the application's change, so the sweep of unattached uploads leaves it.
  const attached = await db.transaction(async (tx) => {
    if (!(await claimApplicationImage(tx, objectPath, userId))) return false;
    await tx
      .update(membershipApplications)
      .set({ licenseImageUrl: objectPath })
      .where(eq(membershipApplications.id, applicationId));
    return true;
  });
  if (!attached) {
    throw new AppError("invalid", "의사 면허증 이미지를 다시 업로드해주세요.", {
      licenseImageURL: "의사 면허증 이미지를 다시 업로드해주세요.",
    });
  }
}

/**
 * Submits an application and then saves its optional image. The application stands even when the
 * image step fails; that failure is only logged (SPEC.md §4).
 */
export async function applyForFullMembership(applicant: Applicant, input: ApplicationInput) {
  const created = await submitApplication(applicant, input);
  if (input.licenseImageUrl) {
    try {
      await attachLicenseImage(created.id, applicant.id, input.licenseImageUrl);
    } catch (error) {
      logger.warn(
        { applicationId: created.id, err: error instanceof AppError ? error.message : error },
        "Could not attach the licence image to a membership application",
      );
    }
  }
  return created;
}

/** The user's latest application (the one that counts), or null. */
export async function findApplicationOf(userId: string) {
  const [latest] = await listApplicationsOf(userId, 1);
  return latest ?? null;
}

/** The user's applications, newest first: the latest and the history before it. */
export async function listApplicationsOf(userId: string, limit = 20) {
  return applicationsOf({ userId, limit });
}

const applicationsOf = builtOnce("membership_applications_of_user", (db) =>
  db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.userId, sql.placeholder("userId")))
    .orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id))
    .limit(sql.placeholder("limit")),
);

/**
 * What the applicant's account holds from sign-up, where the office approved them: the licence
 * number and image. The application may name another number; the office sees both.
 */
export async function applicantAccountOf(actor: Actor, userId: string) {
  assertAdmin(actor);
  const db = await getDb();
  const [row] = await db
    .select({ licenseNumber: users.licenseNumber, licenseImageUrl: users.licenseImageUrl })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Applications searched by name, e-mail, phone, hospital or licence number. */
const applicationSearch = (q?: string) =>
  or(
    containsText(q, [
      membershipApplications.name,
      membershipApplications.email,
      membershipApplications.phone,
      membershipApplications.hospitalName,
      membershipApplications.licenseNumber,
    ]),
    phoneContains(q, membershipApplications.phone),
  );

/** Applications newest first (ties by id); `q` searches; `limit`/`offset` read one window. */
export async function listApplications(
  options: { q?: string; limit?: number; offset?: number } = {},
) {
  const db = await getDb();
  const query = db
    .select()
    .from(membershipApplications)
    .where(applicationSearch(options.q))
    .orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id));
  return options.limit ? await query.limit(options.limit).offset(options.offset ?? 0) : await query;
}

/** How many applications there are (matching `q`): a COUNT. */
export async function countApplications(options: { q?: string } = {}) {
  if (!options.q) return sumTallies("applications");
  const db = await getDb();
  const [row] = await db
    .select({ value: count() })
    .from(membershipApplications)
    .where(applicationSearch(options.q));
  return row?.value ?? 0;
}

/** How many applications are in each status (the tallies of migration 0012). */
export async function countApplicationsByStatus(): Promise<Record<ApplicationStatus, number>> {
  const counts: Record<ApplicationStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const [[status], value] of await readTallies("applications")) {
    if (status && status in counts) counts[status as ApplicationStatus] = value;
  }
  return counts;
}

export async function findApplication(id: string) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [application] = await db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, id));
  return application ?? null;
}

/** One application in full for an administrator (404 for an unknown one); the viewing is audited. */
export async function viewApplication(actor: Actor, id: string) {
  assertAdmin(actor);
  const application = await findApplication(id);
  if (!application) throw new AppError("not_found", APPLICATION_NOT_FOUND);
  await audit(actor.audit, "view_application", {
    id: application.userId,
    label: `${application.name} <${application.email}>`,
  });
  return application;
}

/** Approves or rejects a pending application; a decided one is a 409. */
export async function decideApplication(
  actor: Actor,
  id: string,
  decision: { status: "approved" } | { status: "rejected"; rejectionReason: string },
) {
  assertAdmin(actor);
  const application = await findApplication(id);
  if (!application) throw new AppError("not_found", APPLICATION_NOT_FOUND);
  const db = await getDb();
  const [updated] = await db
    .update(membershipApplications)
    .set({
      status: decision.status satisfies ApplicationStatus,
      rejectionReason: decision.status === "rejected" ? decision.rejectionReason : null,
    })
    .where(and(eq(membershipApplications.id, id), eq(membershipApplications.status, "pending")))
    .returning();
  if (!updated) throw new AppError("conflict", "이미 처리된 신청입니다.");
  // An approved application makes the member 정회원, unless the office made them 명예회원 or
  // 평생회원 already (those stand above it).
  if (decision.status === "approved") {
    await db
      .update(users)
      .set({ memberType: "regular" })
      .where(
        and(eq(users.id, updated.userId), inArray(users.memberType, ["associate", "regular"])),
      );
  }
  await audit(
    actor.audit,
    decision.status === "approved" ? "approve_application" : "reject_application",
    { id: updated.userId, label: `${updated.name} <${updated.email}>` },
    { applicationId: updated.id },
  );
  await notifyApplicationDecision(
    updated,
    decision,
    decision.status === "approved" ? await approvalDues(updated.userId) : undefined,
    decision.status === "rejected" ? await duesPaidWhileWaiting(updated.userId) : undefined,
  );
  if (decision.status === "approved") {
    await textMember(updated.userId, "applicationApproved", {
      name: updated.name,
      url: `${env.PUBLIC_URL}/mypage`,
    });
  } else {
    await textMember(updated.userId, "applicationRejected", {
      name: updated.name,
      reason: decision.rejectionReason,
    });
  }
  return updated;
}
