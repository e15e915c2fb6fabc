// A member's active sessions: listed on /mypage and on the administrator's member record, each
// with its browser and system (parsed from the user agent), address, start and last activity.
// Sessions are named by their own `id`, never by the secret `sid` the cookie carries.
import Bowser from "bowser";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { builtOnce } from "~/lib/built-once.server";
import { nowMs } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { sessions, users } from "~db/schema";
import { type AuditContext, audit } from "../audit/audit.server";
import { type EventClient, recordAuthEvent } from "./auth-events.server";
import { SESSION_MAX_AGE_MS } from "./session.server";

export const SESSION_NOT_FOUND = "세션을 찾을 수 없습니다. 이미 종료되었을 수 있습니다.";

/**
 * "Chrome 120", "Windows 10"-style names of a user agent (blank parts left out), and whether it is
 * a phone or tablet (the list's icon).
 */
export function describeUserAgent(userAgent: string | null) {
  if (!userAgent) return { browser: "알 수 없는 브라우저", os: "알 수 없는 기기", handheld: false };
  const parsed = Bowser.parse(userAgent);
  const handheld = parsed.platform.type === "mobile" || parsed.platform.type === "tablet";
  const major = parsed.browser.version?.split(".")[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(" ") || "알 수 없는 브라우저";
  const os =
    [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ") ||
    "알 수 없는 기기";
  return { browser, os, handheld };
}

export type ActiveSession = {
  id: string;
  current: boolean;
  userAgent: string | null;
  browser: string;
  os: string;
  handheld: boolean;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

/**
 * An account's live sessions, the most recently used first (at most 100), and how many there are
 * in all; `currentSid` marks this one.
 */
/** Live sessions of an account: not expired, within the absolute limit, not a login's step. */
const liveSessionRows = builtOnce("sessions_live_of_member", (db) =>
  db
    .select({
      id: sessions.id,
      sid: sessions.sid,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      // Counted before the limit, in the same statement.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, sql.placeholder("userId")),
        gt(sessions.expire, sql.placeholder("now")),
        gt(sessions.createdAt, sql.placeholder("createdAfter")),
        isNull(sql`${sessions.sess}->>'stage'`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(100),
);

export async function liveSessionsOf(
  userId: string,
  currentSid: string | null = null,
): Promise<{ items: ActiveSession[]; total: number }> {
  const now = nowMs();
  const rows = await liveSessionRows({
    userId,
    now: new Date(now),
    createdAfter: new Date(now - SESSION_MAX_AGE_MS),
  });
  return {
    items: rows.map(({ sid, total: _total, ...row }) => ({
      ...row,
      ...describeUserAgent(row.userAgent),
      current: sid === currentSid,
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** An account's live sessions, the most recently used first; `currentSid` marks this one. */
export async function listSessions(
  userId: string,
  currentSid: string | null = null,
): Promise<ActiveSession[]> {
  return (await liveSessionsOf(userId, currentSid)).items;
}

/** Ends one session of an account by its id (404 when it is not theirs or already ended). */
export async function endSession(
  userId: string,
  sessionId: string,
  client: EventClient,
): Promise<{ sid: string }> {
  if (!isUuid(sessionId)) throw new AppError("not_found", SESSION_NOT_FOUND);
  const db = await getDb();
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ sid: sessions.sid });
  if (!ended) throw new AppError("not_found", SESSION_NOT_FOUND);
  await recordAuthEvent(userId, "session_ended", client);
  return ended;
}

/** "Log out everywhere else": every session of the account but `keepSid`. */
export async function endOtherSessions(userId: string, keepSid: string, client: EventClient) {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)))
    .returning({ id: sessions.id });
  if (ended.length > 0) await recordAuthEvent(userId, "session_ended", client);
  return ended.length;
}

/** An administrator ends one session of a member (audited). */
export async function endSessionOfMember(
  memberId: string,
  sessionId: string,
  context: AuditContext,
) {
  if (!isUuid(memberId)) throw new AppError("not_found", "회원을 찾을 수 없습니다.");
  const db = await getDb();
  const [member] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, memberId));
  if (!member) throw new AppError("not_found", "회원을 찾을 수 없습니다.");
  await endSession(memberId, sessionId, { ip: context.ip ?? null, userAgent: null });
  await audit(context, "member_end_session", {
    id: memberId,
    label: `${member.name} <${member.email}>`,
  });
}
