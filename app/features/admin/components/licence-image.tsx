import { ExternalLink, ImageOff } from "lucide-react";
import { useState } from "react";

/** A private licence image with an open-in-new-tab link and a fallback when it fails to load. */
export function LicenceImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src) return <p className="text-sm text-slate-600">등록된 면허증 이미지가 없습니다.</p>;
  return (
    <div className="grid gap-2">
      {failed ? (
        <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-4 py-8 text-sm text-slate-600">
          <ImageOff className="size-5" aria-hidden="true" /> 이미지를 불러올 수 없습니다.
        </p>
      ) : (
        <img
          src={src}
          alt={alt}
          onError={() => setFailed(true)}
          className="max-h-[50vh] w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
      )}
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        새 탭에서 열기 <ExternalLink className="size-4" aria-hidden="true" />
      </a>
    </div>
  );
}

export function DetailList({ items }: { items: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-words whitespace-pre-line text-slate-900">{value || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}
