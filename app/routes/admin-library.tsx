import { Form, Link, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldError, FormError, inputClass, Label } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { requireActor } from "~/features/accounts/actor.server";
import { InlineAction } from "~/features/community/components/inline-form";
import { libraryReader } from "~/features/library/access.server";
import { DocumentUpload } from "~/features/library/components/document-upload";
import { LibrarySearch } from "~/features/library/components/library-search";
import { ResourceList } from "~/features/library/components/resource-list";
import {
  createResource,
  deleteResource,
  getResource,
  libraryCategories,
  listResources,
  seminarChoices,
  updateResource,
} from "~/features/library/library.server";
import {
  ACCESS_LABELS,
  ACCESS_LEVELS,
  CATEGORY_MAX,
  DESCRIPTION_MAX,
  RESOURCES_PER_PAGE,
  resourceForms,
  SUGGESTED_CATEGORIES,
  TITLE_MAX,
} from "~/features/library/validation";
import { formatDate } from "~/lib/dates";
import { orNullIfRefused } from "~/lib/errors.server";
import { searchText } from "~/lib/list-page.server";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { pageFromUrl } from "~/lib/paging";
import { type Refusal, submittedValue, useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-library";

export const meta: Route.MetaFunction = () => [
  { title: "자료실 관리 | 관리자" },
  { name: "robots", content: "noindex" },
];

// The library's items, newest first (`?q=&category=&page=`), the form to add one, and with
// `?edit={id}` the form to change one (details, or a new file).
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "admin");
  const { url } = args;
  const reader = await libraryReader(user);
  const q = searchText(url.searchParams.get("q"));
  const category = (url.searchParams.get("category") ?? "").trim().slice(0, CATEGORY_MAX);
  const editId = url.searchParams.get("edit");
  const [list, categories, seminars, editing] = await Promise.all([
    listResources(reader, {
      q,
      category,
      page: pageFromUrl(url.searchParams),
      pageSize: RESOURCES_PER_PAGE,
    }),
    libraryCategories(),
    seminarChoices(),
    editId ? orNullIfRefused(getResource(editId, reader)) : Promise.resolve(null),
  ]);
  return { ...list, q, category, categories, seminars, editing };
}

const DONE = {
  create: "자료를 등록했습니다.",
  update: "자료를 수정했습니다.",
  delete: "자료를 삭제했습니다.",
};

const LIST = "/admin/library";

export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  intents: {
    create: {
      schema: resourceForms.create,
      run: async (input, actor) => {
        await createResource(actor, input);
        return done(DONE.create, LIST);
      },
    },
    update: {
      schema: resourceForms.update,
      run: async ({ id, objectPath, fileName, ...details }, actor) => {
        // The file's name goes with a newly uploaded file, never alone.
        const patch = objectPath ? { ...details, objectPath, fileName } : details;
        await updateResource(actor, id, patch);
        return done(DONE.update, LIST);
      },
    },
    delete: {
      schema: resourceForms.delete,
      run: async ({ id }, actor) => {
        await deleteResource(actor, id);
        return done(DONE.delete, LIST);
      },
    },
  },
});

type Editing = Route.ComponentProps["loaderData"]["editing"];

function ResourceForm({
  editing,
  formRound,
  categories,
  seminars,
  refusal,
}: {
  editing: Editing;
  formRound: string;
  categories: string[];
  seminars: { id: string; title: string; date: Date | string }[];
  refusal: Refusal | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const fieldErrors = refusal?.fieldErrors ?? {};
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([name, messages]) => [name, messages[0]]),
  ) as Record<string, string | undefined>;
  // After a refused save the form shows what was typed; a refused delete typed nothing here.
  const typed = refusal && refusal.intent !== "delete" ? refusal : null;
  const value = (name: string, fallback: string) =>
    typed ? (submittedValue(typed, name) ?? "") : fallback;
  const suggestions = [...new Set([...SUGGESTED_CATEGORIES, ...categories])];
  return (
    <Form
      method="post"
      noValidate
      // A new key after each change remounts the form, so a saved item's values do not stay.
      key={editing?.id ?? `new-${formRound}`}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="resource-form-title"
    >
      <h2 id="resource-form-title" className="text-lg font-bold text-slate-900">
        {editing ? `자료 수정: ${editing.title}` : "새 자료 등록"}
      </h2>
      {/* A field's message shows at the field; the form's own only when no field has one. */}
      <FormError message={Object.keys(fieldErrors).length === 0 ? refusal?.message : undefined} />
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <div className="grid gap-1.5">
        <Label htmlFor="resource-title" required>
          제목
        </Label>
        <input
          id="resource-title"
          name="title"
          maxLength={TITLE_MAX}
          defaultValue={value("title", editing?.title ?? "")}
          aria-required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? "resource-title-error" : undefined}
          className={inputClass}
        />
        <FieldError id="resource-title-error" message={errors.title} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="resource-category" required>
            분류
          </Label>
          <input
            id="resource-category"
            name="category"
            list="resource-categories"
            maxLength={CATEGORY_MAX}
            defaultValue={value("category", editing?.category ?? "")}
            aria-required
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? "resource-category-error" : undefined}
            className={inputClass}
          />
          <datalist id="resource-categories">
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <FieldError id="resource-category-error" message={errors.category} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="resource-access" required>
            공개 범위
          </Label>
          <select
            id="resource-access"
            name="access"
            defaultValue={value("access", editing?.access ?? "members")}
            className={inputClass}
          >
            {ACCESS_LEVELS.map((level) => (
              <option key={level} value={level}>
                {ACCESS_LABELS[level]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="resource-seminar">
          연결된 세미나 (참석자는 정회원 전용 자료도 받을 수 있음)
        </Label>
        <select
          id="resource-seminar"
          name="seminarId"
          defaultValue={value("seminarId", editing?.seminarId ?? "")}
          aria-invalid={errors.seminarId ? true : undefined}
          aria-describedby={errors.seminarId ? "resource-seminar-error" : undefined}
          className={inputClass}
        >
          <option value="">없음</option>
          {seminars.map((seminar) => (
            <option key={seminar.id} value={seminar.id}>
              {formatDate(seminar.date)} {seminar.title}
            </option>
          ))}
        </select>
        <FieldError id="resource-seminar-error" message={errors.seminarId} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="resource-description">설명</Label>
        <textarea
          id="resource-description"
          name="description"
          rows={3}
          maxLength={DESCRIPTION_MAX}
          defaultValue={value("description", editing?.description ?? "")}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "resource-description-error" : undefined}
          className={`${inputClass} h-auto py-2`}
        />
        <FieldError id="resource-description-error" message={errors.description} />
      </div>
      <DocumentUpload
        required={!editing}
        current={editing ? { fileName: editing.fileName, fileSize: editing.fileSize } : undefined}
        error={errors.objectPath ?? errors.fileName}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {editing ? (
          <Button asChild variant="secondary">
            <Link to="/admin/library">취소</Link>
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {editing ? "수정 저장" : "자료 등록"}
        </Button>
      </div>
    </Form>
  );
}

export default function AdminLibrary({ loaderData }: Route.ComponentProps) {
  const refusal = useRefusal();
  const { items, total, page, pageSize, q, category, categories, seminars, editing } = loaderData;
  const searchParams = new URLSearchParams();
  if (q) searchParams.set("q", q);
  if (category) searchParams.set("category", category);
  return (
    <Section>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">자료실 관리</h1>
      <p className="mt-1 text-slate-600">
        회원 자료실의 자료를 등록하고 수정·삭제합니다. 파일은 내용으로 형식을 확인하며 50MB까지 올릴
        수 있습니다. 모든 변경은 감사 기록에 남습니다.
      </p>
      <div className="mt-6">
        <ResourceForm
          editing={editing}
          formRound={`${total}-${items[0]?.id ?? ""}-${items[0]?.updatedAt ?? ""}`}
          categories={categories}
          seminars={seminars}
          refusal={refusal}
        />
      </div>
      <div className="mt-8">
        <LibrarySearch
          idPrefix="admin-library"
          category={category}
          q={q}
          categories={categories}
          categoryLabel="분류로 찾기"
        />
      </div>
      <p className="mt-6 mb-3 text-sm text-slate-600">모두 {formatNumber(total)}건</p>
      {items.length === 0 ? (
        <EmptyState>등록된 자료가 없습니다.</EmptyState>
      ) : (
        <ResourceList
          items={items}
          actions={(item) => (
            <>
              <Button asChild variant="secondary" size="sm">
                <Link to={`/admin/library?edit=${item.id}`}>수정</Link>
              </Button>
              <InlineAction
                label="삭제"
                intent="delete"
                id={item.id}
                tone="danger"
                confirm="자료와 파일을 삭제할까요? 되돌릴 수 없습니다."
                submitLabel="삭제"
              />
            </>
          )}
        />
      )}
      <Pagination
        page={page}
        total={total}
        pageSize={pageSize}
        searchParams={searchParams}
        pathname="/admin/library"
        label="자료실 관리 페이지"
      />
    </Section>
  );
}
