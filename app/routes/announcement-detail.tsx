import { ArrowLeft, Download, ExternalLink, Eye, Paperclip } from "lucide-react";
import { data, Link } from "react-router";
import { MembersOnlyNotice } from "~/components/layout/members-only-notice";
import { MissingPage } from "~/components/layout/missing-page";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { getCurrentUser } from "~/features/accounts/session.server";
import {
  findAnnouncementPlace,
  mayReadAnnouncementBody,
  type NeighbourNotice,
  readAnnouncement,
} from "~/features/announcements/announcements.server";
import type { NoticeAttachment } from "~/features/announcements/attachments.server";
import { CategoryBadge } from "~/features/announcements/components/category-badge";
import { ANNOUNCEMENT_AUTHOR } from "~/features/announcements/constants";
import { formatFileSize, typeLabel } from "~/features/uploads/document-types";
import { formatDate, isoDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "~/lib/numbers";
import type { Route } from "./+types/announcement-detail";

export const meta: Route.MetaFunction = (args) => {
  const headline = args.loaderData?.headline;
  if (!headline) return [{ title: "공지사항을 찾을 수 없습니다" }];
  // Link previews show the title and category, never the body.
  return pageMeta(args, {
    title: headline.title,
    description: `[${headline.category}] 학회 공지사항입니다. 전문은 승인된 회원만 열람할 수 있습니다.`,
    path: `/announcements/${headline.id}`,
    type: "article",
  });
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const [place, user] = await Promise.all([
    findAnnouncementPlace(params.id),
    getCurrentUser(request),
  ]);
  if (!place) throw data(null, { status: 404 });
  const { headline, ...neighbours } = place;
  // Anyone the service does not let read the body gets the login card.
  const announcement = await readAnnouncement(params.id, user);
  if (mayReadAnnouncementBody(user) && !announcement) throw data(null, { status: 404 });
  return { headline, announcement, neighbours };
}

export default function AnnouncementDetail({ loaderData }: Route.ComponentProps) {
  const { announcement, neighbours } = loaderData;
  if (!announcement) return <LoginRequired />;
  return (
    <Section className="max-w-3xl">
      <Link
        to="/announcements"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> 목록으로
      </Link>
      <article className="mt-4">
        <header className="border-b border-slate-200 pb-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <CategoryBadge category={announcement.category} />
            <span>
              <span className="sr-only">작성자 </span>
              {ANNOUNCEMENT_AUTHOR}
            </span>
            <time dateTime={isoDate(announcement.createdAt)}>
              {formatDate(announcement.createdAt)}
            </time>
            <span className="inline-flex items-center gap-1">
              <Eye className="size-4" aria-hidden="true" />
              <span className="sr-only">조회수</span>
              {formatNumber(announcement.views)}
            </span>
          </div>
          <h1 className="mt-3 text-2xl leading-snug font-bold text-slate-900 sm:text-3xl">
            {announcement.title}
          </h1>
        </header>
        {announcement.attachments.length > 0 ? (
          <Attachments files={announcement.attachments} />
        ) : null}
        {announcement.imageUrl ? (
          <img
            src={announcement.imageUrl}
            alt=""
            className="mt-6 h-auto w-full rounded-xl border border-slate-200"
          />
        ) : null}
        <div
          className="prose-content mt-6"
          // Sanitised on the server (sanitize.server.ts) before it reaches the page.
          dangerouslySetInnerHTML={{ __html: announcement.content }}
        />
        {announcement.linkUrl ? (
          <div className="mt-8">
            <Button asChild variant="secondary">
              <a href={announcement.linkUrl} target="_blank" rel="noopener noreferrer">
                관련 링크 보기 <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">(새 창)</span>
              </a>
            </Button>
          </div>
        ) : null}
      </article>
      <Neighbours previous={neighbours.previous} next={neighbours.next} />
    </Section>
  );
}

/** 첨부파일 under the title, as Korean boards show them: each file's name, type and size. */
function Attachments({ files }: { files: NoticeAttachment[] }) {
  return (
    <section aria-labelledby="attachments-title" className="mt-4 rounded-lg bg-slate-50 px-4 py-3">
      <h2
        id="attachments-title"
        className="flex items-center gap-1.5 text-base font-semibold text-slate-800"
      >
        <Paperclip className="size-4" aria-hidden="true" />
        {`첨부파일 ${files.length}개`}
      </h2>
      <ul className="mt-2 grid gap-1">
        {files.map((file) => (
          <li key={file.id}>
            <a
              href={file.url}
              download
              className="inline-flex min-h-11 items-center gap-2 py-1 text-base break-all text-brand-800 hover:underline"
            >
              <Download className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {file.fileName}{" "}
                <span className="text-sm whitespace-nowrap text-slate-600">
                  ({typeLabel(file.contentType)}, {formatFileSize(file.fileSize)})
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 이전글 and 다음글 under the notice, as Korean boards have them, and the way back to the list. */
function Neighbours({ previous, next }: { previous: NeighbourNotice; next: NeighbourNotice }) {
  const rows = [
    { label: "이전글", notice: previous, none: "이전 글이 없습니다." },
    { label: "다음글", notice: next, none: "다음 글이 없습니다." },
  ];
  return (
    <nav aria-label="이전글 다음글" className="mt-10">
      <ul className="border-y border-slate-300 text-base">
        {rows.map(({ label, notice, none }) => (
          <li
            key={label}
            className="flex min-h-12 items-center gap-4 border-b border-slate-200 px-2 last:border-b-0"
          >
            <span className="w-14 shrink-0 font-semibold text-slate-700">{label}</span>
            {notice ? (
              <Link
                to={`/announcements/${notice.id}`}
                className="min-w-0 truncate py-3 text-slate-800 hover:text-brand-700 hover:underline"
              >
                {notice.title}
              </Link>
            ) : (
              <span className="py-3 text-slate-500">{none}</span>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-6 text-center">
        <Button asChild variant="secondary">
          <Link to="/announcements">목록</Link>
        </Button>
      </div>
    </nav>
  );
}

function LoginRequired() {
  return (
    <MembersOnlyNotice
      heading="로그인이 필요합니다"
      headingLevel="h1"
      other={{ to: "/announcements", label: "목록으로" }}
    >
      공지사항 전문은 승인된 회원으로 로그인한 뒤 열람할 수 있습니다.
    </MembersOnlyNotice>
  );
}

/** A notice that does not exist (or was deleted), inside the site, with the way back. */
export function ErrorBoundary() {
  return (
    <MissingPage
      title="공지사항을 찾을 수 없습니다."
      back={{ to: "/announcements", label: "목록으로" }}
    />
  );
}
