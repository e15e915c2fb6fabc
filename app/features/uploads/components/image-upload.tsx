import { CheckCircle2, ImageUp, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { FieldError, Label } from "~/components/ui/field";
import { toast } from "~/lib/toast";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "../constants";
import {
  type UploadEndpoint,
  uploadErrorMessage,
  uploadErrorTitle,
  uploadFile,
} from "../upload-file";

type Props = {
  /**
   * The form field that receives the stored object path; without one the path goes only to
   * `onUploaded` (a vote's candidate photo, written into the candidates' lines).
   */
  name?: string;
  label: string;
  required?: boolean;
  /** `/api/objects/upload-public` for a sign-up, `/api/objects/upload` when logged in. */
  endpoint: UploadEndpoint;
  /** The success toast's text, e.g. '의사 자격증 이미지가 업로드되었습니다.' */
  successMessage: string;
  errors?: string[];
  defaultValue?: string;
  onUploaded?: (objectPath: string) => void;
  /** Offers a button that removes the image (optional images). */
  clearable?: boolean;
  /**
   * Before JavaScript runs, the file itself is sent with the form under this name (the form is
   * multipart/form-data and its action stores it); once hydrated the name is dropped, since the
   * browser uploads the file first.
   */
  fileFieldName?: string;
};

/**
 * The one image upload of the site: checks type and size in the browser, asks the server for an
 * upload URL, PUTs the file there and keeps the returned object path in a hidden field. The server
 * checks type and size again on the upload itself.
 */
export function ImageUpload({
  name,
  label,
  required,
  endpoint,
  successMessage,
  errors,
  defaultValue = "",
  onUploaded,
  clearable = false,
  fileFieldName,
}: Props) {
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const [objectPath, setObjectPath] = useState(defaultValue);
  const [preview, setPreview] = useState<string | null>(defaultValue || null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Once, on hydration; `upload` reads nothing a later render would change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on hydration
  useEffect(() => {
    setHydrated(true);
    // A file chosen before the JavaScript arrived fired its change event with nobody listening,
    // and once hydrated the input loses its form name: upload it now, or the form goes without it.
    const chosenEarly = inputRef.current?.files?.[0];
    if (chosenEarly) void upload(chosenEarly);
  }, []);

  async function upload(file: File) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toast({
        title: UPLOAD_MESSAGES.wrongTypeTitle,
        description: UPLOAD_MESSAGES.wrongType,
        variant: "destructive",
      });
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast({
        title: UPLOAD_MESSAGES.tooLargeTitle,
        description: UPLOAD_MESSAGES.tooLarge,
        variant: "destructive",
      });
      return;
    }
    setUploading(true);
    try {
      const path = await uploadFile(file, endpoint);
      // Commit the path to the hidden field before anyone validates the form.
      flushSync(() => setObjectPath(path));
      setFileName(file.name);
      setPreview((old) => {
        if (old?.startsWith("blob:")) URL.revokeObjectURL(old);
        return URL.createObjectURL(file);
      });
      onUploaded?.(path);
      toast({ title: UPLOAD_MESSAGES.doneTitle, description: successMessage });
    } catch (error) {
      const message = uploadErrorMessage(error);
      toast({ title: uploadErrorTitle(message), description: message, variant: "destructive" });
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {name ? <input type="hidden" name={name} value={objectPath} /> : null}
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
        {preview ? (
          <img
            src={preview}
            alt="업로드한 이미지 미리보기"
            className="size-16 rounded-md object-cover"
          />
        ) : (
          <span className="grid size-16 place-items-center rounded-md bg-white text-slate-500">
            <ImageUp aria-hidden="true" />
          </span>
        )}
        {/* At least 8rem: on a phone the buttons go to the next line instead of over the status. */}
        <div className="min-w-32 flex-1 text-sm text-slate-600">
          {objectPath ? (
            <p className="font-medium text-emerald-800">
              {/* The status on one line; the file's name under it, cut short on a phone. */}
              <span className="inline-flex items-center gap-1 whitespace-nowrap">
                <CheckCircle2 className="size-4" aria-hidden="true" /> 업로드됨
              </span>
              {fileName ? (
                <span className="block truncate font-normal text-slate-600">{fileName}</span>
              ) : null}
            </p>
          ) : (
            <p>JPG, PNG, WebP, GIF · 최대 5MB</p>
          )}
        </div>
        {clearable && objectPath ? (
          <button
            type="button"
            className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold text-rose-700 hover:bg-rose-50"
            onClick={() => {
              setObjectPath("");
              setPreview(null);
              setFileName(null);
            }}
          >
            이미지 제거
          </button>
        ) : null}
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
        >
          {uploading ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {uploading ? "업로드 중..." : objectPath ? "다시 선택" : "파일 선택"}
          <input
            ref={inputRef}
            id={id}
            type="file"
            name={hydrated ? undefined : fileFieldName}
            accept={IMAGE_TYPES.join(",")}
            className="sr-only"
            required={required && !objectPath}
            aria-describedby={errors?.[0] ? errorId : undefined}
            aria-invalid={errors?.[0] ? true : undefined}
            // Not `disabled`: disabling the focused input sent the keyboard's focus to the page's
            // start. While one file uploads, the picker does not open again.
            aria-disabled={uploading || undefined}
            onClick={(event) => {
              if (uploading) event.preventDefault();
            }}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file && !uploading) void upload(file);
            }}
          />
        </label>
      </div>
      <FieldError id={errorId} message={errors?.[0]} />
    </div>
  );
}
