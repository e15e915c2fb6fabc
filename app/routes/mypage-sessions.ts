import { redirect } from "react-router";
import { requireActor } from "~/features/accounts/actor.server";
import { endMyOtherSessions, endMySession } from "~/features/accounts/my-sessions.server";
import { mySessionForms } from "~/features/accounts/validation";
import { pageAction } from "~/lib/page-action.server";

// The session list's forms, at the address they had before /mypage took them: end one session,
// or every other one; back to /mypage/security with a toast. Ending this very session logs out.
export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  intents: {
    "end-session": {
      schema: mySessionForms["end-session"],
      run: ({ sessionId }, actor, { request }) => endMySession(actor, sessionId, request),
    },
    "end-other-sessions": {
      schema: mySessionForms["end-other-sessions"],
      run: (_, actor, { request }) => endMyOtherSessions(actor, request),
    },
  },
});

export function loader() {
  return redirect("/mypage/security");
}
