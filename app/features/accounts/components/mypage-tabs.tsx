import { NavLink } from "react-router";
import { useNonce } from "~/lib/nonce";
import { MYPAGE_PAGES, OLD_MYPAGE_ANCHORS } from "../mypage-pages";

/**
 * 마이페이지's tab row. On a phone it is one scrolling row: the right edge fades out (so a cut-off
 * tab reads as "more this way") and the current tab is the row's initial scroll position
 * (`scroll-initial-target`), all in CSS from the server's HTML. From lg up it is a column.
 */
export function MypageTabs() {
  return (
    <nav
      aria-label="마이페이지 메뉴"
      className="sticky top-16 z-10 -mx-4 min-w-0 border-b border-slate-200 bg-white/95 py-2 backdrop-blur lg:top-32 lg:mx-0 lg:rounded-xl lg:border lg:p-2"
    >
      <ul
        data-scrolls
        className="flex gap-1 overflow-x-auto scroll-px-4 px-4 pr-12 [mask-image:linear-gradient(to_right,transparent,black_1rem,black_calc(100%-3rem),transparent)] [scrollbar-width:none] lg:flex-col lg:px-0 lg:pr-0 lg:[mask-image:none]"
      >
        {MYPAGE_PAGES.map((page) => (
          <li key={page.to} className="shrink-0">
            <NavLink
              to={page.to}
              end
              prefetch="intent"
              className={({ isActive }) =>
                `flex min-h-11 items-center rounded-lg px-3 text-base font-medium whitespace-nowrap ${
                  isActive
                    ? "bg-brand-700 text-white [scroll-initial-target:nearest]"
                    : "text-slate-700 hover:bg-brand-50 hover:text-brand-700"
                }`
              }
            >
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * On /mypage only: a link from a mail sent before 마이페이지 had pages (`/mypage#seminars`) goes
 * on to the page that has that part now. A fragment never reaches the server, so this is a few
 * bytes of inline script, run once by the browser on the served page (not by React).
 */
export function MypageAnchorRedirect() {
  const nonce = useNonce();
  const script = `(function(m){var t=m[location.hash.slice(1)];if(t)location.replace(t)})(${JSON.stringify(OLD_MYPAGE_ANCHORS)})`;
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
  );
}
