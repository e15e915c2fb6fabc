import { cn } from "~/lib/cn";
import { useRootData } from "~/lib/root-data";

/** The built-in mark: public/emblem.svg (the same drawing is public/favicon.svg). */
export const DEFAULT_EMBLEM = "/emblem.svg";

/**
 * The society's mark: a navy seal with a white medical cross and a teal node (the AI focus), or
 * the society's own file when SOCIETY_LOGO_URL is set. An image, not inline SVG, so the header
 * adds no JavaScript to every page; it is decorative, the wordmark beside it names the society.
 */
export function EmblemMark({ className }: { className?: string }) {
  const { society } = useRootData();
  return (
    <img
      src={society.logoUrl ?? DEFAULT_EMBLEM}
      alt=""
      width={40}
      height={40}
      className={cn("size-10 shrink-0 object-contain", className)}
    />
  );
}

/** The mark with the society's name beside it: the header, and (inverse, with the English name) the footer. */
export function Wordmark({ inverse = false }: { inverse?: boolean }) {
  const { society } = useRootData();
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <EmblemMark />
      <span className="flex min-w-0 flex-col leading-tight">
        <span
          className={cn(
            "truncate text-[17px] font-bold tracking-tight",
            inverse ? "text-white" : "text-slate-900",
          )}
        >
          {society.name}
        </span>
        {inverse ? (
          <span className="truncate text-xs font-medium tracking-wide text-slate-400">
            {society.englishName}
          </span>
        ) : null}
      </span>
    </span>
  );
}
