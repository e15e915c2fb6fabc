import { boardMemberOrNull } from "~/features/community/access.server";
import { createPost } from "~/features/community/community.server";
import { PostFormPage } from "~/features/community/components/post-form";
import { postFormAction } from "~/features/community/post-form.server";
import { pageAction } from "~/lib/page-action.server";
import type { Route } from "./+types/community-new";

export const meta: Route.MetaFunction = () => [
  { title: "글쓰기 | 회원 게시판" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  return { locked: !(await boardMemberOrNull(request)) };
}

export const action = pageAction(
  postFormAction("게시물을 등록했습니다.", async (actor, input) => {
    const post = await createPost(actor.user, input);
    return post.id;
  }),
);

export default function CommunityNew({ loaderData }: Route.ComponentProps) {
  return <PostFormPage locked={loaderData.locked} />;
}
