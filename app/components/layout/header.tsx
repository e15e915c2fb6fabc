import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Menu, X } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { useOptionalUser, useRootData } from "~/lib/root-data";
import { NAVIGATION } from "./navigation";

/** A header link; in the mobile menu a full-width row with more height to tap. */
function navClass(isActive: boolean, mobile = false) {
  return cn(
    "rounded-md px-3 text-[15px] font-medium transition-colors",
    mobile ? "block py-3" : "py-2",
    isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700",
  );
}

export function Header() {
  const { society } = useRootData();
  const user = useOptionalUser();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();

  // Close the mobile menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);

  const links = [
    ...NAVIGATION,
    ...(user?.role === "admin" ? [{ to: "/admin/dashboard", label: "관리자" }] : []),
  ];

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2.5"
          aria-label={`${society.name} 홈`}
        >
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-700 text-sm font-bold text-white"
          >
            AI
          </span>
          <span className="truncate text-[17px] font-bold tracking-tight text-slate-900">
            {society.name}
          </span>
        </Link>
        <div className="hidden items-center gap-2 md:flex">
          <AccountActions />
        </div>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "메뉴 닫기" : "메뉴 열기"}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>
      <nav aria-label="주 메뉴" className="hidden border-t border-slate-100 md:block">
        <ul className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 px-4 py-1 sm:px-6">
          {links.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) => navClass(isActive)}
                prefetch="intent"
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Without JavaScript the toggle cannot open: show the links plainly instead. */}
      <noscript>
        <nav aria-label="모바일 메뉴" className="border-t border-slate-200 md:hidden">
          <ul className="flex flex-wrap gap-x-1 px-4 py-2">
            {links.map((item) => (
              <li key={item.to}>
                <a href={item.to} className="block rounded-md px-3 py-2 text-[15px] text-slate-700">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </noscript>
      <div id={menuId} hidden={!open} className="border-t border-slate-200 md:hidden">
        <nav aria-label="모바일 메뉴">
          <ul className="flex flex-col px-4 py-2">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) => navClass(isActive, true)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex gap-2 border-t border-slate-100 px-4 py-3">
          <AccountActions />
        </div>
      </div>
    </header>
  );
}

function AccountActions() {
  const user = useOptionalUser();
  if (user) {
    return (
      <>
        <span className="flex min-w-0 items-center gap-1.5 px-2 text-sm font-medium text-slate-700">
          {user.memberTypeLabel ? (
            <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {user.memberTypeLabel}
            </span>
          ) : null}
          <Link
            to="/mypage"
            className="max-w-40 truncate hover:text-brand-700 hover:underline"
            title="마이페이지"
          >
            {user.name || user.email}
          </Link>
        </span>
        <form method="post" action="/logout">
          <Button type="submit" variant="secondary" size="sm">
            로그아웃
          </Button>
        </form>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="secondary" size="sm">
        <Link to="/login">로그인</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/signup">회원가입</Link>
      </Button>
    </>
  );
}
