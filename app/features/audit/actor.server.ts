// Who acts, as the services see it: the user and how the services audit what they do (who, from
// where). It lives in the lowest layer so that every area's services can take the actor and
// decide for themselves what it may do; the guard that makes one from a request is
// `requireActor` in features/accounts/actor.server.ts (decision 014).
import { AppError } from "~/lib/errors.server";
import type { AuditContext } from "./audit.server";

/** What a service decides on: who the user is and the role this session may act as. */
export type ActingUser = { id: string; email: string; role: string };

/** The acting user (a route's is the whole signed-in user) and their audit context. */
export type Actor<User extends ActingUser = ActingUser> = { user: User; audit: AuditContext };

export const ADMIN_ONLY = "관리자만 이용할 수 있습니다.";

/** Refuses (403) an actor who is not an administrator past the second factor. */
export function assertAdmin(actor: Actor) {
  if (actor.user.role !== "admin") throw new AppError("forbidden", ADMIN_ONLY);
}
