import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { requireActor } from "~/features/accounts/actor.server";
import { MypageAnchorRedirect } from "~/features/accounts/components/mypage-tabs";
import { getMyAccount, updateMyProfile } from "~/features/accounts/my-account.server";
import { profileSchema } from "~/features/accounts/validation";
import { findApplicationOf } from "~/features/membership/applications.server";
import { ApplicationStatusCard } from "~/features/membership/components/application-status";
import { MessagePreferencesCard } from "~/features/messages/components/message-preferences";
import { messagePreferencesOf } from "~/features/messages/preferences.server";
import { VotesAwaitingBallot } from "~/features/votes/components/votes-awaiting-ballot";
import { votesAwaitingBallotOf } from "~/features/votes/votes.server";
import { formatDate } from "~/lib/dates";
import { fieldProps } from "~/lib/forms";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal, useRefusalToast } from "~/lib/refusal";
import type { Route } from "./+types/mypage";

export const meta: Route.MetaFunction = () => [
  { title: "마이페이지" },
  { name: "robots", content: "noindex" },
];

// /mypage, the first of 마이페이지's pages (routes/mypage-layout.tsx): the account and its contact
// details, the 정회원 application, the text-message switches and the privacy consent record.
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "member");
  const [row, application, votesAwaiting] = await Promise.all([
    getMyAccount(user.id),
    findApplicationOf(user.id),
    votesAwaitingBallotOf(user.id),
  ]);
  if (!row) throw redirect("/login");
  const { messagesEnabled, marketingConsentAt, ...account } = row;
  return {
    account,
    votesAwaiting,
    messagePreferences: messagePreferencesOf({ messagesEnabled, marketingConsentAt }),
    application: application
      ? {
          status: application.status,
          createdAt: application.createdAt,
          rejectionReason: application.rejectionReason,
        }
      : null,
  };
}

export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  // The form names its intent, as the forms of the one long /mypage did.
  extra: { intent: { maxLength: 40 } },
  toast: (refusal) => ({
    title: "처리 실패",
    description: refusal.message,
    variant: "destructive",
  }),
  intents: {
    profile: {
      schema: profileSchema,
      run: async (profile, { user }) => {
        await updateMyProfile(user.id, profile);
        return done("회원 정보 수정 완료");
      },
    },
  },
});

export default function MyProfile({ loaderData }: Route.ComponentProps) {
  const { account, application, votesAwaiting } = loaderData;
  useRefusalToast(useRefusal());
  // A finished form comes back through a redirect to this page: its fields start over.
  const { key } = useLocation();
  return (
    <>
      <MypageAnchorRedirect />
      <VotesAwaitingBallot votes={votesAwaiting} />
      <section aria-label="회원 정보" className="grid gap-6">
        <Card className="p-6 sm:p-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-bold text-slate-900">회원 정보</h2>
            <Badge tone={account.isApproved ? "green" : "yellow"}>
              {account.isApproved ? "승인된 회원" : "승인 대기"}
            </Badge>
          </div>
          <dl className="mt-5 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-base">
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
      </section>
      <section aria-labelledby="application-title">
        <h2 id="application-title" className="mb-3 text-xl font-bold text-slate-900">
          정회원 가입 신청
        </h2>
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
      </section>
      {/* 총회 votes have no place in the site's menu (the home page's script budget is spent):
          a member finds them here as well as in the mail and text of each vote. */}
      <Card className="flex flex-wrap items-center justify-between gap-3 p-6">
        <div>
          <h2 className="text-xl font-bold text-slate-900">총회 투표</h2>
          <p className="mt-1 text-slate-700">진행 중인 투표와 끝난 투표의 결과를 봅니다.</p>
        </div>
        <Button asChild variant="secondary">
          <Link to="/votes">총회 투표 보기</Link>
        </Button>
      </Card>
      <section id="mypage-notifications" aria-label="알림" className="grid scroll-mt-36 gap-6">
        <MessagePreferencesCard preferences={loaderData.messagePreferences} />
      </section>
      <Card className="p-6 sm:p-8">
        <h2 className="text-xl font-bold text-slate-900">개인정보 동의 기록</h2>
        {account.privacyConsentAt ? (
          <p className="mt-3 text-base text-slate-700">
            개인정보 수집·이용 동의 ({account.privacyConsentVersion}) ·{" "}
            <DateTime value={account.privacyConsentAt} /> 동의 ·{" "}
            <Link to="/privacy" className="font-semibold text-brand-700 underline">
              개인정보처리방침
            </Link>
          </p>
        ) : (
          <p className="mt-3 text-base text-slate-700">기록된 동의 내역이 없습니다.</p>
        )}
        {account.termsConsentAt ? (
          <p className="mt-2 text-base text-slate-700">
            이용약관 동의 (버전 {account.termsConsentVersion}) ·{" "}
            <DateTime value={account.termsConsentAt} /> 동의 ·{" "}
            <Link
              to={`/terms?version=${account.termsConsentVersion}`}
              className="font-semibold text-brand-700 underline"
            >
              동의한 약관 보기
            </Link>
          </p>
        ) : null}
      </Card>
    </>
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
