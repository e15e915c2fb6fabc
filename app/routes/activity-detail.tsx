import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { getCurrentUser, requireUser } from "~/features/accounts/session.server";
import { RegistrationPanel } from "~/features/seminars/components/registration-panel";
import { SeminarFacts } from "~/features/seminars/components/seminar-facts";
import { loadSeminarPage } from "~/features/seminars/detail.server";
import { cancelRegistration, register } from "~/features/seminars/registrations.server";
import { formatDate } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
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

// Seats and the member's own registration change by the minute: never from a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadSeminarPage(params.id, await getCurrentUser(request));
  if (!page) throw data(null, { status: 404 });
  return page;
}

const FORM_FIELDS = { intent: { maxLength: 20 }, returnTo: { maxLength: 100 } };

/** Where to go after the action: back here, or to /mypage when the form came from there. */
const returnPath = (value: FormDataEntryValue | null, here: string) =>
  value === "/mypage#seminars" ? "/mypage#seminars" : here;

export async function action({ request, params, url }: Route.ActionArgs) {
  const member = await requireUser({ request, url });
  const form = await readForm(request, FORM_FIELDS);
  const intent = form.get("intent");
  try {
    let toast: { title: string; description?: string };
    if (intent === "register") {
      const answer = await register(params.id, member);
      toast =
        answer.status === "waitlisted"
          ? {
              title: "대기자로 등록되었습니다",
              description: `대기 순번은 ${answer.waitlistPosition}번입니다.`,
            }
          : {
              title: "신청이 확정되었습니다",
              description: "확인 메일과 일정 파일을 보내드렸습니다.",
            };
    } else if (intent === "cancel") {
      await cancelRegistration(params.id, member.id);
      toast = { title: "신청을 취소했습니다" };
    } else {
      throw new AppError("invalid", "요청을 처리할 수 없습니다.");
    }
    return redirect(returnPath(form.get("returnTo"), `/activities/${params.id}`), {
      headers: { "Set-Cookie": flashToast(toast) },
    });
  } catch (error) {
    if (error instanceof AppError) {
      return data({ error: error.message }, { status: error.status });
    }
    throw error;
  }
}

export default function ActivityDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { seminar } = loaderData;
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
              {loaderData.ended ? (
                <Badge>종료</Badge>
              ) : loaderData.started ? (
                <Badge tone="brand">진행 중</Badge>
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
          <p className="mt-8 text-[15px] leading-8 whitespace-pre-line text-slate-700">
            {seminar.description}
          </p>
        </article>
        <aside className="lg:pt-2">
          <RegistrationPanel {...loaderData} error={actionData?.error} />
        </aside>
      </div>
    </Section>
  );
}
