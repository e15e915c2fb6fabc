// The home page's next-seminar banner, its members' benefits and its related bodies' links, drawn on the
// server into HTML that the page places as it is: they need no JavaScript, and the home page's
// budget for it (decision 006) has no room. React escapes every text and address, as on any page.
import { renderToStaticMarkup } from "react-dom/server";
import { BrainCircuit, GraduationCap, Rocket, Users } from "~/components/ui/home-icons";
import type { RelatedLink } from "../validation";

type NextSeminar = {
  id: string;
  title: string;
  location: string | null;
  posterUrl: string | null;
  iso: string;
  when: { day: string; time: string };
};

export function homeExtras(next: NextSeminar | null, links: RelatedLink[]) {
  return {
    banner: next ? renderToStaticMarkup(<Banner next={next} />) : "",
    links: links.length > 0 ? renderToStaticMarkup(<Links links={links} />) : "",
    benefits: BENEFITS_HTML,
  };
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

const BENEFITS_HTML = renderToStaticMarkup(
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
          <p className="mt-2 text-base leading-7 text-slate-600">{body}</p>
        </li>
      ))}
    </ul>
  </section>,
);

function Banner({ next }: { next: NextSeminar }) {
  return (
    // The next seminar, as a society's home page leads with its coming meeting.
    <section aria-labelledby="next-seminar-title" className="mx-auto mt-10 max-w-6xl px-4 sm:px-6">
      <a
        href={`/activities/${next.id}`}
        className="flex gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-4 hover:border-brand-400 sm:items-center sm:gap-6 sm:p-6"
      >
        {next.posterUrl ? (
          // The office's poster (A-series, portrait): beside the title on every width.
          <img
            src={next.posterUrl}
            alt={`${next.title} 포스터`}
            width={160}
            height={226}
            loading="lazy"
            decoding="async"
            className="aspect-[1/1.414] w-24 shrink-0 self-start rounded-lg border border-brand-200 bg-white object-cover sm:w-40"
          />
        ) : null}
        <span className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
          <span className="shrink-0 self-start rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white sm:self-center">
            다음 세미나
          </span>
          <span className="min-w-0 flex-1">
            <span id="next-seminar-title" className="block text-lg font-bold text-slate-900">
              {next.title}
            </span>
            <span className="mt-1 block text-base text-slate-700">
              <time dateTime={next.iso}>
                {next.when.day} {next.when.time}
              </time>
              {next.location ? ` · ${next.location}` : ""}
            </span>
          </span>
          <span className="text-base font-semibold text-brand-700">자세히 보기 →</span>
        </span>
      </a>
    </section>
  );
}

function Links({ links }: { links: RelatedLink[] }) {
  return (
    <nav aria-label="관련 기관" className="border-t border-slate-200 bg-slate-50">
      <ul className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-2 gap-y-1 px-4 py-5 sm:px-6">
        {links.map((link) => (
          <li key={link.url}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-base font-semibold text-slate-700 hover:bg-white hover:text-brand-700"
            >
              {link.label}
              <span className="sr-only">(새 창)</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
