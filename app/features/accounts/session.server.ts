// Sessions are rows in `sessions` (sid, sess, expire, user_id) behind React Router's
// createSessionStorage; the browser holds only a random, signed id in an HttpOnly cookie.
import crypto from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { createCookie, createSessionStorage } from "react-router";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { appSecret } from "~/lib/secret.server";
import { sessions, users } from "../../../db/schema";

const DAY = 24 * 60 * 60;
/** Idle expiry: 14 days for members; 60 minutes for administrators (personal-data safety rules). */
export const MEMBER_IDLE_SECONDS = 14 * DAY;
export const ADMIN_IDLE_SECONDS = 60 * 60;
/** Sliding expiry is written at most once a minute per session. */
const TOUCH_AFTER_SECONDS = 60;

const sessionCookie = createCookie("sid", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.PUBLIC_URL.startsWith("https://"),
  path: "/",
  maxAge: MEMBER_IDLE_SECONDS,
  secrets: [appSecret()],
});

type SessionData = { userId: string; idleSeconds: number };

const storage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const db = await getDb();
    const sid = crypto.randomBytes(32).toString("base64url");
    const idle = data.idleSeconds ?? MEMBER_IDLE_SECONDS;
    await db.insert(sessions).values({
      sid,
      sess: data,
      expire: new Date(Math.min(expires?.getTime() ?? Infinity, Date.now() + idle * 1000)),
      userId: data.userId ?? null,
    });
    return sid;
  },
  async readData(sid) {
    const db = await getDb();
    const [row] = await db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())));
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
  phone: string;
  hospitalName: string;
  department: string;
  address: string;
  licenseNumber: string;
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

async function loadCurrentUser(request: Request): Promise<SessionUser | null> {
  const sid = (await sessionCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (typeof sid !== "string" || sid.length > 100) return null;
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      isApproved: users.isApproved,
      rejectedAt: users.rejectedAt,
      phone: users.phone,
      hospitalName: users.hospitalName,
      department: users.department,
      address: users.address,
      licenseNumber: users.licenseNumber,
      expire: sessions.expire,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)));
  if (!row?.isApproved || row.rejectedAt) return null;

  const idle = row.role === "admin" ? ADMIN_IDLE_SECONDS : MEMBER_IDLE_SECONDS;
  const expire = new Date(now.getTime() + idle * 1000);
  if (expire.getTime() - row.expire.getTime() > TOUCH_AFTER_SECONDS * 1000) {
    await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
  }
  const { expire: _expire, rejectedAt: _rejectedAt, ...user } = row;
  return user;
}

/** Starts a new session (always a new id) and answers its Set-Cookie header. */
export async function createUserSession(user: { id: string; role: string }) {
  const db = await getDb();
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
  const session = await storage.getSession();
  session.set("userId", user.id);
  session.set("idleSeconds", user.role === "admin" ? ADMIN_IDLE_SECONDS : MEMBER_IDLE_SECONDS);
  return storage.commitSession(session);
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

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (!user) throw new AppError("unauthenticated", "로그인이 필요합니다.");
  return user;
}

export async function requireApprovedMember(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isApproved) throw new AppError("forbidden", "승인된 회원만 이용할 수 있습니다.");
  return user;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw new AppError("forbidden", "관리자만 이용할 수 있습니다.");
  return user;
}

/** This request's session id, if its cookie is valid (to keep it when ending the others). */
export async function currentSessionId(request: Request): Promise<string | null> {
  const sid = (await sessionCookie.parse(request.headers.get("Cookie"))) as unknown;
  return typeof sid === "string" ? sid : null;
}

/** The Set-Cookie header that clears the session cookie in the browser. */
export function clearSessionCookie() {
  return sessionCookie.serialize("", { maxAge: 0 });
}
