// The site's information architecture in ONE place: the header's drop-downs, the phone menu's
// accordion, each inner page's section sub-menu and its breadcrumb are all drawn from this list.
// A new page is one entry in its section's `links` (e.g. 자료실 under 학술활동); the order here is
// the order on screen. SPEC.md §2's header links (/about … /location) all stay, grouped as Korean
// societies do; the logo is the link home.

export type NavItem = {
  to: string;
  label: string;
};

export type NavSection = {
  /** Stable key for tests and ids. */
  id: string;
  label: string;
  links: NavItem[];
};

export const NAV_SECTIONS: NavSection[] = [
  {
    id: "society",
    label: "학회소개",
    links: [
      { to: "/about", label: "학회 소개" },
      { to: "/history", label: "연혁" },
      { to: "/executives", label: "임원진" },
      { to: "/charter", label: "학회 정관" },
      { to: "/location", label: "오시는 길" },
    ],
  },
  {
    id: "academic",
    label: "학술활동",
    links: [
      { to: "/activities", label: "학술 활동" },
      // Approved members only; others see its lock.
      { to: "/library", label: "자료실" },
    ],
  },
  {
    id: "news",
    label: "소식",
    links: [
      { to: "/announcements", label: "공지사항" },
      { to: "/community", label: "회원 게시판" },
    ],
  },
  {
    id: "members",
    label: "회원",
    links: [
      { to: "/membership", label: "정회원 안내" },
      { to: "/membership/apply", label: "정회원 신청" },
      { to: "/mypage", label: "마이페이지" },
    ],
  },
];

/** Pages outside the menu that still get a breadcrumb (and their section's sub-menu, if any). */
const OTHER_PAGES: Array<{ to: string; label: string; section?: string }> = [
  { to: "/search", label: "통합 검색" },
  { to: "/sitemap", label: "사이트맵" },
  { to: "/login", label: "로그인", section: "members" },
  { to: "/signup", label: "회원가입", section: "members" },
  { to: "/forgot-password", label: "비밀번호 찾기", section: "members" },
  { to: "/reset-password", label: "비밀번호 재설정", section: "members" },
  { to: "/privacy", label: "개인정보처리방침" },
  { to: "/terms", label: "이용약관" },
  { to: "/email-policy", label: "이메일무단수집거부" },
  { to: "/verify", label: "확인서 진위 확인" },
];

export type NavPlace = {
  section: NavSection | null;
  /** The menu entry (or other page) the path belongs to. */
  item: { to: string; label: string };
};

function belongsTo(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * Where a path sits in the menu: the longest matching entry, so /membership/apply is 정회원 신청
 * and /announcements/{id} is 공지사항. Null for the home page, the administrator area and paths
 * the menu does not know.
 */
export function findNavPlace(pathname: string): NavPlace | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/" || path.startsWith("/admin")) return null;
  let best: NavPlace | null = null;
  for (const section of NAV_SECTIONS) {
    for (const item of section.links) {
      if (belongsTo(path, item.to) && (!best || item.to.length > best.item.to.length)) {
        best = { section, item };
      }
    }
  }
  if (best) return best;
  for (const page of OTHER_PAGES) {
    if (belongsTo(path, page.to)) {
      return {
        section: NAV_SECTIONS.find((section) => section.id === page.section) ?? null,
        item: page,
      };
    }
  }
  return null;
}
