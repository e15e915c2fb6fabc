import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { ChevronDown, Menu, X } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";
import { CachedList } from "~/lib/fragment-cache";
import { useOptionalUser } from "~/lib/root-data";
import { Wordmark } from "./emblem";
import { findNavPlace, NAV_SECTIONS } from "./navigation";

// The header: the society's wordmark with the utility bar beside it (로그인/회원가입 or the
// member's name and 로그아웃, 사이트맵, and the site search), the four sections below with their
// drop-downs (desktop), or one <details> menu with a <details> per section (phone), which holds the
// search, the account links and 사이트맵 there. All of it works without JavaScript: the search is
// a GET form to /search, the drop-downs open by CSS on hover and on focus (:focus-within), the
// phone menu by the browser's own <details>. On a touch screen (a 768 px tablet: `hover: none`) a
// section's own link takes no taps, so a tap lands on its item, which takes focus (tabindex -1)
// and so opens the drop-down; the drop-down lists the section's first page too. JavaScript only
// closes them after a navigation. The styles are the `site-*` classes in app.css (CSS, not
// JavaScript: the home page's budget). The two menus are drawn once per variant on the server
// (lib/fragment-cache.tsx): their variant names everything they depend on.

const ADMIN_LINK = "/admin/dashboard";
const MENU_PAGES = new Set(NAV_SECTIONS.flatMap((section) => section.links.map((item) => item.to)));

export function Header() {
  const user = useOptionalUser();
  const { pathname } = useLocation();
  const phoneMenu = useRef<HTMLDetailsElement>(null);
  const desktopMenu = useRef<HTMLElement>(null);
  const menu = menuStateOf(pathname, user?.role);
  const variant = `${menu.who}|${menu.section}|${menu.page}|${menu.adminArea}`;
  // After a navigation: close the phone menu, and let go of a drop-down kept open by focus (a
  // keyboard's or a tap's). Not on the first render: a menu opened before the page's JavaScript
  // arrived stays open.
  // Esc does the same (WCAG 1.4.13: what opens on focus can be dismissed); the phone menu hands
  // the focus back to its button.
  const menuPath = useRef(pathname);
  useEffect(() => {
    if (menuPath.current === pathname) return;
    menuPath.current = pathname;
    closeMenus(phoneMenu.current, desktopMenu.current);
  }, [pathname]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Esc bubbles up from the menus' links and buttons
    <header
      className="site-header"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // The <summary> is the menu's first child.
        if (phoneMenu.current?.open) (phoneMenu.current.firstChild as HTMLElement).focus();
        closeMenus(phoneMenu.current, desktopMenu.current);
      }}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLink to="/" className="min-w-0 rounded-md">
          <Wordmark />
          <span className="sr-only"> 홈</span>
        </SiteLink>
        <div className="site-utility hidden md:flex">
          <AccountActions />
          <SearchBox />
        </div>
        <details ref={phoneMenu} className="site-phone md:hidden">
          <summary>
            <Menu className="size-6" />
            <X className="size-6" />
            메뉴
          </summary>
          <div>
            <SearchBox />
            <nav aria-label="모바일 메뉴">
              <CachedList variant={`phone|${variant}`} items={() => phoneMenuItems(menu)} />
            </nav>
            <div className="site-phone-account">
              <AccountActions phone />
            </div>
          </div>
        </details>
      </div>
      <nav ref={desktopMenu} aria-label="주 메뉴" className="site-nav hidden md:block">
        <CachedList variant={`desktop|${variant}`} items={() => desktopMenuItems(menu)} />
      </nav>
    </header>
  );
}

function closeMenus(phone: HTMLDetailsElement | null, desktop: HTMLElement | null) {
  if (phone) phone.open = false;
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && desktop?.contains(focused)) focused.blur();
}

/**
 * Everything the two menus depend on, and nothing else: the menus are drawn from it alone, so its
 * fields are their variant in the fragment cache.
 */
type MenuState = {
  who: "visitor" | "member" | "admin";
  /** The section of the page one is on (its drop-down marked, its phone accordion open). */
  section: string;
  /** The menu's page one is on, if it is one (marked `aria-current="page"`). */
  page: string;
  /** Every administrator page is under the one 관리자 link. */
  adminArea: boolean;
};

function menuStateOf(pathname: string, role: string | undefined): MenuState {
  return {
    who: role === "admin" ? "admin" : role ? "member" : "visitor",
    section: findNavPlace(pathname)?.section?.id ?? "",
    page: MENU_PAGES.has(pathname) || pathname === ADMIN_LINK ? pathname : "",
    adminArea: pathname.startsWith("/admin/"),
  };
}

/** A page link of the menu; the current page says so. */
function pageLink(menu: MenuState, to: string, label: string) {
  return (
    <li key={to}>
      <SiteLink
        // A visitor cannot apply yet: 정회원 신청 leads to 회원 안내's sign-up steps instead.
        to={menu.who !== "visitor" || to !== "/membership/apply" ? to : "/membership#join"}
        aria-current={
          menu.page === to ? "page" : to === ADMIN_LINK && menu.adminArea ? "true" : undefined
        }
      >
        {label}
      </SiteLink>
    </li>
  );
}

/** The phone menu: a <details> per section, the current one open. */
function phoneMenuItems(menu: MenuState) {
  return (
    <>
      {NAV_SECTIONS.map((section) => (
        <li key={section.id}>
          <details open={menu.section === section.id || undefined}>
            <summary>
              {section.label}
              <ChevronDown className="size-5" />
            </summary>
            <ul>{section.links.map((item) => pageLink(menu, item.to, item.label))}</ul>
          </details>
        </li>
      ))}
      {menu.who === "admin" ? pageLink(menu, ADMIN_LINK, "관리자") : null}
    </>
  );
}

/** The desktop menu: the sections with their drop-downs. */
function desktopMenuItems(menu: MenuState) {
  return (
    <>
      {NAV_SECTIONS.map((section) => (
        <li
          key={section.id}
          data-here={menu.section === section.id || undefined}
          // Focusable by a tap (not by Tab): on a touch screen the tap opens the drop-down.
          tabIndex={-1}
        >
          <SiteLink to={section.links[0]!.to}>
            {section.label}
            <ChevronDown className="size-4" />
          </SiteLink>
          <ul>{section.links.map((item) => pageLink(menu, item.to, item.label))}</ul>
        </li>
      ))}
      {menu.who === "admin" ? pageLink(menu, ADMIN_LINK, "관리자") : null}
    </>
  );
}

/** The site search's box: a GET form to /search, which needs no JavaScript. */
function SearchBox() {
  return (
    <search aria-label="사이트 검색">
      <form method="get" action="/search" className="site-search">
        <input type="search" name="q" aria-label="사이트 검색어" />
        <button type="submit" aria-label="통합 검색">
          검색
        </button>
      </form>
    </search>
  );
}

/** 로그인 and 회원가입, or the member's name and 로그아웃 (on a phone also 마이페이지); 사이트맵. */
function AccountActions({ phone = false }: { phone?: boolean }) {
  const user = useOptionalUser();
  const sitemap = <SiteLink to="/sitemap">사이트맵</SiteLink>;
  if (!user) {
    return (
      <>
        <SiteLink to="/login">로그인</SiteLink>
        <SiteLink to="/signup">회원가입</SiteLink>
        {sitemap}
      </>
    );
  }
  return (
    <>
      <span className="site-member">
        {user.memberTypeLabel ? <b>{user.memberTypeLabel}</b> : null}
        <SiteLink to="/mypage" title="마이페이지">
          {user.name || user.email}
        </SiteLink>
      </span>
      {phone ? <SiteLink to="/mypage">마이페이지</SiteLink> : null}
      <form method="post" action="/logout">
        <button type="submit">로그아웃</button>
      </form>
      {sitemap}
    </>
  );
}
