import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";

// The links every page draws many of (the header's menu twice over, the breadcrumb, a list's
// rows and page numbers) as plain anchors. React Router's <Link> resolves its path and sets up a
// click handler in each one: with about 40 on a member's page and 50 more on the roster, that
// was 5–6 % of a rendered page's server CPU (profiled, docs/performance.md). A SiteLink is an
// <a> with `data-discover`, which React Router's route discovery already watches for, and one
// listener (useSiteLinkNavigation, in the root) makes its clicks client-side navigations as
// <Link>'s handler would. Links that need more than an address (state, preventScrollReset, a
// relative path) stay <Link>.

const SITE_LINK = "a[data-site-link]";

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An address on this site (a path with its query and hash if any), as <Link>'s `to` string. */
  to: string;
};

export function SiteLink({ to, ...props }: SiteLinkProps) {
  return <a {...props} href={to} data-site-link="" data-discover="true" />;
}

/**
 * Turns a plain left click on a SiteLink into React Router's navigation, as <Link> does: not with
 * a modifier key (a new tab or window), not for another target or a download. Once, in the root.
 */
export function useSiteLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest(SITE_LINK) : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // The page one is on again replaces its history entry, as <Link> does.
      void navigate(path, { replace: path === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
