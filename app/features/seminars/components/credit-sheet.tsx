import { Lock, Send } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/textarea-field";
import { ExportPurposeForm } from "~/features/audit/components/export-purpose-form";
import { formatClock, formatDateTime, seoulDate, toSeoulDateTimeInput } from "~/lib/dates";
import { bandInWords, breaksToText } from "../credit-rule";
import type { CreditLine, CreditSheet as SheetData } from "../credits.server";
import { ScannedAndCorrected } from "./attendance-times";

const STATUS: Record<SheetData["status"], { label: string; tone: "neutral" | "yellow" | "green" }> =
  {
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

/**
 * One end of a line: as scanned and, when the office corrected it, "스캔 09:02 → 정정 09:00", as
 * the registrant list shows it too (issue 39, item 12).
 */
function LineTime({
  scanned,
  corrected,
  effective,
  day,
}: {
  scanned: Date | null;
  corrected: Date | null;
  effective: Date | null;
  day: Date;
}) {
  if (corrected === null) return <SheetTime value={effective} day={day} />;
  return <ScannedAndCorrected scanned={scanned} corrected={corrected} day={day} />;
}

const time = (value: Date | null) =>
  value ? <DateTime value={value} /> : <span className="text-slate-400">—</span>;

/** The rule in force, in a sentence per band and per break. */
function RuleSummary({ sheet }: { sheet: SheetData }) {
  const bands = sheet.seminar.creditBands ?? [];
  const breaks = sheet.seminar.creditBreaks ?? [];
  return (
    <div className="grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
      <div>
        <h3 className="font-semibold text-slate-900">평점 구간 (인정 시간 → 평점)</h3>
        {bands.length ? (
          <ul className="mt-1 list-disc pl-5">
            {bands.map((b) => (
              <li key={`${b.fromMinutes}-${b.toMinutes}`}>{bandInWords(b)}</li>
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

function CorrectionForm({ line, busy }: { line: CreditLine; busy: boolean }) {
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
  ended,
  editable,
  busy,
}: {
  line: CreditLine;
  day: Date;
  /** Before the end an entry without an exit is someone still in the hall, not incomplete. */
  ended: boolean;
  editable: boolean;
  busy: boolean;
}) {
  return (
    <li className="grid gap-2 border-t border-slate-200 px-4 py-3 first:border-t-0 md:grid-cols-[1fr_9rem_9rem_6rem_5rem] md:gap-3">
      <div className="min-w-0">
        <div className="font-semibold text-slate-900">{line.name}</div>
        <div className="text-sm text-slate-500">
          {`면허 ${line.licenseNumber} · ${line.hospitalName}`}
        </div>
        {line.correction ? (
          <p className="mt-1 text-sm text-violet-800">{`정정 사유: ${line.correction.reason}`}</p>
        ) : null}
        {line.objection ? (
          <p className="mt-1 rounded bg-amber-50 p-2 text-sm text-amber-900">
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
            <LineTime
              scanned={line.scannedEntryAt}
              corrected={line.correction?.entryAt ?? null}
              effective={line.entryAt}
              day={day}
            />
          </dd>
        </div>
        <div className="flex gap-2 md:block">
          <dt className="text-slate-500 md:sr-only">마지막 퇴장</dt>
          <dd>
            {line.incomplete && !line.exitAt ? (
              ended ? (
                <Badge tone="red">미완료</Badge>
              ) : (
                <Badge tone="brand">입장 중</Badge>
              )
            ) : (
              <LineTime
                scanned={line.scannedExitAt}
                corrected={line.correction?.exitAt ?? null}
                effective={line.exitAt}
                day={day}
              />
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
            {line.incomplete && ended ? (
              <span className="ml-1 text-sm font-normal text-rose-700 md:ml-0 md:block">
                미완료
              </span>
            ) : null}
            {line.sentCredits !== null && line.sentCredits !== line.credits ? (
              <span className="ml-1 text-sm font-normal text-slate-500 md:ml-0 md:block">
                {`발송 ${line.sentCredits}점`}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * The send-out: only after the seminar has ended (the server refuses it before, 409), and only
 * after a dialog that says who is mailed what.
 */
function SendForm({ sheet, busy }: { sheet: SheetData; busy: boolean }) {
  const unfinished = sheet.lines.filter((line) => line.incomplete).length;
  if (!sheet.ended) {
    return (
      <p className="text-sm text-slate-700">
        세미나가 끝난 뒤(
        <DateTime value={sheet.endsAt} /> 이후)에 참석자에게 발송할 수 있습니다. 진행 중에는 퇴장
        기록이 아직 들어오지 않았습니다.
      </p>
    );
  }
  return (
    <ConfirmForm
      method="post"
      className="flex flex-wrap items-end gap-3"
      title="참석자에게 발송할까요?"
      description={
        <>
          참석자 {sheet.lines.length}명에게 산정된 평점이 메일로 발송되고, 이의 신청 기간이
          시작됩니다. 발송은 되돌릴 수 없습니다. 기간 안에는 정정할 수 있습니다.
          {unfinished > 0
            ? ` 퇴장 기록이 없는 미완료 ${unfinished}명은 지금 표의 평점으로 발송됩니다. 먼저 정정하시려면 취소를 누르고 표에서 정정해주세요.`
            : null}
        </>
      }
      confirmLabel="발송"
    >
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
    </ConfirmForm>
  );
}

/**
 * The lock, after a dialog that says it is final. Before the objection deadline the dialog asks
 * for the reason (audited), as the server does (409 without one).
 */
function LockForm({ sheet, busy }: { sheet: SheetData; busy: boolean }) {
  const [reason, setReason] = useState("");
  const early = sheet.objectionsOpen;
  // What the lock makes final without a second look: rows still without an exit, and objections.
  const incomplete = sheet.lines.filter((line) => line.incomplete).length;
  const objections = sheet.lines.filter((line) => line.objection).length;
  return (
    <ConfirmForm
      method="post"
      className="flex flex-wrap items-center gap-3"
      title="평점을 확정할까요?"
      description={
        <>
          참석자 {sheet.lines.length}명의 평점이 확정되어 최종 평점이 메일로 안내되고, 평점을 받은
          참석자는 마이페이지에서 참석확인서를 내려받을 수 있습니다. 확정한 뒤에는 평점표를 바꿀 수
          없습니다.
          {incomplete > 0 || objections > 0 ? (
            <strong className="mt-2 block font-semibold text-rose-800">
              {incomplete > 0
                ? `퇴장 기록이 없는 미완료 ${incomplete}명은 지금 표의 평점으로 확정됩니다. `
                : ""}
              {objections > 0 ? `이의 신청 ${objections}건을 처리했는지 확인해주세요.` : ""}
            </strong>
          ) : null}
          {early ? (
            <>
              {" "}
              이의 신청 기한(
              <DateTime value={sheet.objectionDeadline ?? sheet.endsAt} />
              )이 아직 지나지 않았으므로 먼저 확정하는 사유를 남겨주세요. 사유는 감사 기록에
              남습니다.
            </>
          ) : null}
        </>
      }
      confirmLabel="확정"
      destructive
      confirmDisabled={early && reason.trim() === ""}
      fields={
        early
          ? (formId) => (
              <TextareaField
                id="lock-reason"
                name="reason"
                form={formId}
                label="기한 전 확정 사유"
                required
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                placeholder="예: 참석자 전원이 결과를 확인하고 이의가 없다고 답함"
              />
            )
          : undefined
      }
    >
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
      <span className="text-sm text-slate-500">
        {early ? "기한 전에 확정하려면 사유가 필요합니다. " : ""}
        확정하면 참석자에게 최종 평점이 발송되고 더는 바꿀 수 없습니다.
      </span>
    </ConfirmForm>
  );
}

/** The credit sheet: the rule, the send-out and lock, the lines with their corrections. */
export function CreditSheet({ sheet, busy }: { sheet: SheetData; busy: boolean }) {
  const status = STATUS[sheet.status];
  const editable = sheet.status !== "locked";
  const incomplete = sheet.lines.filter((l) => l.incomplete).length;
  const objections = sheet.lines.filter((l) => l.objection).length;
  return (
    <div className="grid gap-6">
      <Card className="grid gap-4 p-5 sm:p-6">
        {/* The rule's own headings (h3) sit under this one. */}
        <h2 className="sr-only">평점표 상태와 산정 기준</h2>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="text-sm text-slate-600">
            참석자 {sheet.lines.length}명 · {sheet.ended ? "미완료" : "입장 중"} {incomplete}명 ·
            이의 신청 {objections}건 · 최대 {sheet.seminar.cmeCredits ?? 0}점
          </span>
        </div>
        <RuleSummary sheet={sheet} />
        <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
          {sheet.status === "draft" ? <SendForm sheet={sheet} busy={busy} /> : null}
          {sheet.status === "sent" ? <LockForm sheet={sheet} busy={busy} /> : null}
          {sheet.status === "locked" ? (
            <p className="text-sm text-slate-700">
              {time(sheet.lockedAt)}에 확정되었습니다. 확정된 평점표는 바꿀 수 없습니다.
            </p>
          ) : null}
          <ExportPurposeForm
            href={`/admin/seminars/${sheet.seminar.id}/credits.csv`}
            label="CSV 내보내기 (의협 보고 양식)"
            example="의협 연수평점 보고"
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
          className="hidden gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-600 md:grid md:grid-cols-[1fr_9rem_9rem_6rem_5rem]"
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
                ended={sheet.ended}
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
