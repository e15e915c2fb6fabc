import { redirect } from "react-router";
import { requireActor } from "~/features/accounts/actor.server";
import { setMessagePreferences } from "~/features/messages/preferences.server";
import { preferencesFormSchema } from "~/features/messages/validation";
import { done, pageAction } from "~/lib/page-action.server";

// POST /mypage/messages (messages=on|off or marketing=on|off): the /mypage switches, as plain
// forms that work without JavaScript and return to /mypage; each changes only what it names.
export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  intents: {
    preferences: {
      schema: preferencesFormSchema,
      run: async ({ messages, marketing }, { user }) => {
        await setMessagePreferences(user.id, {
          messages: messages === undefined ? undefined : messages === "on",
          marketing: marketing === undefined ? undefined : marketing === "on",
        });
        return done("문자 수신 설정을 저장했습니다.", "/mypage#mypage-notifications");
      },
    },
  },
});

export function loader() {
  return redirect("/mypage");
}
