import { boardMemberOrNull } from "~/features/community/access.server";
import { readOwnPost, updatePost } from "~/features/community/community.server";
import { PostFormPage } from "~/features/community/components/post-form";
import { postFormAction } from "~/features/community/post-form.server";
import { asPage } from "~/lib/errors.server";
import { pageAction } from "~/lib/page-action.server";
import type { Route } from "./+types/community-edit";

export const meta: Route.MetaFunction = () => [
  { title: "글 수정 | 회원 게시판" },
  { name: "robots", content: "noindex" },
];

// Only the author edits a post: anyone else gets the post's 404 or 403 page.
export async function loader({ request, params }: Route.LoaderArgs) {
  const reader = await boardMemberOrNull(request);
  if (!reader) return { locked: true, post: undefined };
  return { locked: false, post: await asPage(readOwnPost(reader, params.id)) };
}

export const action = pageAction(
  postFormAction("게시물을 수정했습니다.", async (actor, input, params) => {
    await updatePost(actor.user, params.id!, input);
    return params.id!;
  }),
);

export default function CommunityEdit({ loaderData }: Route.ComponentProps) {
  return <PostFormPage {...loaderData} />;
}

export { PostErrorBoundary as ErrorBoundary } from "~/features/community/components/post-error";
