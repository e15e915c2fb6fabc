import { clientOf } from "~/features/accounts/auth-events.server";
import { currentSessionId, requireUser } from "~/features/accounts/session.server";
import { endOtherSessions, listSessions } from "~/features/accounts/session-list.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/me-sessions";

const headers = { "Cache-Control": "private, no-store" };

// GET /api/me/sessions → [{ id, current, userAgent, browser, os, ip, createdAt, lastSeenAt }]
export const loader = api(async ({ request, url }: Route.LoaderArgs) => {
  const user = await requireUser({ request, url });
  const sessions = await listSessions(user.id, await currentSessionId(request));
  return Response.json(sessions, { headers });
});

// POST /api/me/sessions/end-others → { ended }: every session of the member but this one.
export const action = api(async ({ request, url, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  if (!url.pathname.endsWith("/end-others")) throw methodNotAllowed("GET")();
  const user = await requireUser({ request, url });
  const sid = await currentSessionId(request);
  if (!sid) throw Response.json({ message: "로그인이 필요합니다." }, { status: 401 });
  const ended = await endOtherSessions(
    user.id,
    sid,
    clientOf(request, context.get(clientIpContext)),
  );
  return Response.json({ ended }, { headers });
});
