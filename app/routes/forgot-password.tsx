import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MailCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { requestPasswordReset } from "~/features/accounts/password-reset.server";
import { forgotPasswordSchema } from "~/features/accounts/validation";
import { fieldProps } from "~/lib/forms";
import { pageMeta } from "~/lib/meta";
import { pageAction, shown } from "~/lib/page-action.server";
import { bodyMessage, useRefusal } from "~/lib/refusal";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "비밀번호 찾기",
    description: "가입한 이메일로 비밀번호 재설정 링크를 보내 드립니다.",
    path: "/forgot-password",
  });

// The same answer whether or not the account exists, on the page itself.
export const action = pageAction<null, { ask: typeof forgotPasswordSchema }, { sent: true }>({
  guard: async () => null,
  intents: {
    ask: {
      schema: forgotPasswordSchema,
      run: async ({ email }, _, { context }) => {
        await requestPasswordReset(email, context.get(clientIpContext));
        return shown({ sent: true as const });
      },
    },
  },
});

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const refusal = useRefusal();
  const sent = Boolean(actionData && "shown" in actionData);
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: refusal?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Section className="max-w-md">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">비밀번호 찾기</h1>
        {sent ? (
          <div className="mt-4 grid gap-3 text-base text-slate-700" role="status">
            <MailCheck className="size-10 text-emerald-600" aria-hidden="true" />
            <p>
              입력하신 이메일이 가입된 계정이라면 비밀번호 재설정 링크를 보내 드렸습니다. 메일함을
              확인해주세요.
            </p>
            <p className="text-sm text-slate-600">링크는 1시간 동안 한 번만 사용할 수 있습니다.</p>
          </div>
        ) : (
          <p className="mt-2 text-base text-slate-600">
            가입한 이메일을 입력하시면 비밀번호 재설정 링크를 보내 드립니다.
          </p>
        )}
        <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
          <Field
            {...fieldProps(fields.email, "email")}
            label="이메일"
            required
            autoComplete="email"
          />
          <FormError message={form.errors?.[0] ?? bodyMessage(refusal)} />
          <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "보내는 중..." : "재설정 링크 받기"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            로그인으로 돌아가기
          </Link>
        </p>
      </Card>
    </Section>
  );
}
