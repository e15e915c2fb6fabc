import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ArrowRight, BrainCircuit, GraduationCap, Rocket, Users } from "~/components/ui/home-icons";
import { listAnnouncements } from "~/features/announcements/announcements.server";
import { CategoryBadge } from "~/features/announcements/components/category-badge";
import { HOME_ANNOUNCEMENT_COUNT, HOME_PREVIEW_LENGTH } from "~/features/announcements/constants";
import { announcementHref } from "~/features/announcements/links";
import { listSeminars, splitByDate } from "~/features/seminars/seminars.server";
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
    .map(({ id, title, date, location }) => {
      const [, month, day] = /(\d+월)\s*(\d+)일/.exec(formatDate(date)) ?? [];
      return {
        id,
        title,
        location,
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
    links,
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

const BENEFITS = [
  {
    icon: GraduationCap,
    title: "전문 교육",
    body: "의료광고 규정부터 데이터 기반 마케팅까지, 개원의에게 꼭 필요한 실무 교육을 제공합니다.",
  },
  {
    icon: Users,
    title: "네트워킹",
    body: "같은 고민을 가진 전국의 개원의와 교류하며 경험과 노하우를 나눕니다.",
  },
  {
    icon: BrainCircuit,
    title: "AI 기반 연구",
    body: "생성형 AI와 데이터 분석을 진료 현장과 병원 경영에 적용하는 방법을 연구합니다.",
  },
  {
    icon: Rocket,
    title: "성장 지원",
    body: "개원 준비부터 병원 브랜딩까지, 회원 병·의원의 지속 가능한 성장을 돕습니다.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { society } = useRootData();
  const user = useOptionalUser();
  const { announcements, upcoming, links, heroDrawing } = loaderData;
  const next = upcoming[0];

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

      {next ? (
        // The next seminar, as a society's home page leads with its coming meeting.
        <section
          aria-labelledby="next-seminar-title"
          className="mx-auto mt-10 max-w-6xl px-4 sm:px-6"
        >
          <Link
            to={`/activities/${next.id}`}
            className="flex flex-col gap-2 rounded-2xl border border-brand-200 bg-brand-50 p-5 hover:border-brand-400 sm:flex-row sm:items-center sm:gap-6 sm:p-6"
          >
            <span className="shrink-0 rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white self-start sm:self-center">
              다음 세미나
            </span>
            <span className="min-w-0 flex-1">
              <span id="next-seminar-title" className="block text-lg font-bold text-slate-900">
                {next.title}
              </span>
              <span className="mt-1 block text-[15px] text-slate-700">
                <time dateTime={next.iso}>
                  {next.when.day} {next.when.time}
                </time>
                {next.location ? ` · ${next.location}` : ""}
              </span>
            </span>
            <span className="inline-flex items-center gap-1 text-[15px] font-semibold text-brand-700">
              자세히 보기 <ArrowRight className="size-4" aria-hidden="true" />
            </span>
          </Link>
        </section>
      ) : null}

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

      <section
        aria-labelledby="benefits-title"
        className="mx-auto max-w-6xl border-t border-slate-200 px-4 py-14 sm:px-6"
      >
        <h2 id="benefits-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          회원 혜택
        </h2>
        <p className="mt-2 text-slate-600">학회 회원이 누리는 네 가지 혜택을 소개합니다.</p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, body }) => (
            <li key={title} className="home-card">
              <span className="home-card-icon">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-2 text-[15px] leading-7 text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </section>

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

      {links.length > 0 ? (
        <nav aria-label="관련 기관" className="border-t border-slate-200 bg-slate-50">
          <ul className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-2 gap-y-1 px-4 py-5 sm:px-6">
            {links.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center rounded-lg px-3 text-[15px] font-semibold text-slate-700 hover:bg-white hover:text-brand-700"
                >
                  {link.label}
                  <span className="sr-only">(새 창)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
