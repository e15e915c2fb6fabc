// The account life of SPEC.md §4: sign-up (pending), administrator approval or rejection, login.
import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsText, phoneContains } from "~/lib/list-page.server";
import { sumTallies } from "~/lib/tallies.server";
import { users } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit, recordAudit } from "../audit/audit.server";
import {
  notifyNewSignup,
  notifySignupDecision,
  notifySignupReceived,
} from "../mail/notifications.server";
import { REVIEW_DAYS } from "../membership/validation";
import { textMember } from "../messages/messages.server";
import { limitAuthRequestsByIp, limitSignupsByAccount } from "../security/rate-limit.server";
import { societyDetailsLastRead } from "../society/settings.server";
import { currentTermsVersion } from "../society/terms.server";
import { claimSignupImage } from "../uploads/uploads.server";
import { recordAuthEvent } from "./auth-events.server";
import { rememberDevice } from "./known-device.server";
import { type ClientInfo, checkPasswordLimited } from "./password-check.server";
import { assertStrongPassword } from "./password-strength.server";
import { hashPassword } from "./passwords.server";
import { endAllSessions } from "./session.server";
import { PENDING_APPROVAL, PRIVACY_CONSENT_VERSION, type RegisterInput } from "./validation";

export const EMAIL_TAKEN = "이미 가입된 이메일입니다.";
export const IMAGE_NOT_UPLOADED = "의사 면허증 이미지를 다시 업로드해주세요.";

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());
/** The live (not rejected) account of an e-mail: at most one, by the partial unique index. */
const liveByEmail = (email: string) => and(byEmail(email), isNull(users.rejectedAt));

/** A public view of a user: never the password hash. */
export const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  licenseNumber: users.licenseNumber,
  hospitalName: users.hospitalName,
  department: users.department,
  address: users.address,
  licenseImageUrl: users.licenseImageUrl,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  isApproved: users.isApproved,
  rejectedAt: users.rejectedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/**
 * Creates a pending account, always a new one. A doctor whose sign-up was turned down can apply
 * again with the same e-mail: the rejected account is left as it is (rejected, with its own
 * application and licence image, which its retention clock deletes) and never revived, so
 * nothing of the old sign-up reaches the new account. A live account with the e-mail is a 409.
 */
export async function registerMember(input: RegisterInput & { ip?: string }) {
  await limitAuthRequestsByIp(input.ip);
  await limitSignupsByAccount(input.email);
  await assertStrongPassword(input.password, input);
  const db = await getDb();
  const [passwordHash, termsVersion] = await Promise.all([
    hashPassword(input.password),
    currentTermsVersion(),
  ]);
  const values = {
    email: input.email.toLowerCase(),
    passwordHash,
    name: input.name,
    phone: input.phone,
    licenseNumber: input.licenseNumber,
    hospitalName: input.hospitalName,
    department: input.department,
    address: input.address,
    licenseImageUrl: input.licenseImageUrl,
    role: "member",
    isApproved: false,
    privacyConsentVersion: PRIVACY_CONSENT_VERSION,
    privacyConsentAt: new Date(),
    termsConsentVersion: termsVersion,
    termsConsentAt: new Date(),
    marketingConsentAt: input.marketingConsent ? new Date() : null,
  };
  try {
    const user = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(liveByEmail(input.email));
      if (existing) throw new AppError("conflict", EMAIL_TAKEN);
      const [user] = await tx
        .insert(users)
        .values(values)
        .returning({ id: users.id, email: users.email });
      if (!user) throw new Error("The account was not saved");
      if (!(await claimSignupImage(tx, input.licenseImageUrl, user.id))) {
        throw new AppError("invalid", IMAGE_NOT_UPLOADED, { licenseImageUrl: IMAGE_NOT_UPLOADED });
      }
      return user;
    });
    await notifyNewSignup({ name: input.name, email: user.email });
    await notifySignupReceived({ name: input.name, email: user.email }, REVIEW_DAYS);
    await textMember(user.id, "signupReceived", { name: input.name });
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", EMAIL_TAKEN);
    throw error;
  }
}

/** What a suspended member is told at login: the account is suspended, and whom to ask. */
export const accountSuspendedMessage = () =>
  `계정이 정지되어 로그인할 수 없습니다. 자세한 내용은 학회 사무국(${societyDetailsLastRead().phone}, ${societyDetailsLastRead().email})으로 문의해주세요.`;

export const LOGIN_FAILED = "이메일 또는 비밀번호를 확인해주세요.";

/** What a rejected doctor is told at login, beside the office's reason. */
export const REJECTED_MESSAGE = () =>
  `회원가입이 승인되지 않았습니다. 반려 사유를 확인하시고 면허 이미지를 고쳐 다시 신청하실 수 있습니다. 문의: 학회 사무국(${societyDetailsLastRead().phone}, ${societyDetailsLastRead().email})`;

/**
 * A right password for a sign-up that waits for the office or was rejected: a 403 that says which
 * (`status`, the office's `reason`), so the login can open the applicant's status page.
 */
export class ApplicantRefusal extends AppError {
  constructor(
    readonly userId: string,
    readonly applicantStatus: "pending" | "rejected",
    message: string,
    readonly reason: string | null = null,
  ) {
    super("forbidden", message);
  }
}

/**
 * Checks e-mail and password under the login limits. Wrong credentials are a 401 whether or not
 * the e-mail exists; an account awaiting approval is a 403; a rejected one a 403 naming whom to
 * contact. The live account of the e-mail is the one checked; with none, the latest rejected one,
 * so a rejected doctor is told why they cannot log in.
 */
async function authenticate(
  email: string,
  password: string,
  client: ClientInfo & { userAgent?: string | null },
) {
  const db = await getDb();
  const [user] = await db
    .select({
      ...userColumns,
      passwordHash: users.passwordHash,
      suspendedAt: users.suspendedAt,
      rejectionReason: users.rejectionReason,
    })
    .from(users)
    .where(byEmail(email))
    .orderBy(sql`${users.rejectedAt} desc nulls first`)
    .limit(1);
  if (!(await checkPasswordLimited(email, user, password, client)) || !user) {
    if (user) await recordAuthEvent(user.id, "login_failed", client);
    throw new AppError("unauthenticated", LOGIN_FAILED);
  }
  if (user.rejectedAt) {
    throw new ApplicantRefusal(user.id, "rejected", REJECTED_MESSAGE(), user.rejectionReason);
  }
  if (user.suspendedAt) throw new AppError("forbidden", accountSuspendedMessage());
  if (!user.isApproved) throw new ApplicantRefusal(user.id, "pending", PENDING_APPROVAL);
  const {
    passwordHash: _hash,
    suspendedAt: _suspendedAt,
    rejectionReason: _reason,
    ...account
  } = user;
  return account;
}

/** Sign-ups waiting for a decision (users_pending_idx), searched as the dashboard searches them. */
const pendingWhere = (q?: string) =>
  and(
    eq(users.isApproved, false),
    isNull(users.rejectedAt),
    isNull(users.suspendedAt),
    or(
      containsText(q, [
        users.name,
        users.email,
        users.phone,
        users.hospitalName,
        users.licenseNumber,
      ]),
      phoneContains(q, users.phone),
    ),
  );

/**
 * Accounts waiting for an administrator: those a doctor corrected and sent again after a rejection
 * first, then the rest oldest first (ties by id); `q` searches name, e-mail,
 * phone, hospital and licence number; `limit`/`offset` read one window of the queue.
 */
export async function listPendingMembers(
  options: { q?: string; limit?: number; offset?: number } = {},
) {
  const db = await getDb();
  const query = db
    .select({ ...userColumns, resubmittedAt: users.resubmittedAt })
    .from(users)
    .where(pendingWhere(options.q))
    // Re-submissions after a rejection first (the earliest first), then the queue oldest first.
    .orderBy(sql`${users.resubmittedAt} asc nulls last`, asc(users.createdAt), asc(users.id));
  return options.limit ? await query.limit(options.limit).offset(options.offset ?? 0) : await query;
}

/** How many sign-ups wait (a COUNT: the dashboard's badge, pagers, `X-Total-Count`). */
export async function countPendingMembers(options: { q?: string } = {}) {
  if (!options.q) return sumTallies("members", ([status]) => status === "pending");
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(users).where(pendingWhere(options.q));
  return row?.value ?? 0;
}

async function findUser(id: string) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function approveMember(actor: Actor, id: string) {
  assertAdmin(actor);
  const context = actor.audit;
  const user = await findUser(id);
  if (!user) throw new AppError("not_found", "회원을 찾을 수 없습니다.");
  const db = await getDb();
  // Undoing a rejection is allowed only while the doctor has not signed up again: the newer
  // account holds the e-mail now, and the old one stays rejected.
  if (user.rejectedAt) {
    const [newer] = await db.select({ id: users.id }).from(users).where(liveByEmail(user.email));
    if (newer) {
      throw new AppError(
        "conflict",
        "같은 이메일로 새 가입 신청이 있어 거부된 계정을 승인할 수 없습니다. 새 가입 신청을 확인해주세요.",
      );
    }
  }
  const [updated] = await db
    .update(users)
    .set({
      isApproved: true,
      rejectedAt: null,
      approvedAt: user.isApproved ? undefined : new Date(),
    })
    .where(eq(users.id, id))
    .returning(userColumns);
  await audit(context, "approve_member", { id, label: `${user.name} <${user.email}>` });
  // Only a newly approved account is told; approving twice sends nothing twice.
  if (updated && !user.isApproved) {
    await notifySignupDecision(updated, true);
    await textMember(id, "approved", { name: updated.name, loginUrl: `${env.PUBLIC_URL}/login` });
  }
  return updated;
}

/**
 * Rejects a sign-up: the account is kept, marked rejected, and every session of it ends. The
 * optional reason goes into the rejection mail.
 */
export async function rejectMember(actor: Actor, id: string, reason?: string | null) {
  assertAdmin(actor);
  const context = actor.audit;
  const user = await findUser(id);
  if (!user) throw new AppError("not_found", "회원을 찾을 수 없습니다.");
  if (user.role === "admin") throw new AppError("conflict", "관리자 계정은 거부할 수 없습니다.");
  // A rejection is the answer to a sign-up. Once approved (by another administrator, or from a
  // tab opened before the approval), the member is stopped with a suspension, which keeps their
  // record, dues and seats and can be lifted; a rejection would also mail them a refusal.
  if (user.isApproved) {
    throw new AppError(
      "conflict",
      "이미 승인된 회원이라 가입을 거부할 수 없습니다. 이용을 막으려면 회원 정보에서 이용 정지를 사용해주세요.",
    );
  }
  const db = await getDb();
  const [updated] = await db
    .update(users)
    .set({
      isApproved: false,
      rejectedAt: new Date(),
      approvedAt: null,
      rejectionReason: reason || null,
    })
    .where(eq(users.id, id))
    .returning(userColumns);
  await audit(
    context,
    "reject_member",
    { id, label: `${user.name} <${user.email}>` },
    reason ? { reason } : undefined,
  );
  await endAllSessions(id);
  if (updated && !user.rejectedAt) {
    await notifySignupDecision(updated, false, reason);
    await textMember(id, "rejected", {
      name: updated.name,
      reason: reason || `자세한 내용은 사무국(${societyDetailsLastRead().phone})으로 문의해주세요.`,
    });
  }
  return updated;
}

/**
 * Reopens a rejected sign-up: the account goes back to the pending list, to be
 * approved or rejected again. Refused while a newer sign-up holds the e-mail, as approving is.
 */
export async function reopenMember(actor: Actor, id: string) {
  assertAdmin(actor);
  const context = actor.audit;
  const user = await findUser(id);
  if (!user) throw new AppError("not_found", "회원을 찾을 수 없습니다.");
  if (!user.rejectedAt) throw new AppError("conflict", "거부된 가입 신청만 다시 열 수 있습니다.");
  const db = await getDb();
  const [newer] = await db.select({ id: users.id }).from(users).where(liveByEmail(user.email));
  if (newer) {
    throw new AppError(
      "conflict",
      "같은 이메일로 새 가입 신청이 있어 거부된 계정을 다시 열 수 없습니다. 새 가입 신청을 확인해주세요.",
    );
  }
  const [updated] = await db
    .update(users)
    .set({ isApproved: false, rejectedAt: null, approvedAt: null })
    .where(eq(users.id, id))
    .returning(userColumns);
  await audit(context, "reopen_member", { id, label: `${user.name} <${user.email}>` });
  return updated;
}

/**
 * Creates an approved administrator, or promotes and approves an existing account (its password
 * is replaced when one is given).
 */
export async function createAdministrator(input: {
  email: string;
  password: string;
  name: string;
}) {
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select({ id: users.id }).from(users).where(liveByEmail(input.email));
  if (existing) {
    await db
      .update(users)
      .set({ role: "admin", isApproved: true, rejectedAt: null, passwordHash, name: input.name })
      .where(eq(users.id, existing.id));
    await recordAudit({
      actor: null,
      action: "role_change",
      subject: { id: existing.id, label: input.email },
      detail: { role: "admin", by: "admin:create" },
    });
    return { id: existing.id, created: false };
  }
  const [created] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash,
      name: input.name,
      phone: "-",
      licenseNumber: "-",
      hospitalName: "-",
      department: "-",
      address: "-",
      role: "admin",
      isApproved: true,
      approvedAt: new Date(),
    })
    .returning({ id: users.id });
  return { id: created!.id, created: true };
}

/**
 * Login with its limits: requests per IP, and password attempts per
 * account and client (counted before the password is checked). A successful login also answers
 * the Set-Cookie header that makes this browser a known device of the account.
 */
export async function logIn(input: {
  email: string;
  password: string;
  ip: string | undefined;
  cookie?: string | null;
  userAgent?: string | null;
}) {
  await limitAuthRequestsByIp(input.ip);
  const user = await authenticate(input.email, input.password, input);
  const db = await getDb();
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return { ...user, deviceCookie: await rememberDevice(input.cookie, user.id) };
}
