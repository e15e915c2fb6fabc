import { requireActor } from "~/features/accounts/actor.server";
import { clientOf } from "~/features/accounts/auth-events.server";
import { currentSessionId, LOGIN_REQUIRED } from "~/features/accounts/session.server";
import { endOtherSessions } from "~/features/accounts/session-list.server";
import { AppError, api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/me-sessions-end-others";

// POST /api/me/sessions/end-others → { ended }: every session of the member but this one.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const { user, audit } = await requireActor(args, "member");
  const sid = await currentSessionId(args.request);
  if (!sid) throw new AppError("unauthenticated", LOGIN_REQUIRED);
  const ended = await endOtherSessions(user.id, sid, clientOf(args.request, audit.ip ?? undefined));
  return Response.json({ ended });
});

export const loader = methodNotAllowed("POST");
