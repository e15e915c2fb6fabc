import { Link } from "react-router";
import { formatDate, isoDate } from "~/lib/dates";
import type { SearchKind } from "../search.server";

type Hit = {
  kind: SearchKind;
  id: string;
  title: string;
  date: Date | string;
  detail: string;
  href: string;
};

type Page = { to: string; title: string; summary: string };

const KIND_LABELS: Record<SearchKind, string> = {
  notice: "공지사항",
  seminar: "학술 활동",
  library: "자료실",
  post: "회원 게시판",
};

/** The society pages that match: a short list of links above the paged results. */
export function PageMatches({ pages }: { pages: Page[] }) {
  return (
    <section aria-labelledby="search-pages-title" className="mt-8">
      <h2 id="search-pages-title" className="text-lg font-bold text-slate-900">
        학회 안내 페이지
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {pages.map((page) => (
          <li key={page.to}>
            <Link
              to={page.to}
              className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 hover:bg-brand-50"
            >
              <span className="block text-base font-semibold text-slate-900">{page.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{page.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One page of the results: each with its kind, title, one public line and its date. */
export function SearchHits({ hits }: { hits: Hit[] }) {
  return (
    <ul className="divide-y divide-slate-200 border-y border-slate-300">
      {hits.map((hit) => (
        <li key={`${hit.kind}-${hit.id}`}>
          <Link to={hit.href} className="block px-1 py-4 hover:bg-slate-50 sm:px-3">
            <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                {KIND_LABELS[hit.kind]}
              </span>
              {hit.detail ? <span>{hit.detail}</span> : null}
              <time dateTime={isoDate(hit.date)}>{formatDate(hit.date)}</time>
            </span>
            <span className="mt-1.5 block text-base font-semibold break-words text-slate-900 sm:text-lg">
              {hit.title}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
