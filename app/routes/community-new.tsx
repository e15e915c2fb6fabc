import { redirect } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { boardMemberOrNull, requireBoardMember } from "~/features/community/access.server";
import { createPost } from "~/features/community/community.server";
import { BoardLocked } from "~/features/community/components/locked-notice";
import { PostForm } from "~/features/community/components/post-form";
import { formReply, readPostForm } from "~/features/community/forms.server";
import { AppError } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import type { Route } from "./+types/community-new";

export const meta: Route.MetaFunction = () => [
  { title: "글쓰기 | 회원 게시판" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  return { locked: !(await boardMemberOrNull(request)) };
}

export async function action({ request }: Route.ActionArgs) {
  const author = await requireBoardMember(request);
  const form = await readPostForm(request);
  if (form.reply) return form.reply;
  try {
    const post = await createPost(author, form.value);
    throw redirect(`/community/${post.id}`, {
      headers: { "Set-Cookie": flashToast({ title: "게시물을 등록했습니다." }) },
    });
  } catch (error) {
    if (error instanceof AppError)
      return formReply(error, { title: form.value.title, body: form.value.body });
    throw error;
  }
}

export default function CommunityNew({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.locked) return <BoardLocked />;
  return (
    <>
      <PageHeader eyebrow="COMMUNITY" title="글쓰기" />
      <Section className="max-w-3xl">
        <Card className="p-5 sm:p-8">
          <PostForm reply={actionData} submitLabel="등록" cancelTo="/community" />
        </Card>
      </Section>
    </>
  );
}
