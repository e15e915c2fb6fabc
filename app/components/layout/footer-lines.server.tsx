// The footer's legal lines (대표자, 고유번호, address, phone, FAX, e-mail, 개인정보보호책임자)
// and its copyright line, drawn into HTML by the root loader: every page's JavaScript carries the
// footer, and the lines need none. React escapes the office's text here as on any page.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SocietyConfig } from "~/lib/root-data";

export function footerLinesHtml(society: SocietyConfig) {
  return { ...keptLines(society), links: LINKS_HTML };
}

// The lines change when the office edits the society's details, which is rare, and the copyright
// line once a year; every page asks.
let kept = { of: "", lines: { address: "", copyright: "" } };
function keptLines(society: SocietyConfig) {
  const year = seoulYearNow();
  const of = `${year} ${JSON.stringify(society)}`;
  if (kept.of !== of) {
    // The English words marked so a screen reader reads them in English, not spelled in Korean.
    const copyright = renderToStaticMarkup(
      <>
        © {year} {society.name}. <span lang="en">All rights reserved.</span>
      </>,
    );
    kept = { of, lines: { address: addressHtml(society), copyright } };
  }
  return kept.lines;
}

// The year in Seoul (UTC+9 all year), not in the server's own time zone. The browser takes the
// line from the loader's data, so the two cannot disagree on New Year's morning.
const seoulYearNow = () => new Date(Date.now() + 9 * 60 * 60 * 1000).getUTCFullYear();

// The links beside the lines, 개인정보처리방침 first and bold (the privacy commission's guidance):
// plain links, since a policy page is read from its own load.
const LINKS_HTML = renderToStaticMarkup(
  <nav aria-label="하단 메뉴" className="flex flex-wrap gap-x-4 text-sm md:flex-col md:items-end">
    <a href="/privacy" className="font-bold text-white hover:underline">
      개인정보처리방침
    </a>
    <a href="/terms" className="hover:text-white">
      이용약관
    </a>
    <a href="/email-policy" className="hover:text-white">
      이메일무단수집거부
    </a>
    <a href="/location" className="hover:text-white">
      오시는 길
    </a>
    <a href="/sitemap" className="hover:text-white">
      사이트맵
    </a>
  </nav>,
);

function addressHtml(society: SocietyConfig) {
  return renderToStaticMarkup(
    <>
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
          <a href={`tel:${society.phone.replace(/[^0-9+]/g, "")}`} className="hover:text-white">
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
    </>,
  );
}

/** One labelled line of the footer: a line each on a phone, several on a line from 640 px. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="block sm:inline-block">
      <span className="text-slate-400">{label} </span>
      {children}
    </span>
  );
}

function Divider() {
  return (
    <span className="mx-2 hidden text-slate-600 sm:inline" aria-hidden="true">
      |
    </span>
  );
}
