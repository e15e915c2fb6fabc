import { ChevronLeft } from "lucide-react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useNavigation,
  useRouteError,
} from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { FormError } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/session.server";
import { AccessDenied, isAccessRefusal } from "~/features/admin/components/access-denied";
import { CreditSheet } from "~/features/seminars/components/credit-sheet";
import { creditCorrectionSchema, creditSendSchema } from "~/features/seminars/credit-validation";
import {
  correctCredits,
  creditSheetOf,
  lockCreditSheet,
  sendCreditSheet,
} from "~/features/seminars/credits.server";
import { AppError, orNotFound, parse } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-seminar-credits";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `연수평점 | ${loaderData.sheet.seminar.title}` : "연수평점 | 관리자",
  },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { sheet: await orNotFound(creditSheetOf(params.id)) };
}

const FORM = {
  intent: { maxLength: 20 },
  registrationId: { maxLength: 100 },
  entryAt: { maxLength: 40 },
  exitAt: { maxLength: 40 },
  credits: { maxLength: 10 },
  reason: { maxLength: 500 },
  objectionDays: { maxLength: 10 },
};

const DONE = {
  correct: "정정했습니다.",
  send: "참석자에게 산정 결과를 발송했습니다.",
  lock: "평점을 확정하고 참석자에게 알렸습니다.",
} as const;

// Each form names its intent (correct, send, lock); success comes back here with a toast, a
// refusal stays on the page with its Korean message.
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const audit = { actor: { id: admin.id, email: admin.email }, ip: context.get(clientIpContext) };
  const form = await readForm(request, FORM);
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries(form);
  try {
    if (intent === "correct") {
      const { intent: _i, registrationId, objectionDays: _d, ...rest } = fields;
      await correctCredits(
        params.id,
        String(registrationId ?? ""),
        parse(creditCorrectionSchema, rest),
        audit,
      );
    } else if (intent === "send") {
      await sendCreditSheet(
        params.id,
        parse(creditSendSchema, { objectionDays: fields.objectionDays }),
        audit,
      );
    } else if (intent === "lock") {
      await lockCreditSheet(params.id, audit);
    } else {
      throw new AppError("invalid", "알 수 없는 요청입니다.");
    }
    return redirect(`/admin/seminars/${params.id}/credits`, {
      headers: { "Set-Cookie": flashToast({ title: "처리 완료", description: DONE[intent] }) },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ intent, message: error.message }, { status: error.status });
  }
}

export default function AdminSeminarCredits({ loaderData, actionData }: Route.ComponentProps) {
  const { sheet } = loaderData;
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
      {actionData?.message ? (
        <div className="mt-4">
          <FormError message={actionData.message} />
        </div>
      ) : null}
      <div className="mt-6">
        <CreditSheet sheet={sheet} busy={navigation.state === "submitting"} />
      </div>
    </Section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isAccessRefusal(error)) return <AccessDenied />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Section className="max-w-xl">
        <Card className="p-8 text-center">
          <h1 className="text-xl font-bold text-slate-900">학술 활동을 찾을 수 없습니다.</h1>
          <Button asChild className="mt-6">
            <Link to="/admin/dashboard?tab=seminars">학술 활동 목록으로</Link>
          </Button>
        </Card>
      </Section>
    );
  }
  throw error;
}
