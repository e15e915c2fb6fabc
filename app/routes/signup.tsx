import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldError, FormError } from "~/components/ui/field";
import { registerMember } from "~/features/accounts/accounts.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import { signupFormSchema, signupPageSchema } from "~/features/accounts/validation";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "~/features/uploads/constants";
import { imageSentWithForm } from "~/features/uploads/uploads.server";
import { fieldProps } from "~/lib/forms";
import { pageMeta } from "~/lib/meta";
import { done, pageAction } from "~/lib/page-action.server";
import { bodyMessage, useRefusal, useRefusalToast } from "~/lib/refusal";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "회원가입",
    description: "의사 면허 정보로 회원가입을 신청하세요. 관리자 승인 후 로그인할 수 있습니다.",
    path: "/signup",
  });

export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  return null;
}

// The licence image sent with the form when JavaScript is off; with it, the browser uploads first.
const LICENCE_FILE = {
  name: "licenseImage",
  maxBytes: MAX_IMAGE_BYTES,
  tooLarge: UPLOAD_MESSAGES.tooLarge,
};

export const action = pageAction({
  guard: async () => null,
  file: LICENCE_FILE,
  // Stored first, so a sign-up refused for another field comes back with its licence kept.
  keepFile: {
    field: "licenseImageUrl",
    store: (file, { context }) =>
      imageSentWithForm("", file, {
        field: "licenseImageUrl",
        uploader: null,
        ip: context.get(clientIpContext),
      }),
  },
  hideFields: ["password", "confirmPassword", LICENCE_FILE.name],
  fieldFor: { 409: "email" },
  toast: (refusal) => ({
    title: "회원가입 실패",
    description: refusal.message,
    variant: "destructive",
  }),
  intents: {
    signup: {
      schema: signupPageSchema,
      run: async (input, _, { context }) => {
        const ip = context.get(clientIpContext);
        const { confirmPassword: _confirm, licenseImage: _file, ...fields } = input;
        await registerMember({ ...fields, ip });
        // The login page keeps a note of the received sign-up while the address says so.
        return done(
          {
            title: "회원가입 완료",
            description: "관리자 승인 후 로그인할 수 있습니다. 승인까지 잠시 기다려주세요.",
          },
          "/login?signup=received",
        );
      },
    },
  },
});

export default function Signup() {
  const navigation = useNavigation();
  const refusal = useRefusal();
  useRefusalToast(refusal);
  const pending = navigation.state === "submitting" && navigation.formAction === "/signup";
  const [form, fields] = useForm({
    id: "signup",
    lastResult: refusal?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Section className="max-w-2xl">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">회원가입</h1>
        <p className="mt-2 text-base text-slate-600">
          의사 면허 정보를 입력해 가입을 신청하세요. 관리자 승인 후 로그인할 수 있습니다.
          <span className="ml-1 text-sm text-slate-500">
            (<span className="text-rose-700">*</span> 필수 입력)
          </span>
        </p>
        <Form
          method="post"
          action="/signup"
          encType="multipart/form-data"
          className="mt-6 grid gap-5"
          {...getFormProps(form)}
        >
          <fieldset className="grid gap-4">
            <legend className="mb-1 text-base font-bold text-slate-900">계정 정보</legend>
            <Field
              {...fieldProps(fields.email, "email")}
              label="이메일"
              required
              autoComplete="email"
              inputMode="email"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                {...fieldProps(fields.password, "password")}
                label="비밀번호"
                required
                autoComplete="new-password"
                placeholder="최소 8자 이상"
              />
              <Field
                {...fieldProps(fields.confirmPassword, "password")}
                label="비밀번호 확인"
                required
                autoComplete="new-password"
              />
            </div>
          </fieldset>
          <fieldset className="grid gap-4">
            <legend className="mb-1 text-base font-bold text-slate-900">의사 정보</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field {...fieldProps(fields.name)} label="이름" required autoComplete="name" />
              <Field
                {...fieldProps(fields.phone, "tel")}
                label="휴대전화번호"
                required
                autoComplete="tel"
                inputMode="tel"
                placeholder="010-0000-0000"
              />
              <Field
                {...fieldProps(fields.licenseNumber)}
                label="의사 면허번호"
                required
                inputMode="numeric"
              />
              <Field
                {...fieldProps(fields.department)}
                label="진료과목"
                required
                placeholder="예: 가정의학과"
              />
            </div>
            <Field
              {...fieldProps(fields.hospitalName)}
              label="병원명"
              required
              autoComplete="organization"
            />
            <Field
              {...fieldProps(fields.address)}
              label="병원 주소"
              required
              autoComplete="street-address"
            />
            <ImageUpload
              name={fields.licenseImageUrl.name}
              label="의사 면허증 이미지"
              required
              endpoint="/api/objects/upload-public"
              fileFieldName="licenseImage"
              defaultValue={fields.licenseImageUrl.initialValue}
              successMessage="의사 자격증 이미지가 업로드되었습니다."
              errors={fields.licenseImageUrl.errors}
              onUploaded={() => form.validate({ name: fields.licenseImageUrl.name })}
            />
          </fieldset>
          {/* A refused sign-up comes back with its boxes as they were ticked (without
              JavaScript the page is drawn anew). */}
          <TermsConsent
            errors={fields.termsConsent.errors}
            name={fields.termsConsent.name}
            id={fields.termsConsent.id}
            ticked={Boolean(fields.termsConsent.initialValue)}
          />
          <PrivacyConsent
            errors={fields.privacyConsent.errors}
            name={fields.privacyConsent.name}
            id={fields.privacyConsent.id}
            ticked={Boolean(fields.privacyConsent.initialValue)}
          />
          <MarketingConsent
            name={fields.marketingConsent.name}
            id={fields.marketingConsent.id}
            ticked={Boolean(fields.marketingConsent.initialValue)}
          />
          <FormError id={form.errorId} message={form.errors?.[0] ?? bodyMessage(refusal)} />
          <Button type="submit" size="lg" disabled={pending} className="w-full">
            {pending ? "가입 신청 중..." : "회원가입"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-600">
          이미 회원이신가요?{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            로그인
          </Link>
        </p>
      </Card>
    </Section>
  );
}

/** 이용약관: read in a new tab, agreed to here; the version in force is recorded with the date. */
type ConsentProps = { name: string; id: string; errors?: string[]; ticked: boolean };

function TermsConsent({ name, id, errors, ticked }: ConsentProps) {
  return (
    <div className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-700">
        학회 홈페이지와 회원 서비스의 이용 조건은{" "}
        <Link to="/terms" target="_blank" className="font-semibold text-brand-700 underline">
          이용약관
          <span className="sr-only"> (새 창)</span>
        </Link>
        에서 확인할 수 있습니다.
      </p>
      <RequiredConsentBox name={name} id={id} errors={errors} ticked={ticked}>
        이용약관에 동의합니다
      </RequiredConsentBox>
    </div>
  );
}

/** 개인정보 보호법 제15조: items, purpose, retention, and the right to refuse. */
function PrivacyConsent({ name, id, errors, ticked }: ConsentProps) {
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-base font-bold text-slate-900">개인정보 수집·이용 동의</legend>
      <dl className="grid gap-2 text-sm leading-6 text-slate-700">
        <div>
          <dt className="font-semibold text-slate-900">수집 항목</dt>
          <dd>
            이메일, 비밀번호, 이름, 휴대전화번호, 의사 면허번호, 의사 면허증 이미지, 병원명,
            진료과목, 병원 주소
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">수집·이용 목적</dt>
          <dd>의사 자격 확인 및 회원가입 승인, 회원 관리, 학회 활동 안내</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">보유·이용 기간</dt>
          <dd>
            회원 탈퇴 시까지. 가입이 승인되지 않은 경우 의사 면허증 이미지는 거부 후 30일 이내에
            삭제합니다.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">동의를 거부할 권리</dt>
          <dd>
            개인정보 수집·이용에 동의하지 않을 수 있습니다. 다만 동의하지 않으시면 회원가입을 할 수
            없습니다.
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700">
        자세한 내용은{" "}
        <Link to="/privacy" target="_blank" className="font-semibold text-brand-700 underline">
          개인정보처리방침
          <span className="sr-only"> (새 창)</span>
        </Link>
        을 확인해주세요.
      </p>
      <RequiredConsentBox name={name} id={id} errors={errors} ticked={ticked}>
        개인정보 수집·이용에 동의합니다
      </RequiredConsentBox>
    </fieldset>
  );
}

/** The tick of a required consent, with its error; refused sign-ups come back ticked as sent. */
function RequiredConsentBox({ children, ...props }: ConsentProps & { children: string }) {
  const { name, id, errors, ticked } = props;
  return (
    <>
      <label htmlFor={id} className="flex items-start gap-2 text-base font-semibold text-slate-900">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={ticked}
          className="mt-1 size-4 accent-brand-700"
          aria-required="true"
          aria-invalid={errors?.[0] ? true : undefined}
          aria-describedby={errors?.[0] ? `${id}-error` : undefined}
        />
        <span>
          {children} <span className="text-rose-700">(필수)</span>
        </span>
      </label>
      <FieldError id={`${id}-error`} message={errors?.[0]} />
    </>
  );
}

/** 정보통신망법 제50조: advertising messages only with a separate, optional consent. */
function MarketingConsent({ name, id, ticked }: Omit<ConsentProps, "errors">) {
  return (
    <div className="grid gap-2 rounded-xl border border-slate-200 p-4">
      <label htmlFor={id} className="flex items-start gap-2 text-base font-semibold text-slate-900">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={ticked}
          className="mt-1 size-4 accent-brand-700"
        />
        <span>
          학회 행사·교육 등 광고성 정보를 문자로 받겠습니다{" "}
          <span className="text-slate-600">(선택)</span>
        </span>
      </label>
      <p className="text-sm text-slate-600">
        동의하지 않아도 가입할 수 있으며, 가입 후 마이페이지에서 언제든 바꿀 수 있습니다. 동의는
        2년마다 다시 확인합니다.
      </p>
    </div>
  );
}
