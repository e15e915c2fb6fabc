import { Link } from "react-router";
import { NAV_SECTIONS, type NavItem } from "~/components/layout/navigation";
import { PageHeader, Section } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/meta";
import { useOptionalUser } from "~/lib/root-data";
import type { Route } from "./+types/sitemap-page";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "사이트맵",
    description: "학회 홈페이지의 모든 메뉴와 페이지를 한눈에 보여 드립니다.",
    path: "/sitemap",
  });

/** The pages outside the menu, listed after the menu's sections. */
const OTHER_SITE_PAGES: NavItem[] = [
  { to: "/search", label: "통합 검색" },
  { to: "/login", label: "로그인" },
  { to: "/signup", label: "회원가입" },
  { to: "/privacy", label: "개인정보처리방침" },
  { to: "/terms", label: "이용약관" },
  { to: "/email-policy", label: "이메일무단수집거부" },
];

// Every page of the menu, drawn from the one navigation list (components/layout/navigation.ts),
// section by section as the header shows them, then the pages outside the menu. The list comes
// through the loader, so this page's JavaScript does not carry a second copy of it.
export function loader() {
  return { sections: NAV_SECTIONS };
}

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const user = useOptionalUser();
  const sections = [
    ...loaderData.sections,
    {
      id: "other",
      label: "기타",
      links: OTHER_SITE_PAGES.filter(
        (page) => !user || (page.to !== "/login" && page.to !== "/signup"),
      ),
    },
  ];
  return (
    <>
      <PageHeader title="사이트맵">홈페이지의 모든 메뉴를 한눈에 보실 수 있습니다.</PageHeader>
      <Section>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((section) => (
            <li key={section.id} className="rounded-2xl border border-slate-200 bg-white p-6">
              <h2
                id={`sitemap-${section.id}`}
                className="border-b-2 border-brand-700 pb-3 text-xl font-bold text-slate-900"
              >
                {section.label}
              </h2>
              <ul aria-labelledby={`sitemap-${section.id}`} className="mt-3">
                {section.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      // As in the header: a visitor's 정회원 신청 is 정회원 안내's sign-up steps.
                      to={user || link.to !== "/membership/apply" ? link.to : "/membership#join"}
                      className="flex min-h-11 items-center text-base text-slate-700 hover:text-brand-700 hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
