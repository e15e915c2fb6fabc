import { Paperclip } from "lucide-react";
import { Link } from "react-router";
import { formatDate, isoDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import { useOptionalUser } from "~/lib/root-data";
import type { AnnouncementSummary } from "../announcements.server";
import { ANNOUNCEMENT_AUTHOR } from "../constants";
import { announcementHref } from "../links";
import { CategoryBadge } from "./category-badge";

type AnnouncementListItem = AnnouncementSummary & {
  /** Posted within the last week (decided by the loader). */
  isNew?: boolean;
};

/**
 * One row of the notice board: number (or 공지 for a pinned notice), category, title
 * with 새 글 for a week, the SPEC's 100-character excerpt, date and views. A table row on wide
 * screens, a stacked entry on a phone.
 */
export function AnnouncementRow({
  announcement,
  number,
}: {
  announcement: AnnouncementListItem;
  /** The board's number; null marks a pinned notice. */
  number: number | null;
}) {
  const user = useOptionalUser();
  const { excerpt } = announcement;
  const pinned = number === null;
  return (
    <article
      className={`relative grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 border-b border-slate-200 px-1 py-4 md:grid-cols-[4rem_5rem_1fr_5.5rem_7.5rem_4.5rem] md:gap-x-0 md:py-3.5 ${pinned ? "bg-brand-50/60" : "hover:bg-slate-50"}`}
    >
      <span className="hidden text-center text-sm text-slate-500 md:block">
        {pinned ? (
          <span className="rounded bg-rose-700 px-2 py-0.5 text-xs font-bold text-white">공지</span>
        ) : (
          <>
            <span className="sr-only">번호 </span>
            {formatNumber(number)}
          </>
        )}
      </span>
      <span className="md:text-center">
        <CategoryBadge category={announcement.category} />
      </span>
      <div className="col-span-2 min-w-0 md:col-span-1 md:px-3">
        <div className="flex items-center gap-2">
          {pinned ? (
            <span className="shrink-0 rounded bg-rose-700 px-1.5 py-0.5 text-xs font-bold text-white md:hidden">
              공지
            </span>
          ) : null}
          <h2 className="min-w-0 truncate text-base font-semibold text-slate-900">
            <Link
              to={announcementHref(announcement.id, user)}
              className="after:absolute after:inset-0 hover:text-brand-700 hover:underline"
            >
              {announcement.title}
            </Link>
          </h2>
          {announcement.hasAttachments ? (
            <span className="shrink-0 text-slate-500">
              <Paperclip className="size-4" aria-hidden="true" />
              <span className="sr-only">첨부파일 있음</span>
            </span>
          ) : null}
          {announcement.isNew ? (
            <span className="shrink-0 rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-bold text-amber-800">
              새 글
            </span>
          ) : null}
        </div>
        <p className="mt-1 line-clamp-1 text-sm text-slate-500">
          {announcement.truncated ? `${excerpt}...` : excerpt}
        </p>
      </div>
      <span className="col-span-2 flex gap-3 text-sm text-slate-500 md:contents">
        <span className="md:text-center">
          <span className="sr-only">작성자 </span>
          {ANNOUNCEMENT_AUTHOR}
        </span>
        <time dateTime={isoDate(announcement.createdAt)} className="md:text-center">
          {formatDate(announcement.createdAt)}
        </time>
        <span className="md:text-center">
          <span className="md:hidden" aria-hidden="true">
            조회{" "}
          </span>
          <span className="sr-only">조회수</span>
          {formatNumber(announcement.views)}
        </span>
      </span>
    </article>
  );
}
