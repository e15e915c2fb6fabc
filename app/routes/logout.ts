import { redirect } from "react-router";
import { recordLogout } from "~/features/accounts/auth-events.server";
import { destroyCurrentSession } from "~/features/accounts/session.server";
import { done, pageAction } from "~/lib/page-action.server";
import { clientIpContext } from "~/lib/request-context.server";
import { z } from "~/lib/zod";

// The header's logout button posts here: the session row is deleted and the visitor goes home.
// Anyone may post it (a visitor has nothing to end); the form has no fields.
export const action = pageAction({
  guard: async () => null,
  intents: {
    logout: {
      schema: z.object({}),
      run: async (_, __, { request, context }) => {
        await recordLogout(request, context.get(clientIpContext));
        return done("로그아웃되었습니다.", "/", {
          "Set-Cookie": await destroyCurrentSession(request),
        });
      },
    },
  },
});

export function loader() {
  return redirect("/");
}
