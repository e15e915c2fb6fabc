import { requireActor } from "~/features/accounts/actor.server";
import { currentSessionId } from "~/features/accounts/session.server";
import { listSessions } from "~/features/accounts/session-list.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/me-sessions";

// GET /api/me/sessions → [{ id, current, userAgent, browser, os, ip, createdAt, lastSeenAt }]
export const loader = api(async (args: Route.LoaderArgs) => {
  const { user } = await requireActor(args, "member");
  return Response.json(await listSessions(user.id, await currentSessionId(args.request)));
});

export const action = methodNotAllowed("GET");
