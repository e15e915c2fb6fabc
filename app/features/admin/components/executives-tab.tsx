import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/textarea-field";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { ContentFormDialog } from "./content-form-dialog";
import { DataTable } from "./data-table";
import { EditDeleteActions } from "./row-actions";
import type { ExecutiveRow } from "./types";
import { useDashboardAction } from "./use-dashboard-action";

type Editing = ExecutiveRow | "new" | null;

export function ExecutivesTab({ executives }: { executives: ExecutiveRow[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const action = useDashboardAction();
  return (
    <section aria-labelledby="executives-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="executives-title" className="text-lg font-bold text-slate-900">
          임원진 관리
        </h2>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden="true" /> 임원 추가
        </Button>
      </div>
      <DataTable
        caption="임원진 목록"
        rows={executives}
        rowKey={(e) => e.id}
        searchText={(e) => `${e.name} ${e.position} ${e.title}`}
        empty="임원진 정보가 준비 중입니다."
        columns={[
          { header: "이름", cell: (e) => e.name, primary: true, className: "whitespace-nowrap" },
          { header: "직위", cell: (e) => e.position, className: "whitespace-nowrap" },
          { header: "소속·직함", cell: (e) => e.title },
          {
            header: "약력",
            cell: (e) => <span className="whitespace-pre-line">{e.credentials}</span>,
          },
          { header: "순서", cell: (e) => e.order },
          {
            header: "관리",
            className: "whitespace-nowrap",
            cell: (e) => (
              <div className="flex gap-1.5">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${e.name} 위로`}
                  disabled={action.pending}
                  onClick={() => action.run("move-executive", { id: e.id, direction: "up" })}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${e.name} 아래로`}
                  disabled={action.pending}
                  onClick={() => action.run("move-executive", { id: e.id, direction: "down" })}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
                <EditDeleteActions
                  name={e.name}
                  onEdit={() => setEditing(e)}
                  deleteTitle="임원 삭제"
                  deleteDescription={`${e.name} ${e.position}의 정보를 정말 삭제하시겠습니까?`}
                  onDelete={() => action.run("delete-executive", { id: e.id })}
                />
              </div>
            ),
          },
        ]}
      />
      {editing ? (
        <ExecutiveForm
          executive={editing === "new" ? null : editing}
          nextOrder={executives.reduce((max, e) => Math.max(max, e.order), 0) + 1}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function ExecutiveForm({
  executive,
  nextOrder,
  onClose,
}: {
  executive: ExecutiveRow | null;
  nextOrder: number;
  onClose: () => void;
}) {
  return (
    <ContentFormDialog
      title={executive ? "임원 정보 수정" : "임원 추가"}
      intent="save-executive"
      id={executive?.id}
      wide
      onClose={onClose}
    >
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="executive-name"
              name="name"
              label="이름"
              required
              defaultValue={executive?.name}
              errors={errors("name")}
            />
            <Field
              id="executive-position"
              name="position"
              label="직위"
              required
              placeholder="예: 부회장"
              defaultValue={executive?.position}
              errors={errors("position")}
            />
            <Field
              id="executive-title"
              name="title"
              label="소속·직함"
              required
              placeholder="예: ○○의원 대표원장"
              defaultValue={executive?.title}
              errors={errors("title")}
            />
            <Field
              id="executive-order"
              name="order"
              type="number"
              min={0}
              label="순서"
              required
              defaultValue={executive?.order ?? nextOrder}
              errors={errors("order")}
            />
          </div>
          <TextareaField
            id="executive-credentials"
            name="credentials"
            label="약력"
            required
            defaultValue={executive?.credentials}
            error={errors("credentials")?.[0]}
          />
          <ImageUpload
            name="imageUrl"
            label="사진 (선택)"
            endpoint="/api/objects/upload"
            successMessage="사진이 업로드되었습니다."
            defaultValue={executive?.imageUrl ?? ""}
            errors={errors("imageUrl")}
            clearable
          />
        </>
      )}
    </ContentFormDialog>
  );
}
