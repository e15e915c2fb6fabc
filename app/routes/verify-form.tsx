import { Form, redirect } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import type { Route } from "./+types/verify-form";

export const meta: Route.MetaFunction = () => [{ title: "확인서 진위 확인" }];

// GET /verify (public): where someone holding a paper 참석확인서 or 납부확인서 types the 확인번호
// printed on it; ?code= goes on to /verify/{code}, which answers whether it was issued.
export function loader({ request }: Route.LoaderArgs) {
  const code = (new URL(request.url).searchParams.get("code") ?? "").trim().slice(0, 40);
  if (code) throw redirect(`/verify/${encodeURIComponent(code)}`);
  return null;
}

export default function VerifyForm() {
  return (
    <>
      <PageHeader title="확인서 진위 확인">
        학회가 발급한 참석확인서와 납부확인서에 적힌 확인번호로, 실제로 발급된 확인서인지
        확인합니다.
      </PageHeader>
      <Section className="max-w-2xl">
        <Card className="p-6 sm:p-8">
          <Form method="get" className="grid gap-4">
            <Field
              id="verify-code"
              name="code"
              label="확인번호"
              required
              maxLength={40}
              autoComplete="off"
              placeholder="예: XB9T-6WJP-RU8Z"
              hint="확인서 아래쪽에 적힌 번호입니다. 대소문자와 하이픈(-)은 달라도 됩니다."
            />
            <Button type="submit" className="justify-self-start">
              확인하기
            </Button>
          </Form>
        </Card>
      </Section>
    </>
  );
}
