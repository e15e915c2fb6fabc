import { Lock, Send } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/textarea-field";
import { ExportPurposeForm } from "~/features/admin/components/export-purpose-form";
import { formatClock, formatDateTime, seoulDate, toSeoulDateTimeInput } from "~/lib/dates";
import { breaksToText, type CreditBand, type CreditBreak } from "../credit-rule";

type Line = {
  registrationId: string;
  name: string;
  licenseNumber: string;
  hospitalName: string;
  entryAt: Date | null;
  exitAt: Date | null;
  minutes: number;
  credits: number;
  incomplete: boolean;
  correction: {
    entryAt: Date | null;
    exitAt: Date | null;
    credits: number | null;
    reason: string;
    at: Date | null;
  } | null;
  sentCredits: number | null;
  objection: { message: string; at: Date | null } | null;
  certificateCode: string | null;
};

export type CreditSheetView = {
  seminar: {
    id: string;
    title: string;
    date: Date;
    endDate: Date | null;
    cmeCredits: number | null;
    creditBands: CreditBand[] | null;
    creditBreaks: CreditBreak[] | null;
  };
  status: "draft" | "sent" | "locked";
  sentAt: Date | null;
  objectionDeadline: Date | null;
  lockedAt: Date | null;
  lines: Line[];
};

const STATUS: Record<
  CreditSheetView["status"],
  { label: string; tone: "neutral" | "yellow" | "green" }
> = {
  draft: { label: "작성 중", tone: "neutral" },
  sent: { label: "이의 신청 기간", tone: "yellow" },
  locked: { label: "확정", tone: "green" },
};

/** A time on the sheet: the clock alone on the seminar's day, the full date otherwise. */
function SheetTime({ value, day }: { value: Date | null; day: Date }) {
  if (!value) return <span className="text-slate-400">—</span>;
  const text = seoulDate(value) === seoulDate(day) ? formatClock(value) : formatDateTime(value);
  return <time dateTime={new Date(value).toISOString()}>{text}</time>;
}

const time = (value: Date | null) =>
  value ? <DateTime value={value} /> : <span className="text-slate-400">—</span>;

/** The rule in force, in a sentence per band and per break. */
function RuleSummary({ sheet }: { sheet: CreditSheetView }) {
  const bands = sheet.seminar.creditBands ?? [];
  const breaks = sheet.seminar.creditBreaks ?? [];
  return (
    <div className="grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
      <div>
        <h3 className="font-semibold text-slate-900">평점 구간 (인정 시간 → 평점)</h3>
        {bands.length ? (
          <ul className="mt-1 list-disc pl-5">
            {bands.map((b) => (
              <li key={`${b.fromMinutes}-${b.toMinutes}`}>
                {b.fromMinutes}분 이상{b.toMinutes === null ? "" : ` ${b.toMinutes}분 미만`}:{" "}
                {b.credits}점
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1">최대 연수평점이 없어 평점을 산정하지 않습니다.</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">제외 시간</h3>
        {breaks.length ? (
          <p className="mt-1 whitespace-pre-line">{breaksToText(breaks, sheet.seminar.date)}</p>
        ) : (
          <p className="mt-1">없음</p>
        )}
        <p className="mt-1 text-slate-500">
          첫 입장부터 마지막 퇴장까지 중 세미나 시간 안에 든 시간에서 제외 시간을 뺍니다.
        </p>
      </div>
    </div>
  );
}

function CorrectionForm({ line, busy }: { line: Line; busy: boolean }) {
  const id = line.registrationId;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">정정</summary>
      <Form method="post" className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3">
        <input type="hidden" name="intent" value="correct" />
        <input type="hidden" name="registrationId" value={id} />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            id={`entry-${id}`}
            name="entryAt"
            type="datetime-local"
            label="입장 시간"
            hint="비우면 스캔 기록"
            defaultValue={
              line.correction?.entryAt ? toSeoulDateTimeInput(line.correction.entryAt) : ""
            }
          />
          <Field
            id={`exit-${id}`}
            name="exitAt"
            type="datetime-local"
            label="퇴장 시간"
            hint="비우면 스캔 기록"
            defaultValue={
              line.correction?.exitAt ? toSeoulDateTimeInput(line.correction.exitAt) : ""
            }
          />
          <Field
            id={`credits-${id}`}
            name="credits"
            type="number"
            inputMode="numeric"
            min={0}
            label="평점 직접 지정"
            hint="비우면 구간표로 산정"
            defaultValue={line.correction?.credits ?? ""}
          />
        </div>
        <TextareaField
          id={`reason-${id}`}
          name="reason"
          label="정정 사유"
          required
          maxLength={500}
          placeholder="예: 퇴장 스캔 누락, 본인 확인 후 17:40 퇴장으로 정정"
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={busy}>
            정정 저장
          </Button>
        </div>
      </Form>
    </details>
  );
}

function LineItem({
  line,
  day,
  editable,
  busy,
}: {
  line: Line;
  day: Date;
  editable: boolean;
  busy: boolean;
}) {
  return (
    <li className="grid gap-2 border-t border-slate-200 px-4 py-3 first:border-t-0 md:grid-cols-[1fr_7rem_7rem_6rem_5rem] md:gap-3">
      <div className="min-w-0">
        <div className="font-semibold text-slate-900">{line.name}</div>
        <div className="text-xs text-slate-500">
          {`면허 ${line.licenseNumber} · ${line.hospitalName}`}
        </div>
        {line.correction ? (
          <p className="mt-1 text-xs text-violet-800">{`정정됨: ${line.correction.reason}`}</p>
        ) : null}
        {line.objection ? (
          <p className="mt-1 rounded bg-amber-50 p-2 text-xs text-amber-900">
            <strong>이의 신청</strong>
            {line.objection.at ? ` (${formatDateTime(line.objection.at)})` : ""}:{" "}
            {line.objection.message}
          </p>
        ) : null}
        {editable ? <CorrectionForm line={line} busy={busy} /> : null}
      </div>
      <dl className="contents text-sm">
        <div className="flex gap-2 md:block">
          <dt className="text-slate-500 md:sr-only">첫 입장</dt>
          <dd>
            <SheetTime value={line.entryAt} day={day} />
          </dd>
        </div>
        <div className="flex gap-2 md:block">
          <dt className="text-slate-500 md:sr-only">마지막 퇴장</dt>
          <dd>
            {line.incomplete && !line.exitAt ? (
              <Badge tone="red">미완료</Badge>
            ) : (
              <SheetTime value={line.exitAt} day={day} />
            )}
          </dd>
        </div>
        <div className="flex gap-2 md:block md:text-right">
          <dt className="text-slate-500 md:sr-only">인정 시간</dt>
          <dd className="tabular-nums">{`${line.minutes}분`}</dd>
        </div>
        <div className="flex gap-2 md:block md:text-right">
          <dt className="text-slate-500 md:sr-only">평점</dt>
          <dd className="font-semibold tabular-nums">
            {`${line.credits}점`}
            {line.incomplete ? (
              <span className="ml-1 text-xs font-normal text-rose-700 md:ml-0 md:block">
                미완료
              </span>
            ) : null}
            {line.sentCredits !== null && line.sentCredits !== line.credits ? (
              <span className="ml-1 text-xs font-normal text-slate-500 md:ml-0 md:block">
                {`발송 ${line.sentCredits}점`}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The credit sheet: the rule, the send-out and lock, the lines with their corrections. */
export function CreditSheet({ sheet, busy }: { sheet: CreditSheetView; busy: boolean }) {
  const status = STATUS[sheet.status];
  const editable = sheet.status !== "locked";
  const incomplete = sheet.lines.filter((l) => l.incomplete).length;
  const objections = sheet.lines.filter((l) => l.objection).length;
  return (
    <div className="grid gap-6">
      <Card className="grid gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="text-sm text-slate-600">
            참석자 {sheet.lines.length}명 · 미완료 {incomplete}명 · 이의 신청 {objections}건 · 최대{" "}
            {sheet.seminar.cmeCredits ?? 0}점
          </span>
        </div>
        <RuleSummary sheet={sheet} />
        <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
          {sheet.status === "draft" ? (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="send" />
              <Field
                id="objection-days"
                name="objectionDays"
                type="number"
                inputMode="numeric"
                min={1}
                max={60}
                defaultValue={7}
                label="이의 신청 기간 (일)"
                className="w-28"
              />
              <Button type="submit" disabled={busy || sheet.lines.length === 0}>
                <Send className="size-4" aria-hidden="true" /> 참석자에게 발송
              </Button>
            </Form>
          ) : null}
          {sheet.status === "sent" ? (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="lock" />
              <p className="text-sm text-slate-700">
                {sheet.sentAt ? (
                  <>
                    발송 <DateTime value={sheet.sentAt} /> ·{" "}
                  </>
                ) : null}
                이의 신청 기한 {time(sheet.objectionDeadline)}
              </p>
              <Button type="submit" variant="destructive" disabled={busy}>
                <Lock className="size-4" aria-hidden="true" /> 평점 확정
              </Button>
              <span className="text-xs text-slate-500">
                확정하면 참석자에게 최종 평점이 발송되고 더는 바꿀 수 없습니다.
              </span>
            </Form>
          ) : null}
          {sheet.status === "locked" ? (
            <p className="text-sm text-slate-700">
              {time(sheet.lockedAt)}에 확정되었습니다. 확정된 평점표는 바꿀 수 없습니다.
            </p>
          ) : null}
          <ExportPurposeForm
            href={`/admin/seminars/${sheet.seminar.id}/credits.csv`}
            label="CSV 내보내기 (의협 보고 양식)"
            className="ml-auto"
          />
        </div>
      </Card>

      <section
        aria-labelledby="credit-lines-title"
        className="rounded-xl border border-slate-200 bg-white"
      >
        <h2 id="credit-lines-title" className="sr-only">
          참석자별 연수평점
        </h2>
        <div
          aria-hidden="true"
          className="hidden gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-600 md:grid md:grid-cols-[1fr_7rem_7rem_6rem_5rem]"
        >
          <span>참석자</span>
          <span>첫 입장</span>
          <span>마지막 퇴장</span>
          <span className="text-right">인정 시간</span>
          <span className="text-right">평점</span>
        </div>
        {sheet.lines.length ? (
          <ul>
            {sheet.lines.map((line) => (
              <LineItem
                key={line.registrationId}
                line={line}
                day={sheet.seminar.date}
                editable={editable}
                busy={busy}
              />
            ))}
          </ul>
        ) : (
          <p className="px-4 py-8 text-center text-slate-500">
            입장 기록이 있는 참석자가 없습니다.
          </p>
        )}
      </section>
    </div>
  );
}
