import { BookOpenCheck, Compass, Handshake, Lightbulb, ShieldCheck, Target } from "lucide-react";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { ExecutivePortrait } from "~/features/executives/components/portrait";
import { findPresident } from "~/features/executives/executives.server";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "학회 소개",
    description:
      "병·의원을 운영하는 의사들이 AI 시대의 의료 마케팅을 함께 연구하는 학회의 회장 인사말, 설립 목적, 비전과 핵심 가치를 소개합니다.",
    path: "/about",
  });

const PURPOSES = [
  "개원의가 의료법과 의료광고 규정을 지키며 신뢰받는 마케팅을 할 수 있도록 실무 지식을 연구하고 보급합니다.",
  "생성형 AI와 데이터 분석을 진료 현장과 병·의원 경영에 책임 있게 적용하는 방법을 연구합니다.",
  "세미나와 학술 활동을 통해 회원 간 경험과 사례를 나누고 함께 성장하는 네트워크를 만듭니다.",
  "환자에게 정확하고 유익한 의료 정보를 전달하여 건강한 의료 문화 조성에 이바지합니다.",
];

const CORE_VALUES = [
  {
    icon: ShieldCheck,
    title: "윤리와 신뢰",
    body: "의료인의 윤리와 관련 법규를 모든 마케팅 활동의 출발점으로 삼습니다.",
  },
  {
    icon: BookOpenCheck,
    title: "근거 중심",
    body: "검증된 자료와 데이터에 근거하여 연구하고 그 결과를 투명하게 공유합니다.",
  },
  {
    icon: Lightbulb,
    title: "혁신",
    body: "AI 등 새로운 기술을 열린 자세로 탐구하고 진료 현장에 맞게 적용합니다.",
  },
  {
    icon: Handshake,
    title: "협력과 나눔",
    body: "회원 간의 경험과 지식을 아낌없이 나누며 함께 성장하는 공동체를 지향합니다.",
  },
];

// The greeting is signed by the current president from the executives table.
export async function loader() {
  return { president: await findPresident() };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { society } = useRootData();
  const { president } = loaderData;

  return (
    <>
      <PageHeader title="학회 소개">
        {society.name}의 인사말과 설립 목적, 비전과 핵심 가치를 소개합니다.
      </PageHeader>

      <Section>
        <section aria-labelledby="greeting-title">
          <h2 id="greeting-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            인사말
          </h2>
          <Card className="mt-6 p-6 sm:p-10">
            <div className="max-w-3xl space-y-5 text-base leading-8 text-slate-700 sm:text-base sm:leading-8">
              <p className="text-lg font-semibold text-slate-900 sm:text-xl">
                존경하는 회원 여러분, 그리고 방문해 주신 모든 분께 감사의 인사를 드립니다.
              </p>
              <p>
                {society.name}의 홈페이지를 찾아 주셔서 진심으로 감사드립니다. 저희 학회는 병·의원을
                운영하는 의사들이 급변하는 의료 환경 속에서 올바른 의료 마케팅의 방향을 함께
                고민하고 연구하기 위해 뜻을 모아 설립되었습니다.
              </p>
              <p>
                오늘날 생성형 AI와 데이터 기술은 환자와 소통하는 방식과 병·의원을 운영하는 방식을
                빠르게 바꾸고 있습니다. 저희는 이러한 변화를 두려워하기보다 의료인의 윤리와 관련
                법규를 지키는 범위 안에서 새로운 기술을 슬기롭게 활용하는 길을 찾고자 합니다.
              </p>
              <p>
                학회는 정기 세미나와 학술 활동을 통해 검증된 지식과 현장의 경험을 나누고, 회원
                여러분이 진료에 더욱 집중하실 수 있도록 실질적인 도움을 드리겠습니다. 또한 환자에게
                정확하고 신뢰할 수 있는 의료 정보가 전달되는 건강한 의료 문화를 만드는 데
                앞장서겠습니다.
              </p>
              <p>
                앞으로도 회원 여러분의 목소리에 귀 기울이며 함께 성장하는 학회가 되도록 최선을
                다하겠습니다. 많은 관심과 참여를 부탁드립니다. 감사합니다.
              </p>
            </div>
            <div className="mt-8 flex items-center justify-end gap-4 border-t border-slate-100 pt-6">
              {president ? (
                <ExecutivePortrait name={president.name} imageUrl={president.imageUrl} />
              ) : null}
              <p className="text-right text-slate-700">
                <span className="block text-sm text-slate-600">{society.name}</span>
                <span className="mt-1 block text-lg font-bold text-slate-900">
                  {president ? `회장 ${president.name}` : "임원 일동"}
                </span>
              </p>
            </div>
          </Card>
        </section>
      </Section>

      <div className="bg-slate-50">
        <Section>
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="purpose-title">
              <Card className="h-full p-6 sm:p-8">
                <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Target aria-hidden="true" className="size-6" />
                </span>
                <h2 id="purpose-title" className="mt-4 text-2xl font-bold text-slate-900">
                  설립 목적
                </h2>
                <ol className="mt-4 space-y-3">
                  {PURPOSES.map((purpose, index) => (
                    <li key={purpose} className="flex gap-3 text-base leading-7 text-slate-700">
                      <span
                        aria-hidden="true"
                        className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-brand-600 text-xs font-bold text-white"
                      >
                        {index + 1}
                      </span>
                      <span>{purpose}</span>
                    </li>
                  ))}
                </ol>
              </Card>
            </section>

            <section aria-labelledby="vision-title">
              <Card className="h-full p-6 sm:p-8">
                <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Compass aria-hidden="true" className="size-6" />
                </span>
                <h2 id="vision-title" className="mt-4 text-2xl font-bold text-slate-900">
                  비전
                </h2>
                <p className="mt-4 rounded-xl bg-brand-900 px-5 py-4 text-lg leading-8 font-bold text-white">
                  AI와 함께 환자에게 신뢰받고, 지속 가능하게 성장하는 개원의 공동체
                </p>
                <p className="mt-4 text-base leading-7 text-slate-700">
                  저희 학회는 의료 마케팅과 AI 활용에 관한 대표 전문 학회로서, 모든 개원의가
                  윤리적이고 효과적인 방법으로 환자와 소통하며 병·의원을 성장시킬 수 있는 환경을
                  만들어 가겠습니다.
                </p>
              </Card>
            </section>
          </div>
        </Section>
      </div>

      <Section>
        <section aria-labelledby="values-title">
          <h2 id="values-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            핵심 가치
          </h2>
          <p className="mt-2 text-slate-600">학회의 모든 활동을 이끄는 네 가지 가치입니다.</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {CORE_VALUES.map(({ icon: Icon, title, body }) => (
              <li
                key={title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
                <p className="mt-2 text-base leading-7 text-slate-600">{body}</p>
              </li>
            ))}
          </ul>
        </section>
      </Section>
    </>
  );
}
