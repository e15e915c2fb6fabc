import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ArrowRight } from "~/components/ui/home-icons";
import { listAnnouncements } from "~/features/announcements/announcements.server";
import { CategoryBadge } from "~/features/announcements/components/category-badge";
import { HOME_ANNOUNCEMENT_COUNT, HOME_PREVIEW_LENGTH } from "~/features/announcements/constants";
import { announcementHref } from "~/features/announcements/links";
import { listSeminars, splitByDate } from "~/features/seminars/seminars.server";
import { homeExtras } from "~/features/society/components/home-extras.server";
import { HERO_DRAWING } from "~/features/society/hero-image.server";
import { relatedLinks } from "~/features/society/settings.server";
import { formatDate, formatDateTimeParts, isoDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { useOptionalUser, useRootData } from "~/lib/root-data";
import { truncate } from "~/lib/text";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    description:
      "병·의원을 운영하는 의사들이 AI 시대의 의료 마케팅을 함께 연구하고 배우는 전문 학회입니다. 세미나, 학술 활동, 회원 네트워킹을 만나 보세요.",
    path: "/",
  });

/** Upcoming seminars on the home page. */
const HOME_SEMINAR_COUNT = 3;

// Dates are written out here, on the server: the home page's JavaScript then carries no date
// formatting (its budget, docs/performance.md, has little room).
export async function loader() {
  const [announcements, seminars, links] = await Promise.all([
    listAnnouncements({ limit: HOME_ANNOUNCEMENT_COUNT }),
    listSeminars(),
    relatedLinks(),
  ]);
  // 다가오는 세미나: not yet begun (a seminar under way is on /activities, marked 진행 중).
  const upcoming = splitByDate(seminars)
    .upcoming.filter((s) => s.phase === "upcoming")
    .slice(0, HOME_SEMINAR_COUNT)
    .map(({ id, title, date, location, posterUrl }) => {
      const [, month, day] = /(\d+월)\s*(\d+)일/.exec(formatDate(date)) ?? [];
      return {
        id,
        title,
        location,
        posterUrl,
        month,
        day,
        iso: isoDate(date),
        when: formatDateTimeParts(date),
      };
    });
  return {
    announcements: announcements.map((item) => ({
      ...item,
      published: formatDate(item.createdAt),
      publishedIso: isoDate(item.createdAt),
    })),
    upcoming,
    extras: homeExtras(upcoming[0] ?? null, links),
    heroDrawing: HERO_DRAWING,
  };
}

/** What members do most, one tap from the home page. */
const QUICK_LINKS = [
  { to: "/signup", label: "회원가입" },
  { to: "/activities", label: "세미나 신청" },
  { to: "/membership/apply", label: "정회원 신청" },
  { to: "/location", label: "오시는 길" },
];

/** A signed-in member has no sign-up to do: their own page instead. */
const MEMBER_QUICK_LINKS = QUICK_LINKS.map((link) =>
  link.to === "/signup" ? { to: "/mypage", label: "마이페이지" } : link,
);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { society } = useRootData();
  const user = useOptionalUser();
  const { announcements, upcoming, extras, heroDrawing } = loaderData;

  return (
    <>
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div className="home-hero">
          <div>
            <p className="home-eyebrow">개원의를 위한 AI 마케팅 전문 학회</p>
            <h1 className="home-h1">
              AI와 함께 성장하는 개원의,
              <br />
              {society.name}
            </h1>
            <p className="home-lead">
              진료에 집중하는 원장님을 위해, 검증된 의료 마케팅 지식과 AI 활용법을 연구하고
              나눕니다.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild variant="inverse" size="lg">
                <Link to="/membership">
                  정회원 안내 <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild variant="inverseOutline" size="lg">
                <Link to="/about">학회 소개</Link>
              </Button>
            </div>
          </div>
          {/* Drawn for the site, in the page itself (see hero-image.server.ts). */}
          <div
            role="img"
            aria-label="개원가 건물들 사이의 병원과 그 위로 오르는 성장 곡선 일러스트"
            className="home-hero-image"
            // The site's own drawing (assets-src/hero.svg), no user content.
            dangerouslySetInnerHTML={{ __html: heroDrawing }}
          />
        </div>
      </section>

      <nav aria-label="바로가기" className="relative mx-auto -mt-10 max-w-6xl px-4 sm:px-6">
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {(user ? MEMBER_QUICK_LINKS : QUICK_LINKS).map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="home-quick">
                <span className="home-quick-label">
                  {item.label}
                  <ArrowRight className="size-4 text-brand-600" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div dangerouslySetInnerHTML={{ __html: extras.banner }} />

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="news-title">
          <div className="home-head">
            <h2 id="news-title" className="home-title">
              최신 소식
            </h2>
            <Link to="/announcements" className="home-more">
              공지사항 전체 보기 <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          {announcements.length === 0 ? (
            <p className="home-empty">아직 등록된 공지사항이 없습니다</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {announcements.map((item) => (
                <li key={item.id} className="group relative py-4">
                  <div className="flex items-center gap-2 text-sm text-slate-600">
                    <CategoryBadge category={item.category} />
                    <time dateTime={item.publishedIso}>{item.published}</time>
                  </div>
                  <h3 className="mt-1.5 text-base font-bold text-slate-900 group-hover:text-brand-700">
                    <Link
                      to={announcementHref(item.id, user)}
                      className="after:absolute after:inset-0"
                    >
                      {item.title}
                    </Link>
                  </h3>
                  <p className="mt-1 line-clamp-1 text-sm text-slate-600">
                    {item.truncated && Array.from(item.excerpt).length <= HOME_PREVIEW_LENGTH
                      ? `${item.excerpt}...`
                      : truncate(item.excerpt, HOME_PREVIEW_LENGTH)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="seminars-title">
          <div className="home-head">
            <h2 id="seminars-title" className="home-title">
              다가오는 세미나
            </h2>
            <Link to="/activities" className="home-more">
              학술활동 전체 보기 <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          {upcoming.length === 0 ? (
            <p className="home-empty">예정된 세미나가 없습니다</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {upcoming.map((seminar) => (
                <li key={seminar.id} className="group relative flex gap-4 py-4">
                  <time dateTime={seminar.iso} className="home-date">
                    <span className="text-xs font-semibold">{seminar.month}</span>
                    <span className="text-2xl leading-none font-bold">{seminar.day}</span>
                  </time>
                  <div className="min-w-0">
                    <h3 className="text-base font-bold text-slate-900 group-hover:text-brand-700">
                      <Link
                        to={`/activities/${seminar.id}`}
                        className="after:absolute after:inset-0"
                      >
                        {seminar.title}
                      </Link>
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">
                      {/* As DateTime renders it: a line may break between the day and the time only. */}
                      <time dateTime={seminar.iso}>
                        <span className="whitespace-nowrap">{seminar.when.day}</span>{" "}
                        <span className="whitespace-nowrap">{seminar.when.time}</span>
                      </time>{" "}
                      · {seminar.location}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <div dangerouslySetInnerHTML={{ __html: extras.benefits }} />

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="home-cta">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
              AI로 마케팅하는 의사들
            </h2>
            <p className="mt-2 max-w-xl text-brand-50">
              AI를 활용한 병원 마케팅 사례와 도구를 한곳에서 만나 보세요.
            </p>
          </div>
          <Button asChild variant="inverse" size="lg">
            <a href={society.sisterSiteUrl} target="_blank" rel="noopener noreferrer">
              바로 가기 <ArrowRight className="size-4" aria-hidden="true" />
              <span className="sr-only">(새 창)</span>
            </a>
          </Button>
        </div>
      </section>

      {/* Drawn on the server (home-extras.server.tsx): no JavaScript for it on the phone. */}
      <div dangerouslySetInnerHTML={{ __html: extras.links }} />
    </>
  );
}
