import { CheckCircle2, XCircle } from "lucide-react";
import { data } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { formatDay, won } from "~/features/dues/format";
import { verifyReceipt } from "~/features/dues/receipts.server";
import { verifyCertificate } from "~/features/seminars/certificates.server";
import { formatDate } from "~/lib/dates";
import type { Route } from "./+types/verify";

export const meta: Route.MetaFunction = () => [
  { title: "확인서 진위 확인" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

// GET /verify/{code} (public): whether a 참석확인서 or a 납부확인서 with this code was issued,
// showing only the name partly masked and what the document states. An unknown code answers 404.
export async function loader({ params }: Route.LoaderArgs) {
  const certificate = await verifyCertificate(params.code);
  const receipt = certificate ? null : await verifyReceipt(params.code);
  return data(
    { code: params.code.slice(0, 40), certificate, receipt },
    { status: certificate || receipt ? 200 : 404 },
  );
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { certificate, receipt, code } = loaderData;
  return (
    <>
      <PageHeader title="확인서 진위 확인" />
      <Section className="max-w-2xl">
        {receipt ? (
          <Card className="p-6 sm:p-8">
            <p className="flex items-center gap-2 text-lg font-bold text-emerald-700">
              <CheckCircle2 className="size-6" aria-hidden="true" />
              학회가 발급한 납부확인서입니다.
            </p>
            <dl className="mt-5 grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-2 text-base">
              <dt className="text-slate-500">확인번호</dt>
              <dd className="font-mono">{receipt.code}</dd>
              <dt className="text-slate-500">성명</dt>
              <dd>{receipt.name}</dd>
              <dt className="text-slate-500">회비 연도</dt>
              <dd>{`${receipt.year}년 연회비`}</dd>
              <dt className="text-slate-500">납부 금액</dt>
              <dd>{won(receipt.amount)}</dd>
              <dt className="text-slate-500">납부일</dt>
              <dd>{formatDay(receipt.paidAt)}</dd>
            </dl>
            <p className="mt-5 text-sm text-slate-600">
              개인정보 보호를 위해 성명 일부를 가려 표시합니다. 확인서의 내용과 다르면 학회
              사무국으로 문의해주세요.
            </p>
          </Card>
        ) : certificate ? (
          <Card className="p-6 sm:p-8">
            <p className="flex items-center gap-2 text-lg font-bold text-emerald-700">
              <CheckCircle2 className="size-6" aria-hidden="true" />
              학회가 발급한 참석확인서입니다.
            </p>
            <dl className="mt-5 grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-2 text-base">
              <dt className="text-slate-500">확인번호</dt>
              <dd className="font-mono">{certificate.code}</dd>
              <dt className="text-slate-500">성명</dt>
              <dd>{certificate.name}</dd>
              <dt className="text-slate-500">교육명</dt>
              <dd>{certificate.title}</dd>
              <dt className="text-slate-500">일자</dt>
              <dd>{formatDate(certificate.date)}</dd>
              <dt className="text-slate-500">인정 평점</dt>
              <dd>{`${certificate.credits}점`}</dd>
              <dt className="text-slate-500">발급일</dt>
              <dd>{formatDate(certificate.issuedAt)}</dd>
            </dl>
            <p className="mt-5 text-sm text-slate-600">
              개인정보 보호를 위해 성명 일부를 가려 표시합니다. 확인서의 내용과 다르면 학회
              사무국으로 문의해주세요.
            </p>
          </Card>
        ) : (
          <Card tone="danger" className="p-6 sm:p-8">
            <p className="flex items-center gap-2 text-lg font-bold text-rose-700">
              <XCircle className="size-6" aria-hidden="true" />
              확인되지 않는 확인서입니다.
            </p>
            <p className="mt-3 break-all text-base text-slate-700">
              확인번호 <span className="font-mono">{code}</span>에 해당하는 참석확인서나
              납부확인서가 없습니다. 번호를 다시 확인하시거나 학회 사무국으로 문의해주세요.
            </p>
            {/^제?\s*\d{4}-\d{1,6}\s*호?$/.test(code) ? (
              // The serial printed as 발급번호 (제2026-00003호) is not the code: it is guessable.
              <p className="mt-2 text-base text-slate-700">
                입력하신 번호는 발급번호로 보입니다. 확인번호는 확인서 맨 아래 ‘확인번호’ 뒤에 적힌
                12자리(예: AB23-CD45-EF67)입니다.
              </p>
            ) : null}
          </Card>
        )}
      </Section>
    </>
  );
}
