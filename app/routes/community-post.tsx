import { ArrowLeft, Eye, Pin } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormError } from "~/components/ui/field";
import type { SessionUser } from "~/features/accounts/session.server";
import { boardMemberOrNull, requireBoardMember } from "~/features/community/access.server";
import {
  createComment,
  deleteComment,
  deletePost,
  hideItem,
  pinPost,
  readPost,
  reportItem,
  restoreItem,
} from "~/features/community/community.server";
import { InlineAction, ReasonField } from "~/features/community/components/inline-form";
import { BoardLocked } from "~/features/community/components/locked-notice";
import { PlainText } from "~/features/community/components/plain-text";
import { formReply, readPostPageForm } from "~/features/community/forms.server";
import { BOARD_DESCRIPTION, COMMENT_MAX, HIDDEN_BY_LABELS } from "~/features/community/validation";
import { AppError } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "~/lib/numbers";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/community-post";

// Never the post's title in the head: a link shared outside the board previews as the board.
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "회원 게시판",
    description: BOARD_DESCRIPTION,
    path: `/community/${args.params.id}`,
  }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: Route.LoaderArgs) {
  const reader = await boardMemberOrNull(request);
  if (!reader) return { locked: true as const };
  try {
    const post = await readPost(reader, params.id, { countView: true });
    return { locked: false as const, post, isAdmin: reader.role === "admin" };
  } catch (error) {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

const MESSAGES = {
  comment: "댓글을 등록했습니다.",
  deletePost: "게시물을 삭제했습니다.",
  deleteComment: "댓글을 삭제했습니다.",
  report: "신고가 접수되었습니다.",
  hide: "숨김 처리했습니다. 작성자에게 사유를 메일로 알렸습니다.",
  restore: "다시 게시했습니다.",
  pin: "게시물을 상단에 고정했습니다.",
  unpin: "게시물 고정을 해제했습니다.",
} as const;

async function perform(
  reader: SessionUser,
  postId: string,
  form: Awaited<ReturnType<typeof readPostPageForm>>,
  ip: string | undefined,
) {
  const audit = { actor: { id: reader.id, email: reader.email }, ip };
  const adminOnly = () => {
    if (reader.role !== "admin") throw new AppError("forbidden", "관리자만 이용할 수 있습니다.");
  };
  switch (form.intent) {
    case "comment": {
      const input = form.comment();
      if (input.reply) return input.reply;
      await createComment(reader, postId, input.value.body);
      return null;
    }
    case "deletePost":
      await deletePost(reader, postId, audit);
      return redirect("/community", {
        headers: { "Set-Cookie": flashToast({ title: MESSAGES.deletePost }) },
      });
    case "deleteComment":
      await deleteComment(reader, form.id, audit);
      return null;
    case "report": {
      const input = form.report();
      if (input.reply) return input.reply;
      await reportItem(
        reader,
        form.kind,
        form.kind === "posts" ? postId : form.id,
        input.value.reason,
      );
      return null;
    }
    case "hide": {
      adminOnly();
      const input = form.hide();
      if (input.reply) return input.reply;
      await hideItem(
        form.kind,
        form.kind === "posts" ? postId : form.id,
        input.value.reason,
        audit,
      );
      return null;
    }
    case "restore":
      adminOnly();
      await restoreItem(form.kind, form.kind === "posts" ? postId : form.id, audit);
      return null;
    case "pin":
    case "unpin":
      adminOnly();
      await pinPost(postId, form.intent === "pin", audit);
      return null;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const reader = await requireBoardMember(request);
  const form = await readPostPageForm(request);
  try {
    const answer = await perform(reader, params.id, form, context.get(clientIpContext));
    if (answer) return answer;
  } catch (error) {
    if (error instanceof AppError) return formReply(error);
    throw error;
  }
  // Back to the post (a fresh GET), so a reload does not send the form again.
  return redirect(`/community/${params.id}`, {
    headers: { "Set-Cookie": flashToast({ title: MESSAGES[form.intent] }) },
  });
}

function HiddenNotice({ hidden }: { hidden: { by: string; reason: string | null } }) {
  return (
    <p className="mt-4 rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-800" role="note">
      {hidden.by === "reports"
        ? "신고가 누적되어 숨겨진 글입니다. 관리자가 검토한 뒤 다시 게시하거나 삭제합니다."
        : `관리자가 숨긴 글입니다.${hidden.reason ? ` 사유: ${hidden.reason}` : ""}`}
    </p>
  );
}

export default function CommunityPost({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.locked) return <BoardLocked />;
  const { post, isAdmin } = loaderData;
  const commenting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "comment";
  const replyMessage = actionData && "message" in actionData ? actionData.message : undefined;
  return (
    <Section className="max-w-3xl">
      <Link
        to="/community"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> 목록으로
      </Link>
      <FormError message={replyMessage} />
      <article className="mt-4">
        {post.deleted ? (
          <header className="border-b border-slate-200 pb-6">
            <h1 className="text-xl font-bold text-slate-500">삭제된 게시물입니다</h1>
          </header>
        ) : (
          <>
            <header className="border-b border-slate-200 pb-5">
              <div className="flex flex-wrap items-center gap-2">
                {post.pinned ? (
                  <Badge tone="brand">
                    <Pin className="mr-0.5 size-3" aria-hidden="true" />
                    공지
                  </Badge>
                ) : null}
                {post.hidden ? (
                  <Badge tone="red">
                    숨김 · {HIDDEN_BY_LABELS[post.hidden.by as "admin"] ?? "관리자"}
                  </Badge>
                ) : null}
              </div>
              <h1 className="mt-2 text-2xl leading-snug font-bold break-words text-slate-900 sm:text-3xl">
                {post.title}
              </h1>
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                <span className="font-semibold text-slate-800">{post.authorName}</span>
                <DateTime value={post.createdAt} />
                {post.editedAt ? (
                  <span>
                    수정됨 <DateTime value={post.editedAt} />
                  </span>
                ) : null}
                <span className="inline-flex items-center gap-1">
                  <Eye className="size-4" aria-hidden="true" />
                  <span className="sr-only">조회수</span>
                  {formatNumber(post.views)}
                </span>
              </div>
              {post.hidden ? <HiddenNotice hidden={post.hidden} /> : null}
            </header>
            <PlainText text={post.body} className="mt-6 text-[16px] leading-8 text-slate-800" />
            {post.images.length > 0 ? (
              <div className="mt-6 grid gap-4">
                {post.images.map((src, index) => (
                  <img
                    key={src}
                    src={src}
                    alt={`첨부 이미지 ${index + 1}`}
                    loading="lazy"
                    className="h-auto max-w-full rounded-xl border border-slate-200"
                  />
                ))}
              </div>
            ) : null}
            <div className="mt-8 flex flex-wrap items-start justify-end gap-1 border-t border-slate-200 pt-4">
              {post.isMine ? (
                <Button asChild variant="secondary" size="sm">
                  <Link to={`/community/${post.id}/edit`}>수정</Link>
                </Button>
              ) : (
                <InlineAction label="신고" intent="report" kind="posts" submitLabel="신고하기">
                  <ReasonField id="report-post" label="신고 사유" />
                </InlineAction>
              )}
              {isAdmin ? (
                <>
                  <Form method="post">
                    <input type="hidden" name="intent" value={post.pinned ? "unpin" : "pin"} />
                    <button
                      type="submit"
                      className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                    >
                      {post.pinned ? "고정 해제" : "상단 고정"}
                    </button>
                  </Form>
                  {post.hidden ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="kind" value="posts" />
                      <button
                        type="submit"
                        className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                      >
                        다시 게시
                      </button>
                    </Form>
                  ) : (
                    <InlineAction label="숨김" intent="hide" kind="posts" submitLabel="숨기기">
                      <ReasonField
                        id="hide-post"
                        label="숨김 사유 (작성자에게 메일로 전달됩니다)"
                      />
                    </InlineAction>
                  )}
                </>
              ) : null}
              {post.isMine || isAdmin ? (
                <InlineAction
                  label="삭제"
                  intent="deletePost"
                  tone="danger"
                  confirm="이 게시물을 삭제할까요? 삭제한 글은 되돌릴 수 없습니다."
                  submitLabel="삭제"
                />
              ) : null}
            </div>
          </>
        )}
      </article>

      <section aria-labelledby="comments-title" className="mt-10">
        <h2 id="comments-title" className="text-lg font-bold text-slate-900">
          댓글 {post.comments.length}
        </h2>
        {post.comments.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">아직 댓글이 없습니다.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {post.comments.map((comment) => (
              <li key={comment.id} className="px-4 py-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="font-semibold text-slate-800">{comment.authorName}</span>
                    <DateTime value={comment.createdAt} className="text-slate-600" />
                    {comment.hidden ? <Badge tone="red">숨김</Badge> : null}
                  </div>
                  <div className="flex flex-wrap gap-1">
                    {!comment.isMine && !comment.hidden ? (
                      <InlineAction
                        label="신고"
                        intent="report"
                        kind="comments"
                        id={comment.id}
                        submitLabel="신고하기"
                      >
                        <ReasonField id={`report-${comment.id}`} label="신고 사유" />
                      </InlineAction>
                    ) : null}
                    {isAdmin ? (
                      comment.hidden ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="restore" />
                          <input type="hidden" name="kind" value="comments" />
                          <input type="hidden" name="id" value={comment.id} />
                          <button
                            type="submit"
                            className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                          >
                            다시 게시
                          </button>
                        </Form>
                      ) : (
                        <InlineAction
                          label="숨김"
                          intent="hide"
                          kind="comments"
                          id={comment.id}
                          submitLabel="숨기기"
                        >
                          <ReasonField id={`hide-${comment.id}`} label="숨김 사유" />
                        </InlineAction>
                      )
                    ) : null}
                    {comment.isMine || isAdmin ? (
                      <InlineAction
                        label="삭제"
                        intent="deleteComment"
                        kind="comments"
                        id={comment.id}
                        tone="danger"
                        confirm="이 댓글을 삭제할까요?"
                        submitLabel="삭제"
                      />
                    ) : null}
                  </div>
                </div>
                {comment.body === null ? (
                  <p className="mt-2 text-sm text-slate-500">숨겨진 댓글입니다.</p>
                ) : (
                  <>
                    {comment.hidden ? <HiddenNotice hidden={comment.hidden} /> : null}
                    <PlainText
                      text={comment.body}
                      className="mt-2 text-[15px] leading-7 text-slate-800"
                    />
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
        {post.deleted ? null : (
          <Form method="post" className="mt-6 grid gap-2" noValidate>
            <input type="hidden" name="intent" value="comment" />
            <label htmlFor="comment-body" className="text-sm font-semibold text-slate-800">
              댓글 쓰기
            </label>
            <textarea
              id="comment-body"
              name="body"
              required
              aria-required="true"
              maxLength={COMMENT_MAX}
              rows={3}
              key={post.comments.length}
              className="rounded-lg border border-slate-300 p-3 text-[15px] focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={commenting}>
                {commenting ? "등록 중..." : "댓글 등록"}
              </Button>
            </div>
          </Form>
        )}
      </section>
    </Section>
  );
}

export { PostErrorBoundary as ErrorBoundary } from "~/features/community/components/post-error";
