import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/textarea-field";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { fieldMessage, type Refusal, submittedValue, useRefusal } from "~/lib/refusal";
import type { readOwnPost } from "../community.server";
import { BODY_MAX, MAX_IMAGES, TITLE_MAX } from "../validation";
import { BoardLocked } from "./locked-notice";

type OwnPost = Awaited<ReturnType<typeof readOwnPost>>;

/**
 * The page of the post form: writing a new post, or editing `post` (its author's own). A visitor
 * sees the board's locked notice; a refused submission comes back with its messages.
 */
export function PostFormPage({ locked, post }: { locked: boolean; post?: OwnPost }) {
  const refusal = useRefusal();
  if (locked) return <BoardLocked />;
  return (
    <>
      <PageHeader title={post ? "글 수정" : "글쓰기"} />
      <Section className="max-w-3xl">
        <Card className="p-5 sm:p-8">
          <PostForm
            initial={post}
            refusal={refusal}
            submitLabel={post ? "수정 완료" : "등록"}
            cancelTo={post ? `/community/${post.id}` : "/community"}
          />
        </Card>
      </Section>
    </>
  );
}

/**
 * The post form, for a new post and for an edit. Images are uploaded as they are chosen (the
 * site's one upload component, one slot each, up to five) and sent as their object paths.
 */
function PostForm({
  initial,
  refusal,
  submitLabel,
  cancelTo,
}: {
  initial?: { title: string; body: string; images: string[] };
  /** The last refused submission: its messages, and what was typed, shown again. */
  refusal: Refusal | null;
  submitLabel: string;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [slots, setSlots] = useState(() => Math.min(MAX_IMAGES, (initial?.images.length ?? 0) + 1));
  const errors = {
    title: fieldMessage(refusal, "title"),
    body: fieldMessage(refusal, "body"),
    // A bad image is named by its place in the list (`images[1]`): shown under the images.
    images: Object.entries(refusal?.fieldErrors ?? {}).find(
      ([name]) => name === "images" || name.startsWith("images["),
    )?.[1][0],
  };
  const fieldless = Object.keys(refusal?.fieldErrors ?? {}).length === 0;
  return (
    <Form method="post" noValidate className="grid gap-5">
      <FormError message={fieldless ? refusal?.message : undefined} />
      <Field
        id="post-title"
        name="title"
        label="제목"
        required
        maxLength={TITLE_MAX}
        defaultValue={submittedValue(refusal, "title") ?? initial?.title ?? ""}
        errors={errors.title ? [errors.title] : undefined}
      />
      <TextareaField
        id="post-body"
        name="body"
        label="내용"
        required
        rows={12}
        maxLength={BODY_MAX}
        defaultValue={submittedValue(refusal, "body") ?? initial?.body ?? ""}
        error={errors.body}
      />
      <p className="-mt-3 text-sm text-slate-600">
        줄바꿈은 그대로 보이고, http:// 또는 https://로 시작하는 주소는 링크가 됩니다.
      </p>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          이미지 (최대 {MAX_IMAGES}장, 장당 5MB, 회원에게만 보입니다)
        </legend>
        {Array.from({ length: slots }, (_, index) => (
          <ImageUpload
            // biome-ignore lint/suspicious/noArrayIndexKey: slots only grow, in order
            key={index}
            name="images"
            label={`이미지 ${index + 1}`}
            endpoint="/api/objects/upload"
            successMessage="이미지가 업로드되었습니다."
            defaultValue={initial?.images[index] ?? ""}
            clearable
            onUploaded={() => setSlots((n) => Math.min(MAX_IMAGES, Math.max(n, index + 2)))}
          />
        ))}
        {errors.images ? (
          <p className="text-sm font-medium text-rose-700" role="alert">
            {errors.images}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "저장 중..." : submitLabel}
        </Button>
        <Button asChild variant="secondary">
          <Link to={cancelTo}>취소</Link>
        </Button>
      </div>
    </Form>
  );
}
