import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { pageAnnouncements } from "~/features/announcements/announcements.server";
import { AnnouncementCard } from "~/features/announcements/components/announcement-card";
import { ANNOUNCEMENTS_PER_PAGE } from "~/features/announcements/constants";
import { pageMeta } from "~/lib/meta";
import { hrefForPage, pageCount, pageFromUrl } from "~/lib/paging";
import type { Route } from "./+types/announcements";

const PATH = "/announcements";
/** Page links carry nothing but the page number, so each page has one URL (and one cache entry). */
const NO_QUERY = new URLSearchParams();
const pagePath = (page: number) => hrefForPage(NO_QUERY, page, PATH);

export const meta: Route.MetaFunction = (args) => {
  const list = args.loaderData;
  if (!list) {
    const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
    return [
      { title: notFound ? "404 Page Not Found" : "일시적인 오류가 발생했습니다" },
      { name: "robots", content: "noindex" },
    ];
  }
  const last = pageCount(list.total, list.pageSize);
  return pageMeta(args, {
    title: list.page > 1 ? `공지사항 ${list.page}페이지` : "공지사항",
    description: "학회의 공지, 행사, 학술 소식을 확인하세요.",
    path: pagePath(list.page),
    prev: list.page > 1 ? pagePath(list.page - 1) : undefined,
    next: list.page < last ? pagePath(list.page + 1) : undefined,
  });
};

// `?page=N` (20 a page, newest first). A bad value shows the first page; a page past the last
// one is a 404, so neither crawlers nor the page cache keep pages that do not exist.
export async function loader({ url }: Route.LoaderArgs) {
  const page = pageFromUrl(url.searchParams);
  const list = await pageAnnouncements({ page, pageSize: ANNOUNCEMENTS_PER_PAGE });
  if (page > pageCount(list.total, list.pageSize)) throw data(null, { status: 404 });
  return list;
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize } = loaderData;
  return (
    <>
      <PageHeader eyebrow="NEWS" title="공지사항">
        학회의 공지, 행사, 학술 소식을 전해 드립니다. 전문은 승인된 회원만 열람할 수 있습니다.
      </PageHeader>
      <Section>
        {items.length === 0 ? (
          <EmptyState>등록된 공지사항이 없습니다.</EmptyState>
        ) : (
          <ul className="grid gap-4">
            {items.map((announcement) => (
              <li key={announcement.id}>
                <AnnouncementCard announcement={announcement} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          total={total}
          pageSize={pageSize}
          searchParams={NO_QUERY}
          pathname={PATH}
          label="공지사항 페이지"
        />
      </Section>
    </>
  );
}

/** A page past the last one: 404, with a way back to the first page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Section className="max-w-xl text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound ? "404 Page Not Found" : "일시적인 오류가 발생했습니다"}
      </h1>
      <p className="mt-2 text-slate-600">
        {notFound
          ? "요청하신 공지사항 페이지가 없습니다."
          : "잠시 후 다시 시도해 주세요. 문제가 계속되면 학회 사무국으로 연락해 주세요."}
      </p>
      <Button asChild className="mt-6">
        <Link to={PATH}>공지사항 첫 페이지로</Link>
      </Button>
    </Section>
  );
}
