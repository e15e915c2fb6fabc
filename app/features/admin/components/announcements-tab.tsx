import { Plus } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldError, Label } from "~/components/ui/field";
import { Skeleton } from "~/components/ui/skeleton";
import { SelectField } from "~/components/ui/textarea-field";
import { AttachmentsField } from "~/features/announcements/components/attachments-field";
import { CategoryBadge } from "~/features/announcements/components/category-badge";
import {
  ANNOUNCEMENT_CATEGORIES,
  DEFAULT_CATEGORY,
  MAX_PINNED,
} from "~/features/announcements/validation";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { formatDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import { ContentFormDialog } from "./content-form-dialog";
import { DataTable } from "./data-table";
import { ListPager, ListSearch, NO_RESULTS } from "./paged-list";
import { EditDeleteActions } from "./row-actions";
import type { AnnouncementRow, DashboardData, TabPage } from "./types";
import { useDashboardAction } from "./use-dashboard-action";

// The editor is loaded only when an administrator opens the form: no page ships it otherwise.
const RichTextEditor = lazy(() => import("~/features/announcements/components/rich-text-editor"));

type Editing = AnnouncementRow | "new" | null;

const CAPTION = "공지사항 목록";

/** Announcements newest first, 20 a page, searched on the server (`?tab=announcements&q=`). */
export function AnnouncementsTab({ list }: { list: TabPage<AnnouncementRow> }) {
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
      <ListSearch tab="announcements" caption={CAPTION} list={list} placeholder="제목, 분류" />
      <DataTable
        caption={CAPTION}
        rows={list.items}
        rowKey={(a) => a.id}
        paging="server"
        empty={list.q ? NO_RESULTS : "등록된 공지사항이 없습니다."}
        columns={[
          { header: "제목", cell: (a) => a.title, primary: true, className: "min-w-60" },
          {
            header: "분류",
            cell: (a) => (
              <span className="inline-flex items-center gap-1.5">
                <CategoryBadge category={a.category} />
                {a.pinned ? <span className="text-xs font-bold text-rose-700">고정</span> : null}
              </span>
            ),
            className: "whitespace-nowrap",
          },
          {
            header: "조회수",
            cell: (a) => formatNumber(a.views),
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
      <ListPager caption={CAPTION} list={list} />
      {editing ? (
        <AnnouncementForm
          announcement={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

/**
 * The create or edit form. The table's rows carry no bodies: editing loads the announcement in
 * full (`?tab=announcements&edit=<id>`) and shows the editor once it is there.
 */
function AnnouncementForm({
  announcement,
  onClose,
}: {
  announcement: AnnouncementRow | null;
  onClose: () => void;
}) {
  const full = useFetcher<DashboardData>();
  const id = announcement?.id;
  const { load } = full;
  useEffect(() => {
    if (id) void load(`/admin/dashboard?tab=announcements&edit=${id}`);
  }, [id, load]);
  const loaded = full.data?.editing?.id === id ? full.data?.editing : undefined;
  const missing = Boolean(id) && full.state === "idle" && full.data && !loaded;
  const content = id ? loaded?.content : "";
  return (
    <ContentFormDialog
      title={announcement ? "공지사항 수정" : "공지사항 작성"}
      intent="save-announcement"
      id={id}
      wide
      ready={content !== undefined}
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
            {content === undefined ? (
              missing ? (
                <p className="text-sm text-rose-700">공지사항을 찾을 수 없습니다.</p>
              ) : (
                <Skeleton className="h-60 w-full" />
              )
            ) : (
              <Suspense fallback={<Skeleton className="h-60 w-full" />}>
                <RichTextEditor
                  name="content"
                  label="공지사항 내용"
                  defaultValue={content}
                  invalid={Boolean(errors("content"))}
                  describedBy={errors("content") ? "announcement-content-error" : undefined}
                />
              </Suspense>
            )}
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
          {content === undefined ? null : (
            <AttachmentsField
              current={loaded?.attachments ?? []}
              error={errors("attachments")?.[0]}
            />
          )}
          <Field
            id="announcement-link"
            name="linkUrl"
            type="url"
            label="관련 링크 (선택)"
            placeholder="https://"
            defaultValue={announcement?.linkUrl ?? ""}
            errors={errors("linkUrl")}
          />
          <label className="flex items-center gap-2 text-base text-slate-800">
            <input
              type="checkbox"
              name="pinned"
              defaultChecked={announcement?.pinned ?? false}
              className="size-5 accent-brand-700"
            />
            <span>
              공지사항 목록 맨 위에 고정
              <span className="block text-sm text-slate-600">
                고정한 공지는 최근 것부터 {MAX_PINNED}개까지 목록 위에 보입니다.
              </span>
            </span>
          </label>
        </>
      )}
    </ContentFormDialog>
  );
}
