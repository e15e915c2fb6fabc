import { ArrowLeft, CalendarPlus } from "lucide-react";
import { data, Link } from "react-router";
import { MissingPage } from "~/components/layout/missing-page";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireActor } from "~/features/accounts/actor.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import { paymentsMode } from "~/features/gateway/portone.server";
import { TestPaymentNotice } from "~/features/payments/components/test-payment-notice";
import { RegistrationPanel } from "~/features/seminars/components/registration-panel";
import { SeminarFacts } from "~/features/seminars/components/seminar-facts";
import { SeminarFees } from "~/features/seminars/components/seminar-fees";
import { loadSeminarPage, seminarPageContext } from "~/features/seminars/detail.server";
import { cancelRegistration, register } from "~/features/seminars/registrations.server";
import { registrationForms } from "~/features/seminars/validation";
import { formatDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import { truncate } from "~/lib/text";
import type { Route } from "./+types/activity-detail";

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData;
  if (!page) return [{ title: "학술 활동을 찾을 수 없습니다" }];
  const { seminar } = page;
  return pageMeta(args, {
    title: seminar.title,
    description: `${formatDate(seminar.date)} · ${seminar.location} · ${seminar.speaker} — ${truncate(seminar.description, 90)}`,
    path: `/activities/${seminar.id}`,
    type: "article",
  });
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page =
    context.get(seminarPageContext) ??
    (await loadSeminarPage(params.id, await getCurrentUser(request)));
  if (!page) throw data(null, { status: 404 });
  return { ...page, testPayments: paymentsMode() === "test" };
}

/**
 * Where to go after the action: back here, or to /mypage/seminars when the form came from there
 * (`/mypage#seminars` is what that form sent before 마이페이지 had pages).
 */
const returnPath = (value: string | undefined, here: string) =>
  value === "/mypage/seminars" || value === "/mypage#seminars" ? "/mypage/seminars" : here;

export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  intents: {
    register: {
      schema: registrationForms.register,
      run: async ({ returnTo }, { user }, { params }) => {
        const answer = await register(params.id!, user);
        // A paid seminar: the seat is held while the member pays, on the checkout.
        if (answer.status === "payment_pending" && answer.paymentId) {
          return done(
            {
              title: "좌석을 잡아 두었습니다. 결제해주세요",
              description: `등록비 ${formatNumber(answer.amount)}원을 결제하면 신청이 확정됩니다.`,
            },
            `/mypage/payments/${encodeURIComponent(answer.paymentId)}`,
          );
        }
        const toast =
          answer.status === "waitlisted"
            ? {
                title: "대기자로 등록되었습니다",
                description: `대기 순번은 ${answer.waitlistPosition}번입니다.`,
              }
            : {
                title: "신청이 확정되었습니다",
                description: "확인 메일과 일정 파일을 보내드렸습니다.",
              };
        return done(toast, returnPath(returnTo, `/activities/${params.id}`));
      },
    },
    cancel: {
      schema: registrationForms.cancel,
      run: async ({ returnTo }, { user }, { params }) => {
        const { refund } = await cancelRegistration(params.id!, user.id);
        // A paid seat cancelled within the deadline was refunded in full: say so, and how much.
        const toast =
          refund.amount > 0
            ? {
                title: "신청을 취소했습니다",
                description: `결제하신 ${formatNumber(refund.amount)}원을 결제한 수단으로 환불했습니다. 카드사나 은행, 결제 서비스에 따라 반영까지 며칠 걸릴 수 있습니다.`,
              }
            : "신청을 취소했습니다";
        return done(toast, returnPath(returnTo, `/activities/${params.id}`));
      },
    },
  },
});

export default function ActivityDetail({ loaderData }: Route.ComponentProps) {
  const { seminar } = loaderData;
  const refusal = useRefusal();
  return (
    <Section className="max-w-5xl">
      <Link
        to="/activities"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> 학술 활동 목록
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <article>
          <header className="border-b border-slate-200 pb-6">
            <div className="flex flex-wrap gap-2">
              {loaderData.window === "cancelled" ? (
                <Badge tone="red">취소</Badge>
              ) : loaderData.ended ? (
                <Badge>종료</Badge>
              ) : loaderData.started ? (
                <Badge tone="brand">진행 중</Badge>
              ) : loaderData.window === "open" && loaderData.seatsLeft === 0 ? (
                // Full: registering now is a place in line, not a seat.
                <Badge tone="yellow">정원 마감 · 대기 신청 가능</Badge>
              ) : loaderData.window === "open" || loaderData.window === "external" ? (
                <Badge tone="green">신청 가능</Badge>
              ) : loaderData.window === "not_open" ? (
                <Badge tone="brand">신청 예정</Badge>
              ) : (
                <Badge>마감</Badge>
              )}
              {seminar.audience === "regular" ? <Badge tone="violet">정회원 대상</Badge> : null}
            </div>
            <h1 className="mt-3 text-2xl leading-snug font-bold text-slate-900 sm:text-3xl">
              {seminar.title}
            </h1>
          </header>
          <div className="mt-6">
            <SeminarFacts seminar={seminar} seatsLeft={loaderData.seatsLeft} />
          </div>
          {/* The seminar as a calendar file (the same event as the feed /seminars.ics). */}
          {loaderData.ended || loaderData.window === "cancelled" ? null : (
            <Button asChild variant="secondary" className="mt-5">
              <a href={`/activities/${seminar.id}/calendar.ics`} download>
                <CalendarPlus className="size-4" aria-hidden="true" />
                캘린더에 추가
              </a>
            </Button>
          )}
          <p className="mt-8 text-base leading-8 whitespace-pre-line text-slate-700">
            {seminar.description}
          </p>
          {seminar.posterUrl ? (
            <img
              src={seminar.posterUrl}
              alt={`${seminar.title} 포스터`}
              loading="lazy"
              decoding="async"
              className="mt-8 h-auto w-full max-w-md rounded-lg border border-slate-200"
            />
          ) : null}
          {/* On a phone the box comes after the description: this bar sticks to the bottom of
              the screen while the member reads, and comes to rest just above the box
              (app.css, .seminar-apply-bar), so it never covers it. */}
          {loaderData.window === "open" && !loaderData.mine && !loaderData.started ? (
            <a href="#registration" className="seminar-apply-bar">
              {loaderData.seatsLeft === 0 ? "대기 신청하기" : "참가 신청하기"}
            </a>
          ) : null}
        </article>
        <aside className="grid content-start gap-4 lg:pt-2">
          {loaderData.fees && loaderData.testPayments ? <TestPaymentNotice /> : null}
          <RegistrationPanel {...loaderData} fee={loaderData.fee} error={refusal?.message} />
          {loaderData.fees ? (
            <SeminarFees
              fees={loaderData.fees}
              fee={loaderData.fee}
              signedIn={loaderData.signedIn}
              fullStanding={loaderData.fullStanding}
            />
          ) : null}
        </aside>
      </div>
    </Section>
  );
}

/** A seminar that does not exist (or was deleted), inside the site, with the way back. */
export function ErrorBoundary() {
  return (
    <MissingPage
      title="학술 활동을 찾을 수 없습니다."
      note="삭제되었거나 주소가 잘못되었을 수 있습니다."
      back={{ to: "/activities", label: "학술 활동 목록으로" }}
    />
  );
}
