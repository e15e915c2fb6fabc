import { redirect } from "react-router";
import { requireBoardMember } from "~/features/community/access.server";
import { setCommentMail } from "~/features/community/community.server";
import { flashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/community-settings";

// POST /community/settings (commentMail=on|off): the comment-mail switch on /mypage, as a plain
// form that works without JavaScript and returns to /mypage.
export async function action({ request }: Route.ActionArgs) {
  const member = await requireBoardMember(request);
  const form = await readForm(request, { commentMail: { maxLength: 3 } });
  const on = form.get("commentMail") === "on";
  await setCommentMail(member.id, on);
  return redirect("/mypage", {
    headers: {
      "Set-Cookie": flashToast({
        title: on ? "댓글 알림 메일을 받습니다." : "댓글 알림 메일을 받지 않습니다.",
      }),
    },
  });
}

export function loader() {
  return redirect("/mypage");
}
