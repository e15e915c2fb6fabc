import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ArrowRight, BrainCircuit, GraduationCap, Rocket, Users } from "~/components/ui/home-icons";
import { listAnnouncements } from "~/features/announcements/announcements.server";
import { CategoryBadge } from "~/features/announcements/components/category-badge";
import { HOME_ANNOUNCEMENT_COUNT, HOME_PREVIEW_LENGTH } from "~/features/announcements/constants";
import { announcementHref } from "~/features/announcements/links";
import { formatDate, isoDate } from "~/lib/dates";
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

export async function loader() {
  return { announcements: await listAnnouncements({ limit: HOME_ANNOUNCEMENT_COUNT }) };
}

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
  const { announcements } = loaderData;

  return (
    <>
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(47,111,214,0.55),transparent_55%),radial-gradient(circle_at_10%_90%,rgba(15,157,138,0.35),transparent_50%)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <p className="mb-4 inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">
            개원의를 위한 AI 마케팅 전문 학회
          </p>
          <h1 className="max-w-3xl text-3xl leading-tight font-bold tracking-tight sm:text-5xl sm:leading-tight">
            AI와 함께 성장하는 개원의,
            <br />
            {society.name}
          </h1>
          <p className="mt-5 max-w-2xl text-base leading-7 text-brand-100 sm:text-lg">
            진료에 집중하는 원장님을 위해, 검증된 의료 마케팅 지식과 AI 활용법을 연구하고 나눕니다.
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
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="benefits-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          회원 혜택
        </h2>
        <p className="mt-2 text-slate-600">학회 회원이 누리는 네 가지 혜택을 소개합니다.</p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-2 text-[15px] leading-7 text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="news-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="flex items-end justify-between gap-4">
            <div>
              <h2 id="news-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
                최신 소식
              </h2>
              <p className="mt-2 text-slate-600">학회의 새로운 공지와 행사 소식입니다.</p>
            </div>
            <Link
              to="/announcements"
              className="inline-flex shrink-0 items-center gap-1 text-[15px] font-semibold text-brand-700 hover:underline"
            >
              공지사항 전체 보기 <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          {announcements.length === 0 ? (
            <p className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
              아직 등록된 공지사항이 없습니다
            </p>
          ) : (
            <ul className="mt-8 grid gap-5 md:grid-cols-3">
              {announcements.map((item) => (
                <li
                  key={item.id}
                  className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-200 hover:shadow-md"
                >
                  <div className="flex items-center gap-3 text-sm text-slate-600">
                    <CategoryBadge category={item.category} />
                    <time dateTime={isoDate(item.createdAt)}>{formatDate(item.createdAt)}</time>
                  </div>
                  <h3 className="mt-3 text-lg font-bold text-slate-900 group-hover:text-brand-700">
                    <Link
                      to={announcementHref(item.id, user)}
                      className="after:absolute after:inset-0 after:rounded-2xl"
                    >
                      {item.title}
                    </Link>
                  </h3>
                  <p className="mt-2 text-[15px] leading-7 text-slate-600">
                    {item.truncated && Array.from(item.excerpt).length <= HOME_PREVIEW_LENGTH
                      ? `${item.excerpt}...`
                      : truncate(item.excerpt, HOME_PREVIEW_LENGTH)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-gradient-to-r from-brand-800 to-accent-600 p-8 text-white sm:p-12 md:flex-row md:items-center md:justify-between">
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
    </>
  );
}
