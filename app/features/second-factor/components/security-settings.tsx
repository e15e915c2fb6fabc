import { Download, ShieldCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { formatDate } from "~/lib/dates";
import type { Refusal } from "~/lib/refusal";
import type { SecurityOutcome, securityPageData } from "../security-page.server";

type SecurityData = Awaited<ReturnType<typeof securityPageData>>;

/** What a finished form shows once: its message, and new recovery codes. */

/** The secret in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** /admin/security: the administrator's second factor (TOTP) and recovery codes. */
export function SecuritySettings({
  data,
  outcome,
  refusal,
}: {
  data: SecurityData;
  outcome: SecurityOutcome | undefined;
  refusal: Refusal | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const codes = outcome?.recoveryCodes;
  return (
    <Section className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">보안 설정</h1>
        <p className="mt-2 text-slate-600">
          관리자 계정은 회원의 면허증과 연락처를 열람하므로 비밀번호와 함께 인증 앱의 일회용
          코드(2단계 인증, OTP)로 로그인합니다.
        </p>
      </div>
      {data.enrolmentOnly ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-base text-amber-900"
        >
          관리자 기능을 이용하려면 먼저 2단계 인증을 등록해야 합니다. 등록을 마치면 관리자 메뉴가
          열립니다.
        </p>
      ) : null}
      {refusal ? (
        <FormError message={refusal.message} />
      ) : outcome ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-base text-emerald-900"
        >
          {outcome.message}
        </p>
      ) : null}
      {codes ? <RecoveryCodes codes={codes} /> : null}
      {data.status.enrolled ? (
        <Enrolled status={data.status} busy={busy} refusal={refusal} />
      ) : data.pending ? (
        <Enrolment pending={data.pending} busy={busy} refusal={refusal} />
      ) : (
        <Card className="p-6 sm:p-8">
          <h2 className="text-xl font-bold text-slate-900">2단계 인증 등록</h2>
          <p className="mt-2 text-base text-slate-700">
            휴대폰에 Google Authenticator, Microsoft Authenticator 같은 인증 앱을 설치한 뒤 등록을
            시작해주세요. QR 코드를 스캔하거나 설정 키를 직접 입력하면 됩니다.
          </p>
          <Form method="post" className="mt-5">
            <input type="hidden" name="intent" value="setup" />
            <Button type="submit" disabled={busy}>
              등록 시작
            </Button>
          </Form>
        </Card>
      )}
    </Section>
  );
}

function Enrolment({
  pending,
  busy,
  refusal,
}: {
  pending: NonNullable<SecurityData["pending"]>;
  busy: boolean;
  refusal: Refusal | null;
}) {
  const error = refusal?.intent === "confirm" ? refusal.message : undefined;
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">2단계 인증 등록</h2>
      <ol className="mt-4 grid gap-5 text-base text-slate-700">
        <li>
          <p className="font-semibold text-slate-900">1. 인증 앱으로 QR 코드를 스캔하세요.</p>
          <div
            role="img"
            aria-label="인증 앱 등록용 QR 코드"
            className="mt-3 size-52 rounded-lg border border-slate-200 bg-white p-1 [&>svg]:size-full"
            // The SVG is drawn on the server by the qrcode library from our own otpauth:// URI.
            dangerouslySetInnerHTML={{ __html: pending.qrSvg }}
          />
        </li>
        <li>
          <p className="font-semibold text-slate-900">
            스캔할 수 없으면 앱에 설정 키를 직접 입력하세요.
          </p>
          <p className="mt-2 text-sm text-slate-600">설정 키 (시간 기반, 6자리)</p>
          <code
            data-testid="totp-secret"
            data-secret={pending.secret}
            className="mt-1 block rounded-lg bg-slate-100 px-3 py-2 font-mono text-base break-all text-slate-900 select-all"
          >
            {grouped(pending.secret)}
          </code>
        </li>
        <li>
          <p className="font-semibold text-slate-900">
            2. 앱에 표시된 6자리 코드를 입력해 등록을 마치세요.
          </p>
          <Form method="post" className="mt-3 grid max-w-xs gap-3">
            <input type="hidden" name="intent" value="confirm" />
            <Field
              id="confirm-code"
              name="code"
              label="인증 코드"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              errors={error ? [error] : undefined}
            />
            <Button type="submit" disabled={busy}>
              등록 완료
            </Button>
          </Form>
        </li>
      </ol>
      <Form method="post" className="mt-6 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="setup" />
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          새 설정 키 발급
        </Button>
      </Form>
    </Card>
  );
}

function Enrolled({
  status,
  busy,
  refusal,
}: {
  status: SecurityData["status"];
  busy: boolean;
  refusal: Refusal | null;
}) {
  const errorOf = (intent: string) => (refusal?.intent === intent ? [refusal.message] : undefined);
  return (
    <>
      <Card className="p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <ShieldCheck className="size-7 text-emerald-700" aria-hidden="true" />
          <h2 className="text-xl font-bold text-slate-900">2단계 인증 사용 중</h2>
          <Badge tone="green">사용 중</Badge>
        </div>
        <p className="mt-3 text-base text-slate-700">
          {status.confirmedAt ? `${formatDate(status.confirmedAt)} 등록 · ` : ""}남은 복구 코드{" "}
          {status.recoveryCodesLeft}개
        </p>
        <p className="mt-4">
          <Link to="/admin/dashboard" className="font-semibold text-brand-700 hover:underline">
            관리자 대시보드로 가기
          </Link>
        </p>
      </Card>
      <Card className="p-6 sm:p-8">
        <h2 className="text-lg font-bold text-slate-900">복구 코드 새로 발급</h2>
        <p className="mt-2 text-base text-slate-700">
          복구 코드를 잃어버렸거나 거의 다 썼다면 새로 발급하세요. 이전 코드는 모두 쓸 수 없게
          됩니다.
        </p>
        <Form method="post" className="mt-4 grid max-w-sm gap-3">
          <input type="hidden" name="intent" value="recovery-codes" />
          <Field
            id="recovery-password"
            name="password"
            type="password"
            label="현재 비밀번호"
            required
            autoComplete="current-password"
            errors={errorOf("recovery-codes")}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            복구 코드 새로 발급
          </Button>
        </Form>
      </Card>
      <Card className="p-6 sm:p-8">
        <h2 className="text-lg font-bold text-slate-900">2단계 인증 해제</h2>
        <p className="mt-2 text-base text-slate-700">
          휴대폰을 바꿀 때는 해제한 뒤 새 휴대폰으로 다시 등록하세요. 해제 사실은 메일로
          알려드립니다.
        </p>
        <Form method="post" className="mt-4 grid max-w-sm gap-3">
          <input type="hidden" name="intent" value="disable" />
          <Field
            id="disable-password"
            name="password"
            type="password"
            label="현재 비밀번호"
            required
            autoComplete="current-password"
            errors={errorOf("disable")}
          />
          <Button type="submit" variant="destructive" disabled={busy}>
            2단계 인증 해제
          </Button>
        </Form>
      </Card>
    </>
  );
}

/** The recovery codes, shown once: as a list and as a text file to keep. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = [
    "2단계 인증 복구 코드 (각 코드는 한 번만 사용할 수 있습니다)",
    "",
    ...codes,
    "",
  ].join("\r\n");
  return (
    <Card className="border-amber-300 p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">복구 코드</h2>
      <p className="mt-2 text-base text-slate-700">
        휴대폰을 잃어버렸을 때 인증 코드 대신 쓸 수 있는 코드입니다. 각 코드는 한 번만 쓸 수 있으며,{" "}
        <strong>이 화면을 벗어나면 다시 볼 수 없습니다.</strong> 내려받거나 적어서 안전한 곳에
        보관해주세요.
      </p>
      <ol
        data-testid="recovery-codes"
        className="mt-4 grid grid-cols-2 gap-2 font-mono text-base text-slate-900 sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <Button asChild variant="secondary" className="mt-5">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`\uFEFF${file}`)}`}
          download="recovery-codes.txt"
        >
          <Download className="size-4" aria-hidden="true" /> 텍스트 파일로 내려받기
        </a>
      </Button>
    </Card>
  );
}
