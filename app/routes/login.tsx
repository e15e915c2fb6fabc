import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { LOGIN_FAILED, PENDING_APPROVAL } from "~/features/accounts/accounts.server";
import { clientOf } from "~/features/accounts/auth-events.server";
import {
  endSecondFactorStep,
  getCurrentUser,
  SECOND_FACTOR_PAGE,
  secondFactorStepOf,
} from "~/features/accounts/session.server";
import { loginSchema, safeRedirect } from "~/features/accounts/validation";
import { REVIEW_DAYS } from "~/features/membership/validation";
import { SecondFactorStep } from "~/features/second-factor/components/second-factor-step";
import { finishLogin, startLogin } from "~/features/second-factor/login.server";
import { secondFactorLoginSchema } from "~/features/second-factor/validation";
import { flashToast } from "~/lib/flash.server";
import { fieldProps } from "~/lib/forms";
import { formFieldsOf, readForm, replyWithError } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { clientIpContext } from "~/lib/request-context.server";
import { toast } from "~/lib/toast";
import { z } from "~/lib/zod";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "로그인",
    description: "승인된 회원은 로그인 후 공지사항 전문과 학회 정관을 열람할 수 있습니다.",
    path: "/login",
  });

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user) {
    const target = url.searchParams.get("redirectTo");
    throw redirect(safeRedirect(target, user.role === "admin" ? "/admin/dashboard" : "/"));
  }
  // After a right password, an account with a second factor is asked for its code here.
  return { secondFactor: Boolean(await secondFactorStepOf(request)) };
}

const LOGIN_FORM = formFieldsOf(z.union([loginSchema, secondFactorLoginSchema]), {
  redirectTo: { maxLength: 2000 },
});

/** Where a completed login goes: the page asked for, or the administrator's or member's home. */
const destination = (formData: FormData, role: string) =>
  safeRedirect(formData.get("redirectTo"), role === "admin" ? "/admin/dashboard" : "/");

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, LOGIN_FORM);
  if (formData.has("intent")) return secondFactorAction(request, formData, context);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password"] }), toast: null },
      { status: 400 },
    );
  }
  try {
    const outcome = await startLogin({
      ...submission.value,
      ip: context.get(clientIpContext),
      cookie: request.headers.get("Cookie"),
      userAgent: request.headers.get("User-Agent"),
    });
    const headers = new Headers();
    for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
    if (outcome.kind === "second-factor") {
      // The same page asks for the code; the redirect target rides along in the address.
      const target = formData.get("redirectTo");
      const query =
        typeof target === "string" && target ? `?redirectTo=${encodeURIComponent(target)}` : "";
      return redirect(`/login${query}`, { headers });
    }
    const { user } = outcome;
    headers.append(
      "Set-Cookie",
      flashToast({ title: "로그인 성공", description: `${user.name}님, 환영합니다.` }),
    );
    if (outcome.enrolmentRequired) return redirect(SECOND_FACTOR_PAGE, { headers });
    return redirect(destination(formData, user.role), { headers });
  } catch (error) {
    const failed = replyWithError(submission, error, { hideFields: ["password"] });
    const pending = failed.message === PENDING_APPROVAL;
    const title = pending
      ? "승인 대기 중"
      : failed.status === 429
        ? "잠시 후 다시 시도해주세요"
        : "로그인 실패";
    return data(
      {
        result: failed.result,
        toast: {
          title,
          description: failed.message || LOGIN_FAILED,
          variant: pending ? ("default" as const) : ("destructive" as const),
        },
      },
      { status: failed.status },
    );
  }
}

/** The second step: the code (or a recovery code), or starting over with the password. */
async function secondFactorAction(
  request: Request,
  formData: FormData,
  context: Route.ActionArgs["context"],
) {
  const submission = parseWithZod(formData, { schema: secondFactorLoginSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["code"] }), toast: null },
      { status: 400 },
    );
  }
  if (submission.value.intent === "restart") {
    await endSecondFactorStep(request);
    return redirect("/login");
  }
  try {
    const { user, cookie } = await finishLogin(
      request,
      submission.value.code,
      clientOf(request, context.get(clientIpContext)),
    );
    const headers = new Headers();
    headers.append("Set-Cookie", cookie);
    headers.append(
      "Set-Cookie",
      flashToast({ title: "로그인 성공", description: `${user.name}님, 환영합니다.` }),
    );
    return redirect(destination(formData, user.role), { headers });
  } catch (error) {
    const failed = replyWithError(submission, error, { hideFields: ["code"] });
    return data(
      {
        result: failed.result,
        toast: {
          title: failed.status === 429 ? "잠시 후 다시 시도해주세요" : "인증 실패",
          description: failed.message,
          variant: "destructive" as const,
        },
      },
      { status: failed.status },
    );
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.secondFactor) return <SecondFactorStep actionData={actionData} />;
  return <PasswordStep actionData={actionData} />;
}

/**
 * Where a sign-up ends (issue 15): a note that stays on the page (and on reload), not only the
 * toast, saying what was received, what happens next and that a mail will follow.
 */
function SignupReceived() {
  return (
    <section
      aria-labelledby="signup-received"
      className="mb-6 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950"
    >
      <h2 id="signup-received" className="text-lg font-bold">
        회원가입 신청이 접수되었습니다
      </h2>
      <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-[15px] leading-6">
        <li>사무국이 제출하신 의사 면허 정보를 확인합니다.</li>
        <li>승인까지 보통 {REVIEW_DAYS}영업일이 걸립니다.</li>
        <li>
          승인되면 가입하신 이메일로 안내 메일을 보내 드립니다. 그 뒤 이 화면에서 로그인하실 수
          있습니다.
        </li>
      </ol>
    </section>
  );
}

function PasswordStep({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const pending = navigation.state === "submitting" && navigation.formAction === "/login";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);

  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <Section className="max-w-md">
      {searchParams.get("signup") === "received" ? <SignupReceived /> : null}
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">로그인</h1>
        <p className="mt-2 text-[15px] text-slate-600">승인된 회원 계정으로 로그인해주세요.</p>
        <Form method="post" action="/login" className="mt-6 grid gap-4" {...getFormProps(form)}>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Field
            {...fieldProps(fields.email, "email")}
            label="이메일"
            required
            autoComplete="email"
            inputMode="email"
          />
          <Field
            {...fieldProps(fields.password, "password")}
            label="비밀번호"
            required
            autoComplete="current-password"
          />
          <FormError id={form.errorId} message={form.errors?.[0]} />
          <Button type="submit" size="lg" disabled={pending} className="mt-2 w-full">
            {pending ? "로그인 중..." : "로그인"}
          </Button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="font-medium text-slate-600 hover:underline">
            비밀번호 찾기
          </Link>
        </p>
        <p className="mt-3 text-center text-sm text-slate-600">
          아직 회원이 아니신가요?{" "}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            회원가입
          </Link>
        </p>
      </Card>
    </Section>
  );
}
