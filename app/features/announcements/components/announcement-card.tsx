import { Eye } from "lucide-react";
import { Link } from "react-router";
import { formatDate, isoDate } from "~/lib/dates";
import { useOptionalUser } from "~/lib/root-data";
import { announcementHref } from "../links";
import { CategoryBadge } from "./category-badge";

export type AnnouncementListItem = {
  id: string;
  title: string;
  category: string;
  excerpt: string;
  truncated: boolean;
  views: number;
  createdAt: Date | string;
};

export function AnnouncementCard({ announcement }: { announcement: AnnouncementListItem }) {
  const user = useOptionalUser();
  const { excerpt } = announcement;
  return (
    <article className="group relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md sm:p-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <CategoryBadge category={announcement.category} />
        <time dateTime={isoDate(announcement.createdAt)}>{formatDate(announcement.createdAt)}</time>
        <span className="inline-flex items-center gap-1">
          <Eye className="size-4" aria-hidden="true" />
          <span className="sr-only">조회수</span>
          {announcement.views.toLocaleString("ko-KR")}
        </span>
      </div>
      <h2 className="mt-3 text-lg font-bold text-slate-900 group-hover:text-brand-700">
        <Link
          to={announcementHref(announcement.id, user)}
          className="after:absolute after:inset-0 after:rounded-2xl"
        >
          {announcement.title}
        </Link>
      </h2>
      <p className="mt-2 text-[15px] leading-7 text-slate-600">
        {announcement.truncated ? `${excerpt}...` : excerpt}
      </p>
    </article>
  );
}
