// Sessions are rows in `sessions` (sid, sess, expire, user_id) behind React Router's
// createSessionStorage; the browser holds only a random, signed id in an HttpOnly cookie.
import crypto from "node:crypto";
import { parse as parseCookieHeader } from "cookie";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { createCookie, createSessionStorage, redirect } from "react-router";
import { getDb, writeGeneration } from "~/db.server";
import { env } from "~/env.server";
import { builtOnce } from "~/lib/built-once.server";
import { now as clockNow, nowMs } from "~/lib/clock.server";
import { appSecret } from "~/lib/secret.server";
import { KEEPS_KEPT_READS } from "~db/client.server";
import { secondFactors, sessions, users } from "~db/schema";
import { ADMIN_ONLY } from "../audit/actor.server";
import { signedInStanding } from "../dues/standing.server";
import { needsSecondFactor, type SessionStanding, sessionStanding } from "./second-factor-policy";

const DAY = 24 * 60 * 60;
/** Idle expiry: 14 days for members; 60 minutes for administrators (personal-data safety rules). */
export const MEMBER_IDLE_SECONDS = 14 * DAY;
export const ADMIN_IDLE_SECONDS = 60 * 60;

/**
 * The idle limit of an account's role. The roles that see members' personal data (administrators
 * and check-in staff, the roles that need a second factor) get the administrators' limit. It is
 * read from the role the account holds now, on every request, so a member promoted after login
 * is held to it from that moment.
 */
export const idleSecondsOf = (role: string) =>
  needsSecondFactor(role) ? ADMIN_IDLE_SECONDS : MEMBER_IDLE_SECONDS;
/** Sliding expiry is written at most once a minute per session. */
const TOUCH_AFTER_SECONDS = 60;
/** The absolute limit: however active, a session ends this long after it started. */
export const SESSION_MAX_AGE_MS = env.SESSION_MAX_AGE_DAYS * DAY * 1000;

/** Whether cookies are for an https site: Secure, and `__Host-` names in production. */
export const HTTPS_COOKIES = env.PUBLIC_URL.startsWith("https://");
const HOST_PREFIX = HTTPS_COOKIES && env.NODE_ENV === "production";

/**
 * The session cookie's name. On an https site in production it is `__Host-sid`: browsers accept
 * that name only with Secure, Path=/ and no Domain, so neither a sibling subdomain nor a
 * plain-http page on the same host can plant or overwrite the session (session fixation).
 */
export const SESSION_COOKIE_NAME = HOST_PREFIX ? "__Host-sid" : "sid";

/** A cookie name with `__Host-` on an https site in production (see SESSION_COOKIE_NAME). */
export const hostCookieName = (name: string) => (HOST_PREFIX ? `__Host-${name}` : name);

// The first secret signs; a previous APP_SECRET still verifies while it is being rotated.
const sessionSecrets = [appSecret(), ...(env.APP_SECRET_PREVIOUS ? [env.APP_SECRET_PREVIOUS] : [])];

const sessionCookie = createCookie(SESSION_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  secure: HTTPS_COOKIES,
  path: "/",
  maxAge: Math.max(1, Math.floor(Math.min(MEMBER_IDLE_SECONDS, SESSION_MAX_AGE_MS / 1000))),
  secrets: sessionSecrets,
});

/**
 * The session id a Cookie header carries, if its signature is good: what `sessionCookie.parse`
 * answers, read without Web Crypto. React Router imports the HMAC key and verifies through
 * `crypto.subtle` on every call, which was 2–3 % of a rendered page's server CPU (profiled,
 * docs/performance.md); node:crypto's HMAC is synchronous and a few microseconds. The cookie is
 * still written by React Router, in its format: base64 of the value's JSON, ".", and the
 * HMAC-SHA256 of that in base64 without padding (tests/service/accounts/session-cookie.test.ts
 * holds the two together).
 */
export function sessionIdOfCookieHeader(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  const signed = parseCookieHeader(cookieHeader)[SESSION_COOKIE_NAME];
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of sessionSecrets) {
    const expected = Buffer.from(
      crypto.createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, ""),
    );
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) continue;
    try {
      const sid: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
      return typeof sid === "string" ? sid : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Sessions started before this instant have passed the absolute limit. */
const oldestLiveStart = (now = nowMs()) => new Date(now - SESSION_MAX_AGE_MS);

/**
 * Whether a Cookie header carries a session cookie at all (valid or not), read by the same parser
 * React Router's cookies use, so `sid =x` or `a=1; sid\t=x` count as the session they are. The
 * page cache serves and stores visitors' pages only for requests this answers false for.
 */
export function carriesSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return parseCookieHeader(cookieHeader)[SESSION_COOKIE_NAME] !== undefined;
}

/**
 * What a session row's `sess` holds. `secondFactor` is set once this session passed the second
 * factor (at login, or by confirming enrolment). `stage: "second-factor"` marks the short-lived
 * session between a right password and the code: it signs no one in (userOfSessionCookie).
 */
type SessionData = {
  userId: string;
  idleSeconds: number;
  secondFactor?: boolean;
  stage?: "second-factor";
};

/** Where a login comes from, kept with the session for the member's session list. */
export type SessionClient = { ip?: string | null; userAgent?: string | null };

/** How long the step between the password and the second factor may take. */
const SECOND_FACTOR_STEP_SECONDS = 10 * 60;

const storage = createSessionStorage<SessionData & { client?: SessionClient }>({
  cookie: sessionCookie,
  // The `expires` React Router passes is the cookie's Max-Age from the system clock; the row's own
  // expiry is the role's idle limit on the server's clock, never longer than that Max-Age.
  async createData(data) {
    const db = await getDb();
    const sid = crypto.randomBytes(32).toString("base64url");
    const idle = data.idleSeconds ?? MEMBER_IDLE_SECONDS;
    const { client, ...sess } = data;
    // The start and last activity come from the server's clock, as every later check of them does.
    const now = nowMs();
    await db.insert(sessions).values({
      sid,
      sess,
      userAgent: client?.userAgent?.slice(0, 500) || null,
      ip: client?.ip || null,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expire: new Date(Math.min(now + idle * 1000, now + SESSION_MAX_AGE_MS)),
      userId: data.userId ?? null,
    });
    return sid;
  },
  async readData(sid) {
    const db = await getDb();
    const [row] = await db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(
        and(
          eq(sessions.sid, sid),
          gt(sessions.expire, clockNow()),
          gt(sessions.createdAt, oldestLiveStart()),
        ),
      );
    return (row?.sess as SessionData | undefined) ?? null;
  },
  async updateData(sid, data) {
    const db = await getDb();
    await db.update(sessions).set({ sess: data }).where(eq(sessions.sid, sid));
  },
  async deleteData(sid) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.sid, sid));
  },
});

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  isApproved: boolean;
  memberType: string;
  phone: string;
  hospitalName: string;
  department: string;
  address: string;
  licenseNumber: string;
  /** The role stored with the account; `role` is what this session may act as (see standing). */
  accountRole: string;
  /** `enrolment-only`: the password alone, while the role requires a second factor not yet set up. */
  standing: SessionStanding;
  /** Full-member standing (정회원 자격) today: the rule of `features/dues/standing.server.ts`. */
  fullStanding: boolean;
};

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/** The logged-in user of this request, or null. Extends the idle expiry as a side effect. */
export function getCurrentUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadCurrentUser(request);
    cache.set(request, pending);
  }
  return pending;
}

/**
 * Makes `user` the current user of `request`, which carries no session: the stand-in reader a
 * page template is rendered for (server/seminar-page-templates.ts). Never a real member's record.
 */
export function renderAsUser(request: Request, user: SessionUser) {
  cache.set(request, Promise.resolve(user));
}

function loadCurrentUser(request: Request): Promise<SessionUser | null> {
  return userOfSessionCookie(request.headers.get("Cookie"));
}

// Every signed-in request reads this (on PostgreSQL always, on the embedded database after a
// write): built once (lib/built-once.server.ts).
const liveSessionRow = builtOnce("session_with_member", (db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      isApproved: users.isApproved,
      memberType: users.memberType,
      rejectedAt: users.rejectedAt,
      suspendedAt: users.suspendedAt,
      phone: users.phone,
      hospitalName: users.hospitalName,
      department: users.department,
      address: users.address,
      licenseNumber: users.licenseNumber,
      expire: sessions.expire,
      startedAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      sess: sessions.sess,
      factorConfirmedAt: secondFactors.confirmedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(secondFactors, eq(secondFactors.userId, sessions.userId))
    .where(
      and(
        eq(sessions.sid, sql.placeholder("sid")),
        gt(sessions.expire, sql.placeholder("now")),
        gt(sessions.createdAt, sql.placeholder("startedAfter")),
      ),
    ),
);

/** The session's row with its member's, when it is live at `now`. */
async function readSessionRow(sid: string, now: Date) {
  const [row] = await liveSessionRow({
    sid,
    now,
    startedAfter: oldestLiveStart(now.getTime()),
  });
  return row;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof readSessionRow>>>;

/** At most this many sessions' rows are kept between writes (a few MB). */
const MAX_KEPT_SESSIONS = 10_000;
const keptSessions = new Map<string, { generation: number; row: SessionRow }>();

/**
 * readSessionRow, kept between writes on the embedded database (see writeGeneration): a member's
 * page from the page cache then needs no query at all, as a visitor's does not. The
 * times are checked again on every use; any write, a logout or suspension included, empties it.
 */
async function sessionRowOf(sid: string, now: Date) {
  const generation = await writeGeneration();
  if (generation === null) return readSessionRow(sid, now);
  const kept = keptSessions.get(sid);
  if (kept?.generation === generation) {
    const live = kept.row.expire > now && kept.row.startedAt > oldestLiveStart(now.getTime());
    return live ? kept.row : undefined;
  }
  const row = await readSessionRow(sid, now);
  if (keptSessions.size >= MAX_KEPT_SESSIONS) keptSessions.clear();
  if (row) keptSessions.set(sid, { generation, row });
  else keptSessions.delete(sid);
  return row;
}

/**
 * The signed-in user of a Cookie header, or null: one query over the session and its user. Also
 * moves the session's idle expiry on (at most once a minute). The page cache uses this to key a
 * member's stored pages by who they are right now.
 */
export async function userOfSessionCookie(
  cookieHeader: string | null | undefined,
): Promise<SessionUser | null> {
  const sid = sessionIdOfCookieHeader(cookieHeader);
  if (sid === null || sid.length > 100) return null;
  const now = clockNow();
  const row = await sessionRowOf(sid, now);
  // Only approved members in good standing have a session; a rejection or suspension also deletes
  // the sessions, and this check covers the moment between.
  if (!row?.isApproved || row.rejectedAt || row.suspendedAt) return null;
  const sess = row.sess as SessionData;
  if (sess.stage === "second-factor") return null;
  const standing = sessionStanding({
    role: row.role,
    enrolled: Boolean(row.factorConfirmedAt),
    verified: sess.secondFactor === true,
    required: env.ADMIN_MFA_REQUIRED,
  });
  if (standing === "none") return null;

  // The idle limit of the role the account holds now, not of the one it had at login: the stored
  // expiry was set by the old role's limit (14 days for a member later made an administrator).
  const idle = idleSecondsOf(row.role);
  if (now.getTime() - row.lastSeenAt.getTime() > idle * 1000) {
    await endSession(sid);
    return null;
  }
  // Sliding idle expiry, capped at the absolute limit: activity alone never keeps a stolen or
  // forgotten session alive past SESSION_MAX_AGE_DAYS. Written at most once a minute, and at once
  // when the role's shorter limit brings the stored expiry forward. The last activity never moves
  // back, should the clock do so.
  const seen = new Date(Math.max(now.getTime(), row.lastSeenAt.getTime()));
  const expire = new Date(
    Math.min(seen.getTime() + idle * 1000, row.startedAt.getTime() + SESSION_MAX_AGE_MS),
  );
  const touchAfter = TOUCH_AFTER_SECONDS * 1000;
  if (
    Math.abs(expire.getTime() - row.expire.getTime()) > touchAfter ||
    seen.getTime() - row.lastSeenAt.getTime() > touchAfter
  ) {
    // Written so that it leaves every kept read in place (KEEPS_KEPT_READS): only this session's
    // expiry and last activity change, and this session's kept copy is brought up to date here.
    const db = await getDb();
    await db.execute(
      sql`${sql.raw(KEEPS_KEPT_READS)} update sessions set expire = ${expire}, last_seen_at = ${seen} where sid = ${sid}`,
    );
    const kept = keptSessions.get(sid);
    if (kept) kept.row = { ...kept.row, expire, lastSeenAt: seen };
  }
  const {
    expire: _expire,
    startedAt: _startedAt,
    lastSeenAt: _lastSeenAt,
    rejectedAt: _rejectedAt,
    suspendedAt: _suspendedAt,
    sess: _sess,
    factorConfirmedAt: _factorConfirmedAt,
    ...user
  } = row;
  // A password-only session of a role that needs a second factor acts as a plain member: every
  // check of the role (guards, licence images, the header) refuses it without knowing about it.
  return {
    ...user,
    role: standing === "full" ? row.role : "member",
    accountRole: row.role,
    standing,
    // The header and the member page cache's key need 정회원 자격 on every request.
    fullStanding: await signedInStanding(row),
  };
}

/**
 * Starts a new session (always a new id) and answers its Set-Cookie header. `secondFactor` says
 * the login passed the second factor.
 */
export async function createUserSession(
  user: { id: string; role: string },
  options: { client?: SessionClient; secondFactor?: boolean } = {},
) {
  const db = await getDb();
  await db.delete(sessions).where(lt(sessions.expire, clockNow()));
  const session = await storage.getSession();
  session.set("userId", user.id);
  session.set("idleSeconds", idleSecondsOf(user.role));
  if (options.secondFactor) session.set("secondFactor", true);
  if (options.client) session.set("client", options.client);
  return storage.commitSession(session);
}

/**
 * The step between a right password and the second factor: a session row that signs no one in
 * and ends after ten minutes; `POST /api/auth/mfa` (or the login page's code form) replaces it
 * with a real session.
 */
export async function createSecondFactorStep(userId: string, client: SessionClient) {
  const session = await storage.getSession();
  session.set("userId", userId);
  session.set("idleSeconds", SECOND_FACTOR_STEP_SECONDS);
  session.set("stage", "second-factor");
  session.set("client", client);
  return storage.commitSession(session);
}

/** The account waiting for its second factor in this request's session, if any. */
export async function secondFactorStepOf(request: Request): Promise<{ userId: string } | null> {
  const sid = await currentSessionId(request);
  if (!sid || sid.length > 100) return null;
  const db = await getDb();
  const [row] = await db
    .select({ userId: sessions.userId, sess: sessions.sess })
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, clockNow())));
  const sess = row?.sess as SessionData | undefined;
  if (!row?.userId || sess?.stage !== "second-factor") return null;
  return { userId: row.userId };
}

/** Ends this request's second-factor step (the code was right, or the person starts over). */
export async function endSecondFactorStep(request: Request) {
  const sid = await currentSessionId(request);
  if (!sid) return;
  const db = await getDb();
  await db
    .delete(sessions)
    .where(and(eq(sessions.sid, sid), sql`${sessions.sess}->>'stage' = 'second-factor'`));
}

/** Marks this request's session as having passed the second factor (enrolment confirmed). */
export async function markSecondFactorPassed(request: Request) {
  const sid = await currentSessionId(request);
  if (!sid) return;
  const db = await getDb();
  await db
    .update(sessions)
    .set({ sess: sql`${sessions.sess} || '{"secondFactor": true}'::jsonb` })
    .where(eq(sessions.sid, sid));
}

/** Ends one session by its id (its idle limit has passed). */
async function endSession(sid: string) {
  keptSessions.delete(sid);
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Ends this request's session on the server and answers the Set-Cookie header clearing it. */
export async function destroyCurrentSession(request: Request) {
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session);
}

/** Ends every session of a user at once (rejection, withdrawal, password change). */
export async function endAllSessions(userId: string, options: { except?: string } = {}) {
  const db = await getDb();
  await db
    .delete(sessions)
    .where(
      options.except
        ? and(eq(sessions.userId, userId), sql`${sessions.sid} <> ${options.except}`)
        : eq(sessions.userId, userId),
    );
}

// The guards. One set for page loaders, page actions and JSON calls alike: each throws what the
// request needs, so a route's first line is its guard and nothing else checks access inline.
// Only approved accounts have sessions (loadCurrentUser), so a signed-in user is an approved one.

export const LOGIN_REQUIRED = "로그인이 필요합니다.";
export const SECOND_FACTOR_ENROLMENT_FIRST =
  "2단계 인증(OTP)을 등록한 뒤 관리자 기능을 이용할 수 있습니다. 관리자 보안 설정에서 등록해주세요.";
export const SECOND_FACTOR_PAGE = "/admin/security";

/** A refusal thrown from a guard: calls answer it as it is; pages render it in an ErrorBoundary. */
function refusal(status: 401 | 403, message: string): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The signed-in user. A visitor gets 401 JSON from a call, and from a page a redirect to /login
 * that brings them back where they were. `url` is the loader's or action's own argument: the
 * page's address, which `request.url` is not for a page's `.data` request (the request passes
 * through as it came, future.v8_passThroughRequests).
 */
export async function requireUser({
  request,
  url,
}: {
  request: Request;
  url: URL;
}): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  if (url.pathname.startsWith("/api/")) throw refusal(401, LOGIN_REQUIRED);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * The signed-in administrator: 401 for a visitor, 403 for anyone else, from calls and pages
 * alike (the administrator pages show their access-denied card for both, as SPEC.md asks).
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (!user) throw refusal(401, LOGIN_REQUIRED);
  refuseBeforeEnrolment(request, user);
  if (user.role !== "admin") throw refusal(403, ADMIN_ONLY);
  return user;
}

/**
 * Staff who signed in with the password alone while a second factor is required are sent to
 * enrolment; calls say why.
 */
function refuseBeforeEnrolment(request: Request, user: SessionUser) {
  if (user.standing !== "enrolment-only") return;
  if (new URL(request.url).pathname.startsWith("/api/")) {
    throw refusal(403, SECOND_FACTOR_ENROLMENT_FIRST);
  }
  throw redirect(SECOND_FACTOR_PAGE);
}

export const CHECK_IN_STAFF_ONLY = "관리자 또는 현장 출결 담당자만 이용할 수 있습니다.";

/**
 * An administrator, or the check-in staff a seminar's door needs: 401 for a visitor, 403 for
 * anyone else. Check-in staff pass this guard only; every other administrator guard refuses them.
 */
export async function requireCheckInStaff(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (!user) throw refusal(401, LOGIN_REQUIRED);
  refuseBeforeEnrolment(request, user);
  if (user.role !== "admin" && user.role !== "checkin") throw refusal(403, CHECK_IN_STAFF_ONLY);
  return user;
}

/**
 * An account whose role needs a second factor, signed in fully or with the password alone: the
 * enrolment page and calls are the only administrator things a password-only session reaches.
 */
export async function requireSecondFactorHolder(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (!user) throw refusal(401, LOGIN_REQUIRED);
  if (!needsSecondFactor(user.accountRole)) throw refusal(403, ADMIN_ONLY);
  return user;
}

/** This request's session id, if its cookie is valid (to keep it when ending the others). */
export async function currentSessionId(request: Request): Promise<string | null> {
  return sessionIdOfCookieHeader(request.headers.get("Cookie"));
}

/** The Set-Cookie header that clears the session cookie in the browser. */
export function clearSessionCookie() {
  return sessionCookie.serialize("", { maxAge: 0 });
}
