import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { requireActor } from "~/features/accounts/actor.server";
import { commentMailSetting, myPosts } from "~/features/community/community.server";
import { CommentMailSetting } from "~/features/community/components/comment-mail-setting";
import type { Route } from "./+types/mypage-board";

export const meta: Route.MetaFunction = () => [
  { title: "게시판 · 마이페이지" },
  { name: "robots", content: "noindex" },
];

// /mypage/board: the member's own posts on the members' board and the comment-mail switch (its
// form posts to /community/settings, which comes back here).
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "member");
  const [posts, commentMail] = await Promise.all([myPosts(user.id), commentMailSetting(user.id)]);
  return { posts, commentMail };
}

export default function MyBoard({ loaderData }: Route.ComponentProps) {
  const { posts, commentMail } = loaderData;
  return (
    <>
      <section aria-labelledby="my-posts-title">
        <h2 id="my-posts-title" className="mb-3 text-xl font-bold text-slate-900">
          내가 쓴 글
        </h2>
        {posts.length === 0 ? (
          <Card className="p-6 text-slate-700">
            아직 쓴 글이 없습니다.{" "}
            <Link to="/community" className="font-semibold text-brand-700 underline">
              회원 게시판
            </Link>
            에서 첫 글을 써 보세요.
          </Card>
        ) : (
          <Card className="divide-y divide-slate-100">
            {posts.map((post) => (
              <Link
                key={post.id}
                to={`/community/${post.id}`}
                className="flex min-h-14 items-center justify-between gap-3 px-5 py-3 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-slate-900">{post.title}</span>
                  <span className="text-sm text-slate-600">
                    <DateTime value={post.createdAt} /> · 댓글 {post.commentCount}
                  </span>
                </span>
                {post.hidden ? <Badge tone="yellow">검토 중 숨김</Badge> : null}
              </Link>
            ))}
          </Card>
        )}
      </section>
      <CommentMailSetting on={commentMail} />
    </>
  );
}
