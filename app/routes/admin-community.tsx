import { Form, Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { FormError } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { requireActor } from "~/features/accounts/actor.server";
import { requireAdmin } from "~/features/accounts/session.server";
import {
  deleteItem,
  hideItem,
  moderationQueue,
  restoreItem,
} from "~/features/community/community.server";
import { InlineAction, ReasonField } from "~/features/community/components/inline-form";
import { PlainText } from "~/features/community/components/plain-text";
import { HIDDEN_BY_LABELS, moderationForms, POSTS_PER_PAGE } from "~/features/community/validation";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { pageFromUrl } from "~/lib/paging";
import { useRefusal } from "~/lib/refusal";
import { truncate } from "~/lib/text";
import type { Route } from "./+types/admin-community";

export const meta: Route.MetaFunction = () => [
  { title: "게시판 관리 | 관리자" },
  { name: "robots", content: "noindex" },
];

// Reported and hidden posts and comments, newest first (20 a page, `?page=`).
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  return moderationQueue({ page: pageFromUrl(url.searchParams), pageSize: POSTS_PER_PAGE });
}

const DONE = { hide: "숨김 처리했습니다.", restore: "다시 게시했습니다.", delete: "삭제했습니다." };

export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  intents: {
    hide: {
      schema: moderationForms.hide,
      run: async ({ kind, id, reason }, actor) => {
        await hideItem(actor, kind, id, reason);
        return done(DONE.hide);
      },
    },
    restore: {
      schema: moderationForms.restore,
      run: async ({ kind, id }, actor) => {
        await restoreItem(actor, kind, id);
        return done(DONE.restore);
      },
    },
    deletePost: {
      schema: moderationForms.deletePost,
      run: async ({ id }, actor) => {
        await deleteItem(actor, "posts", id);
        return done(DONE.delete);
      },
    },
    deleteComment: {
      schema: moderationForms.deleteComment,
      run: async ({ id }, actor) => {
        await deleteItem(actor, "comments", id);
        return done(DONE.delete);
      },
    },
  },
});

export default function AdminCommunity({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize } = loaderData;
  const refusal = useRefusal();
  return (
    <Section>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">게시판 관리</h1>
      <p className="mt-1 text-slate-600">
        신고되었거나 숨겨진 회원 게시판의 글입니다. 신고 {3}건이 쌓이면 관리자가 결정할 때까지
        자동으로 숨겨집니다. 모든 처리는 감사 기록에 남습니다.
      </p>
      <FormError message={refusal?.message} />
      <p className="mt-6 mb-3 text-sm text-slate-600">모두 {formatNumber(total)}건</p>
      {items.length === 0 ? (
        <EmptyState>신고되었거나 숨겨진 글이 없습니다.</EmptyState>
      ) : (
        <ul className="grid gap-4">
          {items.map((item) => (
            <li
              key={`${item.kind}-${item.id}`}
              className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
            >
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={item.kind === "posts" ? "brand" : "violet"}>
                  {item.kind === "posts" ? "게시물" : "댓글"}
                </Badge>
                {item.hidden ? (
                  <Badge tone="red">
                    숨김 · {HIDDEN_BY_LABELS[item.hidden.by as "admin"] ?? "관리자"}
                  </Badge>
                ) : null}
                {item.openReports > 0 ? (
                  <Badge tone="yellow">신고 {item.openReports}건</Badge>
                ) : null}
                <span className="text-slate-600">{item.authorName}</span>
                <DateTime value={item.createdAt} className="text-slate-500" />
              </div>
              <p className="mt-2 font-semibold break-words text-slate-900">
                <Link to={`/community/${item.postId}`} className="hover:underline">
                  {item.kind === "posts" ? item.postTitle : `「${item.postTitle}」의 댓글`}
                </Link>
              </p>
              <PlainText
                text={truncate(item.content, 300)}
                className="mt-2 text-sm leading-6 text-slate-700"
              />
              {item.hidden?.reason ? (
                <p className="mt-2 text-sm text-rose-800">숨김 사유: {item.hidden.reason}</p>
              ) : null}
              {item.reasons.length > 0 ? (
                <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  <p className="font-semibold">신고 사유</p>
                  <ul className="mt-1 list-disc pl-5">
                    {item.reasons.map((reason, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: reasons of one item, in order
                      <li key={index} className="break-words">
                        {reason}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div className="mt-3 flex flex-wrap justify-end gap-1">
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="kind" value={item.kind} />
                  <input type="hidden" name="id" value={item.id} />
                  <button
                    type="submit"
                    className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                  >
                    {item.hidden ? "다시 게시" : "문제 없음"}
                  </button>
                </Form>
                {item.hidden?.by === "admin" ? null : (
                  <InlineAction
                    label="숨김"
                    intent="hide"
                    kind={item.kind}
                    id={item.id}
                    submitLabel="숨기기"
                  >
                    <ReasonField
                      id={`hide-${item.id}`}
                      label="숨김 사유 (작성자에게 메일로 전달됩니다)"
                    />
                  </InlineAction>
                )}
                <InlineAction
                  label="삭제"
                  intent={item.kind === "posts" ? "deletePost" : "deleteComment"}
                  kind={item.kind}
                  id={item.id}
                  tone="danger"
                  confirm="삭제할까요? 되돌릴 수 없습니다."
                  submitLabel="삭제"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        total={total}
        pageSize={pageSize}
        searchParams={new URLSearchParams()}
        pathname="/admin/community"
        label="게시판 관리 페이지"
      />
    </Section>
  );
}
