import { useLocation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { findNavPlace } from "./navigation";

/**
 * Every inner page's breadcrumb (홈 › section › page) and its section's sub-menu, drawn from the
 * one navigation list (navigation.ts); styled by the `site-section` classes in app.css. The home
 * page, the administrator area and unknown paths have none.
 */
export function SectionNav() {
  const { pathname } = useLocation();
  const place = findNavPlace(pathname);
  if (!place) return null;
  const { section, item } = place;
  const exact = pathname.replace(/\/+$/, "") === item.to;
  return (
    <div className="site-section">
      <div>
        <nav aria-label="현재 위치">
          <ol>
            <li>
              <SiteLink to="/">홈</SiteLink>
            </li>
            {section ? (
              <li>
                <SiteLink to={section.links[0]!.to}>{section.label}</SiteLink>
              </li>
            ) : null}
            <li>
              {exact ? (
                <span aria-current="page">{item.label}</span>
              ) : (
                <SiteLink to={item.to}>{item.label}</SiteLink>
              )}
            </li>
          </ol>
        </nav>
        {section && section.links.length > 1 ? (
          <nav aria-label={`${section.label} 메뉴`}>
            <ul>
              {section.links.map((link) => (
                <li key={link.to}>
                  <SiteLink
                    to={link.to}
                    aria-current={link.to === item.to ? (exact ? "page" : "true") : undefined}
                  >
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <p>{section?.label ?? item.label}</p>
        )}
      </div>
    </div>
  );
}
