import { ChevronLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { DateTime } from "~/components/ui/date-time";
import { FormError } from "~/components/ui/field";
import { requireActor } from "~/features/accounts/actor.server";
import { AdminNotFound } from "~/features/admin/components/not-found-boundary";
import { CreditSheet } from "~/features/seminars/components/credit-sheet";
import { creditSheetForms } from "~/features/seminars/credit-validation";
import {
  correctCredits,
  creditSheetOf,
  lockCreditSheet,
  sendCreditSheet,
} from "~/features/seminars/credits.server";
import { orNotFound } from "~/lib/errors.server";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-seminar-credits";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `연수평점 | ${loaderData.sheet.seminar.title}` : "연수평점 | 관리자",
  },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireActor(args, "admin");
  return { sheet: await orNotFound(creditSheetOf(args.params.id)) };
}

const DONE = {
  correct: "정정했습니다.",
  send: "참석자에게 산정 결과를 발송했습니다.",
  lock: "평점을 확정하고 참석자에게 알렸습니다.",
} as const;

const finished = (intent: keyof typeof DONE) =>
  done({ title: "처리 완료", description: DONE[intent] });

// Each form names its intent (correct, send, lock); success comes back here with a toast, a
// refusal stays on the page with its Korean message.
export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  intents: {
    correct: {
      schema: creditSheetForms.correct,
      run: async ({ registrationId, ...correction }, actor, { params }) => {
        await correctCredits(params.id!, registrationId, correction, actor);
        return finished("correct");
      },
    },
    send: {
      schema: creditSheetForms.send,
      run: async (options, actor, { params }) => {
        await sendCreditSheet(params.id!, options, actor);
        return finished("send");
      },
    },
    lock: {
      schema: creditSheetForms.lock,
      run: async (options, actor, { params }) => {
        await lockCreditSheet(params.id!, options, actor);
        return finished("lock");
      },
    },
  },
});

export default function AdminSeminarCredits({ loaderData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  const refusal = useRefusal();
  const navigation = useNavigation();
  return (
    <Section>
      <Link
        to={`/admin/seminars/${sheet.seminar.id}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ChevronLeft className="size-4" aria-hidden="true" /> 신청자 목록
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">연수평점 산정표</h1>
      <p className="mt-1 text-slate-600">
        {sheet.seminar.title} · <DateTime value={sheet.seminar.date} />
      </p>
      {refusal ? (
        <div className="mt-4">
          <FormError message={refusal.message} />
        </div>
      ) : null}
      <div className="mt-6">
        <CreditSheet sheet={sheet} busy={navigation.state === "submitting"} />
      </div>
    </Section>
  );
}

export function ErrorBoundary() {
  return (
    <AdminNotFound
      what="학술 활동을 찾을 수 없습니다."
      back={{ to: "/admin/dashboard?tab=seminars", label: "학술 활동 목록으로" }}
    />
  );
}
