import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** /mypage: whether the member is mailed when someone comments on their board posts. */
export function CommentMailSetting({ on }: { on: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/community/settings";
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-lg font-bold text-slate-900">회원 게시판 알림</h2>
      <p className="mt-2 text-sm text-slate-600">
        내 게시물에 댓글이 달리면 메일로 알려 드립니다. 한 게시물에 대해 한 시간에 한 번까지 보내며,
        그동안의 댓글을 모아서 알립니다.
      </p>
      <Form
        method="post"
        action="/community/settings"
        className="mt-4 flex flex-wrap items-center gap-3"
      >
        <input type="hidden" name="commentMail" value={on ? "off" : "on"} />
        <p className="text-sm font-semibold text-slate-800" aria-live="polite">
          댓글 알림 메일: {on ? "받음" : "받지 않음"}
        </p>
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {on ? "알림 끄기" : "알림 켜기"}
        </Button>
      </Form>
    </Card>
  );
}
