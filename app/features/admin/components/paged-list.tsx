import { Search } from "lucide-react";
import { useId } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/numbers";
import type { DashboardTab } from "../dashboard.server";
import type { TabPage } from "./types";

export const NO_RESULTS = "검색 결과가 없습니다.";

/**
 * A paged tab's search: a GET form to the dashboard itself (`?tab=…&q=…`), so it works before
 * JavaScript loads and every search has its URL. A new search starts at page 1.
 */
export function ListSearch({
  tab,
  caption,
  list,
  placeholder,
}: {
  tab: DashboardTab;
  /** The table's caption: the search box is named "{caption} 검색", its landmark "{caption} 찾기". */
  caption: string;
  list: TabPage<unknown>;
  placeholder: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Form
        method="get"
        action="/admin/dashboard"
        role="search"
        aria-label={`${caption} 찾기`}
        preventScrollReset
        className="flex w-full max-w-md gap-2"
      >
        <input type="hidden" name="tab" value={tab} />
        <div className="relative grow">
          <label htmlFor={id} className="sr-only">
            {caption} 검색
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          {/* Keyed by the search, so the box shows the URL's search after each navigation. */}
          <input
            key={list.q}
            id={id}
            name="q"
            type="search"
            defaultValue={list.q}
            placeholder={placeholder}
            maxLength={100}
            className={cn(inputClass, "pl-9")}
          />
        </div>
        <Button type="submit" variant="secondary">
          검색
        </Button>
      </Form>
      <p className="text-sm text-slate-600" aria-live="polite">
        {list.q ? (
          <>
            ‘{list.q}’ 검색 결과 {formatNumber(list.total)}건 ·{" "}
            <Link
              to={`/admin/dashboard?tab=${tab}`}
              preventScrollReset
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              검색 초기화
            </Link>
          </>
        ) : (
          <>총 {formatNumber(list.total)}건</>
        )}
      </p>
    </div>
  );
}

/** The numbered page links under a paged tab's table; they keep `tab` and `q`. */
export function ListPager({ caption, list }: { caption: string; list: TabPage<unknown> }) {
  const [searchParams] = useSearchParams();
  return (
    <Pagination
      page={list.page}
      total={list.total}
      pageSize={list.pageSize}
      searchParams={searchParams}
      pathname="/admin/dashboard"
      label={`${caption} 페이지`}
    />
  );
}
