// Every login, failed login, second-factor failure, logout and session ending of an account,
// kept for a year (ASVS 16.3.1; 개인정보의 안전성 확보조치 기준 제8조). The audit trail keeps what
// administrators did; this keeps how accounts signed in. Recording never breaks a login.
import { desc, eq, lt, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { builtOnce } from "~/lib/built-once.server";
import { logger } from "~/logger.server";
import { authEvents } from "~db/schema";
import type { AuthEventType } from "./auth-event-labels";
import { getCurrentUser } from "./session.server";

/** How long authentication events are kept. */
export const AUTH_EVENT_RETENTION_DAYS = 365;

export type EventClient = { ip?: string | null; userAgent?: string | null };

/** The client of a request, as the events and the session list keep it. */
export const clientOf = (request: Request, ip: string | undefined): EventClient => ({
  ip: ip ?? null,
  userAgent: request.headers.get("User-Agent"),
});

export async function recordAuthEvent(
  userId: string,
  type: AuthEventType,
  client: EventClient = {},
) {
  try {
    const db = await getDb();
    await db.insert(authEvents).values({
      userId,
      type,
      ip: client.ip ?? null,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    });
  } catch (error) {
    logger.error({ err: error, type }, "Could not record an authentication event");
  }
}

/** An account's latest authentication events, newest first (the member record shows these). */
export async function recentAuthEvents(userId: string, limit = 20) {
  return recentEventsOf({ userId, limit });
}

const recentEventsOf = builtOnce("auth_events_recent", (db) =>
  db
    .select({
      id: authEvents.id,
      type: authEvents.type,
      ip: authEvents.ip,
      userAgent: authEvents.userAgent,
      createdAt: authEvents.createdAt,
    })
    .from(authEvents)
    .where(eq(authEvents.userId, sql.placeholder("userId")))
    .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
    .limit(sql.placeholder("limit")),
);

/** Deletes events older than a year (the daily retention job). */
export async function purgeAuthEvents(now = new Date()) {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - AUTH_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(authEvents)
    .where(lt(authEvents.createdAt, cutoff))
    .returning({ id: authEvents.id });
  return deleted.length;
}

/** A logout, recorded for the account whose session it was (nothing for a visitor). */
export async function recordLogout(request: Request, ip: string | undefined) {
  const user = await getCurrentUser(request).catch(() => null);
  if (user) await recordAuthEvent(user.id, "logout", clientOf(request, ip));
}
