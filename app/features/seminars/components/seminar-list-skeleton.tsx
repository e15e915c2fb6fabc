import { Skeleton } from "~/components/ui/skeleton";

// Its own module, without the seminar cards: the root imports it for every page (the pending view of
// /activities), so it must stay small.

/** Shown while the seminar list loads on a client-side navigation. */
export function SeminarListSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6" aria-busy="true" aria-live="polite">
      <span className="sr-only">세미나 목록을 불러오는 중입니다</span>
      <Skeleton className="h-9 w-48" />
      <div className="mt-8 grid gap-5 md:grid-cols-2">
        {[0, 1].map((key) => (
          <div key={key} className="rounded-2xl border border-slate-200 p-6">
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-5/6" />
            <Skeleton className="mt-6 h-4 w-1/2" />
            <Skeleton className="mt-2 h-4 w-1/3" />
            <Skeleton className="mt-6 h-11 w-28" />
          </div>
        ))}
      </div>
    </div>
  );
}
