import { CheckCircle2, Mail, Phone } from "lucide-react";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { getCurrentUser } from "~/features/accounts/session.server";
import { DuesGuide } from "~/features/dues/components/dues-guide";
import { currentDuesYear, getDuesYear } from "~/features/dues/dues.server";
import { findApplicationOf } from "~/features/membership/applications.server";
import { ApplyButton } from "~/features/membership/components/apply-button";
import { waysToPayOnline } from "~/features/payments/ways.server";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/membership";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "정회원 안내",
    description: "정회원 자격 요건과 혜택, 가입 절차를 안내합니다.",
    path: "/membership",
  });

const REQUIREMENTS = [
  "온라인 회원가입 후 관리자 승인 완료",
  "대한민국 의사 면허 소지",
  "현재 의원을 운영 중이거나 개원 예정",
  "오프라인 세미나 1회 이상 참석",
  "학회 윤리 규정 준수에 동의",
  "연회비 납부",
];

const BENEFITS = [
  "정기 세미나 및 학술대회 회원가 참가",
  "AI 마케팅 실무 자료와 사례집 제공",
  "회원 전용 공지사항과 학회 정관 열람",
  "전국 개원의 네트워크와 분과 모임 참여",
  "의료광고 법규 관련 자문 지원",
];

const STEPS = [
  { title: "온라인 회원가입", body: "준회원으로 가입한 뒤 관리자 승인을 기다립니다." },
  { title: "정회원 가입 신청", body: "승인 후 정회원 가입 신청서를 작성합니다." },
  { title: "오프라인 세미나 참석", body: "학회가 여는 오프라인 세미나에 1회 참석합니다." },
  {
    title: "연회비 납부",
    body: "마이페이지에서 온라인으로 납부하거나 아래 학회 계좌로 입금합니다.",
  },
  { title: "정회원 승인", body: "납부가 확인되면 정회원 승인 문자를 보내 드립니다." },
];

// This year's fee, the ways to pay it and the account (dues_years moves the page cache's content
// version on, migration 0025). The reader's own standing: a full member is not asked whether they
// paid, and an applicant sees where their application stands. Visitors get null (the page
// cache's version).
export async function loader({ request }: Route.LoaderArgs) {
  const year = currentDuesYear();
  const [user, settings] = await Promise.all([getCurrentUser(request), getDuesYear(year)]);
  const dues = settings
    ? {
        year,
        regularFee: settings.regularFee,
        bankAccount: settings.bankAccount,
        dueDate: settings.dueDate,
      }
    : null;
  const money = { dues, online: waysToPayOnline() };
  if (!user) return { application: null, ...money };
  const latest = await findApplicationOf(user.id);
  return { application: latest ? { status: latest.status } : null, ...money };
}

export default function Membership({ loaderData }: Route.ComponentProps) {
  const { society } = useRootData();
  const { dues, online } = loaderData;
  const guide = dues ? <DuesGuide dues={dues} online={online} compact /> : null;
  return (
    <>
      <PageHeader title="정회원 안내">
        정회원으로 함께하며 학회의 모든 활동과 혜택을 누리세요.
      </PageHeader>
      <Section>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="p-6 sm:p-8">
            <h2 className="text-xl font-bold text-slate-900">가입 자격</h2>
            <ul className="mt-4 space-y-3">
              {REQUIREMENTS.map((item) => (
                <li key={item} className="flex gap-3 text-base text-slate-700">
                  <CheckCircle2
                    className="mt-0.5 size-5 shrink-0 text-accent-600"
                    aria-hidden="true"
                  />
                  {item}
                </li>
              ))}
            </ul>
          </Card>
          <Card className="p-6 sm:p-8">
            <h2 className="text-xl font-bold text-slate-900">정회원 혜택</h2>
            <ul className="mt-4 space-y-3">
              {BENEFITS.map((item) => (
                <li key={item} className="flex gap-3 text-base text-slate-700">
                  <CheckCircle2
                    className="mt-0.5 size-5 shrink-0 text-brand-600"
                    aria-hidden="true"
                  />
                  {item}
                </li>
              ))}
            </ul>
          </Card>
        </div>

        <h2 id="join" className="mt-14 scroll-mt-24 text-2xl font-bold text-slate-900">
          가입 절차
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-5">
          {STEPS.map((step, index) => (
            <li
              key={step.title}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <span className="grid size-9 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-3 font-bold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>

        <section aria-labelledby="membership-dues-title" className="mt-14">
          <Card className="p-6 sm:p-8">
            <h2 id="membership-dues-title" className="text-xl font-bold text-slate-900">
              연회비와 납부 방법
            </h2>
            {dues ? (
              <>
                <p className="mt-2 text-base text-slate-600">
                  정회원 가입을 신청하기 전에 연회비를 납부해 주세요.
                  {online?.length
                    ? " 로그인 후 마이페이지의 회비에서 온라인으로 납부하거나, 학회 계좌로 입금하시면 됩니다."
                    : " 학회 계좌로 입금하시면 사무국이 확인합니다."}
                </p>
                <div className="mt-4 max-w-xl">
                  <DuesGuide dues={dues} online={online} />
                </div>
              </>
            ) : (
              <p className="mt-2 text-base text-slate-600">
                올해 연회비가 아직 정해지지 않았습니다. 금액과 계좌는 학회 사무국으로 문의해 주세요.
              </p>
            )}
          </Card>
        </section>

        <div className="mt-14 grid gap-6 lg:grid-cols-[1fr_auto] lg:items-center">
          <Card tone="muted" className="p-6 sm:p-8">
            <h2 className="text-lg font-bold text-slate-900">문의</h2>
            <p className="mt-2 text-base text-slate-600">
              가입 절차나 회비에 관해 궁금한 점은 학회 사무국으로 문의해 주세요.
            </p>
            <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-base text-slate-800">
              <a
                href={`tel:${society.phone.replace(/[^0-9+]/g, "")}`}
                className="inline-flex items-center gap-2 hover:underline"
              >
                <Phone className="size-4" aria-hidden="true" /> {society.phone}
              </a>
              <a
                href={`mailto:${society.email}`}
                className="inline-flex items-center gap-2 hover:underline"
              >
                <Mail className="size-4" aria-hidden="true" /> {society.email}
              </a>
            </p>
          </Card>
          <div className="flex justify-center">
            <ApplyButton
              applicationStatus={loaderData.application?.status ?? null}
              feeGuide={guide}
            />
          </div>
        </div>
      </Section>
    </>
  );
}
