import { Paperclip, X } from "lucide-react";
import { useId, useState } from "react";
import { Label } from "~/components/ui/field";
import { DocumentPicker } from "~/features/uploads/components/document-picker";
import {
  DOCUMENT_MESSAGES,
  formatFileSize,
  MAX_DOCUMENT_BYTES,
} from "~/features/uploads/document-types";
import { uploadErrorMessage, uploadFile } from "~/features/uploads/upload-file";
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENTS } from "../validation";

type Kept = { id: string; fileName: string; fileSize: number };
type Added = { objectPath: string; fileName: string; fileSize: number };
type Item = Kept | Added;

/**
 * A notice's 첨부파일: the files already attached, each removable, and new ones uploaded at once
 * through the notice upload URL (checked by content, 50 MB). The form carries the whole list as
 * JSON in `attachments`: kept files by id, new ones by objectPath and name.
 */
export function AttachmentsField({ current, error }: { current: Kept[]; error?: string }) {
  const id = useId();
  const [items, setItems] = useState<Item[]>(current);
  const [uploading, setUploading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const message = failure ?? error;

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const files = [...(input.files ?? [])];
    input.value = "";
    setFailure(null);
    for (const file of files) {
      if (items.length >= MAX_ATTACHMENTS) {
        setFailure(ATTACHMENT_MESSAGES.tooMany);
        return;
      }
      if (file.size > MAX_DOCUMENT_BYTES) {
        setFailure(`${file.name}: ${DOCUMENT_MESSAGES.tooLarge}`);
        continue;
      }
      setUploading(file.name);
      try {
        const objectPath = await uploadFile(file, "/api/announcements/upload");
        setItems((list) => [...list, { objectPath, fileName: file.name, fileSize: file.size }]);
      } catch (problem) {
        setFailure(`${file.name}: ${uploadErrorMessage(problem)}`);
      } finally {
        setUploading(null);
      }
    }
  }

  const value = JSON.stringify(
    items.map((item) =>
      "id" in item ? { id: item.id } : { objectPath: item.objectPath, fileName: item.fileName },
    ),
  );

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>첨부파일 (선택)</Label>
      <input type="hidden" name="attachments" value={value} />
      {items.length > 0 ? (
        <ul className="grid gap-1.5" aria-label="첨부된 파일">
          {items.map((item, index) => (
            <li
              key={"id" in item ? item.id : item.objectPath}
              className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
            >
              <Paperclip className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 flex-1 break-all text-slate-800">
                {item.fileName}{" "}
                <span className="text-slate-600">({formatFileSize(item.fileSize)})</span>
              </span>
              <button
                type="button"
                onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
                className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 hover:text-rose-700"
              >
                <X className="size-4" aria-hidden="true" />
                <span className="sr-only">{item.fileName} 첨부 취소</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <DocumentPicker
          id={id}
          label="파일 추가"
          multiple
          disabled={uploading !== null || items.length >= MAX_ATTACHMENTS}
          invalid={Boolean(message)}
          describedBy={`${id}-hint${message ? ` ${id}-error` : ""}`}
          onChange={onChange}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600" aria-live="polite">
        {uploading
          ? `${uploading} 올리는 중…`
          : `PDF, 한글(HWP·HWPX), 이미지, 오피스 문서 · 한 파일 50MB, ${MAX_ATTACHMENTS}개까지. 공지 본문을 읽을 수 있는 회원만 내려받습니다.`}
      </p>
      {message ? (
        <p id={`${id}-error`} className="text-sm font-medium text-rose-700" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
