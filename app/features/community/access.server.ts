// Who may use the members' board: approved members in good standing, and administrators. Every
// board loader, action and call starts here.
import { and, eq, gt } from "drizzle-orm";
import { getDb } from "~/db.server";
import { actorOf, type GuardArgs, type SessionActor } from "~/features/accounts/actor.server";
import {
  currentSessionId,
  getCurrentUser,
  LOGIN_REQUIRED,
  type SessionUser,
} from "~/features/accounts/session.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { sessions, users } from "~db/schema";
import { ITEM_KINDS, type ItemKind } from "./validation";

export const MEMBERS_ONLY = "회원 게시판은 승인된 회원만 이용할 수 있습니다.";

const refusal = (status: 401 | 403, message: string) =>
  Response.json({ message }, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * The board's reader for a call: 401 for a visitor, 403 for a signed-in account that is not (or
 * no longer) an approved member in good standing. Such an account normally has no session at all
 * (login refuses it and approval changes end sessions), but a session left over from before is
 * told "not allowed" rather than "log in".
 */
export async function requireBoardMember(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  if (await holdsUnapprovedSession(request)) throw refusal(403, MEMBERS_ONLY);
  throw refusal(401, LOGIN_REQUIRED);
}

/** The board's member as the actor of a page action (the guard of every board form). */
export async function requireBoardActor(args: GuardArgs): Promise<SessionActor> {
  return actorOf(await requireBoardMember(args.request), args);
}

/** The board's reader for a page: null means the page shows its locked notice. */
export async function boardMemberOrNull(request: Request): Promise<SessionUser | null> {
  return getCurrentUser(request);
}

async function holdsUnapprovedSession(request: Request) {
  const sid = await currentSessionId(request);
  if (!sid || sid.length > 100) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, clockNow())));
  return Boolean(row);
}

/** The kind a call's address names (`posts` or `comments`); anything else is the 404 of no item. */
export function itemKindOf(value: string | undefined): ItemKind {
  if ((ITEM_KINDS as readonly string[]).includes(value ?? "")) return value as ItemKind;
  throw new AppError("not_found", "요청하신 항목을 찾을 수 없습니다.");
}
