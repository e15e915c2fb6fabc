import { data } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { getCurrentUser } from "~/features/accounts/session.server";
import { SearchForm } from "~/features/search/components/search-form";
import { PageMatches, SearchHits } from "~/features/search/components/search-results";
import { searchSite } from "~/features/search/search.server";
import { readSearchTerm, SEARCH_PER_PAGE } from "~/features/search/validation";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "~/lib/numbers";
import { pageFromUrl } from "~/lib/paging";
import type { Route } from "./+types/search";

// Results differ by reader and by query: never indexed, never in the page cache (not a public page).
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "통합 검색",
    description: "공지사항, 학술 활동, 학회 안내 페이지를 한 번에 검색합니다.",
    path: "/search",
  }),
  { name: "robots", content: "noindex" },
];

// `?q=&page=` (20 a page). An empty search shows the box with a prompt (200); a term over 100
// characters is a 400 with a Korean message. What the reader may find is the service's decision.
export async function loader({ request, url }: Route.LoaderArgs) {
  const read = readSearchTerm(url.searchParams.get("q"));
  if (!read.ok) {
    return data(
      { state: read.reason, message: read.message, q: "", result: null },
      { status: read.reason === "empty" ? 200 : 400 },
    );
  }
  const user = await getCurrentUser(request);
  const result = await searchSite(user, read.term, {
    page: pageFromUrl(url.searchParams),
    pageSize: SEARCH_PER_PAGE,
  });
  return { state: "found" as const, message: "", q: read.term, result };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { state, message, q, result } = loaderData;
  const query = new URLSearchParams({ q });
  return (
    <>
      <PageHeader title="통합 검색">
        공지사항과 학술 활동, 학회 안내 페이지를 한 번에 찾습니다.
      </PageHeader>
      <Section>
        <SearchForm q={q} />
        {state !== "found" || !result ? (
          <p
            role={state === "too-long" ? "alert" : undefined}
            className={`mt-6 text-base ${state === "too-long" ? "font-semibold text-red-700" : "text-slate-600"}`}
          >
            {message}
          </p>
        ) : (
          <>
            <p className="mt-6 text-sm text-slate-600" aria-live="polite">
              ‘{q}’ 검색 결과 {formatNumber(result.total + result.pages.length)}건
              {result.membersIncluded
                ? " · 공지 본문과 자료실, 회원 게시판까지 찾았습니다."
                : " · 공지사항은 제목에서만 찾습니다. 승인된 회원으로 로그인하면 공지 본문과 자료실, 회원 게시판도 찾을 수 있습니다."}
            </p>
            {result.pages.length > 0 ? <PageMatches pages={result.pages} /> : null}
            {result.total > 0 ? (
              <section aria-labelledby="search-hits-title" className="mt-8">
                <h2 id="search-hits-title" className="mb-3 text-lg font-bold text-slate-900">
                  게시물 {formatNumber(result.total)}건
                </h2>
                <SearchHits hits={result.items} />
              </section>
            ) : result.pages.length === 0 ? (
              <div className="mt-6">
                <EmptyState>검색 결과가 없습니다. 다른 검색어로 찾아보세요.</EmptyState>
              </div>
            ) : null}
            <Pagination
              page={result.page}
              total={result.total}
              pageSize={result.pageSize}
              searchParams={query}
              pathname="/search"
              label="검색 결과 페이지"
            />
          </>
        )}
      </Section>
    </>
  );
}
