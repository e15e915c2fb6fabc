import { Plus, X } from "lucide-react";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SelectField, TextareaField } from "~/components/ui/textarea-field";
import {
  bandInWords,
  bandProblem,
  breaksToText,
  type CreditBand,
  defaultBands,
  parseBandRows,
} from "~/features/seminars/credit-rule";
import { SEMINAR_PHASE_LABELS } from "~/features/seminars/rules";
import {
  SEMINAR_AUDIENCE_LABELS,
  SEMINAR_AUDIENCES,
  SEMINAR_STATUS_LABELS,
  SEMINAR_STATUSES,
} from "~/features/seminars/validation";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { formatDateTime, toSeoulDateTimeInput } from "~/lib/dates";
import { ContentFormDialog } from "./content-form-dialog";
import { DataTable } from "./data-table";
import { ListPager, ListSearch, NO_RESULTS } from "./paged-list";
import { EditDeleteActions } from "./row-actions";
import type { SeminarRow, TabPage } from "./types";
import { useDashboardAction } from "./use-dashboard-action";

type Editing = SeminarRow | "new" | null;

const CAPTION = "학술 활동 목록";

/** Seminars latest first, 20 a page, searched on the server (`?tab=seminars&q=`). */
export function SeminarsTab({ list }: { list: TabPage<SeminarRow> }) {
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDashboardAction();
  return (
    <section aria-labelledby="seminars-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="seminars-title" className="text-lg font-bold text-slate-900">
          학술 활동 관리
        </h2>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden="true" /> 학술 활동 등록
        </Button>
      </div>
      <ListSearch tab="seminars" caption={CAPTION} list={list} placeholder="제목, 연자, 장소" />
      <DataTable
        caption={CAPTION}
        rows={list.items}
        rowKey={(s) => s.id}
        paging="server"
        empty={list.q ? NO_RESULTS : "등록된 학술 활동이 없습니다."}
        columns={[
          {
            header: "제목",
            primary: true,
            className: "min-w-56",
            cell: (s) => (
              <span className="flex flex-wrap items-center gap-2">
                <a
                  href={`/admin/seminars/${s.id}`}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {s.title}
                </a>
                <Badge
                  tone={
                    s.status === "open" ? "green" : s.status === "cancelled" ? "red" : "neutral"
                  }
                >
                  {s.status === "open" ? "접수중" : s.status === "cancelled" ? "취소" : "마감"}
                </Badge>
                {s.status !== "cancelled" && s.phase !== "upcoming" ? (
                  <Badge tone={s.phase === "ongoing" ? "brand" : "neutral"}>
                    {SEMINAR_PHASE_LABELS[s.phase]}
                  </Badge>
                ) : null}
              </span>
            ),
          },
          { header: "연자", cell: (s) => s.speaker },
          { header: "일시", cell: (s) => formatDateTime(s.date), className: "whitespace-nowrap" },
          { header: "장소", cell: (s) => s.location },
          {
            header: "관리",
            className: "whitespace-nowrap",
            cell: (s) => (
              <div className="flex gap-1.5">
                <Button asChild size="sm" variant="secondary">
                  <a href={`/admin/seminars/${s.id}/credits`} aria-label={`${s.title} 연수평점`}>
                    연수평점
                  </a>
                </Button>
                <EditDeleteActions
                  name={s.title}
                  onEdit={() => setEditing(s)}
                  deleteTitle="학술 활동 삭제"
                  deleteDescription={`‘${s.title}’ 학술 활동을 정말 삭제하시겠습니까?`}
                  onDelete={() => remove.run("delete-seminar", { id: s.id })}
                />
              </div>
            ),
          },
        ]}
      />
      <ListPager caption={CAPTION} list={list} />
      {editing ? (
        <SeminarForm
          seminar={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

/** An optional date-time in Seoul time; empty means the rule named in the label. */
function DateTimeField({
  id,
  name,
  label,
  value,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  value: Date | string | null | undefined;
  errors?: string[];
}) {
  return (
    <Field
      id={id}
      name={name}
      type="datetime-local"
      label={label}
      defaultValue={value ? toSeoulDateTimeInput(value) : ""}
      errors={errors}
    />
  );
}

function SeminarForm({ seminar, onClose }: { seminar: SeminarRow | null; onClose: () => void }) {
  return (
    <ContentFormDialog
      title={seminar ? "학술 활동 수정" : "학술 활동 등록"}
      intent="save-seminar"
      id={seminar?.id}
      wide
      onClose={onClose}
      confirm={(form) =>
        form.get("status") === "cancelled" && seminar?.status !== "cancelled"
          ? {
              title: "세미나 취소",
              description: `‘${form.get("title") || seminar?.title || "이 세미나"}’을(를) 취소합니다. 신청자 모두에게 취소 안내 메일이 가고, 결제한 등록비는 전액 환불되며, 되돌릴 수 없습니다. 다시 열면 신청자는 새로 신청하고 결제해야 합니다.`,
              confirmLabel: "세미나 취소",
            }
          : null
      }
    >
      {(errors) => (
        <>
          <Field
            id="seminar-title"
            name="title"
            label="제목"
            required
            defaultValue={seminar?.title}
            errors={errors("title")}
          />
          <TextareaField
            id="seminar-description"
            name="description"
            label="설명"
            required
            defaultValue={seminar?.description}
            error={errors("description")?.[0]}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="seminar-speaker"
              name="speaker"
              label="연자"
              required
              defaultValue={seminar?.speaker}
              errors={errors("speaker")}
            />
            <Field
              id="seminar-date"
              name="date"
              type="datetime-local"
              label="일시"
              required
              defaultValue={seminar ? toSeoulDateTimeInput(seminar.date) : undefined}
              errors={errors("date")}
            />
            <Field
              id="seminar-location"
              name="location"
              label="장소"
              required
              defaultValue={seminar?.location}
              errors={errors("location")}
            />
            <SelectField
              id="seminar-status"
              name="status"
              label="상태"
              defaultValue={seminar?.status ?? "open"}
              options={SEMINAR_STATUSES.map((s) => ({ value: s, label: SEMINAR_STATUS_LABELS[s] }))}
              error={errors("status")?.[0]}
            />
          </div>
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-bold text-slate-800">일정과 신청</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <DateTimeField
                id="seminar-end"
                name="endDate"
                label="종료 시간 (선택)"
                value={seminar?.endDate}
                errors={errors("endDate")}
              />
              <Field
                id="seminar-capacity"
                name="capacity"
                type="number"
                inputMode="numeric"
                min={1}
                label="정원 (비우면 제한 없음)"
                defaultValue={seminar?.capacity ?? ""}
                errors={errors("capacity")}
              />
              <DateTimeField
                id="seminar-opens"
                name="registrationOpensAt"
                label="신청 시작 (비우면 바로)"
                value={seminar?.registrationOpensAt}
                errors={errors("registrationOpensAt")}
              />
              <DateTimeField
                id="seminar-closes"
                name="registrationClosesAt"
                label="신청 마감 (비우면 시작 전까지)"
                value={seminar?.registrationClosesAt}
                errors={errors("registrationClosesAt")}
              />
              <DateTimeField
                id="seminar-cancel"
                name="cancellationDeadline"
                label="취소 기한 (비우면 시작 3일 전)"
                value={seminar?.cancellationDeadline}
                errors={errors("cancellationDeadline")}
              />
              <SelectField
                id="seminar-audience"
                name="audience"
                label="신청 대상"
                defaultValue={seminar?.audience ?? "members"}
                options={SEMINAR_AUDIENCES.map((a) => ({
                  value: a,
                  label: SEMINAR_AUDIENCE_LABELS[a],
                }))}
                error={errors("audience")?.[0]}
              />
              <Field
                id="seminar-credits"
                name="cmeCredits"
                type="number"
                inputMode="numeric"
                min={0}
                label="연수평점 (최대)"
                defaultValue={seminar?.cmeCredits ?? ""}
                errors={errors("cmeCredits")}
              />
            </div>
          </fieldset>
          <FeeFields seminar={seminar} errors={errors} />
          <CreditRuleFields seminar={seminar} errors={errors} />
          <Field
            id="seminar-registration"
            name="registrationUrl"
            type="url"
            label="외부 신청 링크 (선택)"
            hint="입력하면 사이트에서 신청을 받지 않고 이 링크로 안내합니다."
            placeholder="https://"
            defaultValue={seminar?.registrationUrl ?? ""}
            errors={errors("registrationUrl")}
          />
          <ImageUpload
            name="posterUrl"
            label="포스터 (선택)"
            endpoint="/api/objects/upload"
            successMessage="포스터가 업로드되었습니다."
            defaultValue={seminar?.posterUrl ?? ""}
            errors={errors("posterUrl")}
            clearable
          />
          <p className="-mt-2 text-sm text-slate-600">
            다음 세미나로 홈 화면 배너에 걸릴 때 포스터가 함께 보입니다. 없으면 제목과 일시만
            보입니다.
          </p>
        </>
      )}
    </ContentFormDialog>
  );
}

/** A fee in won: empty or 0 is free. */
function FeeField({
  id,
  name,
  label,
  value,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  value: number | null | undefined;
  errors?: string[];
}) {
  return (
    <Field
      id={id}
      name={name}
      label={label}
      placeholder="예: 30,000 또는 3만"
      defaultValue={value ?? ""}
      errors={errors}
    />
  );
}

/**
 * The fee table as the schema's flat fields: what a member in 정회원 standing pays and what
 * everyone else pays (준회원, a 정회원 whose dues are unpaid), and lower amounts until the early
 * deadline. All empty: a free seminar, as before.
 */
function FeeFields({
  seminar,
  errors,
}: {
  seminar: SeminarRow | null;
  errors: (name: string) => string[] | undefined;
}) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-bold text-slate-800">등록비 (원)</legend>
      <p className="-mt-1 text-sm text-slate-600">
        모두 비워 두면 무료입니다. 유료 세미나는 두 등록비를 모두 적고(한쪽만 무료면 0), 신청할 때
        온라인 결제로 좌석이 확정됩니다.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FeeField
          id="seminar-fee-full"
          name="feeFull"
          label="정회원 등록비"
          value={seminar?.feeFull}
          errors={errors("feeFull")}
        />
        <FeeField
          id="seminar-fee-other"
          name="feeOther"
          label="비회원·준회원 등록비"
          value={seminar?.feeOther}
          errors={errors("feeOther")}
        />
        <FeeField
          id="seminar-fee-full-early"
          name="feeFullEarly"
          label="사전등록 정회원 등록비 (선택)"
          value={seminar?.feeFullEarly}
          errors={errors("feeFullEarly")}
        />
        <FeeField
          id="seminar-fee-other-early"
          name="feeOtherEarly"
          label="사전등록 비회원·준회원 등록비 (선택)"
          value={seminar?.feeOtherEarly}
          errors={errors("feeOtherEarly")}
        />
        <DateTimeField
          id="seminar-fee-early-until"
          name="feeEarlyUntil"
          label="사전등록 마감 (사전등록비가 있으면 필수)"
          value={seminar?.feeEarlyUntil}
          errors={errors("feeEarlyUntil")}
        />
      </div>
    </fieldset>
  );
}

type EditableBand = { key: number; from: string; to: string; credits: string };

let bandKey = 0;
const editable = (band?: CreditBand): EditableBand => ({
  key: ++bandKey,
  from: band ? String(band.fromMinutes) : "",
  to: band?.toMinutes == null ? "" : String(band.toMinutes),
  credits: band ? String(band.credits) : "",
});

/**
 * The band table as rows of three numbers (from, to, credits: 120, 180, 3 is 120 minutes or more
 * and under 180, 3 credits; an empty "to" has no upper end), prefilled with one credit per full
 * hour up to the maximum, with a preview in words and the problem the server would answer. The
 * rows are repeated named inputs (bandFrom, bandTo, bandCredits), so a plain post works too.
 */
function BandRows({ bands, error }: { bands: CreditBand[]; error?: string }) {
  const [rows, setRows] = useState<EditableBand[]>(() =>
    bands.length ? bands.map(editable) : [editable()],
  );
  const update = (key: number, field: "from" | "to" | "credits", value: string) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const parsed = parseBandRows(rows);
  const problem = "problem" in parsed ? parsed.problem : bandProblem(parsed.bands);
  const cell =
    "h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-base tabular-nums";
  return (
    <div className="grid gap-2">
      <input type="hidden" name="bandRows" value="1" />
      <table className="w-full text-sm">
        <caption className="mb-1 text-left font-semibold text-slate-800">
          평점 구간 (인정 시간(분) → 평점)
        </caption>
        <thead className="text-left text-slate-600">
          <tr>
            <th scope="col" className="pb-1 font-medium">
              시작 (분 이상)
            </th>
            <th scope="col" className="pb-1 font-medium">
              끝 (분 미만, 비우면 끝 없음)
            </th>
            <th scope="col" className="pb-1 font-medium">
              평점
            </th>
            <th scope="col" className="pb-1">
              <span className="sr-only">삭제</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.key}>
              <td className="py-1 pr-2">
                <input
                  name="bandFrom"
                  inputMode="numeric"
                  aria-label={`${i + 1}번째 구간 시작(분)`}
                  value={row.from}
                  onChange={(e) => update(row.key, "from", e.target.value)}
                  className={cell}
                />
              </td>
              <td className="py-1 pr-2">
                <input
                  name="bandTo"
                  inputMode="numeric"
                  aria-label={`${i + 1}번째 구간 끝(분)`}
                  value={row.to}
                  onChange={(e) => update(row.key, "to", e.target.value)}
                  className={cell}
                />
              </td>
              <td className="py-1 pr-2">
                <input
                  name="bandCredits"
                  inputMode="numeric"
                  aria-label={`${i + 1}번째 구간 평점`}
                  value={row.credits}
                  onChange={(e) => update(row.key, "credits", e.target.value)}
                  className={cell}
                />
              </td>
              <td className="py-1">
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  aria-label={`${i + 1}번째 구간 삭제`}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => setRows((all) => [...all, editable()])}
          disabled={rows.length >= 24}
        >
          <Plus className="size-4" aria-hidden="true" /> 구간 추가
        </Button>
      </div>
      <div aria-live="polite" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p className="font-semibold text-slate-800">미리 보기</p>
        {problem ? (
          <p className="mt-1 text-rose-700">{problem}</p>
        ) : "bands" in parsed && parsed.bands.length ? (
          <ul className="mt-1 list-disc pl-5">
            {parsed.bands.map((b) => (
              <li key={`${b.fromMinutes}-${b.toMinutes}-${b.credits}`}>{bandInWords(b)}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1">구간이 없으면 최대 연수평점까지 1시간당 1점입니다.</p>
        )}
      </div>
      {error ? (
        <p className="text-sm font-medium text-rose-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The credit rule: the band table as rows (BandRows) and the breaks in a textarea, one a line.
 */
function CreditRuleFields({
  seminar,
  errors,
}: {
  seminar: SeminarRow | null;
  errors: (name: string) => string[] | undefined;
}) {
  const bands = seminar?.creditBands ?? defaultBands(seminar?.cmeCredits);
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-bold text-slate-800">연수평점 산정 규칙</legend>
      <BandRows bands={bands} error={errors("creditBands")?.[0]} />
      <div className="grid gap-1.5">
        <TextareaField
          id="seminar-credit-breaks"
          name="creditBreaks"
          label="인정 시간에서 빼는 시간"
          rows={4}
          maxLength={2000}
          defaultValue={breaksToText(seminar?.creditBreaks ?? [], seminar?.date ?? null)}
          placeholder={"12:00-13:00 점심\n15:00-15:20 커피 브레이크"}
          aria-describedby="seminar-credit-breaks-hint"
          error={errors("creditBreaks")?.[0]}
        />
        <p id="seminar-credit-breaks-hint" className="text-sm text-slate-500">
          점심, 휴식, 후원사 심포지엄 등. 한 줄에 하나씩, 다른 날이면 2026-12-06 12:00-13:00
          점심처럼 날짜를 앞에 씁니다.
        </p>
      </div>
    </fieldset>
  );
}
