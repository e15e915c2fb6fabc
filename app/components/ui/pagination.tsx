import { cn } from "~/lib/cn";
import { hrefForPage, pageCount, pagerNumbers } from "~/lib/paging";
import { SiteLink } from "./site-link";

/**
 * Numbered page links that keep the rest of the query (filters, search), so every page has its
 * own URL, the back button works, and no JavaScript is needed.
 */
export function Pagination({
  page,
  total,
  pageSize,
  searchParams,
  pathname,
  label = "페이지",
}: {
  page: number;
  total: number;
  pageSize: number;
  searchParams: URLSearchParams;
  pathname: string;
  label?: string;
}) {
  const last = pageCount(total, pageSize);
  if (last <= 1) return null;
  const link = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm";
  return (
    <nav aria-label={label} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 ? (
          <li>
            <SiteLink
              to={hrefForPage(searchParams, page - 1, pathname)}
              rel="prev"
              className={cn(link, "text-slate-700 hover:bg-slate-100")}
            >
              이전
            </SiteLink>
          </li>
        ) : null}
        {pagerNumbers(page, last).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              <SiteLink
                to={hrefForPage(searchParams, n, pathname)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`${n} 페이지`}
                className={cn(
                  link,
                  n === page
                    ? "bg-brand-700 font-bold text-white"
                    : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {n}
              </SiteLink>
            </li>
          ),
        )}
        {page < last ? (
          <li>
            <SiteLink
              to={hrefForPage(searchParams, page + 1, pathname)}
              rel="next"
              className={cn(link, "text-slate-700 hover:bg-slate-100")}
            >
              다음
            </SiteLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
