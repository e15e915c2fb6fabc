// Who acts. Every page action, loader and call that works on someone's behalf starts with one
// guard, `requireActor(args, role)`, and hands the actor to the service, which decides again
// what that actor may do (`assertAdmin` beside the `Actor` type in features/audit/actor.server.ts,
// low enough for every area): a route that forgets a check cannot open a service to the wrong
// person.
import { clientIpContext } from "~/lib/request-context.server";
import type { Actor } from "../audit/actor.server";
import {
  requireAdmin,
  requireCheckInStaff,
  requireSecondFactorHolder,
  requireUser,
  type SessionUser,
} from "./session.server";

/** The actor of a signed-in session: the whole user, for the services that read more of it. */
export type SessionActor = Actor<SessionUser>;

/**
 * What a route asks of the user: `member` any signed-in (approved) member, `admin` an
 * administrator past the second factor, `door` an administrator or the check-in staff,
 * `enrolling` an account whose role needs a second factor, signed in with the password alone.
 */
export type ActorRole = "member" | "admin" | "door" | "enrolling";

/** The parts of a loader's or action's arguments the guard reads. */
export type GuardArgs = {
  request: Request;
  url: URL;
  context: { get: (key: typeof clientIpContext) => string | undefined };
};

const GUARDS: Record<ActorRole, (args: GuardArgs) => Promise<SessionUser>> = {
  member: (args) => requireUser(args),
  admin: (args) => requireAdmin(args.request),
  door: (args) => requireCheckInStaff(args.request),
  enrolling: (args) => requireSecondFactorHolder(args.request),
};

/**
 * The actor of this request in `role`: a visitor is sent to /login from a page and answered 401
 * from a call; a signed-in user without the role gets 403 (see the guards in session.server.ts).
 */
export async function requireActor(args: GuardArgs, role: ActorRole): Promise<SessionActor> {
  return actorOf(await GUARDS[role](args), args);
}

/** The actor of a user some other guard already admitted (the board's, the library's). */
export function actorOf(user: SessionUser, args: Pick<GuardArgs, "context">): SessionActor {
  return {
    user,
    audit: { actor: { id: user.id, email: user.email }, ip: args.context.get(clientIpContext) },
  };
}
