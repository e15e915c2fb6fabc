import { data, redirect } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { boardMemberOrNull, requireBoardMember } from "~/features/community/access.server";
import { readOwnPost, updatePost } from "~/features/community/community.server";
import { BoardLocked } from "~/features/community/components/locked-notice";
import { PostForm } from "~/features/community/components/post-form";
import { formReply, readPostForm } from "~/features/community/forms.server";
import { AppError } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import type { Route } from "./+types/community-edit";

export const meta: Route.MetaFunction = () => [
  { title: "글 수정 | 회원 게시판" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Only the author edits a post: anyone else gets the post's 404 or 403 page.
export async function loader({ request, params }: Route.LoaderArgs) {
  const reader = await boardMemberOrNull(request);
  if (!reader) return { locked: true as const };
  try {
    return { locked: false as const, post: await readOwnPost(reader, params.id) };
  } catch (error) {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const reader = await requireBoardMember(request);
  const form = await readPostForm(request);
  if (form.reply) return form.reply;
  try {
    await updatePost(reader, params.id, form.value);
  } catch (error) {
    if (error instanceof AppError)
      return formReply(error, { title: form.value.title, body: form.value.body });
    throw error;
  }
  throw redirect(`/community/${params.id}`, {
    headers: { "Set-Cookie": flashToast({ title: "게시물을 수정했습니다." }) },
  });
}

export default function CommunityEdit({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.locked) return <BoardLocked />;
  const { post } = loaderData;
  return (
    <>
      <PageHeader eyebrow="COMMUNITY" title="글 수정" />
      <Section className="max-w-3xl">
        <Card className="p-5 sm:p-8">
          <PostForm
            initial={post}
            reply={actionData}
            submitLabel="수정 완료"
            cancelTo={`/community/${post.id}`}
          />
        </Card>
      </Section>
    </>
  );
}

export { PostErrorBoundary as ErrorBoundary } from "~/features/community/components/post-error";
