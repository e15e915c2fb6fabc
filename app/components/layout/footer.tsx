import { useRootData } from "~/lib/root-data";
import { Wordmark } from "./emblem";

export function Footer() {
  const { footerLines } = useRootData();
  return (
    <footer className="mt-20 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto]">
        <div className="space-y-3">
          <Wordmark inverse />
          {/* Drawn by the root loader (footer-lines.server.tsx), with the links beside and the
              copyright line below: every page's JavaScript carries the footer, and the home
              page's budget has no room. */}
          <address
            className="space-y-1 text-sm not-italic leading-6"
            dangerouslySetInnerHTML={{ __html: footerLines.address }}
          />
        </div>
        <div dangerouslySetInnerHTML={{ __html: footerLines.links }} />
      </div>
      <div
        className="border-t border-slate-800 py-4 text-center text-sm text-slate-400"
        dangerouslySetInnerHTML={{ __html: footerLines.copyright }}
      />
    </footer>
  );
}
