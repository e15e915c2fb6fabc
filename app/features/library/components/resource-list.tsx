import { Download, FileText, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { formatFileSize, typeLabel } from "~/features/uploads/document-types";
import { formatDate, isoDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import type { ResourceItem } from "../library.server";

/** The library's items as cards: what it is, the file, and the download (or why not). */
export function ResourceList({
  items,
  actions,
}: {
  items: ResourceItem[];
  /** The administrator's buttons for an item, shown under it. */
  actions?: (item: ResourceItem) => ReactNode;
}) {
  return (
    <ul className="grid gap-4">
      {items.map((item) => (
        <li
          key={item.id}
          className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
          aria-labelledby={`resource-${item.id}-title`}
        >
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="brand">{item.category}</Badge>
            {item.access === "regular" ? (
              <Badge tone="violet">
                <Lock className="mr-1 size-3" aria-hidden="true" />
                정회원 전용
              </Badge>
            ) : null}
            {item.seminarTitle ? (
              <span className="text-slate-600">세미나: {item.seminarTitle}</span>
            ) : null}
          </div>
          <h2
            id={`resource-${item.id}-title`}
            className="mt-2 text-lg font-bold break-words text-slate-900"
          >
            {item.title}
          </h2>
          {item.description ? (
            <p className="mt-1 text-base leading-7 break-words whitespace-pre-line text-slate-700">
              {item.description}
            </p>
          ) : null}
          <div className="mt-3 flex flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 items-start gap-2">
              <FileText className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">{item.fileName}</p>
                <p className="text-sm text-slate-600">
                  {typeLabel(item.contentType)} · {formatFileSize(item.fileSize)} ·{" "}
                  <time dateTime={isoDate(item.createdAt)}>{formatDate(item.createdAt)}</time> ·
                  내려받기 {formatNumber(item.downloads)}회
                </p>
              </div>
            </div>
            {item.canDownload ? (
              <a
                href={item.downloadUrl}
                className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 text-base font-semibold text-white hover:bg-brand-800"
                aria-label={`${item.title} 내려받기`}
              >
                <Download className="size-4" aria-hidden="true" />
                내려받기
              </a>
            ) : (
              <p className="shrink-0 text-sm text-slate-600">
                정회원 또는 해당 세미나 참석자만 내려받을 수 있습니다.
              </p>
            )}
          </div>
          {actions ? (
            <div className="mt-3 flex flex-wrap justify-end gap-2">{actions(item)}</div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
