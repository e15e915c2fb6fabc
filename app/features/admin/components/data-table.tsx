import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { type ReactNode, useId, useMemo, useState } from "react";
import { inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's name or title: medium weight, in the header cell too. */
  primary?: boolean;
  /** For the header and body cells: width and wrapping only (`cn()` does not resolve conflicts). */
  className?: string;
};

const PAGE_SIZE = 10;

/**
 * A table. Wide tables scroll sideways inside their box, so they stay usable on a tablet; below
 * 768 px each row is a stacked card with the column names beside the values and its actions in
 * view (the `data-table` rules in app.css).
 *
 * Lists that grow with the society are searched and paged on the server: their tab renders the
 * search form and page links and gives the table one page (`paging="server"`, no browser-side
 * search or pages). Small lists (executives, history) come whole and get a search box and pages
 * of ten in the browser once they grow past one page.
 */
export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  searchText,
  empty,
  paging = "client",
}: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** The text a browser-side search matches against; no search box without it. */
  searchText?: (row: T) => string;
  empty: string;
  paging?: "client" | "server";
}) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(0);
  const client = paging === "client";
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!client || !q || !searchText) return rows;
    return rows.filter((row) => searchText(row).toLowerCase().includes(q));
  }, [rows, query, searchText, client]);
  const pageSize = client ? PAGE_SIZE : Math.max(1, filtered.length);
  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = filtered.slice(current * pageSize, (current + 1) * pageSize);

  return (
    <div className="grid gap-3">
      {client && searchText && rows.length > PAGE_SIZE ? (
        <div className="relative max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            {caption} 검색
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(0);
            }}
            placeholder="검색어 입력"
            className={cn(inputClass, "pl-9")}
          />
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center text-slate-600">
          {empty}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="data-table w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={cn(
                      "px-3 py-2.5 whitespace-nowrap",
                      column.primary ? "font-medium" : "font-semibold",
                      column.className,
                    )}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {visible.map((row) => (
                <tr key={rowKey(row)} className="align-top hover:bg-slate-50/60">
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      data-label={column.header}
                      className={cn(
                        "px-3 py-2.5 text-slate-800",
                        column.primary && "font-medium",
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
              {visible.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-600">
                    검색 결과가 없습니다.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav
          aria-label={`${caption} 페이지`}
          className="flex items-center justify-end gap-2 text-sm"
        >
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 disabled:opacity-40"
            onClick={() => setPage(current - 1)}
            disabled={current === 0}
            aria-label="이전 페이지"
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
          <span aria-live="polite">
            {current + 1} / {pages}
          </span>
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 disabled:opacity-40"
            onClick={() => setPage(current + 1)}
            disabled={current >= pages - 1}
            aria-label="다음 페이지"
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </nav>
      ) : null}
    </div>
  );
}
