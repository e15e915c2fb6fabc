import { Form, Link, redirect } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { FileField } from "~/components/ui/file-field";
import { Pagination } from "~/components/ui/pagination";
import { SelectField, TextareaField } from "~/components/ui/textarea-field";
import { requireActor } from "~/features/accounts/actor.server";
import { unpaidRosterUrl } from "~/features/admin/components/office-summary";
import { VoidPaymentForm } from "~/features/dues/components/void-payment-form";
import {
  currentDuesYear,
  duesFigures,
  exemptMember,
  findMemberByKey,
  getDuesYear,
  listDuesYears,
  paymentsOfYear,
  recordPayment,
  setDuesYear,
  todaySeoul,
  voidPayment,
} from "~/features/dues/dues.server";
import { formatDay, won } from "~/features/dues/format";
import {
  importStatementFile,
  STATEMENT_FORM_FILE,
  safeReturnTo,
} from "~/features/dues/forms.server";
import { defaultGraceUntil } from "~/features/dues/standing.server";
import {
  DUES_FORM_FIELDS,
  duesPageForms,
  duesYearSchema,
  exemptionSchema,
  MAX_DUES_YEAR,
  MIN_DUES_YEAR,
  PAYMENT_METHODS,
  PAYMENTS_PAGE_SIZE,
  paymentSchema,
  voidSchema,
  yearSchema,
} from "~/features/dues/validation";
import { parse } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { done, pageAction } from "~/lib/page-action.server";
import { pageFromUrl } from "~/lib/paging";
import { useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-dues";

export const meta: Route.MetaFunction = () => [
  { title: "회비 관리 | 관리자" },
  { name: "robots", content: "noindex" },
];

function yearFrom(url: URL) {
  const parsed = yearSchema.safeParse(url.searchParams.get("year") ?? "");
  return parsed.success ? parsed.data : currentDuesYear();
}

// Each year's settings and figures, the year's payments (50 a page), and the forms: set up the
// year, record a payment, exempt a member, import a bank statement.
export async function loader(args: Route.LoaderArgs) {
  await requireActor(args, "admin");
  const { url } = args;
  const year = yearFrom(url);
  const [years, settings, payments] = await Promise.all([
    listDuesYears(),
    getDuesYear(year),
    paymentsOfYear(year, pageFromUrl(url.searchParams)),
  ]);
  const previous = years.find((y) => y.year < year);
  const figures = settings ? await duesFigures(year, settings.regularFee) : null;
  return {
    year,
    years: years.map(({ year, expected, paid, unpaid, exempt, received, regularFee }) => ({
      year,
      expected,
      paid,
      unpaid,
      exempt,
      received,
      regularFee,
    })),
    settings,
    figures,
    defaults: {
      regularFee: settings?.regularFee ?? previous?.regularFee ?? "",
      lifetimeFee: settings?.lifetimeFee ?? previous?.lifetimeFee ?? "",
      dueDate: settings?.dueDate ?? `${year}-03-31`,
      graceUntil: settings?.graceUntil ?? defaultGraceUntil(year),
      bankAccount: settings?.bankAccount ?? previous?.bankAccount ?? "",
    },
    today: todaySeoul(),
    payments,
  };
}

/** A payment's or exemption's member: the record's id, or found by e-mail or licence number. */
async function memberOf(input: { userId: string; member: string }) {
  return input.userId && isUuid(input.userId) ? input.userId : findMemberByKey(input.member);
}

/** Back to the member record the form came from, or to the year's page. */
const finished = (message: string, year: number, returnTo: string) =>
  done(
    { title: "처리 완료", description: message },
    safeReturnTo(returnTo) ?? `/admin/dues?year=${year}`,
  );

// Each form names its intent and calls the same service as the matching JSON call.
// Every form of the page, the bank statement's too: it alone carries a file (multipart).
export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  extra: DUES_FORM_FIELDS,
  file: STATEMENT_FORM_FILE,
  // The statement form came without an intent before it was a page action; it still may.
  defaultIntent: "import",
  refusedBackTo: { title: "처리 실패", path: (form) => safeReturnTo(form.get("returnTo")) },
  intents: {
    year: {
      schema: duesPageForms.year,
      run: async ({ returnTo, ...input }, actor) => {
        const year = parse(yearSchema, input.year);
        await setDuesYear(actor, year, parse(duesYearSchema, input));
        return finished(`${year}년 회비 설정을 저장했습니다.`, year, returnTo);
      },
    },
    pay: {
      schema: duesPageForms.pay,
      run: async ({ returnTo, ...input }, actor) => {
        const year = parse(yearSchema, input.year);
        const userId = await memberOf(input);
        await recordPayment(actor, parse(paymentSchema, { ...input, userId, year }));
        return finished("납부를 기록했습니다.", year, returnTo);
      },
    },
    exempt: {
      schema: duesPageForms.exempt,
      run: async ({ returnTo, ...input }, actor) => {
        const year = parse(yearSchema, input.year);
        const userId = await memberOf(input);
        const exemption = parse(exemptionSchema, { userId, reason: input.reason });
        await exemptMember(actor, year, exemption.userId, exemption.reason);
        return finished(`${year}년 회비를 면제했습니다.`, year, returnTo);
      },
    },
    import: {
      schema: duesPageForms.import,
      run: async ({ year }, actor, { file }) =>
        redirect(`/admin/dues/imports/${await importStatementFile(actor, year, file)}`),
    },
    void: {
      schema: duesPageForms.void,
      run: async ({ returnTo, ...input }, actor) => {
        const year = parse(yearSchema, input.year);
        const { reason } = parse(voidSchema, { reason: input.reason });
        await voidPayment(actor, input.paymentId, reason);
        return finished("납부 기록을 취소했습니다.", year, returnTo);
      },
    },
  },
});

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: m }));

export default function AdminDues({ loaderData }: Route.ComponentProps) {
  const { year, years, settings, figures, defaults, today, payments } = loaderData;
  const refusal = useRefusal();
  const failed = (intent: string) => (refusal?.intent === intent ? refusal.message : undefined);
  const otherYears = [...new Set([year + 1, year, ...years.map((y) => y.year)])]
    .filter((y) => y >= MIN_DUES_YEAR && y <= MAX_DUES_YEAR)
    .sort((a, b) => b - a);
  // The year's settings: first in its column until the year is set up, since nothing else on
  // the page works before; then last, as it is rarely changed.
  const setupCard = (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{year}년 회비 설정</h2>
      {settings ? null : (
        <p className="mt-1 text-sm text-slate-700">
          먼저 이 해의 회비를 설정해주세요. 설정해야 납부 기록, 거래내역 가져오기, 면제를 쓸 수
          있습니다.
        </p>
      )}
      <Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="year" />
        <input type="hidden" name="year" value={year} />
        <div className="grid grid-cols-2 gap-3">
          <Field
            id="year-regular"
            name="regularFee"
            label="정회원 연회비(원)"
            placeholder="예: 200,000 또는 20만"
            required
            defaultValue={defaults.regularFee}
          />
          <Field
            id="year-lifetime"
            name="lifetimeFee"
            label="평생회비(원)"
            placeholder="예: 2,000,000 또는 200만"
            required
            defaultValue={defaults.lifetimeFee}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field
            id="year-due"
            name="dueDate"
            type="date"
            label="납부 기한"
            required
            defaultValue={defaults.dueDate}
          />
          <Field
            id="year-grace"
            name="graceUntil"
            type="date"
            label="유예기간 종료일"
            defaultValue={defaults.graceUntil}
          />
        </div>
        <Field
          id="year-bank"
          name="bankAccount"
          label="입금 계좌 (은행 계좌번호 예금주)"
          required
          placeholder="대구은행 123-45-678901 대한개원의AI마케팅학회"
          defaultValue={defaults.bankAccount}
        />
        <p className="text-sm text-slate-600">
          유예기간 동안에는 지난해 정회원 자격이 유지됩니다(기본: 다음 해 3월 31일).
        </p>
        <FormError message={failed("year")} />
        <Button type="submit">설정 저장</Button>
      </Form>
    </Card>
  );

  return (
    <Section>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">회비 관리</h1>
      <p className="mt-1 text-slate-600">
        연도별 회비를 설정하고 납부·면제를 기록합니다. 납부 기록은 삭제하지 않고 사유와 함께
        취소하며, 모든 처리는 감사 기록에 남습니다.
      </p>

      <nav aria-label="회비 연도" className="mt-5 flex flex-wrap gap-2">
        {otherYears.map((y) => (
          <Link
            key={y}
            to={`/admin/dues?year=${y}`}
            aria-current={y === year ? "page" : undefined}
            className={
              y === year
                ? "rounded-full bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white"
                : "rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:border-brand-500"
            }
          >
            {y}년{years.some((s) => s.year === y) ? "" : " (미설정)"}
          </Link>
        ))}
      </nav>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="grid content-start gap-6">
          {settings ? null : setupCard}
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900">{year}년 현황</h2>
            {figures && settings ? (
              <>
                <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
                  <Figure label="납부 대상" value={`${figures.expected}명`} />
                  <Figure label="납부" value={`${figures.paid}명`} tone="green" />
                  <Figure label="미납" value={`${figures.unpaid}명`} tone="red" />
                  <Figure label="면제" value={`${figures.exempt}명`} />
                  <Figure label="납부 총액" value={won(figures.received)} wide />
                </dl>
                {figures.unpaid > 0 ? (
                  <p className="mt-3">
                    <Link
                      to={unpaidRosterUrl(year)}
                      className="font-semibold text-brand-700 underline underline-offset-2"
                    >
                      미납 회원 {figures.unpaid}명 명단 보기
                    </Link>
                  </p>
                ) : null}
                <p className="mt-4 text-sm text-slate-600">
                  정회원 연회비 {won(settings.regularFee)} · 평생회비 {won(settings.lifetimeFee)} ·
                  납부 기한 {formatDay(settings.dueDate)} · 유예기간{" "}
                  {formatDay(settings.graceUntil)}까지
                </p>
                <p className="mt-1 break-all text-sm text-slate-600">
                  입금 계좌: {settings.bankAccount}
                </p>
              </>
            ) : (
              <p className="mt-3 text-slate-700">
                {year}년 회비가 아직 설정되지 않았습니다. 설정하기 전까지는 이 해의 회비를
                누구에게도 요구하지 않으며, 정회원 자격은 정회원 승인만으로 유지됩니다.
              </p>
            )}
          </Card>

          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900">{year}년 납부 기록</h2>
            {payments.items.length === 0 ? (
              <p className="mt-3 text-slate-600">기록된 납부가 없습니다.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200">
                {payments.items.map((p) => (
                  <li key={p.id} className="grid gap-1 py-3">
                    <div className="flex flex-wrap items-center gap-2">
                      {p.userId ? (
                        <Link
                          to={`/admin/members/${p.userId}`}
                          className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                        >
                          {p.memberName}
                        </Link>
                      ) : (
                        <span className="font-semibold text-slate-900">{p.memberName} (탈퇴)</span>
                      )}
                      <span className="text-slate-800">{won(p.amount)}</span>
                      <Badge>{p.method}</Badge>
                      {p.voidedAt ? <Badge tone="red">취소됨</Badge> : null}
                    </div>
                    <p className="text-sm text-slate-600">
                      {formatDay(p.paidAt)}
                      {p.depositorName ? ` · 입금자 ${p.depositorName}` : ""}
                      {p.memo ? ` · ${p.memo}` : ""}
                      {p.voidReason ? ` · 취소 사유: ${p.voidReason}` : ""}
                    </p>
                    {p.voidedAt ? null : (
                      <VoidPaymentForm paymentId={p.id} year={year} online={p.online} />
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={payments.page}
              total={payments.total}
              pageSize={PAYMENTS_PAGE_SIZE}
              searchParams={new URLSearchParams({ year: String(year) })}
              pathname="/admin/dues"
              label="납부 기록 페이지"
            />
            <FormError message={failed("void")} />
          </Card>
        </div>

        <div className="grid content-start gap-6">
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900">은행 거래내역 가져오기</h2>
            <p className="mt-1 text-sm text-slate-600">
              인터넷뱅킹에서 '엑셀 저장'한 파일(.xlsx, .xls)이나 CSV를 올리면 입금자명과 금액으로
              회원을 찾아 제안합니다. 확인한 거래만 기록되며, 같은 거래는 두 번 기록되지 않습니다.
            </p>
            <Form
              method="post"
              encType="multipart/form-data"
              className="mt-4 grid gap-3"
              reloadDocument
            >
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="year" value={year} />
              <FileField
                id="statement-file"
                name="file"
                label="거래내역 파일"
                required
                accept=".xlsx,.xls,.csv,.txt,.htm,.html"
              />
              <FormError message={failed("import")} />
              <Button type="submit" disabled={!settings}>
                거래내역 확인
              </Button>
              {settings ? null : <NotSetUp year={year} />}
            </Form>
          </Card>

          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900">납부 기록</h2>
            <Form method="post" className="mt-4 grid gap-3">
              <input type="hidden" name="intent" value="pay" />
              <input type="hidden" name="year" value={year} />
              <Field
                id="pay-member"
                name="member"
                label="회원 이메일 또는 면허번호"
                required
                autoComplete="off"
              />
              <div className="grid grid-cols-2 gap-3">
                <Field
                  id="pay-amount"
                  name="amount"
                  label="금액(원)"
                  placeholder="예: 200,000 또는 20만"
                  required
                  defaultValue={settings?.regularFee ?? ""}
                />
                <SelectField
                  id="pay-method"
                  name="method"
                  label="납부 방법"
                  options={METHOD_OPTIONS}
                />
              </div>
              <Field
                id="pay-date"
                name="paidAt"
                type="date"
                label="납부일"
                required
                defaultValue={today}
              />
              <Field id="pay-depositor" name="depositorName" label="입금자명" />
              <Field id="pay-memo" name="memo" label="메모" />
              <FormError message={failed("pay")} />
              <Button type="submit" disabled={!settings}>
                {year}년 납부 기록
              </Button>
              {settings ? null : <NotSetUp year={year} />}
            </Form>
          </Card>

          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900">회비 면제</h2>
            <Form method="post" className="mt-4 grid gap-3">
              <input type="hidden" name="intent" value="exempt" />
              <input type="hidden" name="year" value={year} />
              <Field
                id="exempt-member"
                name="member"
                label="회원 이메일 또는 면허번호"
                required
                autoComplete="off"
              />
              <TextareaField id="exempt-reason" name="reason" label="면제 사유" required rows={2} />
              <FormError message={failed("exempt")} />
              <Button type="submit" variant="secondary" disabled={!settings}>
                {year}년 회비 면제
              </Button>
              {settings ? null : <NotSetUp year={year} />}
            </Form>
          </Card>

          {settings ? setupCard : null}
        </div>
      </div>
    </Section>
  );
}

/** Why a button is greyed out: the year has no settings yet. */
function NotSetUp({ year }: { year: number }) {
  return (
    <p className="text-sm text-slate-600">
      {year}년 회비를 먼저 설정하면 쓸 수 있습니다.{" "}
      <a href="#year-regular" className="font-semibold text-brand-700 underline">
        회비 설정으로
      </a>
    </p>
  );
}

function Figure({
  label,
  value,
  tone,
  wide,
}: {
  label: string;
  value: string;
  tone?: "green" | "red";
  wide?: boolean;
}) {
  const color =
    tone === "green" ? "text-emerald-700" : tone === "red" ? "text-rose-700" : "text-slate-900";
  return (
    <div className={`rounded-xl bg-slate-50 p-3 ${wide ? "col-span-2 sm:col-span-1" : ""}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 text-lg font-bold break-all ${color}`}>{value}</dd>
    </div>
  );
}
