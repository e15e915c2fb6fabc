import { redirect } from "react-router";
import { requireBoardActor } from "~/features/community/access.server";
import { setCommentMail } from "~/features/community/community.server";
import { commentMailSchema } from "~/features/community/validation";
import { done, pageAction } from "~/lib/page-action.server";

// POST /community/settings (commentMail=on|off): the comment-mail switch on /mypage, as a plain
// form that works without JavaScript and returns to /mypage/board.
export const action = pageAction({
  guard: requireBoardActor,
  intents: {
    commentMail: {
      schema: commentMailSchema,
      run: async ({ commentMail }, { user }) => {
        const on = commentMail === "on";
        await setCommentMail(user.id, on);
        return done(
          on ? "댓글 알림 메일을 받습니다." : "댓글 알림 메일을 받지 않습니다.",
          "/mypage/board",
        );
      },
    },
  },
});

export function loader() {
  return redirect("/mypage/board");
}
