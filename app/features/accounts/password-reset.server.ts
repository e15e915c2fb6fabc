// Password recovery: a single-use link valid for one hour; only a hash of its token is stored.
// The request answers the same way whether or not the account exists.
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { passwordResetTokens, sessions, users } from "~db/schema";
import { enqueueMail } from "../mail/mail.server";
import { notifyPasswordChanged } from "../mail/notifications.server";
import { mailTemplates } from "../mail/templates.server";
import { textMember } from "../messages/messages.server";
import { clearPasswordLocks, hit, limitAuthRequestsByIp } from "../security/rate-limit.server";
import { assertStrongPassword } from "./password-strength.server";
import { hashPassword } from "./passwords.server";
import { RESET_LINK_INVALID } from "./validation";

export const RESET_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Sends a reset link if the e-mail belongs to an account; always resolves the same way. */
export async function requestPasswordReset(email: string, ip: string | undefined) {
  await limitAuthRequestsByIp(ip);
  const normalised = email.trim().toLowerCase();
  if ((await hit(`password-reset:${normalised}`)) > env.LOGIN_MAX_FAILURES_PER_ACCOUNT) {
    throw new AppError("rate_limited", "요청이 너무 많습니다. 15분 후에 다시 시도해주세요.");
  }
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    // The live account only: rejected accounts of the same e-mail get no link.
    .where(and(eq(sql`lower(${users.email})`, normalised), isNull(users.rejectedAt)));
  if (!user) return;
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  await enqueueMail(mailTemplates.passwordReset(user, token));
}

/** True when the token is known, unused and not expired. */
export async function isResetTokenValid(token: string) {
  if (!token || token.length > 100) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}

/**
 * Sets a new password with a valid token, uses the token up, ends every session of the user,
 * lifts the login locks of the account (the owner has just proved it is theirs) and tells the
 * owner by e-mail.
 */
export async function resetPassword(token: string, password: string) {
  if (!token || token.length > 100) throw new AppError("invalid", RESET_LINK_INVALID);
  const owner = await tokenOwner(token);
  if (!owner) throw new AppError("invalid", RESET_LINK_INVALID);
  await assertStrongPassword(password, owner);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const account = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new AppError("invalid", RESET_LINK_INVALID);
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, used.userId))
      .returning({ id: users.id, name: users.name, email: users.email });
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    // Other outstanding links for this account stop working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    return user;
  });
  if (!account) return;
  await clearPasswordLocks(account.email, account.id);
  await notifyPasswordChanged(account, "reset");
  await textMember(account.id, "passwordChanged", { name: account.name });
}

/** Whom a valid, unused token belongs to (its password must not be built from their data). */
async function tokenOwner(token: string) {
  const db = await getDb();
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}
