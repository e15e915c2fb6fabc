import { ArrowLeft, Eye, Pin } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormError } from "~/components/ui/field";
import { boardMemberOrNull, requireBoardActor } from "~/features/community/access.server";
import {
  createComment,
  deleteComment,
  deletePost,
  editComment,
  hideItem,
  pinPost,
  readPost,
  reportItem,
  restoreItem,
} from "~/features/community/community.server";
import { InlineAction, ReasonField } from "~/features/community/components/inline-form";
import { BoardLocked } from "~/features/community/components/locked-notice";
import { PlainText } from "~/features/community/components/plain-text";
import {
  BOARD_DESCRIPTION,
  COMMENT_MAX,
  commentSchema,
  HIDDEN_BY_LABELS,
  moderationForms,
  reportSchema,
} from "~/features/community/validation";
import { asPage } from "~/lib/errors.server";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import { z } from "~/lib/zod";
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

export async function loader({ request, params }: Route.LoaderArgs) {
  const reader = await boardMemberOrNull(request);
  if (!reader) return { locked: true as const };
  const post = await asPage(readPost(reader, params.id, { countView: true }));
  return { locked: false as const, post, isAdmin: reader.role === "admin" };
}

const MESSAGES = {
  comment: "댓글을 등록했습니다.",
  deletePost: "게시물을 삭제했습니다.",
  deleteComment: "댓글을 삭제했습니다.",
  editComment: "댓글을 수정했습니다.",
  report: "신고가 접수되었습니다.",
  hide: "숨김 처리했습니다. 작성자에게 사유를 메일로 알렸습니다.",
  restore: "다시 게시했습니다.",
  pin: "게시물을 상단에 고정했습니다.",
  unpin: "게시물 고정을 해제했습니다.",
} as const;

const postPageForms = {
  ...moderationForms,
  comment: commentSchema,
  editComment: z.object({ id: z.string().max(40).default(""), ...commentSchema.shape }),
  report: z.object({
    kind: moderationForms.restore.shape.kind,
    id: z.string().max(40).default(""),
    ...reportSchema.shape,
  }),
  pin: z.object({}),
  unpin: z.object({}),
};

// One action for every form on a post's page, switched on `intent`; the services decide who may
// do what (moderation is for administrators). Back to the post afterwards (a fresh GET).
export const action = pageAction({
  guard: requireBoardActor,
  // The comment's limit is counted in characters by its schema; in UTF-16 units an emoji is two.
  extra: { body: { maxLength: COMMENT_MAX * 2 } },
  intents: {
    comment: {
      schema: postPageForms.comment,
      run: async ({ body }, actor, { params }) => {
        await createComment(actor.user, params.id!, body);
        return done(MESSAGES.comment);
      },
    },
    deletePost: {
      schema: postPageForms.deletePost,
      run: async (_, actor, { params }) => {
        await deletePost(actor.user, params.id!, actor.audit);
        return done(MESSAGES.deletePost, "/community");
      },
    },
    editComment: {
      schema: postPageForms.editComment,
      run: async ({ id, body }, actor) => {
        await editComment(actor.user, id, body);
        return done(MESSAGES.editComment);
      },
    },
    deleteComment: {
      schema: postPageForms.deleteComment,
      run: async ({ id }, actor) => {
        await deleteComment(actor.user, id, actor.audit);
        return done(MESSAGES.deleteComment);
      },
    },
    report: {
      schema: postPageForms.report,
      run: async ({ kind, id, reason }, actor, { params }) => {
        await reportItem(actor.user, kind, kind === "posts" ? params.id! : id, reason);
        return done(MESSAGES.report);
      },
    },
    hide: {
      schema: postPageForms.hide,
      run: async ({ kind, id, reason }, actor, { params }) => {
        await hideItem(actor, kind, kind === "posts" ? params.id! : id, reason);
        return done(MESSAGES.hide);
      },
    },
    restore: {
      schema: postPageForms.restore,
      run: async ({ kind, id }, actor, { params }) => {
        await restoreItem(actor, kind, kind === "posts" ? params.id! : id);
        return done(MESSAGES.restore);
      },
    },
    pin: {
      schema: postPageForms.pin,
      run: async (_, actor, { params }) => {
        await pinPost(actor, params.id!, true);
        return done(MESSAGES.pin);
      },
    },
    unpin: {
      schema: postPageForms.unpin,
      run: async (_, actor, { params }) => {
        await pinPost(actor, params.id!, false);
        return done(MESSAGES.unpin);
      },
    },
  },
});

function HiddenNotice({ hidden }: { hidden: { by: string; reason: string | null } }) {
  return (
    <p className="mt-4 rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-800" role="note">
      {hidden.by === "reports"
        ? "신고가 누적되어 숨겨진 글입니다. 관리자가 검토한 뒤 다시 게시하거나 삭제합니다."
        : `관리자가 숨긴 글입니다.${hidden.reason ? ` 사유: ${hidden.reason}` : ""}`}
    </p>
  );
}

export default function CommunityPost({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const replyMessage = useRefusal()?.message;
  if (loaderData.locked) return <BoardLocked />;
  const { post, isAdmin } = loaderData;
  const commenting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "comment";
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
                    {comment.editedAt ? (
                      <span className="text-slate-600">
                        (수정됨 <DateTime value={comment.editedAt} />)
                      </span>
                    ) : null}
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
                    {comment.isMine && !comment.hidden && comment.body !== null ? (
                      <InlineAction
                        label="수정"
                        intent="editComment"
                        id={comment.id}
                        submitLabel="수정하기"
                      >
                        <label
                          htmlFor={`edit-${comment.id}`}
                          className="text-sm font-semibold text-slate-800"
                        >
                          댓글 수정
                        </label>
                        <textarea
                          id={`edit-${comment.id}`}
                          name="body"
                          required
                          maxLength={COMMENT_MAX}
                          rows={4}
                          defaultValue={comment.body}
                          className="rounded-lg border border-slate-300 p-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                        />
                      </InlineAction>
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
                      className="mt-2 text-base leading-7 text-slate-800"
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
              className="rounded-lg border border-slate-300 p-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
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
