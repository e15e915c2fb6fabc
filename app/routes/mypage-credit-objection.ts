import { redirect } from "react-router";
import { requireActor } from "~/features/accounts/actor.server";
import { creditObjectionSchema, OBJECTION_RECEIVED } from "~/features/seminars/credit-validation";
import { objectToCredits } from "~/features/seminars/credits.server";
import { done, pageAction } from "~/lib/page-action.server";

// POST /mypage/credits/{seminarId}/objection, the address the objection form had before it posted
// to /mypage: the member's objection to their computed credits; back to /mypage with a toast.
export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  intents: {
    objection: {
      schema: creditObjectionSchema,
      run: async ({ message }, { user }, { params }) => {
        await objectToCredits(params.id!, user.id, message);
        return done(OBJECTION_RECEIVED, "/mypage/seminars#credits");
      },
    },
  },
});

export const loader = () => redirect("/mypage/seminars#credits");
