import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Field, FormError } from "~/components/ui/field";
import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { MySessions } from "~/features/accounts/components/my-sessions";
import {
  changeMyPassword,
  getMyAccount,
  updateMyProfile,
  withdraw,
} from "~/features/accounts/my-account.server";
import { endMyOtherSessions, endMySession } from "~/features/accounts/my-sessions.server";
import { MYPAGE_SECTIONS, type MypageSectionId } from "~/features/accounts/mypage-sections";
import { clearSessionCookie, currentSessionId } from "~/features/accounts/session.server";
import { listSessions } from "~/features/accounts/session-list.server";
import {
  mySessionForms,
  passwordChangeSchema,
  profileSchema,
  withdrawalSchema,
} from "~/features/accounts/validation";
import { commentMailSetting } from "~/features/community/community.server";
import { CommentMailSetting } from "~/features/community/components/comment-mail-setting";
import { MyDues } from "~/features/dues/components/my-dues";
import { depositorNameOf, getDuesYear, myDues } from "~/features/dues/dues.server";
import { paymentsMode } from "~/features/gateway/portone.server";
import { findApplicationOf } from "~/features/membership/applications.server";
import { ApplicationStatusCard } from "~/features/membership/components/application-status";
import { MessagePreferencesCard } from "~/features/messages/components/message-preferences";
import { getMessagePreferences } from "~/features/messages/preferences.server";
import { DuesOnlineForm } from "~/features/payments/components/dues-online-form";
import { MyPayments } from "~/features/payments/components/my-payments";
import { myPayments, payDuesOnline } from "~/features/payments/payments.server";
import { duesPayFormSchema } from "~/features/payments/validation";
import { waysToPayOnline } from "~/features/payments/ways.server";
import { MyCredits } from "~/features/seminars/components/my-credits";
import { MySeminars } from "~/features/seminars/components/my-seminars";
import {
  creditObjectionFormSchema,
  OBJECTION_RECEIVED,
} from "~/features/seminars/credit-validation";
import { myCredits, objectToCredits } from "~/features/seminars/credits.server";
import { registrationsOf } from "~/features/seminars/registrations.server";
import { now as clockNow } from "~/lib/clock.server";
import { formatDate } from "~/lib/dates";
import { fieldProps } from "~/lib/forms";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal, useRefusalToast } from "~/lib/refusal";
import type { Route } from "./+types/mypage";

export const meta: Route.MetaFunction = () => [
  { title: "마이페이지" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { user } = await requireActor(args, "member");
  const [account, application, registrations, sessions, credits, commentMail, dues, payments] =
    await Promise.all([
      getMyAccount(user.id),
      findApplicationOf(user.id),
      registrationsOf(user.id),
      currentSessionId(request).then((current) => listSessions(user.id, current)),
      myCredits(user.id),
      commentMailSetting(user.id),
      myDues(user),
      myPayments(user.id).then((list) => list.items),
    ]);
  if (!account) throw redirect("/login");
  return {
    account,
    dues,
    associate: await associateDues(user, dues),
    payments,
    paymentsMode: paymentsMode(),
    online: waysToPayOnline(),
    now: clockNow().toISOString(),
    memberType: user.memberType,
    credits,
    commentMail,
    messagePreferences: await getMessagePreferences(user.id),
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

/**
 * A 준회원's dues: this year's fee (paid with the full-membership application), what was paid
 * toward it, and the depositor name for a transfer. Null for everyone else or an unset year.
 */
async function associateDues(
  user: { memberType: string; name: string; phone: string },
  dues: Awaited<ReturnType<typeof myDues>>,
) {
  if (user.memberType !== "associate") return null;
  const settings = await getDuesYear(dues.year);
  if (!settings) return null;
  const paid = dues.payments
    .filter((payment) => payment.year === dues.year)
    .reduce((sum, payment) => sum + payment.amount, 0);
  return {
    fee: {
      year: dues.year,
      regularFee: settings.regularFee,
      bankAccount: settings.bankAccount,
      dueDate: settings.dueDate,
    },
    paid,
    depositorName: depositorNameOf(user),
  };
}

/** Refused by a service (a wrong current password, a session already ended): the toast. */
const FAILED = "처리 실패";

// Every form of /mypage: the profile, the password, withdrawal, the session list and a credit
// objection. The current-password checks count against the login limit of this account and
// client.
export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  hideFields: ["currentPassword", "password", "confirmPassword"],
  toast: (refusal) => ({ title: FAILED, description: refusal.message, variant: "destructive" }),
  intents: {
    profile: {
      schema: profileSchema,
      run: async (profile, { user }) => {
        await updateMyProfile(user.id, profile);
        return done("회원 정보 수정 완료");
      },
    },
    password: {
      schema: passwordChangeSchema,
      run: async (input, actor, { request }) => {
        await changeMyPassword(
          actor.user.id,
          input,
          await currentSessionId(request),
          passwordClient(actor, request),
        );
        return done({
          title: "비밀번호 변경 완료",
          description: "다른 기기의 로그인은 모두 종료되었습니다.",
        });
      },
    },
    withdraw: {
      schema: withdrawalSchema,
      run: async ({ password }, actor, { request }) => {
        await withdraw(actor.user.id, password, passwordClient(actor, request));
        return done(
          { title: "회원 탈퇴 완료", description: "그동안 이용해 주셔서 감사합니다." },
          "/",
          { "Set-Cookie": await clearSessionCookie() },
        );
      },
    },
    "end-session": {
      schema: mySessionForms["end-session"],
      run: ({ sessionId }, actor, { request }) => endMySession(actor, sessionId, request),
    },
    "end-other-sessions": {
      schema: mySessionForms["end-other-sessions"],
      run: (_, actor, { request }) => endMyOtherSessions(actor, request),
    },
    // Dues paid online: an invoice for what is still owed, then its checkout.
    "pay-dues": {
      schema: duesPayFormSchema,
      run: async ({ year }, actor) => {
        const { paymentId } = await payDuesOnline(actor, year);
        return done(
          { title: `${year}년 연회비 결제`, description: "결제 수단을 골라 결제해주세요." },
          `/mypage/payments/${encodeURIComponent(paymentId)}`,
        );
      },
    },
    objection: {
      schema: creditObjectionFormSchema,
      run: async ({ seminarId, message }, { user }) => {
        await objectToCredits(seminarId, user.id, message);
        return done(OBJECTION_RECEIVED, "/mypage#credits");
      },
    },
  },
});

/** Who typed a current password: the login limit counts this account and client together. */
const passwordClient = (actor: SessionActor, request: Request) => ({
  ip: actor.audit.ip ?? undefined,
  cookie: request.headers.get("Cookie"),
});

export default function MyPage({ loaderData }: Route.ComponentProps) {
  const { account, application, registrations, sessions, credits, commentMail, dues, associate } =
    loaderData;
  const owed =
    dues.status === "unpaid"
      ? (dues.amountDue ?? 0)
      : associate
        ? associate.fee.regularFee - associate.paid
        : 0;
  const refusal = useRefusal();
  useRefusalToast(refusal);
  // A finished form comes back through a redirect to this page: its fields start over.
  const { key } = useLocation();
  const sessionRefusal =
    refusal?.intent === "end-session" || refusal?.intent === "end-other-sessions"
      ? refusal.message
      : undefined;

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
            <MyDues
              dues={dues}
              memberType={loaderData.memberType}
              associate={associate}
              online={loaderData.online}
            >
              {loaderData.paymentsMode !== "off" && owed > 0 ? (
                <DuesOnlineForm
                  issued={
                    loaderData.payments.find(
                      (p) => p.purpose === "dues" && p.status === "vbank_issued",
                    )?.paymentId
                  }
                  year={dues.year}
                  test={loaderData.paymentsMode === "test"}
                />
              ) : null}
            </MyDues>
          </MypageSection>
          <MypageSection id="mypage-seminars">
            <MySeminars registrations={registrations} />
          </MypageSection>
          <MypageSection id="mypage-payments">
            <MyPayments payments={loaderData.payments} now={loaderData.now} />
          </MypageSection>
          <MypageSection id="mypage-credits">
            <MyCredits
              credits={credits}
              refusal={refusal?.intent === "objection" ? refusal.message : undefined}
            />
          </MypageSection>
          <MypageSection id="mypage-notifications">
            <CommentMailSetting on={commentMail} />
            <MessagePreferencesCard preferences={loaderData.messagePreferences} />
          </MypageSection>
          <MypageSection id="mypage-security">
            <MySessions sessions={sessions} refusal={sessionRefusal} />
            <PasswordForm key={key} />
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
              <ProfileForm key={key} account={account} />
            </Card>
            <WithdrawalForm isAdmin={account.role === "admin"} />
          </MypageSection>
        </div>
      </Section>
    </>
  );
}

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
}: {
  account: { phone: string; hospitalName: string; department: string; address: string };
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const [form, fields] = useForm({
    id: "profile",
    lastResult: useRefusal("profile")?.result,
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

function PasswordForm() {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const [form, fields] = useForm({
    id: "password-change",
    lastResult: useRefusal("password")?.result,
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

function WithdrawalForm({ isAdmin }: { isAdmin: boolean }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "withdraw";
  const [form, fields] = useForm({
    id: "withdrawal",
    lastResult: useRefusal("withdraw")?.result,
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
