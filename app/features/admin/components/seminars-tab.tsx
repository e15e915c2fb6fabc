import { Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SelectField, TextareaField } from "~/components/ui/textarea-field";
import { bandsToText, breaksToText, defaultBands } from "~/features/seminars/credit-rule";
import {
  SEMINAR_AUDIENCE_LABELS,
  SEMINAR_AUDIENCES,
  SEMINAR_STATUS_LABELS,
  SEMINAR_STATUSES,
} from "~/features/seminars/validation";
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
                <Badge tone={s.status === "open" ? "green" : "neutral"}>
                  {s.status === "open" ? "진행중" : "마감"}
                </Badge>
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
        </>
      )}
    </ContentFormDialog>
  );
}

/**
 * The credit rule as two textareas (works without JavaScript): the band table, one band a line
 * ("120-180=3": 120 minutes or more and under 180, 3 credits; "240-=5": 240 minutes or more),
 * prefilled with one credit per full hour up to the maximum; and the breaks, one a line.
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
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <TextareaField
            id="seminar-credit-bands"
            name="creditBands"
            label="평점 구간 (인정 시간(분) → 평점)"
            rows={5}
            maxLength={1000}
            defaultValue={bandsToText(bands)}
            placeholder={"120-180=3\n180-240=4\n240-=5"}
            aria-describedby="seminar-credit-bands-hint"
            error={errors("creditBands")?.[0]}
          />
          <p id="seminar-credit-bands-hint" className="text-xs text-slate-500">
            한 줄에 한 구간: 120-180=3은 120분 이상 180분 미만 3점, 240-=5는 240분 이상 5점. 비우면
            최대 연수평점까지 1시간당 1점입니다.
          </p>
        </div>
        <div className="grid gap-1.5">
          <TextareaField
            id="seminar-credit-breaks"
            name="creditBreaks"
            label="인정 시간에서 빼는 시간"
            rows={5}
            maxLength={2000}
            defaultValue={breaksToText(seminar?.creditBreaks ?? [], seminar?.date ?? null)}
            placeholder={"12:00-13:00 점심\n15:00-15:20 커피 브레이크"}
            aria-describedby="seminar-credit-breaks-hint"
            error={errors("creditBreaks")?.[0]}
          />
          <p id="seminar-credit-breaks-hint" className="text-xs text-slate-500">
            점심, 휴식, 후원사 심포지엄 등. 한 줄에 하나씩, 다른 날이면 2026-12-06 12:00-13:00
            점심처럼 날짜를 앞에 씁니다.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
