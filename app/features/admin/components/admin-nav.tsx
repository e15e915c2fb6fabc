import { useLocation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { cn } from "~/lib/cn";
import { CachedList } from "~/lib/fragment-cache";

/**
 * The administrator area's sections; later areas add theirs here. At 768 px they stand on one
 * line (tests/e2e/looks.spec.ts), hence the narrower padding from md to lg.
 */
const SECTIONS = [
  { to: "/admin/dashboard", label: "대시보드" },
  { to: "/admin/members", label: "회원" },
  { to: "/admin/seminars", label: "세미나" },
  { to: "/admin/dues", label: "회비" },
  { to: "/admin/payments", label: "결제" },
  { to: "/admin/messages", label: "문자" },
  { to: "/admin/community", label: "게시판" },
  { to: "/admin/library", label: "자료실" },
  { to: "/admin/votes", label: "투표" },
  { to: "/admin/audit", label: "감사 기록" },
  { to: "/admin/settings", label: "사이트 설정" },
  { to: "/admin/security", label: "보안 설정" },
] as const;

/**
 * One navigation on every /admin page: plain links (keyboard and no-JS friendly). On a phone
 * they wrap onto a second line, so every section and the current one stay in sight; from 768 px
 * they fit on one.
 */
export function AdminNav({
  pendingMembers,
  waitingReports = 0,
}: {
  pendingMembers: number;
  waitingReports?: number;
}) {
  const { pathname } = useLocation();
  const here = SECTIONS.find(
    (section) => pathname === section.to || pathname.startsWith(`${section.to}/`),
  )?.to;
  // Drawn once per section and pair of counts on the server (lib/fragment-cache.tsx).
  return (
    <nav aria-label="관리자 메뉴" className="border-b border-slate-200 bg-white">
      <CachedList
        variant={`admin|${here}|${pendingMembers}|${waitingReports}`}
        className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-4 sm:px-6 md:flex-nowrap md:gap-x-0 lg:gap-x-1"
        items={() =>
          SECTIONS.map((section) =>
            sectionLink(section, section.to === here, pendingMembers, waitingReports),
          )
        }
      />
    </nav>
  );
}

function sectionLink(
  section: (typeof SECTIONS)[number],
  isActive: boolean,
  pendingMembers: number,
  waitingReports: number,
) {
  return (
    <li key={section.to} className="shrink-0">
      <SiteLink
        to={section.to}
        // The section of the page one is on, and of every page below it, as NavLink marks it.
        aria-current={isActive ? "page" : undefined}
        className={cn(
          "-mb-px inline-flex h-12 items-center gap-1.5 border-b-2 px-3 text-base md:px-2 lg:px-3 font-semibold whitespace-nowrap",
          isActive
            ? "border-brand-700 text-brand-700"
            : "border-transparent text-slate-600 hover:text-slate-900",
        )}
      >
        {section.label}
        {section.to === "/admin/members" && pendingMembers > 0 ? (
          <span className="rounded-full bg-rose-600 px-1.5 py-0.5 text-xs leading-none font-bold text-white">
            {pendingMembers}
            <span className="sr-only">명 승인 대기</span>
          </span>
        ) : null}
        {section.to === "/admin/community" && waitingReports > 0 ? (
          <span className="rounded-full bg-rose-600 px-1.5 py-0.5 text-xs leading-none font-bold text-white">
            {waitingReports}
            <span className="sr-only">건 신고 처리 대기</span>
          </span>
        ) : null}
      </SiteLink>
    </li>
  );
}
