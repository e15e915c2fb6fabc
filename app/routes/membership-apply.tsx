import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, LogIn } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import {
  applyForFullMembership,
  findApplicationOf,
} from "~/features/membership/applications.server";
import { ApplicationStatusCard } from "~/features/membership/components/application-status";
import {
  type ApplicationInput,
  applicationSchema,
  REVIEW_DAYS,
} from "~/features/membership/validation";
import { AttendedSeminars } from "~/features/seminars/components/attended-seminars";
import { attendedSeminarsOf } from "~/features/seminars/credits.server";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "~/features/uploads/constants";
import { imageSentWithForm } from "~/features/uploads/uploads.server";
import { fieldProps } from "~/lib/forms";
import { pageMeta } from "~/lib/meta";
import { pageAction, shown } from "~/lib/page-action.server";
import { bodyMessage, useRefusal, useRefusalToast } from "~/lib/refusal";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/membership-apply";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "정회원 가입 신청",
    description: "승인된 회원은 정회원 가입을 신청할 수 있습니다.",
    path: "/membership/apply",
  });

/** SPEC.md §9: the visitor is sent to log in after about a second. */
const LOGIN_REDIRECT_DELAY_MS = 1000;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return { state: "visitor" as const };
  const [application, attended] = await Promise.all([
    findApplicationOf(user.id),
    attendedSeminarsOf(user.id),
  ]);
  const latest = application
    ? {
        status: application.status,
        createdAt: application.createdAt,
        rejectionReason: application.rejectionReason,
      }
    : null;
  // A pending or approved application is the page; after a rejection the status card stands
  // above a new form, filled in from the rejected application.
  if (application && application.status !== "rejected") {
    return { state: "applied" as const, attended, application: latest! };
  }
  const source = application ?? user;
  return {
    state: "form" as const,
    attended,
    application: latest,
    account: {
      name: user.name,
      email: user.email,
      phone: source.phone,
      licenseNumber: source.licenseNumber,
      hospitalName: source.hospitalName,
      department: source.department,
      address: source.address,
    },
  };
}

// The licence image sent with the form when JavaScript is off; with it, the browser uploads first.
const LICENCE_FILE = {
  name: "licenseImage",
  maxBytes: MAX_IMAGE_BYTES,
  tooLarge: UPLOAD_MESSAGES.tooLarge,
};

// A finished application stays on the page: the completion screen, not the status card.
export const action = pageAction<
  SessionActor,
  { apply: typeof applicationSchema },
  { submitted: true }
>({
  guard: (args) => requireActor(args, "member"),
  file: LICENCE_FILE,
  toast: (refusal) => ({
    title: "신청 실패",
    description: refusal.message,
    variant: "destructive",
  }),
  intents: {
    apply: {
      schema: applicationSchema,
      run: async (input, { user, audit }, { file }) => {
        const licenseImageUrl = await imageSentWithForm(input.licenseImageUrl ?? "", file, {
          field: "licenseImageUrl",
          uploader: user,
          ip: audit.ip ?? undefined,
        });
        await applyForFullMembership(user, {
          ...input,
          licenseImageUrl: licenseImageUrl || undefined,
        });
        return shown({ submitted: true as const });
      },
    },
  },
});

export default function MembershipApply({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="정회원 가입 신청">
        {loaderData.state === "applied"
          ? "정회원 가입 신청 현황을 확인하실 수 있습니다."
          : "정회원 가입 신청서를 작성해주세요."}
      </PageHeader>
      <Section className="max-w-2xl">
        {actionData && "shown" in actionData ? (
          <Completed />
        ) : loaderData.state === "visitor" ? (
          <LoginRequired />
        ) : loaderData.state === "applied" ? (
          <div className="grid gap-6">
            <ApplicationStatusCard application={loaderData.application} />
            <SeminarAttendance attended={loaderData.attended} />
          </div>
        ) : (
          <div className="grid gap-6">
            {loaderData.application ? (
              <ApplicationStatusCard application={loaderData.application} />
            ) : null}
            <SeminarAttendance attended={loaderData.attended} />
            <ApplicationForm account={loaderData.account} again={loaderData.application !== null} />
          </div>
        )}
      </Section>
    </>
  );
}

/** Full membership needs an attended offline seminar: the applicant sees their record first. */
function SeminarAttendance({
  attended,
}: {
  attended: Parameters<typeof AttendedSeminars>[0]["seminars"];
}) {
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-lg font-bold text-slate-900">세미나 참석 기록</h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">
        정회원 가입에는 학회 오프라인 세미나 참석이 필요합니다. 연수평점이 확정된 세미나만
        표시됩니다.
      </p>
      <AttendedSeminars
        seminars={attended}
        empty="아직 확정된 세미나 참석 기록이 없습니다. 심사 때 사무국이 참석 여부를 확인합니다."
      />
    </Card>
  );
}

function LoginRequired() {
  useEffect(() => {
    toast({
      title: "로그인 필요",
      description: "회원 가입 신청을 위해서는 먼저 로그인해야 합니다.",
    });
    const timer = setTimeout(() => {
      window.location.assign("/api/login?redirectTo=%2Fmembership%2Fapply");
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Card className="p-8 text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <LogIn aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-slate-900">로그인이 필요합니다</h2>
      <p className="mt-2 text-slate-600">회원 가입 신청을 위해서는 먼저 로그인해야 합니다.</p>
      <Button asChild className="mt-6">
        <Link to="/login?redirectTo=%2Fmembership%2Fapply">로그인하러 가기</Link>
      </Button>
    </Card>
  );
}

function Completed() {
  useEffect(() => {
    toast({ title: "신청 완료", description: "회원 가입 신청이 성공적으로 제출되었습니다." });
  }, []);
  return (
    <Card className="p-8 text-center">
      <CheckCircle2 className="mx-auto size-14 text-emerald-600" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-bold text-slate-900">정회원 가입 신청이 완료되었습니다</h2>
      <p className="mt-2 text-slate-600">
        심사에는 보통 {REVIEW_DAYS}영업일이 소요됩니다. 결과는 이메일로 안내해 드립니다.
      </p>
      <Button asChild className="mt-6">
        <Link to="/">홈으로</Link>
      </Button>
    </Card>
  );
}

type FormProps = {
  account: {
    name: string;
    email: string;
    phone: string;
    licenseNumber: string;
    hospitalName: string;
    department: string;
    address: string;
  };
  /** A new application after a rejected one. */
  again: boolean;
};

function ApplicationForm({ account, again }: FormProps) {
  const navigation = useNavigation();
  const refusal = useRefusal();
  useRefusalToast(refusal);
  const pending = navigation.state === "submitting";
  const [form, fields] = useForm<ApplicationInput>({
    id: "membership-application",
    lastResult: refusal?.result,
    defaultValue: {
      phone: account.phone,
      licenseNumber: account.licenseNumber,
      hospitalName: account.hospitalName,
      department: account.department,
      address: account.address,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: applicationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Card className="p-6 sm:p-8">
      {again ? <h2 className="mb-4 text-lg font-bold text-slate-900">다시 신청하기</h2> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-4"
        {...getFormProps(form)}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="apply-name" label="이름" required readOnly value={account.name} />
          <Field id="apply-email" label="이메일" required readOnly value={account.email} />
          <Field {...fieldProps(fields.phone, "tel")} label="연락처" required autoComplete="tel" />
          <Field {...fieldProps(fields.licenseNumber)} label="의사 면허번호" required />
          <Field {...fieldProps(fields.hospitalName)} label="병원명" required />
          <Field {...fieldProps(fields.department)} label="진료과목" required />
        </div>
        <Field {...fieldProps(fields.address)} label="병원 주소" required />
        <ImageUpload
          name={fields.licenseImageUrl.name}
          label="의사 면허증 이미지 (선택)"
          endpoint="/api/objects/upload"
          successMessage="의사 자격증 이미지가 업로드되었습니다."
          fileFieldName="licenseImage"
          errors={fields.licenseImageUrl.errors}
        />
        <FormError message={form.errors?.[0] ?? bodyMessage(refusal)} />
        <div className="mt-2 flex justify-end gap-2">
          <Button asChild variant="secondary">
            <Link to="/membership">취소</Link>
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "제출 중..." : "신청하기"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
