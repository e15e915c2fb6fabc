import { ImageIcon, MessageSquare, Pin } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatDate, isoDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import type { PostListItem } from "../community.server";
import { HIDDEN_BY_LABELS } from "../validation";

/** The board's rows: a table's columns on a wide screen, stacked lines on a phone. */
export function PostList({ items, numberFrom }: { items: PostListItem[]; numberFrom: number }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[4rem_1fr_8rem_7rem_4rem] gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm font-semibold text-slate-600 md:grid"
      >
        <span className="text-center">번호</span>
        <span>제목</span>
        <span>글쓴이</span>
        <span>날짜</span>
        <span className="text-right">조회</span>
      </div>
      <ul className="divide-y divide-slate-200">
        {items.map((item, index) => (
          <li
            key={item.id}
            className={
              item.pinned
                ? "bg-brand-50/60 px-4 py-3 md:grid md:grid-cols-[4rem_1fr_8rem_7rem_4rem] md:items-center md:gap-3"
                : "px-4 py-3 md:grid md:grid-cols-[4rem_1fr_8rem_7rem_4rem] md:items-center md:gap-3"
            }
          >
            <span className="hidden text-center text-sm text-slate-500 md:block">
              {item.pinned ? (
                <Badge tone="brand">
                  <Pin className="mr-0.5 size-3" aria-hidden="true" />
                  공지
                </Badge>
              ) : (
                numberFrom - index
              )}
            </span>
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              {item.pinned ? (
                <Badge tone="brand" className="md:hidden">
                  공지
                </Badge>
              ) : null}
              {item.hidden ? (
                <Badge tone="red">
                  숨김 · {HIDDEN_BY_LABELS[item.hidden.by as "admin"] ?? "관리자"}
                </Badge>
              ) : null}
              {item.deleted ? (
                <Link to={`/community/${item.id}`} className="text-slate-500 hover:underline">
                  삭제된 게시물입니다
                </Link>
              ) : (
                <Link
                  to={`/community/${item.id}`}
                  className="min-w-0 font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {item.title}
                </Link>
              )}
              {item.imageCount > 0 ? (
                <ImageIcon className="size-4 text-slate-500" aria-label="이미지 첨부" />
              ) : null}
              {item.commentCount > 0 ? (
                <span className="inline-flex items-center gap-0.5 text-sm font-semibold text-brand-700">
                  <MessageSquare className="size-3.5" aria-hidden="true" />
                  {item.commentCount}
                  <span className="sr-only">개의 댓글</span>
                </span>
              ) : null}
            </div>
            <div className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600 md:contents">
              <span className="truncate md:block">{item.deleted ? "—" : item.authorName}</span>
              <time dateTime={isoDate(item.createdAt)} className="md:block">
                {formatDate(item.createdAt)}
              </time>
              <span className="md:block md:text-right">
                <span className="md:sr-only">조회 </span>
                {formatNumber(item.views)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
