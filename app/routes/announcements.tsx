import { data, Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { getCurrentUser } from "~/features/accounts/session.server";
import {
  type AnnouncementSummary,
  listPinnedAnnouncements,
  pageAnnouncements,
} from "~/features/announcements/announcements.server";
import { AnnouncementRow } from "~/features/announcements/components/announcement-card";
import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENTS_PER_PAGE,
  categoryFromUrl,
  NEW_FOR_DAYS,
} from "~/features/announcements/constants";
import { nowMs } from "~/lib/clock.server";
import { MAX_SEARCH_LENGTH } from "~/lib/list-page.server";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "~/lib/numbers";
import { hrefForPage, pageCount, pageFromUrl } from "~/lib/paging";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/announcements";

const PATH = "/announcements";
/**
 * Page links carry nothing but the page number (and the search, when there is one), so each page
 * of the plain list has one URL (and one cache entry, ADR 005); searches are never stored.
 */
const NO_QUERY = new URLSearchParams();
const pagePath = (page: number) => hrefForPage(NO_QUERY, page, PATH);
const DAY_MS = 24 * 60 * 60 * 1000;

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
  const searched = Boolean(list.q || list.category);
  return pageMeta(args, {
    title: searched ? "공지사항 검색" : list.page > 1 ? `공지사항 ${list.page}페이지` : "공지사항",
    description: "학회의 공지, 행사, 학술 소식을 확인하세요.",
    path: pagePath(list.page),
    prev: list.page > 1 ? pagePath(list.page - 1) : undefined,
    next: list.page < last ? pagePath(list.page + 1) : undefined,
  });
};

// `?page=N` (20 a page, newest first), `?q=` (title and body) and `?category=`. A bad page value
// shows the first page; a page past the last one is a 404, so neither crawlers nor the page cache
// keep pages that do not exist. Pinned notices head the plain list; a notice is marked 새 글 for
// a week (decided here, so the server's and the browser's render agree).
export async function loader({ url, request }: Route.LoaderArgs) {
  const page = pageFromUrl(url.searchParams);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const category = categoryFromUrl(url.searchParams.get("category"));
  const searched = Boolean(q || category);
  // The reader decides what a search looks at (pageAnnouncements); read only for a search, as the
  // plain board is the same for everyone and comes from the page cache.
  const reader = q ? await getCurrentUser(request) : null;
  const [list, pinned] = await Promise.all([
    pageAnnouncements({ page, pageSize: ANNOUNCEMENTS_PER_PAGE, q, category }, reader),
    searched ? ([] as AnnouncementSummary[]) : listPinnedAnnouncements(),
  ]);
  if (page > pageCount(list.total, list.pageSize) && !(searched && page === 1)) {
    throw data(null, { status: 404 });
  }
  const newSince = nowMs() - NEW_FOR_DAYS * DAY_MS;
  const mark = <T extends { createdAt: Date }>(item: T) => ({
    ...item,
    isNew: item.createdAt.getTime() >= newSince,
  });
  return {
    ...list,
    items: list.items.map(mark),
    pinned: pinned.map(mark),
    q,
    category: category ?? "",
  };
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  const { items, pinned, total, page, pageSize, q, category } = loaderData;
  // Only an approved member's search looks into bodies (the loader's rule); the box says so.
  const searchesBodies = useRootData().user?.isApproved === true;
  const searched = Boolean(q || category);
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (category) query.set("category", category);
  const categoryHref = (value: string) => {
    const next = new URLSearchParams();
    if (q) next.set("q", q);
    if (value) next.set("category", value);
    const text = next.toString();
    return text ? `${PATH}?${text}` : PATH;
  };
  return (
    <>
      <PageHeader title="공지사항">
        학회의 공지, 행사, 학술 소식을 전해 드립니다. 전문은 승인된 회원만 열람할 수 있습니다.
      </PageHeader>
      <Section>
        {/* An empty board has nothing to filter or search. */}
        {searched || total > 0 ? (
          <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
            <nav aria-label="분류">
              <ul className="flex flex-wrap gap-1.5">
                {["", ...ANNOUNCEMENT_CATEGORIES].map((value) => (
                  <li key={value || "all"}>
                    <Link
                      to={categoryHref(value)}
                      aria-current={category === value ? "page" : undefined}
                      className="inline-flex h-10 items-center rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                    >
                      {value || "전체"}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <Form method="get" action={PATH} role="search" className="flex gap-2">
              {category ? <input type="hidden" name="category" value={category} /> : null}
              <label htmlFor="announcement-search" className="sr-only">
                {searchesBodies ? "제목과 내용 검색" : "제목 검색"}
              </label>
              <input
                id="announcement-search"
                type="search"
                name="q"
                defaultValue={q}
                maxLength={100}
                placeholder={searchesBodies ? "제목, 내용 검색" : "제목 검색"}
                className="h-10 w-full min-w-0 rounded-lg border border-slate-300 px-3 text-base md:w-64"
              />
              <Button type="submit" size="sm" className="h-10 shrink-0">
                검색
              </Button>
            </Form>
          </div>
        ) : null}
        <p className="mt-4 text-sm text-slate-600" aria-live="polite">
          {searched ? (
            <>
              {q ? `‘${q}’ ` : ""}
              {category ? `${category} 분류 ` : ""}검색 결과 {formatNumber(total)}건 ·{" "}
              <Link to={PATH} className="font-semibold text-brand-700 hover:underline">
                전체 목록
              </Link>
            </>
          ) : (
            <>전체 {formatNumber(total)}건</>
          )}
        </p>
        <div
          aria-hidden="true"
          className="mt-3 hidden grid-cols-[4rem_5rem_1fr_5.5rem_7.5rem_4.5rem] border-y-2 border-slate-800 bg-slate-50 py-2.5 text-center text-sm font-semibold text-slate-700 md:grid"
        >
          <span>번호</span>
          <span>분류</span>
          <span>제목</span>
          <span>작성자</span>
          <span>작성일</span>
          <span>조회</span>
        </div>
        {items.length === 0 && pinned.length === 0 ? (
          <div className="mt-4">
            <EmptyState>
              {searched ? "검색 결과가 없습니다." : "등록된 공지사항이 없습니다."}
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-3 border-t-2 border-slate-800 md:mt-0 md:border-t-0">
            {pinned.map((announcement) => (
              <li key={`pinned-${announcement.id}`}>
                <AnnouncementRow announcement={announcement} number={null} />
              </li>
            ))}
            {items.map((announcement, index) => (
              <li key={announcement.id}>
                <AnnouncementRow
                  announcement={announcement}
                  number={total - (page - 1) * pageSize - index}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          total={total}
          pageSize={pageSize}
          searchParams={searched ? query : NO_QUERY}
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
