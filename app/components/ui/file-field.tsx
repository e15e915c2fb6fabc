import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Label } from "./field";

/**
 * A file input for a plain form (the file travels with the form's own submission). The browser's
 * control names its button and its empty state in the browser's language ("Choose File"); once
 * React runs, the same input is hidden behind a Korean button and the chosen file's name. Before
 * that, and without JavaScript, the native control shows.
 */
export function FileField({
  id,
  name,
  label,
  accept,
  required,
}: {
  id: string;
  name: string;
  label: string;
  accept?: string;
  required?: boolean;
}) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  // A file picked before hydration stays picked: show its name.
  useEffect(() => {
    setFileName(input.current?.files?.[0]?.name ?? null);
  }, []);

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          required={required}
          accept={accept}
          onChange={(event) => setFileName(event.target.files?.[0]?.name ?? null)}
          className={
            hydrated
              ? "peer sr-only"
              : "block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          }
        />
        {hydrated ? (
          <>
            <label
              htmlFor={id}
              aria-hidden="true"
              className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 hover:bg-slate-50"
            >
              파일 선택
            </label>
            <span className="min-w-0 text-sm break-all text-slate-700">
              {fileName ?? "선택된 파일 없음"}
            </span>
          </>
        ) : null}
      </div>
    </div>
  );
}
