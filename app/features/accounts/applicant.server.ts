// The doctor whose sign-up waits for the office or was rejected (decision 022). Such an account
// has no session, ever: after a right password the login answers its status and a short-lived,
// signed "applicant" cookie that opens only the status page on /login and its two requests, a new
// licence image while pending and, after a rejection, a corrected image with a new request (once
// per rejection). The cookie names the account and its own end; every use reads the account again,
// so an approval, a suspension or a newer sign-up with the e-mail ends what it may do.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { getDb } from "~/db.server";
import { now, nowMs } from "~/lib/clock.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { appSecret } from "~/lib/secret.server";
import { users } from "~db/schema";
import { recordAudit } from "../audit/audit.server";
import { notifySignupResubmitted } from "../mail/notifications.server";
import {
  claimSignupImage,
  deleteStoredFiles,
  forgetStoredObjects,
  objectIdFromPath,
} from "../uploads/uploads.server";
import { IMAGE_NOT_UPLOADED } from "./accounts.server";
import { HTTPS_COOKIES, hostCookieName } from "./session.server";

/** How long the status page stays open after the password: long enough to find a better photo. */
export const APPLICANT_MINUTES = 30;

export const APPLICANT_EXPIRED =
  "가입 신청 확인 시간이 지났습니다. 이메일과 비밀번호로 다시 로그인해주세요.";
export const ALREADY_RESUBMITTED = "이미 다시 신청하셨습니다. 사무국의 검토 결과를 기다려주세요.";
export const NEWER_SIGNUP =
  "같은 이메일로 새 가입 신청이 있어 이 신청은 다시 신청할 수 없습니다. 새 신청으로 로그인해주세요.";

const applicantCookie = createCookie(hostCookieName("applicant"), {
  httpOnly: true,
  // Only this site's own pages send it: a link from elsewhere opens the plain login page.
  sameSite: "strict",
  secure: HTTPS_COOKIES,
  path: "/",
  maxAge: APPLICANT_MINUTES * 60,
  secrets: [appSecret()],
});

type ApplicantToken = { u: string; e: number };

/** The Set-Cookie header that opens the status page of `userId` for APPLICANT_MINUTES. */
export function applicantCookieFor(userId: string) {
  const token: ApplicantToken = { u: userId, e: nowMs() + APPLICANT_MINUTES * 60_000 };
  return applicantCookie.serialize(token);
}

/** The Set-Cookie header that closes the status page. */
export function clearApplicantCookie() {
  return applicantCookie.serialize("", { maxAge: 0 });
}

async function tokenOf(request: Request): Promise<string | null> {
  try {
    const value = (await applicantCookie.parse(request.headers.get("Cookie"))) as unknown;
    if (!value || typeof value !== "object") return null;
    const { u, e } = value as Partial<ApplicantToken>;
    if (typeof u !== "string" || !isUuid(u) || typeof e !== "number" || e < nowMs()) return null;
    return u;
  } catch {
    return null;
  }
}

export type ApplicantStatus = {
  id: string;
  name: string;
  email: string;
  status: "pending" | "rejected";
  /** The office's reason, while rejected (and, after a re-application, the last one). */
  reason: string | null;
  createdAt: Date;
  rejectedAt: Date | null;
  resubmittedAt: Date | null;
  /** A rejected sign-up that may still ask again (no newer sign-up holds the e-mail). */
  canReapply: boolean;
};

const applicantColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  isApproved: users.isApproved,
  suspendedAt: users.suspendedAt,
  rejectedAt: users.rejectedAt,
  rejectionReason: users.rejectionReason,
  resubmittedAt: users.resubmittedAt,
  licenseImageUrl: users.licenseImageUrl,
  createdAt: users.createdAt,
};

/** A live account other than `id` with the same e-mail (a newer sign-up after the rejection). */
async function newerSignupOf(email: string, id: string) {
  const db = await getDb();
  const [newer] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        isNull(users.rejectedAt),
        ne(users.id, id),
      ),
    );
  return Boolean(newer);
}

/**
 * The applicant of this request's cookie, or null: no cookie, a forged or expired one, or an
 * account that is no longer waiting or rejected (approved, suspended, an administrator).
 */
export async function applicantOf(request: Request): Promise<ApplicantStatus | null> {
  const id = await tokenOf(request);
  if (!id) return null;
  const db = await getDb();
  const [row] = await db.select(applicantColumns).from(users).where(eq(users.id, id));
  if (!row || row.role === "admin" || row.isApproved || row.suspendedAt) return null;
  const rejected = row.rejectedAt !== null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: rejected ? "rejected" : "pending",
    reason: row.rejectionReason,
    createdAt: row.createdAt,
    rejectedAt: row.rejectedAt,
    resubmittedAt: row.resubmittedAt,
    canReapply: rejected && !(await newerSignupOf(row.email, row.id)),
  };
}

/** The applicant of this request, or a 401 telling them to log in again. */
export async function requireApplicant(request: Request) {
  const applicant = await applicantOf(request);
  if (!applicant) throw new AppError("unauthenticated", APPLICANT_EXPIRED);
  return applicant;
}

/**
 * Replaces the licence image of the applicant's sign-up with a new upload from the sign-up flow
 * (POST /api/objects/upload-public, the same checks). While pending the place in the queue stays;
 * after a rejection `reapply` asks again: the account is pending once more, first in the office's
 * list. Either is in the audit log; the replaced image is deleted.
 */
export async function resubmitSignup(
  applicant: ApplicantStatus,
  input: { licenseImageUrl: string; reapply: boolean },
  ip?: string | null,
) {
  if (input.reapply && applicant.status !== "rejected") {
    throw new AppError("conflict", ALREADY_RESUBMITTED);
  }
  if (!input.reapply && applicant.status !== "pending") {
    throw new AppError("conflict", "반려된 신청은 면허 이미지를 고친 뒤 다시 신청해주세요.");
  }
  if (input.reapply && (await newerSignupOf(applicant.email, applicant.id))) {
    throw new AppError("conflict", NEWER_SIGNUP);
  }
  const db = await getDb();
  const replaced = await db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ licenseImageUrl: users.licenseImageUrl })
        .from(users)
        .where(eq(users.id, applicant.id))
        .for("update");
      if (!(await claimSignupImage(tx, input.licenseImageUrl, applicant.id))) {
        throw new AppError("invalid", IMAGE_NOT_UPLOADED, { licenseImageUrl: IMAGE_NOT_UPLOADED });
      }
      // The state is checked again under the row's lock: two requests cannot both ask again.
      const state = input.reapply
        ? and(eq(users.id, applicant.id), sql`${users.rejectedAt} is not null`)
        : and(eq(users.id, applicant.id), isNull(users.rejectedAt), eq(users.isApproved, false));
      const changed = await tx
        .update(users)
        .set(
          input.reapply
            ? { licenseImageUrl: input.licenseImageUrl, rejectedAt: null, resubmittedAt: now() }
            : { licenseImageUrl: input.licenseImageUrl },
        )
        .where(state)
        .returning({ id: users.id });
      if (changed.length !== 1) throw new AppError("conflict", ALREADY_RESUBMITTED);
      const oldId = before?.licenseImageUrl ? objectIdFromPath(before.licenseImageUrl) : null;
      if (oldId) await forgetStoredObjects(tx, [oldId]);
      return oldId;
    })
    .catch((error: unknown) => {
      // A newer sign-up took the e-mail between the check and the change.
      if (isUniqueViolation(error)) throw new AppError("conflict", NEWER_SIGNUP);
      throw error;
    });
  if (replaced) await deleteStoredFiles([replaced], "licence image replaced by the applicant");
  await recordAudit({
    actor: { id: applicant.id, email: applicant.email },
    action: input.reapply ? "signup_resubmit" : "signup_licence_replace",
    subject: { id: applicant.id, label: `${applicant.name} <${applicant.email}>` },
    detail: input.reapply && applicant.reason ? { previousReason: applicant.reason } : undefined,
    ip: ip ?? null,
  });
  if (input.reapply)
    await notifySignupResubmitted({ name: applicant.name, email: applicant.email });
}
