import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/textarea-field";
import { ContentFormDialog } from "./content-form-dialog";
import { DataTable } from "./data-table";
import { EditDeleteActions } from "./row-actions";
import type { HistoryRow } from "./types";
import { useDashboardAction } from "./use-dashboard-action";

type Editing = HistoryRow | "new" | null;

export function HistoryTab({ history }: { history: HistoryRow[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDashboardAction();
  return (
    <section aria-labelledby="history-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="history-title" className="text-lg font-bold text-slate-900">
          연혁 관리
        </h2>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden="true" /> 연혁 추가
        </Button>
      </div>
      <DataTable
        caption="연혁 목록"
        rows={history}
        rowKey={(h) => h.id}
        searchText={(h) => `${h.year} ${h.title} ${h.description}`}
        empty="연혁 정보가 준비 중입니다."
        columns={[
          { header: "연도", cell: (h) => h.year, className: "whitespace-nowrap" },
          {
            header: "월",
            cell: (h) => (h.month ? `${h.month}월` : "-"),
            className: "whitespace-nowrap",
          },
          { header: "제목", cell: (h) => h.title, primary: true },
          { header: "설명", cell: (h) => h.description },
          {
            header: "관리",
            className: "whitespace-nowrap",
            cell: (h) => (
              <div className="flex gap-1.5">
                <EditDeleteActions
                  name={h.title}
                  onEdit={() => setEditing(h)}
                  deleteTitle="연혁 삭제"
                  deleteDescription={`‘${h.title}’ 연혁을 정말 삭제하시겠습니까?`}
                  onDelete={() => remove.run("delete-history", { id: h.id })}
                />
              </div>
            ),
          },
        ]}
      />
      {editing ? (
        <HistoryForm event={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}

function HistoryForm({ event, onClose }: { event: HistoryRow | null; onClose: () => void }) {
  return (
    <ContentFormDialog
      title={event ? "연혁 수정" : "연혁 추가"}
      intent="save-history"
      id={event?.id}
      onClose={onClose}
    >
      {(errors) => (
        <>
          <div className="grid grid-cols-2 gap-4">
            <Field
              id="history-year"
              name="year"
              type="number"
              label="연도"
              required
              defaultValue={event?.year ?? new Date().getFullYear()}
              errors={errors("year")}
            />
            <Field
              id="history-month"
              name="month"
              type="number"
              min={1}
              max={12}
              label="월 (선택)"
              defaultValue={event?.month ?? ""}
              errors={errors("month")}
            />
          </div>
          <Field
            id="history-event-title"
            name="title"
            label="제목"
            required
            defaultValue={event?.title}
            errors={errors("title")}
          />
          <TextareaField
            id="history-description"
            name="description"
            label="설명"
            required
            defaultValue={event?.description}
            error={errors("description")?.[0]}
          />
        </>
      )}
    </ContentFormDialog>
  );
}
