import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { LOGIN_FAILED } from "~/features/accounts/accounts.server";
import {
  applicantOf,
  clearApplicantCookie,
  requireApplicant,
  resubmitSignup,
} from "~/features/accounts/applicant.server";
import { ApplicantStatusPage } from "~/features/accounts/components/applicant-status";
import {
  endSecondFactorStep,
  getCurrentUser,
  SECOND_FACTOR_PAGE,
  secondFactorStepOf,
} from "~/features/accounts/session.server";
import {
  applicantImageFormSchema,
  loginSchema,
  PENDING_APPROVAL,
  safeRedirect,
} from "~/features/accounts/validation";
import { REVIEW_DAYS } from "~/features/membership/validation";
import {
  loginAction,
  SecondFactorStep,
} from "~/features/second-factor/components/second-factor-step";
import { finishLogin, startLogin } from "~/features/second-factor/login.server";
import { loginForms } from "~/features/second-factor/validation";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "~/features/uploads/constants";
import { imageSentWithForm } from "~/features/uploads/uploads.server";
import { fieldProps } from "~/lib/forms";
import { pageMeta } from "~/lib/meta";
import { done, pageAction } from "~/lib/page-action.server";
import { bodyMessage, type Refusal, useRefusal, useRefusalToast } from "~/lib/refusal";
import { clientIpContext } from "~/lib/request-context.server";
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
  // After a right password, an account with a second factor is asked for its code here; a sign-up
  // that waits or was rejected sees its status page (decision 022).
  const applicant = await applicantOf(request);
  return {
    secondFactor: Boolean(await secondFactorStepOf(request)),
    applicant: applicant
      ? {
          status: applicant.status,
          name: applicant.name,
          reason: applicant.status === "rejected" ? applicant.reason : null,
          createdAt: applicant.createdAt,
          resubmittedAt: applicant.resubmittedAt,
          canReapply: applicant.canReapply,
          reviewDays: REVIEW_DAYS,
        }
      : null,
  };
}

// The licence image of the status page sent with the form when JavaScript is off.
const LICENCE_FILE = {
  name: "licenseImage",
  maxBytes: MAX_IMAGE_BYTES,
  tooLarge: UPLOAD_MESSAGES.tooLarge,
};

/** The status page's new licence image: while pending, or after a rejection with a new request. */
async function resubmitFromPage(
  reapply: boolean,
  input: { licenseImageUrl: string; licenseImage?: File | undefined },
  { request, context }: Pick<Route.ActionArgs, "request" | "context">,
) {
  const applicant = await requireApplicant(request);
  const ip = context.get(clientIpContext);
  const licenseImageUrl = await imageSentWithForm(
    input.licenseImageUrl,
    input.licenseImage ?? null,
    { field: "licenseImageUrl", uploader: null, ip },
  );
  await resubmitSignup(applicant, { licenseImageUrl, reapply }, ip);
  return done(
    reapply
      ? { title: "재신청 완료", description: "다시 신청했습니다. 사무국이 먼저 검토합니다." }
      : { title: "제출 완료", description: "새 면허 이미지를 제출했습니다." },
    "/login",
  );
}

/** Where a completed login goes: the page asked for, or the administrator's or member's home. */
const destination = (form: FormData, role: string) =>
  safeRedirect(form.get("redirectTo"), role === "admin" ? "/admin/dashboard" : "/");

const welcome = (name: string) => ({ title: "로그인 성공", description: `${name}님, 환영합니다.` });

const RETRY_LATER = "잠시 후 다시 시도해주세요";

/** A refused login's toast: '승인 대기 중' (SPEC.md §5) is news, not an error. */
function refusalToast(refusal: Refusal) {
  if (refusal.intent === "second-factor") {
    const title = refusal.status === 429 ? RETRY_LATER : "인증 실패";
    return { title, description: refusal.message, variant: "destructive" as const };
  }
  if (refusal.intent === "applicant-image" || refusal.intent === "applicant-reapply") {
    return { title: "제출 실패", description: refusal.message, variant: "destructive" as const };
  }
  const pending = refusal.message === PENDING_APPROVAL;
  const title = pending ? "승인 대기 중" : refusal.status === 429 ? RETRY_LATER : "로그인 실패";
  return {
    title,
    description: refusal.message || LOGIN_FAILED,
    variant: pending ? ("default" as const) : ("destructive" as const),
  };
}

// The password, then (for an account with a second factor) the code on the same page; the form's
// redirect target rides along to the end.
export const action = pageAction({
  guard: async () => null,
  defaultIntent: "password",
  extra: { redirectTo: { maxLength: 2000 } },
  file: LICENCE_FILE,
  hideFields: ["password", "code", LICENCE_FILE.name],
  toast: refusalToast,
  intents: {
    password: {
      schema: loginForms.password,
      run: async (input, _, { request, context, form }) => {
        const outcome = await startLogin(input, request, context.get(clientIpContext));
        // A sign-up that waits or was rejected: no session, its status page on this address.
        if (outcome.kind === "applicant") {
          const title = outcome.status === "pending" ? "승인 대기 중" : "회원가입 반려";
          return done({ title, description: outcome.message }, "/login", outcome.headers);
        }
        const { user, headers } = outcome;
        if (outcome.kind === "second-factor") {
          // The same page asks for the code; the redirect target rides along in the address.
          const target = form.get("redirectTo");
          const query =
            typeof target === "string" && target ? `?redirectTo=${encodeURIComponent(target)}` : "";
          return redirect(`/login${query}`, { headers });
        }
        const target = outcome.enrolmentRequired
          ? SECOND_FACTOR_PAGE
          : destination(form, user.role);
        return done(welcome(user.name), target, headers);
      },
    },
    "second-factor": {
      schema: loginForms["second-factor"],
      run: async ({ code }, _, { request, context, form }) => {
        const { user, headers } = await finishLogin(request, context.get(clientIpContext), code);
        return done(welcome(user.name), destination(form, user.role), headers);
      },
    },
    "applicant-image": {
      schema: applicantImageFormSchema,
      run: (input, _, args) => resubmitFromPage(false, input, args),
    },
    "applicant-reapply": {
      schema: applicantImageFormSchema,
      run: (input, _, args) => resubmitFromPage(true, input, args),
    },
    "applicant-leave": {
      schema: loginForms.restart,
      run: async () =>
        redirect("/login", { headers: { "Set-Cookie": await clearApplicantCookie() } }),
    },
    restart: {
      schema: loginForms.restart,
      run: async (_, __, { request }) => {
        await endSecondFactorStep(request);
        return redirect("/login");
      },
    },
  },
});

export default function Login({ loaderData }: Route.ComponentProps) {
  const refusal = useRefusal();
  useRefusalToast(refusal);
  if (loaderData.secondFactor) return <SecondFactorStep refusal={refusal} />;
  if (loaderData.applicant) {
    return <ApplicantStatusPage applicant={loaderData.applicant} refusal={refusal} />;
  }
  return <PasswordStep refusal={refusal} />;
}

/**
 * Where a sign-up ends: a note that stays on the page (and on reload), not only the
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
      <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-base leading-6">
        <li>사무국이 제출하신 의사 면허 정보를 확인합니다.</li>
        <li>승인까지 보통 {REVIEW_DAYS}영업일이 걸립니다.</li>
        <li>
          승인되면 가입하신 이메일로 안내 메일을 보내 드립니다. 그 뒤 이 화면에서 로그인하실 수
          있습니다.
        </li>
        <li>
          기다리시는 동안에도 이 화면에서 로그인하시면 신청 상태를 확인하고, 면허증 이미지를 새로
          올리실 수 있습니다.
        </li>
      </ol>
    </section>
  );
}

function PasswordStep({ refusal }: { refusal: Refusal | null }) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const pending = navigation.state === "submitting" && navigation.formAction === "/login";
  const [form, fields] = useForm({
    id: "login",
    lastResult: refusal?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <Section className="max-w-md">
      {searchParams.get("signup") === "received" ? <SignupReceived /> : null}
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">로그인</h1>
        <p className="mt-2 text-base text-slate-600">승인된 회원 계정으로 로그인해주세요.</p>
        <Form
          method="post"
          action={loginAction(redirectTo)}
          className="mt-6 grid gap-4"
          {...getFormProps(form)}
        >
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
          <FormError id={form.errorId} message={form.errors?.[0] ?? bodyMessage(refusal)} />
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
