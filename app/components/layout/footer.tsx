import type { ReactNode } from "react";
import { Link } from "react-router";
import { useRootData } from "~/lib/root-data";
import { Wordmark } from "./emblem";

// The year in Seoul (UTC+9 all year), not in the server's or the browser's own time zone, which
// would disagree on New Year's morning and make the page's hydration fail. Not lib/dates.ts:
// every page loads the footer, and the home page's JavaScript has no room for it.
const seoulYearNow = () => new Date(Date.now() + 9 * 60 * 60 * 1000).getUTCFullYear();

export function Footer() {
  const { society } = useRootData();
  return (
    <footer className="mt-20 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto]">
        <div className="space-y-3">
          <Wordmark inverse />
          <address className="space-y-1 text-sm not-italic leading-6">
            <p>
              <Line label="대표자">{society.representative}</Line>
              <Divider />
              <Line label={society.registrationLabel}>{society.registrationNumber}</Line>
            </p>
            <p>
              <Line label="주소">
                {society.address} {society.building}
              </Line>
            </p>
            <p>
              <Line label="전화">
                <a
                  href={`tel:${society.phone.replace(/[^0-9+]/g, "")}`}
                  className="hover:text-white"
                >
                  {society.phone}
                </a>
              </Line>
              <Divider />
              <Line label="팩스">{society.fax}</Line>
              <Divider />
              <Line label="이메일">
                <a href={`mailto:${society.email}`} className="hover:text-white">
                  {society.email}
                </a>
              </Line>
            </p>
            <p>
              <Line label="개인정보보호책임자">
                {society.privacyOfficer} ({society.privacyOfficerContact})
              </Line>
            </p>
          </address>
        </div>
        {/* 개인정보처리방침 in bold, apart from the other links (the privacy commission's guidance). */}
        <nav
          aria-label="하단 메뉴"
          className="flex flex-wrap gap-x-4 text-sm md:flex-col md:items-end"
        >
          <Link to="/privacy" className="font-bold text-white hover:underline">
            개인정보처리방침
          </Link>
          <Link to="/terms" className="hover:text-white">
            이용약관
          </Link>
          <Link to="/email-policy" className="hover:text-white">
            이메일무단수집거부
          </Link>
          <Link to="/location" className="hover:text-white">
            오시는 길
          </Link>
        </nav>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {seoulYearNow()} {society.name}. All rights reserved.
      </div>
    </footer>
  );
}

/** One labelled line of the footer; several stand on a line on a wide screen. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="inline-block">
      <span className="text-slate-400">{label} </span>
      {children}
    </span>
  );
}

function Divider() {
  return (
    <span className="mx-2 text-slate-600" aria-hidden="true">
      |
    </span>
  );
}
