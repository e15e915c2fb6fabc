// The second factor of the accounts whose role needs one (policy.ts): TOTP (RFC 6238, 30-second
// steps, six digits, SHA-1, as every authenticator app reads it), enrolled at /admin/security with
// ten single-use recovery codes. A code is accepted once (the last used step is kept), one step
// of clock drift either way is tolerated, and wrong codes count against a limit like passwords.
import crypto from "node:crypto";
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { recoveryCodes, secondFactors, users } from "~db/schema";
import { type EventClient, recordAuthEvent } from "../accounts/auth-events.server";
import { secondFactorDeviceOf } from "../accounts/known-device.server";
import { checkPassword } from "../accounts/my-account.server";
import type { ClientInfo } from "../accounts/password-check.server";
import { endAllSessions } from "../accounts/session.server";
import { type AuditContext, audit, recordAudit } from "../audit/audit.server";
import {
  notifyRepeatedSecondFactorFailures,
  notifySecondFactorEnrolled,
  notifySecondFactorRemoved,
} from "../mail/notifications.server";
import { textMember } from "../messages/messages.server";
import {
  beginSecondFactorAttempt,
  clear,
  hit,
  TOO_MANY_CODES,
} from "../security/rate-limit.server";
import { societyConfig } from "../society/config.server";
import { open, seal } from "./secret-box.server";

const PERIOD = 30;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export const WRONG_CODE = "인증 코드가 올바르지 않습니다. 인증 앱의 현재 코드를 입력해주세요.";
/** At login either is taken: a recovery code typed wrong must not be told to use the app. */
export const WRONG_LOGIN_CODE =
  "인증 코드가 올바르지 않습니다. 인증 앱의 현재 코드나 아직 쓰지 않은 복구 코드를 입력해주세요.";
export const ALREADY_ENROLLED =
  "이미 2단계 인증이 등록되어 있습니다. 다시 등록하려면 먼저 해제해주세요.";
export const NO_PENDING_ENROLMENT = "2단계 인증 등록을 먼저 시작해주세요.";

const totpOf = (secret: OTPAuth.Secret, email: string) =>
  new OTPAuth.TOTP({
    issuer: societyConfig.name,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret,
  });

/** The time step a code belongs to, or null: now, one step before or one after. */
function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = OTPAuth.TOTP.validate({
    token: code,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    timestamp: now,
    window: 1,
  });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

const hashCode = (code: string) => crypto.createHash("sha256").update(code).digest("hex");
/** Recovery codes are typed in any case, with or without the dash and spaces. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/**
 * An authenticator app's code as a person types it: apps show "123 456", and a Korean keyboard
 * may send full-width digits (１２３４５６). Answers the six digits, or null for anything else.
 */
const appCodeOf = (input: string) => {
  const digits = input.normalize("NFKC").replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
};

function newRecoveryCode() {
  let code = "";
  for (let i = 0; i < 10; i++)
    code += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Replaces an account's recovery codes with ten new ones and answers them (shown once). */
async function issueRecoveryCodes(userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashCode(normaliseRecoveryCode(code)) })));
  });
  return codes;
}

/**
 * A factor counts once it is confirmed; one still being set up is not yet a second factor. Takes
 * `second_factors.confirmed_at` (null when there is no row), for readers that join it themselves.
 */
export function enrolment(confirmedAt: Date | null | undefined) {
  return confirmedAt ? { enrolled: true, confirmedAt } : { enrolled: false, confirmedAt: null };
}

/** Whether an account has a confirmed factor, since when, and how many recovery codes are left. */
export async function secondFactorStatus(userId: string) {
  const db = await getDb();
  const [factor] = await db
    .select({ confirmedAt: secondFactors.confirmedAt })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId));
  if (!factor?.confirmedAt) return { ...enrolment(null), recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enrolled: true, confirmedAt: factor.confirmedAt, recoveryCodesLeft: left?.value ?? 0 };
}

/** Whether an account has a confirmed second factor (the login asks for a code then). */
export async function hasSecondFactor(userId: string) {
  const db = await getDb();
  const [factor] = await db
    .select({ userId: secondFactors.userId })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
  return Boolean(factor);
}

/**
 * Starts (or restarts) enrolment: a new secret, kept sealed and unconfirmed until a code from it
 * comes back. Answers the secret as text, the otpauth:// URI and the URI as an SVG QR code.
 */
export async function beginEnrolment(
  user: { id: string; email: string },
  sessionId: string | null,
) {
  if (await hasSecondFactor(user.id)) throw new AppError("conflict", ALREADY_ENROLLED);
  const secret = new OTPAuth.Secret({ size: 20 });
  const db = await getDb();
  const enrollingSession = sessionMark(sessionId);
  await db
    .insert(secondFactors)
    .values({ userId: user.id, secret: seal(secret.base32), enrollingSession })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secret: seal(secret.base32), confirmedAt: null, lastUsedStep: 0, enrollingSession },
    });
  const otpauthUrl = totpOf(secret, user.email).toString();
  return { secret: secret.base32, otpauthUrl };
}

/**
 * The session an enrolment belongs to, as stored (a hash: the session's secret id never rests in
 * another table). Null for no session, which no enrolment matches.
 */
const sessionMark = (sessionId: string | null) =>
  sessionId ? crypto.createHash("sha256").update(sessionId).digest("hex") : null;

/** The unconfirmed factor of this account begun by this session. */
const ownPendingFactor = (userId: string, sessionId: string | null) =>
  and(
    eq(secondFactors.userId, userId),
    isNull(secondFactors.confirmedAt),
    eq(secondFactors.enrollingSession, sessionMark(sessionId) ?? "-"),
  );

/**
 * The enrolment waiting for its first code, as the page shows it again after a reload: only to
 * the session that began it. Another session of the same password (someone else, perhaps) sees
 * none and would start its own, which replaces this one.
 */
export async function pendingEnrolment(
  user: { id: string; email: string },
  sessionId: string | null,
) {
  const db = await getDb();
  const [row] = await db
    .select({ secret: secondFactors.secret })
    .from(secondFactors)
    .where(ownPendingFactor(user.id, sessionId));
  const opened = row ? open(row.secret) : null;
  if (!opened) return null;
  const otpauthUrl = totpOf(OTPAuth.Secret.fromBase32(opened.plain), user.email).toString();
  return { secret: opened.plain, otpauthUrl };
}

/** The otpauth:// URI as an SVG QR code, drawn on the server (no script, no external service). */
export function qrCodeSvg(otpauthUrl: string) {
  return QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/**
 * Confirms enrolment with a current code: the factor counts from now on, this code is used up,
 * and ten recovery codes are answered (the only time they are shown). A wrong code is a 400.
 * Every other session of the account ends (`keepSession` is the one confirming): none of them
 * passed this factor, and one that passed an earlier factor must not count as having passed it.
 */
export async function confirmEnrolment(
  user: { id: string; email: string },
  code: string,
  context: AuditContext,
  keepSession: string | null,
) {
  await limitCodeAttempts(user.id);
  const db = await getDb();
  const [row] = await db
    .select({ secret: secondFactors.secret })
    .from(secondFactors)
    .where(ownPendingFactor(user.id, keepSession));
  if (!row) {
    if (await hasSecondFactor(user.id)) throw new AppError("conflict", ALREADY_ENROLLED);
    throw new AppError("invalid", NO_PENDING_ENROLMENT);
  }
  const opened = open(row.secret);
  const digits = appCodeOf(code);
  const step = opened && digits ? matchingStep(opened.plain, digits) : null;
  if (step === null) throw new AppError("invalid", WRONG_CODE, { code: WRONG_CODE });
  const [confirmed] = await db
    .update(secondFactors)
    .set({ confirmedAt: new Date(), lastUsedStep: step, enrollingSession: null })
    .where(ownPendingFactor(user.id, keepSession))
    .returning({ userId: secondFactors.userId });
  if (!confirmed) {
    if (await hasSecondFactor(user.id)) throw new AppError("conflict", ALREADY_ENROLLED);
    throw new AppError("invalid", NO_PENDING_ENROLMENT);
  }
  await endAllSessions(user.id, keepSession ? { except: keepSession } : {});
  await clear(codeLimitKey(user.id));
  await audit(context, "second_factor_enrol", { id: user.id, label: user.email });
  const [owner] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  if (owner) await notifySecondFactorEnrolled(owner);
  return issueRecoveryCodes(user.id);
}

const codeLimitKey = (userId: string) => `second-factor:${userId}`;

/** Counts one enrolment code before it is checked; 429 past the login limit of the account. */
async function limitCodeAttempts(userId: string) {
  if ((await hit(codeLimitKey(userId))) > env.LOGIN_MAX_FAILURES_PER_ACCOUNT) {
    throw new AppError("rate_limited", TOO_MANY_CODES);
  }
}

/**
 * Checks a login's second factor: a six-digit code (accepted once, one step of drift) or an
 * unused recovery code (used up). Wrong and replayed codes are a 401 and an authentication event;
 * too many from one client a 429 (per browser that passed this factor before, else per address),
 * and the owner is mailed: a wrong code after a right password means the password is out.
 */
export async function verifySecondFactor(
  userId: string,
  input: string,
  client: EventClient & { cookie: string | null },
) {
  const device = await secondFactorDeviceOf(client.cookie, userId);
  const attempt = await beginSecondFactorAttempt(
    userId,
    device ? { device } : { ip: client.ip ?? undefined },
  );
  const code = input.trim();
  const digits = appCodeOf(code);
  const db = await getDb();
  let accepted = false;
  if (digits) {
    const [row] = await db
      .select({ secret: secondFactors.secret })
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
    const opened = row ? open(row.secret) : null;
    const step = opened ? matchingStep(opened.plain, digits) : null;
    if (opened && step !== null) {
      // The step moves forward only: a code of this step or an earlier one was already used.
      const [used] = await db
        .update(secondFactors)
        .set({
          lastUsedStep: step,
          ...(opened.rotated ? { secret: seal(opened.plain) } : {}),
        })
        .where(and(eq(secondFactors.userId, userId), lt(secondFactors.lastUsedStep, step)))
        .returning({ userId: secondFactors.userId });
      accepted = Boolean(used);
    }
  } else if (code.length <= 40) {
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashCode(normaliseRecoveryCode(code))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    accepted = Boolean(used);
  }
  if (!accepted) {
    await recordAuthEvent(userId, "second_factor_failed", client);
    if (await attempt.failed()) {
      const [owner] = await db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (owner) await notifyRepeatedSecondFactorFailures(owner);
    }
    throw new AppError("unauthenticated", WRONG_LOGIN_CODE);
  }
  await attempt.succeeded();
}

/**
 * Turns the factor off after the password is entered again; the owner is mailed. Every other
 * session of the account ends (`keepSession` is the one turning it off): sessions that passed
 * this factor would otherwise keep their standing through a later enrolment of another.
 */
export async function disableSecondFactor(
  user: { id: string; email: string },
  password: string,
  client: ClientInfo,
  context: AuditContext,
  keepSession: string | null,
) {
  const account = await checkPassword(user.id, password, client);
  await removeFactor(user.id);
  await endAllSessions(user.id, keepSession ? { except: keepSession } : {});
  await audit(context, "second_factor_disable", { id: user.id, label: user.email });
  await notifySecondFactorRemoved(account, "self");
}

/** Ten new recovery codes (the old ones stop working) after the password is entered again. */
export async function regenerateRecoveryCodes(
  user: { id: string },
  password: string,
  client: ClientInfo,
) {
  await checkPassword(user.id, password, client);
  if (!(await hasSecondFactor(user.id))) throw new AppError("conflict", NO_PENDING_ENROLMENT);
  return issueRecoveryCodes(user.id);
}

async function removeFactor(userId: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(secondFactors).where(eq(secondFactors.userId, userId));
  });
}

export const OWN_FACTOR_RESET =
  "본인의 2단계 인증은 관리자 보안 설정에서 비밀번호를 입력해 해제해주세요.";

/**
 * Another administrator (or the command line, `context` null) resets someone's factor, e.g.
 * after a lost phone: the factor and recovery codes go, every session of the account ends, the
 * reset is audited and the owner is mailed. They enrol again at their next login.
 */
export async function resetSecondFactorOf(memberId: string, context: AuditContext | null) {
  const db = await getDb();
  const [member] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, memberId));
  if (!member) throw new AppError("not_found", "회원을 찾을 수 없습니다.");
  if (context && context.actor.id === memberId) throw new AppError("conflict", OWN_FACTOR_RESET);
  await removeFactor(member.id);
  await endAllSessions(member.id);
  await recordAudit({
    actor: context?.actor ?? null,
    ip: context?.ip ?? null,
    action: "second_factor_reset",
    subject: { id: member.id, label: `${member.name} <${member.email}>` },
    detail: context ? undefined : { by: "admin:reset-mfa" },
  });
  await notifySecondFactorRemoved(member, "reset");
  await textMember(member.id, "secondFactorReset", { name: member.name });
  return member;
}
