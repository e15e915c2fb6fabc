// Fixed-window counters in the database, so limits hold across several app instances.
import { eq, lt, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { rateLimits } from "~db/schema";

export const AUTH_WINDOW_MS = 15 * 60 * 1000;

const TOO_MANY = "요청이 너무 많습니다. 15분 후에 다시 시도해주세요.";

/** Counts one attempt under `key` and answers the count in the current window. */
export function hit(key: string, windowMs = AUTH_WINDOW_MS): Promise<number> {
  return hitBy(key, 1, windowMs);
}

/** Adds `amount` (bytes, say) under `key` and answers the total in the current window. */
export async function hitBy(key: string, amount: number, windowMs: number): Promise<number> {
  const db = await getDb();
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: amount, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then ${amount} else ${rateLimits.count} + ${amount} end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? amount;
}

export async function clear(key: string) {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops the counters whose window ended before `now` (the daily retention job calls this). */
export async function purgeExpired(now: Date = new Date()) {
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

/**
 * The key a client address is counted under: IPv4 as it is, an IPv4-mapped IPv6 address as its
 * IPv4, and any other IPv6 address by its /64 prefix, because one subscriber (or one cloud VM)
 * commonly holds a whole /64 and could otherwise step around every per-IP limit by changing the
 * lower bits. Every per-IP limit goes through here.
 */
export function ipKey(ip: string | undefined | null): string {
  if (!ip) return "unknown";
  let address = ip.trim();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  if (!ipaddr.isValid(address)) return `other:${address.slice(0, 64)}`;
  // process() turns ::ffff:a.b.c.d (an IPv4 client on a dual-stack socket) into a.b.c.d.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":");
  return `${prefix}::/64`;
}

/** Login, sign-up and upload-URL requests per IP (AUTH_MAX_REQUESTS_PER_IP per 15 minutes). */
export async function limitAuthRequestsByIp(ip: string | undefined) {
  const count = await hit(`auth-ip:${ipKey(ip)}`);
  if (count > env.AUTH_MAX_REQUESTS_PER_IP) throw new AppError("rate_limited", TOO_MANY);
}

/**
 * Upload URLs of a signed-in account, counted per account with the per-IP number
 * (AUTH_MAX_REQUESTS_PER_IP per 15 minutes): a member attaching images must not use up the
 * login allowance of every doctor behind the same clinic or carrier address.
 */
export async function limitUploadUrlsByAccount(userId: string) {
  const count = await hit(`upload-account:${userId}`);
  if (count > env.AUTH_MAX_REQUESTS_PER_IP) throw new AppError("rate_limited", TOO_MANY);
}

/**
 * Anonymous sign-up upload URLs per IP (SIGNUP_UPLOADS_PER_IP_PER_HOUR an hour): enough for the
 * doctors of a seminar hall signing up behind its one Wi-Fi address (10 shut out the eleventh),
 * not for using the site as free file storage: unclaimed uploads are deleted after an hour.
 */
export async function limitSignupUploadsByIp(ip: string | undefined) {
  const count = await hit(`signup-upload-ip:${ipKey(ip)}`, 60 * 60 * 1000);
  if (count > env.SIGNUP_UPLOADS_PER_IP_PER_HOUR) {
    throw new AppError(
      "rate_limited",
      "이미지 업로드 요청이 너무 많습니다. 1시간 후에 다시 시도해주세요.",
    );
  }
}

export const TOO_MANY_LOGINS = "로그인 시도가 너무 많습니다. 15분 후에 다시 시도해주세요.";

/**
 * Who is trying a password: a browser holding a valid known-device cookie for the account (it
 * has logged in as that account before), or an unknown client, known only by its address.
 */
export type PasswordClient = { device: string } | { ip: string | undefined };

const accountPrefix = (email: string) => `login:${email.trim().toLowerCase()}:`;

/**
 * Counts one password attempt for an account, before the password is checked, and refuses it
 * with 429 when the client has used up its failures. Counting first, in one atomic upsert per
 * key, is what makes the limit hold against many attempts sent at once: the check-then-count
 * order let every request in flight pass the check before any of them was counted.
 *
 * The lock is per account and client, so a stranger's guesses cannot lock the owner out of
 * their usual browser: a known device has its own counter; unknown clients are counted per
 * account and address (LOGIN_MAX_FAILURES_PER_ACCOUNT each), and together under a higher
 * per-account ceiling (LOGIN_MAX_FAILURES_ALL_CLIENTS) that guessing spread over
 * many addresses runs into. Accounts that do not exist are counted the same way, so the answers
 * reveal nothing.
 *
 * The caller reports the outcome: `succeeded()` forgets this client's failures (and does not
 * count the attempt against the ceiling); `failed()` answers whether this failure locked
 * something, for telling the owner.
 */
export function beginPasswordAttempt(email: string, client: PasswordClient) {
  return beginAttempt(accountPrefix(email), client, TOO_MANY_LOGINS);
}

export const TOO_MANY_CODES = "인증 코드 입력 시도가 너무 많습니다. 15분 후에 다시 시도해주세요.";

const secondFactorPrefix = (userId: string) => `second-factor:${userId}:`;

/**
 * Counts one second-factor code at login, as a password attempt is counted: a browser that has
 * passed this account's second factor before has its own counter, other clients one per address
 * under the shared ceiling. Whoever holds a leaked password can then lock only themselves out,
 * not the administrator's own browser.
 */
export function beginSecondFactorAttempt(userId: string, client: PasswordClient) {
  return beginAttempt(secondFactorPrefix(userId), client, TOO_MANY_CODES);
}

async function beginAttempt(prefix: string, client: PasswordClient, tooMany: string) {
  const own =
    "device" in client ? `${prefix}device:${client.device}` : `${prefix}ip:${ipKey(client.ip)}`;
  const ceiling = "device" in client ? null : `${prefix}all`;
  const max = env.LOGIN_MAX_FAILURES_PER_ACCOUNT;
  const ownCount = await hit(own);
  if (ownCount > max) throw new AppError("rate_limited", tooMany);
  // A client already locked out is refused above without adding to the shared ceiling, so one
  // noisy address cannot use the ceiling up for everyone else.
  const allCount = ceiling ? await hit(ceiling) : 0;
  if (ceiling && allCount > env.LOGIN_MAX_FAILURES_ALL_CLIENTS) {
    throw new AppError("rate_limited", tooMany);
  }
  return {
    async succeeded() {
      await clear(own);
      if (ceiling) await uncount(ceiling);
    },
    async failed() {
      return (
        ownCount === max || (ceiling !== null && allCount === env.LOGIN_MAX_FAILURES_ALL_CLIENTS)
      );
    },
  };
}

/** Takes one attempt back (a successful one must not bring the shared ceiling closer). */
async function uncount(key: string) {
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/**
 * Lifts every password lock of an account, and its second factor's (after a successful password
 * reset: whoever locked them held the old password).
 */
export async function clearPasswordLocks(email: string, userId?: string) {
  const db = await getDb();
  for (const prefix of [accountPrefix(email), ...(userId ? [secondFactorPrefix(userId)] : [])]) {
    await db.delete(rateLimits).where(sql`left(${rateLimits.key}, ${prefix.length}) = ${prefix}`);
  }
}

/** True for the first call with `key` in its window: for "at most once per window" actions. */
export async function firstInWindow(key: string, windowMs = AUTH_WINDOW_MS) {
  return (await hit(key, windowMs)) === 1;
}

/** Sign-up attempts per submitted e-mail (SIGNUP_MAX_ATTEMPTS_PER_ACCOUNT per 15 minutes). */
export async function limitSignupsByAccount(email: string) {
  const count = await hit(`signup:${email.trim().toLowerCase()}`);
  if (count > env.SIGNUP_MAX_ATTEMPTS_PER_ACCOUNT) throw new AppError("rate_limited", TOO_MANY);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Posts on the members' board per member (COMMUNITY_POSTS_PER_HOUR an hour). Counted on writing,
 * not by counting rows, so deleting a post does not give the attempt back.
 */
export async function limitCommunityPosts(userId: string) {
  const count = await hit(`community-post:${userId}`, HOUR_MS);
  if (count > env.COMMUNITY_POSTS_PER_HOUR) {
    throw new AppError(
      "rate_limited",
      `게시물은 1시간에 ${env.COMMUNITY_POSTS_PER_HOUR}개까지 작성할 수 있습니다. 잠시 후 다시 시도해주세요.`,
    );
  }
}

/** Comments on the members' board per member (COMMUNITY_COMMENTS_PER_HOUR an hour). */
export async function limitCommunityComments(userId: string) {
  const count = await hit(`community-comment:${userId}`, HOUR_MS);
  if (count > env.COMMUNITY_COMMENTS_PER_HOUR) {
    throw new AppError(
      "rate_limited",
      `댓글은 1시간에 ${env.COMMUNITY_COMMENTS_PER_HOUR}개까지 작성할 수 있습니다. 잠시 후 다시 시도해주세요.`,
    );
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Image bytes one member may upload in 24 hours (MEMBER_IMAGE_MB_PER_DAY, 50 MB: ten images of
 * the 5 MB maximum), attached to a post or application or not. Counted when an image is accepted,
 * before it is stored; administrators' page images are not counted.
 */
export async function limitMemberImageBytes(userId: string, bytes: number) {
  // Counted in KB: the counter is a 32-bit integer, and bytes refused after the limit add up too.
  const kilobytes = await hitBy(`member-image-kb:${userId}`, Math.ceil(bytes / 1024), DAY_MS);
  if (kilobytes > env.MEMBER_IMAGE_MB_PER_DAY * 1024) {
    throw new AppError(
      "rate_limited",
      `이미지는 24시간 동안 ${env.MEMBER_IMAGE_MB_PER_DAY}MB까지 올릴 수 있습니다. 내일 다시 시도해주세요.`,
    );
  }
}
