import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { isResetTokenValid, resetPassword } from "~/features/accounts/password-reset.server";
import { RESET_LINK_INVALID, resetPasswordSchema } from "~/features/accounts/validation";
import { fieldProps } from "~/lib/forms";
import { done, pageAction } from "~/lib/page-action.server";
import { bodyMessage, useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "비밀번호 재설정" },
  { name: "robots", content: "noindex" },
];

// The token is a secret: keep it out of every Referer header (caches: server/app.ts). Browsers
// apply the last policy they know, so this page's no-referrer wins over the site-wide one.
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  return { token, valid: await isResetTokenValid(token) };
}

export const action = pageAction({
  guard: async () => null,
  hideFields: ["password", "confirmPassword"],
  intents: {
    reset: {
      schema: resetPasswordSchema,
      run: async ({ token, password }) => {
        await resetPassword(token, password);
        return done(
          { title: "비밀번호 변경 완료", description: "새 비밀번호로 로그인해주세요." },
          "/login",
        );
      },
    },
  },
});

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const refusal = useRefusal();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: refusal?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Section className="max-w-md">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">비밀번호 재설정</h1>
        {!loaderData.valid ? (
          <>
            <p
              className="mt-4 rounded-lg bg-rose-50 px-3 py-2 text-base text-rose-800"
              role="alert"
            >
              {RESET_LINK_INVALID}
            </p>
            <Button asChild className="mt-6 w-full">
              <Link to="/forgot-password">재설정 링크 다시 받기</Link>
            </Button>
          </>
        ) : (
          <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
            <input type="hidden" name="token" value={loaderData.token} />
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
            <FormError message={form.errors?.[0] ?? bodyMessage(refusal)} />
            <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "변경 중..." : "비밀번호 변경"}
            </Button>
          </Form>
        )}
      </Card>
    </Section>
  );
}
