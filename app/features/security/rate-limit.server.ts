// Fixed-window counters in the database, so limits hold across several app instances.
import { eq, lt, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { rateLimits } from "../../../db/schema";

export const AUTH_WINDOW_MS = 15 * 60 * 1000;

const TOO_MANY = "요청이 너무 많습니다. 15분 후에 다시 시도해주세요.";

/** Counts one attempt under `key` and answers the count in the current window. */
export async function hit(key: string, windowMs = AUTH_WINDOW_MS): Promise<number> {
  const db = await getDb();
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** The attempts counted under `key` in the current window. */
export async function peek(key: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row && row.resetAt.getTime() > Date.now() ? row.count : 0;
}

export async function clear(key: string) {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function purgeExpired() {
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date()));
}

/** Login, sign-up and upload-URL requests per IP (AUTH_MAX_REQUESTS_PER_IP per 15 minutes). */
export async function limitAuthRequestsByIp(ip: string | undefined) {
  const count = await hit(`auth-ip:${ip ?? "unknown"}`);
  if (count > env.AUTH_MAX_REQUESTS_PER_IP) throw new AppError("rate_limited", TOO_MANY);
}

const loginKey = (email: string) => `login-failures:${email.trim().toLowerCase()}`;

/**
 * Failed logins per submitted e-mail (LOGIN_MAX_FAILURES_PER_ACCOUNT per 15 minutes), counted
 * whether or not the account exists, so the answer reveals nothing.
 */
export async function assertLoginAllowed(email: string) {
  if ((await peek(loginKey(email))) >= env.LOGIN_MAX_FAILURES_PER_ACCOUNT) {
    throw new AppError("rate_limited", "로그인 시도가 너무 많습니다. 15분 후에 다시 시도해주세요.");
  }
}

export const recordLoginFailure = (email: string) => hit(loginKey(email));
export const clearLoginFailures = (email: string) => clear(loginKey(email));

/** Sign-up attempts per submitted e-mail (SIGNUP_MAX_ATTEMPTS_PER_ACCOUNT per 15 minutes). */
export async function limitSignupsByAccount(email: string) {
  const count = await hit(`signup:${email.trim().toLowerCase()}`);
  if (count > env.SIGNUP_MAX_ATTEMPTS_PER_ACCOUNT) throw new AppError("rate_limited", TOO_MANY);
}
