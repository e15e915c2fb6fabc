import { PenLine, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { boardMemberOrNull } from "~/features/community/access.server";
import { listPosts } from "~/features/community/community.server";
import { BoardLocked } from "~/features/community/components/locked-notice";
import { PostList } from "~/features/community/components/post-list";
import { BOARD_DESCRIPTION, POSTS_PER_PAGE } from "~/features/community/validation";
import { searchText } from "~/lib/list-page.server";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "~/lib/numbers";
import { pageFromUrl } from "~/lib/paging";
import type { Route } from "./+types/community";

// Members' writing: no preview text, no index, and never stored by a shared cache.
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "회원 게시판",
    description: BOARD_DESCRIPTION,
    path: "/community",
  }),
  { name: "robots", content: "noindex" },
];

// `?q=&page=` (20 a page, pinned notices first). A visitor gets the locked notice and nothing
// from the board.
export async function loader({ request, url }: Route.LoaderArgs) {
  const reader = await boardMemberOrNull(request);
  if (!reader) return { locked: true as const };
  const q = searchText(url.searchParams.get("q"));
  const page = pageFromUrl(url.searchParams);
  const list = await listPosts(reader, { q, page, pageSize: POSTS_PER_PAGE });
  return { locked: false as const, q, ...list };
}

export default function Community({ loaderData }: Route.ComponentProps) {
  if (loaderData.locked) return <BoardLocked />;
  const { items, total, page, pageSize, q } = loaderData;
  const searchParams = new URLSearchParams(q ? { q } : {});
  return (
    <>
      <PageHeader title="회원 게시판">
        회원 여러분이 병원 운영, 마케팅 도구, 직원 관리, 제도 변화에 대해 묻고 답하는 공간입니다.
      </PageHeader>
      <Section>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Form
            method="get"
            role="search"
            aria-label="게시판 검색"
            className="flex w-full max-w-md gap-2"
          >
            <label htmlFor="community-q" className="sr-only">
              제목·내용 검색
            </label>
            <input
              id="community-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={100}
              placeholder="제목·내용 검색"
              className={inputClass}
            />
            <Button type="submit" variant="secondary">
              <Search className="size-4" aria-hidden="true" />
              검색
            </Button>
          </Form>
          <Button asChild>
            <Link to="/community/new">
              <PenLine className="size-4" aria-hidden="true" />
              글쓰기
            </Link>
          </Button>
        </div>
        <p className="mt-6 mb-3 text-sm text-slate-600" aria-live="polite">
          {q ? `"${q}" 검색 결과 ` : "전체 "}
          {formatNumber(total)}건
        </p>
        {items.length === 0 ? (
          <EmptyState>
            {q ? "검색 결과가 없습니다." : "아직 게시물이 없습니다. 첫 글을 남겨주세요."}
          </EmptyState>
        ) : (
          <PostList items={items} numberFrom={total - (page - 1) * pageSize} />
        )}
        <Pagination
          page={page}
          total={total}
          pageSize={pageSize}
          searchParams={searchParams}
          pathname="/community"
          label="회원 게시판 페이지"
        />
      </Section>
    </>
  );
}
