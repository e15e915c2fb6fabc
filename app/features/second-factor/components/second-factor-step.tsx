import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { fieldProps } from "~/lib/forms";
import { bodyMessage, type Refusal } from "~/lib/refusal";
import { secondFactorCodeSchema } from "../validation";

/**
 * Where the login's forms post: /login with the page to come back to, so that a refused password
 * or code (the page drawn again at this address) still knows where the member was going.
 */
export const loginAction = (redirectTo: string) =>
  redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";

/**
 * The login's second step on /login: the six-digit code of the authenticator app, or one of the
 * recovery codes. Works without JavaScript (a plain POST form).
 */
export function SecondFactorStep({ refusal }: { refusal: Refusal | null }) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const pending = navigation.state === "submitting" && navigation.formAction === "/login";
  const [form, fields] = useForm({
    id: "second-factor",
    lastResult: refusal?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorCodeSchema }),
    shouldValidate: "onSubmit",
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <Section className="max-w-md">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">2단계 인증</h1>
        <p className="mt-2 text-base text-slate-600">
          인증 앱(Google Authenticator, Microsoft Authenticator 등)에 표시된 6자리 코드를
          입력해주세요. 휴대폰을 쓸 수 없으면 등록 때 받은 복구 코드 하나를 입력할 수 있습니다.
        </p>
        <Form
          method="post"
          action={loginAction(redirectTo)}
          className="mt-6 grid gap-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value="second-factor" />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Field
            {...fieldProps(fields.code)}
            label="인증 코드 또는 복구 코드"
            required
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
          />
          <FormError id={form.errorId} message={form.errors?.[0] ?? bodyMessage(refusal)} />
          <Button type="submit" size="lg" disabled={pending} className="mt-2 w-full">
            {pending ? "확인 중..." : "확인"}
          </Button>
        </Form>
        <Form method="post" action="/login" className="mt-4 text-center">
          <input type="hidden" name="intent" value="restart" />
          <button
            type="submit"
            className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline"
          >
            처음부터 다시 로그인
          </button>
        </Form>
      </Card>
    </Section>
  );
}
