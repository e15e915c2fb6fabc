import { clientOf } from "~/features/accounts/auth-events.server";
import {
  clearSessionCookie,
  currentSessionId,
  requireUser,
} from "~/features/accounts/session.server";
import { endSession } from "~/features/accounts/session-list.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/me-session";

// DELETE /api/me/sessions/{id}: ends one of the member's own sessions (204); ending this one
// also clears the cookie. Another member's session id is a 404, as an unknown one.
export const action = api(async ({ request, params, url, context }: Route.ActionArgs) => {
  requireMethod(request, "DELETE");
  const user = await requireUser({ request, url });
  const ended = await endSession(
    user.id,
    params.id,
    clientOf(request, context.get(clientIpContext)),
  );
  const current = ended.sid === (await currentSessionId(request));
  return new Response(null, {
    status: 204,
    headers: current ? { "Set-Cookie": await clearSessionCookie() } : {},
  });
});

export const loader = methodNotAllowed("DELETE");
