import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { MySessions } from "~/features/accounts/components/my-sessions";
import { changeMyPassword, withdraw } from "~/features/accounts/my-account.server";
import { endMyOtherSessions, endMySession } from "~/features/accounts/my-sessions.server";
import { clearSessionCookie, currentSessionId } from "~/features/accounts/session.server";
import { listSessions } from "~/features/accounts/session-list.server";
import {
  mySessionForms,
  passwordChangeSchema,
  withdrawalSchema,
} from "~/features/accounts/validation";
import { keepAttendanceOf, withdrawFromSeminars } from "~/features/seminars/registrations.server";
import { fieldProps } from "~/lib/forms";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal, useRefusalToast } from "~/lib/refusal";
import type { Route } from "./+types/mypage-security";

export const meta: Route.MetaFunction = () => [
  { title: "보안·탈퇴 · 마이페이지" },
  { name: "robots", content: "noindex" },
];

// /mypage/security: where the member is logged in, the password, and withdrawal.
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "member");
  const current = await currentSessionId(args.request);
  return { sessions: await listSessions(user.id, current), isAdmin: user.role === "admin" };
}

// The password, withdrawal and the session list. The current-password checks count against the
// login limit of this account and client.
export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  hideFields: ["currentPassword", "password", "confirmPassword"],
  toast: (refusal) => ({
    title: "처리 실패",
    description: refusal.message,
    variant: "destructive",
  }),
  intents: {
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
        await withdraw(actor.user.id, password, passwordClient(actor, request), {
          beforeDelete: () => withdrawFromSeminars(actor.user.id),
          withDeletion: (tx) => keepAttendanceOf(tx, actor.user.id),
        });
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
  },
});

/** Who typed a current password: the login limit counts this account and client together. */
const passwordClient = (actor: SessionActor, request: Request) => ({
  ip: actor.audit.ip ?? undefined,
  cookie: request.headers.get("Cookie"),
});

export default function MySecurity({ loaderData }: Route.ComponentProps) {
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
      <MySessions sessions={loaderData.sessions} refusal={sessionRefusal} />
      <PasswordForm key={key} />
      <WithdrawalForm isAdmin={loaderData.isAdmin} />
    </>
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
          아직 열리지 않은 세미나의 신청은 취소되어 대기자에게 자리가 넘어갑니다. 취소 기한 전이면
          결제한 등록비는 전액 환불되고, 기한이 지났으면 환불되지 않습니다.
        </li>
        <li>
          세미나 신청 내역은 삭제됩니다. 다만 참석한 세미나의 출결·연수평점 기록은 대한의사협회
          보수교육 보고와 참석확인서 진위 확인을 위해 이름·면허번호·소속 병·의원과 함께 세미나가
          끝난 뒤 3년간 보존됩니다(연락처는 삭제).
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
          className="flex items-start gap-2 text-base text-slate-800"
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
