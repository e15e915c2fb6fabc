import { PageHeader, Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { getCurrentUser } from "~/features/accounts/session.server";
import { libraryReader } from "~/features/library/access.server";
import { LibrarySearch } from "~/features/library/components/library-search";
import { LibraryLocked } from "~/features/library/components/locked-notice";
import { ResourceList } from "~/features/library/components/resource-list";
import { libraryCategories, listResources } from "~/features/library/library.server";
import {
  CATEGORY_MAX,
  LIBRARY_DESCRIPTION,
  RESOURCES_PER_PAGE,
} from "~/features/library/validation";
import { searchText } from "~/lib/list-page.server";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "~/lib/numbers";
import { pageFromUrl } from "~/lib/paging";
import type { Route } from "./+types/library";

// Members' files: no index, and never stored by a shared cache.
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: "자료실", description: LIBRARY_DESCRIPTION, path: "/library" }),
  { name: "robots", content: "noindex" },
];

// `?q=&category=&page=` (20 a page, newest first). A visitor gets the locked notice and nothing
// from the library: no title, no file name.
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return { locked: true as const };
  const q = searchText(url.searchParams.get("q"));
  const category = (url.searchParams.get("category") ?? "").trim().slice(0, CATEGORY_MAX);
  const page = pageFromUrl(url.searchParams);
  const [list, categories] = await Promise.all([
    listResources(await libraryReader(user), { q, category, page, pageSize: RESOURCES_PER_PAGE }),
    libraryCategories(),
  ]);
  return { locked: false as const, q, category, categories, ...list };
}

export default function Library({ loaderData }: Route.ComponentProps) {
  if (loaderData.locked) return <LibraryLocked />;
  const { items, total, page, pageSize, q, category, categories } = loaderData;
  const searchParams = new URLSearchParams();
  if (q) searchParams.set("q", q);
  if (category) searchParams.set("category", category);
  const filtered = Boolean(q || category);
  return (
    <>
      <PageHeader title="자료실">{LIBRARY_DESCRIPTION}</PageHeader>
      <Section>
        <LibrarySearch idPrefix="library" category={category} q={q} categories={categories} />
        <p className="mt-6 mb-3 text-sm text-slate-600" aria-live="polite">
          {filtered ? "검색 결과 " : "전체 "}
          {formatNumber(total)}건
        </p>
        {items.length === 0 ? (
          <EmptyState>
            {filtered ? "검색 결과가 없습니다." : "아직 등록된 자료가 없습니다."}
          </EmptyState>
        ) : (
          <ResourceList items={items} />
        )}
        <Pagination
          page={page}
          total={total}
          pageSize={pageSize}
          searchParams={searchParams}
          pathname="/library"
          label="자료실 페이지"
        />
      </Section>
    </>
  );
}
