import { Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FieldError, Label } from "~/components/ui/field";
import { Skeleton } from "~/components/ui/skeleton";
import { SelectField } from "~/components/ui/textarea-field";
import { CategoryBadge } from "~/features/announcements/components/category-badge";
import { ANNOUNCEMENT_CATEGORIES, DEFAULT_CATEGORY } from "~/features/announcements/validation";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { formatDate } from "~/lib/dates";
import { ContentFormDialog } from "./content-form-dialog";
import { DataTable } from "./data-table";
import { EditDeleteActions } from "./row-actions";
import type { AnnouncementRow } from "./types";
import { useDashboardAction } from "./use-dashboard-action";

// The editor is loaded only when an administrator opens the form: no page ships it otherwise.
const RichTextEditor = lazy(() => import("~/features/announcements/components/rich-text-editor"));

type Editing = AnnouncementRow | "new" | null;

export function AnnouncementsTab({ announcements }: { announcements: AnnouncementRow[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDashboardAction();
  return (
    <section aria-labelledby="announcements-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="announcements-title" className="text-lg font-bold text-slate-900">
          공지사항 관리
        </h2>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden="true" /> 공지사항 작성
        </Button>
      </div>
      <DataTable
        caption="공지사항 목록"
        rows={announcements}
        rowKey={(a) => a.id}
        searchText={(a) => `${a.title} ${a.category}`}
        empty="등록된 공지사항이 없습니다."
        columns={[
          { header: "제목", cell: (a) => a.title, primary: true, className: "min-w-60" },
          {
            header: "분류",
            cell: (a) => <CategoryBadge category={a.category} />,
            className: "whitespace-nowrap",
          },
          {
            header: "조회수",
            cell: (a) => a.views.toLocaleString("ko-KR"),
            className: "whitespace-nowrap",
          },
          {
            header: "작성일",
            cell: (a) => formatDate(a.createdAt),
            className: "whitespace-nowrap",
          },
          {
            header: "관리",
            className: "whitespace-nowrap",
            cell: (a) => (
              <div className="flex gap-1.5">
                <EditDeleteActions
                  name={a.title}
                  onEdit={() => setEditing(a)}
                  deleteTitle="공지사항 삭제"
                  deleteDescription={`‘${a.title}’ 공지사항을 정말 삭제하시겠습니까? 삭제한 내용은 되돌릴 수 없습니다.`}
                  onDelete={() => remove.run("delete-announcement", { id: a.id })}
                />
              </div>
            ),
          },
        ]}
      />
      {editing ? (
        <AnnouncementForm
          announcement={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function AnnouncementForm({
  announcement,
  onClose,
}: {
  announcement: AnnouncementRow | null;
  onClose: () => void;
}) {
  return (
    <ContentFormDialog
      title={announcement ? "공지사항 수정" : "공지사항 작성"}
      intent="save-announcement"
      id={announcement?.id}
      wide
      onClose={onClose}
    >
      {(errors) => (
        <>
          <Field
            id="announcement-title"
            name="title"
            label="제목"
            required
            defaultValue={announcement?.title}
            errors={errors("title")}
          />
          <div className="grid gap-1.5">
            <Label htmlFor="announcement-content" required>
              내용
            </Label>
            <Suspense fallback={<Skeleton className="h-60 w-full" />}>
              <RichTextEditor
                name="content"
                label="공지사항 내용"
                defaultValue={announcement?.content ?? ""}
                invalid={Boolean(errors("content"))}
                describedBy={errors("content") ? "announcement-content-error" : undefined}
              />
            </Suspense>
            <FieldError id="announcement-content-error" message={errors("content")?.[0]} />
          </div>
          <SelectField
            id="announcement-category"
            name="category"
            label="분류"
            defaultValue={announcement?.category ?? DEFAULT_CATEGORY}
            options={ANNOUNCEMENT_CATEGORIES.map((c) => ({ value: c, label: c }))}
            error={errors("category")?.[0]}
          />
          <ImageUpload
            name="imageUrl"
            label="대표 이미지 (선택)"
            endpoint="/api/objects/upload"
            successMessage="이미지가 업로드되었습니다."
            defaultValue={announcement?.imageUrl ?? ""}
            errors={errors("imageUrl")}
            clearable
          />
          <Field
            id="announcement-link"
            name="linkUrl"
            type="url"
            label="관련 링크 (선택)"
            placeholder="https://"
            defaultValue={announcement?.linkUrl ?? ""}
            errors={errors("linkUrl")}
          />
        </>
      )}
    </ContentFormDialog>
  );
}
