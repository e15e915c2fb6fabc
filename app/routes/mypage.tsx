import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Field, FormError } from "~/components/ui/field";
import { MySessions } from "~/features/accounts/components/my-sessions";
import {
  changeMyPassword,
  getMyAccount,
  updateMyProfile,
  withdraw,
} from "~/features/accounts/my-account.server";
import { MYPAGE_SECTIONS, type MypageSectionId } from "~/features/accounts/mypage-sections";
import {
  clearSessionCookie,
  currentSessionId,
  requireUser,
} from "~/features/accounts/session.server";
import { listSessions } from "~/features/accounts/session-list.server";
import {
  myPageSchema,
  passwordChangeSchema,
  profileSchema,
  withdrawalSchema,
} from "~/features/accounts/validation";
import { commentMailSetting } from "~/features/community/community.server";
import { CommentMailSetting } from "~/features/community/components/comment-mail-setting";
import { MyDues } from "~/features/dues/components/my-dues";
import { myDues } from "~/features/dues/dues.server";
import { findApplicationOf } from "~/features/membership/applications.server";
import { ApplicationStatusCard } from "~/features/membership/components/application-status";
import { MyCredits } from "~/features/seminars/components/my-credits";
import { MySeminars } from "~/features/seminars/components/my-seminars";
import { myCredits } from "~/features/seminars/credits.server";
import { registrationsOf } from "~/features/seminars/registrations.server";
import { formatDate } from "~/lib/dates";
import { flashToast } from "~/lib/flash.server";
import { fieldProps } from "~/lib/forms";
import { readSubmission, replyWithError } from "~/lib/forms.server";
import { clientIpContext } from "~/lib/request-context.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/mypage";

export const meta: Route.MetaFunction = () => [
  { title: "마이페이지" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser({ request, url });
  const [account, application, registrations, sessions, credits, commentMail, dues] =
    await Promise.all([
      getMyAccount(user.id),
      findApplicationOf(user.id),
      registrationsOf(user.id),
      currentSessionId(request).then((current) => listSessions(user.id, current)),
      myCredits(user.id),
      commentMailSetting(user.id),
      myDues(user),
    ]);
  if (!account) throw redirect("/login");
  return {
    account,
    dues,
    memberType: user.memberType,
    credits,
    commentMail,
    application: application
      ? {
          status: application.status,
          createdAt: application.createdAt,
          rejectionReason: application.rejectionReason,
        }
      : null,
    registrations,
    sessions,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser({ request, url });
  const { submission } = await readSubmission(request, myPageSchema);
  const intent = String(submission.payload.intent ?? "");
  const hide = ["currentPassword", "password", "confirmPassword"];
  if (submission.status !== "success") {
    return data(
      { intent, result: submission.reply({ hideFields: hide }), toast: null },
      { status: 400 },
    );
  }
  const input = submission.value;
  try {
    // The current-password checks count against the login limit of this account and client.
    const client = { ip: context.get(clientIpContext), cookie: request.headers.get("Cookie") };
    if (input.intent === "withdraw") {
      await withdraw(user.id, input.password, client);
      const headers = new Headers();
      headers.append("Set-Cookie", await clearSessionCookie());
      headers.append(
        "Set-Cookie",
        flashToast({ title: "회원 탈퇴 완료", description: "그동안 이용해 주셔서 감사합니다." }),
      );
      return redirect("/", { headers });
    }
    if (input.intent === "password") {
      await changeMyPassword(user.id, input, await currentSessionId(request), client);
      return {
        intent,
        result: submission.reply({ resetForm: true }),
        toast: {
          title: "비밀번호 변경 완료",
          description: "다른 기기의 로그인은 모두 종료되었습니다.",
        },
      };
    }
    const { intent: _intent, ...profile } = input;
    await updateMyProfile(user.id, profile);
    return { intent, result: submission.reply(), toast: { title: "회원 정보 수정 완료" } };
  } catch (error) {
    const failed = replyWithError(submission, error, { hideFields: hide });
    return data(
      {
        intent,
        result: failed.result,
        toast: { title: "처리 실패", description: failed.message, variant: "destructive" as const },
      },
      { status: failed.status },
    );
  }
}

export default function MyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { account, application, registrations, sessions, credits, commentMail, dues } = loaderData;
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);

  return (
    <>
      <PageHeader eyebrow="MY PAGE" title="마이페이지">
        {account.name}님의 회원 정보입니다.
      </PageHeader>
      <Section className="grid gap-6 lg:grid-cols-[11rem_1fr] lg:items-start">
        <nav
          aria-label="마이페이지 메뉴"
          className="sticky top-16 z-10 -mx-4 min-w-0 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur lg:top-32 lg:mx-0 lg:rounded-xl lg:border lg:p-2"
        >
          <ul className="flex gap-1 overflow-x-auto lg:flex-col">
            {MYPAGE_SECTIONS.map((section) => (
              <li key={section.id} className="shrink-0">
                <a
                  href={`#${section.id}`}
                  className="block rounded-lg px-3 py-2 text-[15px] font-medium whitespace-nowrap text-slate-700 hover:bg-brand-50 hover:text-brand-700"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid max-w-3xl min-w-0 gap-10">
          <MypageSection id="mypage-summary">
            <div>
              <h2 className="mb-3 text-xl font-bold text-slate-900">정회원 가입 신청</h2>
              {application ? (
                <ApplicationStatusCard application={application} />
              ) : (
                <Card className="flex flex-wrap items-center justify-between gap-3 p-6">
                  <p className="text-slate-700">아직 정회원 가입을 신청하지 않았습니다.</p>
                  <Button asChild variant="secondary">
                    <Link to="/membership">정회원 안내 보기</Link>
                  </Button>
                </Card>
              )}
            </div>
          </MypageSection>
          <MypageSection id="mypage-dues">
            <MyDues dues={dues} memberType={loaderData.memberType} />
          </MypageSection>
          <MypageSection id="mypage-seminars">
            <MySeminars registrations={registrations} />
          </MypageSection>
          <MypageSection id="mypage-credits">
            <MyCredits credits={credits} />
          </MypageSection>
          <MypageSection id="mypage-notifications">
            <CommentMailSetting on={commentMail} />
          </MypageSection>
          <MypageSection id="mypage-security">
            <MySessions sessions={sessions} />
            <PasswordForm actionData={actionData} />
            <Card className="p-6 sm:p-8">
              <h2 className="text-xl font-bold text-slate-900">개인정보 동의 기록</h2>
              {account.privacyConsentAt ? (
                <p className="mt-3 text-[15px] text-slate-700">
                  개인정보 수집·이용 동의 ({account.privacyConsentVersion}) ·{" "}
                  <DateTime value={account.privacyConsentAt} /> 동의 ·{" "}
                  <Link to="/privacy" className="font-semibold text-brand-700 underline">
                    개인정보처리방침
                  </Link>
                </p>
              ) : (
                <p className="mt-3 text-[15px] text-slate-700">기록된 동의 내역이 없습니다.</p>
              )}
            </Card>
          </MypageSection>
          <MypageSection id="mypage-account">
            <Card className="p-6 sm:p-8">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-xl font-bold text-slate-900">회원 정보</h2>
                <Badge tone={account.isApproved ? "green" : "yellow"}>
                  {account.isApproved ? "승인된 회원" : "승인 대기"}
                </Badge>
              </div>
              <dl className="mt-5 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-[15px]">
                <dt className="text-slate-500">이름</dt>
                <dd>{account.name}</dd>
                <dt className="text-slate-500">이메일</dt>
                <dd className="break-all">{account.email}</dd>
                <dt className="text-slate-500">의사 면허번호</dt>
                <dd>{account.licenseNumber}</dd>
                <dt className="text-slate-500">가입일</dt>
                <dd>{formatDate(account.createdAt)}</dd>
              </dl>
              <p className="mt-3 text-sm text-slate-600">
                이메일과 면허번호 변경은 학회 사무국으로 요청해주세요.
              </p>
              <ProfileForm account={account} actionData={actionData} />
            </Card>
            <WithdrawalForm actionData={actionData} isAdmin={account.role === "admin"} />
          </MypageSection>
        </div>
      </Section>
    </>
  );
}

type ActionData = Route.ComponentProps["actionData"];

/** One section of the page, a target of the sub-menu (below the sticky header when jumped to). */
function MypageSection({ id, children }: { id: MypageSectionId; children: React.ReactNode }) {
  return (
    <section id={id} className="grid scroll-mt-36 gap-6">
      {children}
    </section>
  );
}

function ProfileForm({
  account,
  actionData,
}: {
  account: { phone: string; hospitalName: string; department: string; address: string };
  actionData: ActionData;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: account,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      className="mt-6 grid gap-4 border-t border-slate-200 pt-6"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="profile" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...fieldProps(fields.phone, "tel")} label="휴대전화번호" required />
        <Field {...fieldProps(fields.department)} label="진료과목" required />
      </div>
      <Field {...fieldProps(fields.hospitalName)} label="병원명" required />
      <Field {...fieldProps(fields.address)} label="병원 주소" required />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "저장 중..." : "정보 수정"}
        </Button>
      </div>
    </Form>
  );
}

function PasswordForm({ actionData }: { actionData: ActionData }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const [form, fields] = useForm({
    id: "password-change",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">비밀번호 변경</h2>
      <p className="mt-1 text-sm text-slate-600">변경하면 다른 기기의 로그인은 모두 종료됩니다.</p>
      <Form method="post" className="mt-5 grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <Field
          {...fieldProps(fields.currentPassword, "password")}
          label="현재 비밀번호"
          required
          autoComplete="current-password"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            {...fieldProps(fields.password, "password")}
            label="새 비밀번호"
            required
            autoComplete="new-password"
            placeholder="최소 8자 이상"
          />
          <Field
            {...fieldProps(fields.confirmPassword, "password")}
            label="새 비밀번호 확인"
            required
            autoComplete="new-password"
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? "변경 중..." : "비밀번호 변경"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function WithdrawalForm({ actionData, isAdmin }: { actionData: ActionData; isAdmin: boolean }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "withdraw";
  const [form, fields] = useForm({
    id: "withdrawal",
    lastResult: actionData?.intent === "withdraw" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: withdrawalSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Card tone="danger" className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">회원 탈퇴</h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
        <li>탈퇴하면 계정과 회원 정보, 정회원 가입 신청 내역이 삭제되며 되돌릴 수 없습니다.</li>
        <li>제출하신 의사 면허증 이미지는 즉시 삭제됩니다.</li>
        <li>
          세미나 신청·출결·연수평점 기록도 삭제됩니다. 필요한 참석확인서는 탈퇴 전에 내려받아
          주세요.
        </li>
        <li>
          회비 납부 기록은 학회 회계 기록으로 5년간 이름과 함께 보존됩니다. 필요한 납부확인서는 탈퇴
          전에 내려받아 주세요.
        </li>
        <li>
          회원 게시판에 쓴 글과 댓글은 작성 당시의 이름과 함께 남습니다. 지우려면 탈퇴 전에 직접
          삭제해주세요.
        </li>
        <li>모든 기기에서 즉시 로그아웃됩니다.</li>
        {isAdmin ? <li>마지막 관리자는 탈퇴할 수 없습니다.</li> : null}
      </ul>
      <Form method="post" className="mt-5 grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="withdraw" />
        <Field
          {...fieldProps(fields.password, "password")}
          label="비밀번호 확인"
          required
          autoComplete="current-password"
        />
        <label
          htmlFor={fields.confirm.id}
          className="flex items-start gap-2 text-[15px] text-slate-800"
        >
          <input
            id={fields.confirm.id}
            name={fields.confirm.name}
            type="checkbox"
            className="mt-1 size-4 accent-rose-700"
            aria-required="true"
          />
          위 내용을 확인했으며 탈퇴에 동의합니다.
        </label>
        {fields.confirm.errors?.[0] ? (
          <p className="text-sm font-medium text-rose-700" role="alert">
            {fields.confirm.errors[0]}
          </p>
        ) : null}
        <FormError message={form.errors?.[0]} />
        <div className="flex justify-end">
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? "처리 중..." : "회원 탈퇴"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
