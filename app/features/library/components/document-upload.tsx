import { useId, useState } from "react";
import { Label } from "~/components/ui/field";
import { DocumentPicker } from "~/features/uploads/components/document-picker";
import {
  DOCUMENT_MESSAGES,
  formatFileSize,
  MAX_DOCUMENT_BYTES,
} from "~/features/uploads/document-types";
import { uploadErrorMessage, uploadFile } from "~/features/uploads/upload-file";

/**
 * The library file field: the chosen file is uploaded at once through the library's signed URL
 * (the server checks its content and the 50 MB limit), and the form carries its `objectPath`
 * and original name. With `current`, leaving it empty keeps the item's file.
 */
export function DocumentUpload({
  required,
  current,
  error,
}: {
  required?: boolean;
  current?: { fileName: string; fileSize: number };
  error?: string;
}) {
  const id = useId();
  const [state, setState] = useState<
    | { kind: "idle" }
    | { kind: "uploading"; name: string }
    | { kind: "done"; name: string; size: number; objectPath: string }
    | { kind: "failed"; message: string }
  >({ kind: "idle" });
  const message = state.kind === "failed" ? state.message : error;

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_DOCUMENT_BYTES) {
      setState({ kind: "failed", message: DOCUMENT_MESSAGES.tooLarge });
      return;
    }
    setState({ kind: "uploading", name: file.name });
    try {
      const objectPath = await uploadFile(file, "/api/resources/upload");
      setState({ kind: "done", name: file.name, size: file.size, objectPath });
    } catch (failure) {
      setState({ kind: "failed", message: uploadErrorMessage(failure) });
    }
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required={required}>
        {current ? "파일 교체" : "파일"}
      </Label>
      <div className="flex flex-wrap items-center gap-3">
        <DocumentPicker
          id={id}
          label="파일 선택"
          invalid={Boolean(message)}
          describedBy={`${id}-hint${message ? ` ${id}-error` : ""}`}
          onChange={onChange}
        />
        <span className="min-w-0 text-sm break-all text-slate-700">
          {state.kind === "done" || state.kind === "uploading" ? state.name : "선택된 파일 없음"}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600" aria-live="polite">
        {state.kind === "uploading"
          ? `${state.name} 올리는 중…`
          : state.kind === "done"
            ? `업로드 완료: ${state.name} (${formatFileSize(state.size)})`
            : current
              ? `현재 파일: ${current.fileName} (${formatFileSize(current.fileSize)}). 바꿀 때만 새 파일을 고르세요.`
              : "PDF, 파워포인트, 워드, 엑셀, 한글(HWP·HWPX), ZIP, 이미지 · 50MB까지"}
      </p>
      {message ? (
        <p id={`${id}-error`} className="text-sm font-medium text-rose-700" role="alert">
          {message}
        </p>
      ) : null}
      {state.kind === "done" ? (
        <>
          <input type="hidden" name="objectPath" value={state.objectPath} />
          <input type="hidden" name="fileName" value={state.name} />
        </>
      ) : null}
    </div>
  );
}
