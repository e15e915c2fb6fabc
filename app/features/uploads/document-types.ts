// The document types the library takes, shared by the upload widget, the pages and the
// server. A file's type is found in its content (document-sniff.server.ts), never in its name.
import { withoutBidiControls } from "~/lib/content-disposition";
import { formatNumber } from "~/lib/numbers";

export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024; // 52428800

export const DOCUMENT_TYPES = {
  pdf: { mime: "application/pdf", label: "PDF", extensions: ["pdf"] },
  ppt: { mime: "application/vnd.ms-powerpoint", label: "PowerPoint", extensions: ["ppt", "pps"] },
  pptx: {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    label: "PowerPoint",
    extensions: ["pptx"],
  },
  doc: { mime: "application/msword", label: "Word", extensions: ["doc"] },
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "Word",
    extensions: ["docx"],
  },
  xls: { mime: "application/vnd.ms-excel", label: "Excel", extensions: ["xls"] },
  xlsx: {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    label: "Excel",
    extensions: ["xlsx"],
  },
  hwp: { mime: "application/x-hwp", label: "한글(HWP)", extensions: ["hwp"] },
  hwpx: { mime: "application/hwp+zip", label: "한글(HWPX)", extensions: ["hwpx"] },
  zip: { mime: "application/zip", label: "ZIP", extensions: ["zip"] },
  jpg: { mime: "image/jpeg", label: "JPEG 이미지", extensions: ["jpg", "jpeg"] },
  png: { mime: "image/png", label: "PNG 이미지", extensions: ["png"] },
  gif: { mime: "image/gif", label: "GIF 이미지", extensions: ["gif"] },
  webp: { mime: "image/webp", label: "WebP 이미지", extensions: ["webp"] },
} as const;

export type DocumentKind = keyof typeof DOCUMENT_TYPES;

export const DOCUMENT_MESSAGES = {
  wrongType:
    "PDF, 파워포인트, 워드, 엑셀, 한글(HWP·HWPX), ZIP, 이미지(JPG·PNG·GIF·WebP) 파일만 올릴 수 있습니다.",
  tooLarge: "파일 크기는 50MB를 초과할 수 없습니다.",
  // A file was chosen: it has nothing in it (0 bytes), which "no file" would not tell.
  empty: "빈 파일(0바이트)은 올릴 수 없습니다.",
} as const;

/** What the file picker offers (a hint only: the server judges the content). */
export const DOCUMENT_ACCEPT = [
  ...new Set(Object.values(DOCUMENT_TYPES).flatMap((type) => type.extensions.map((e) => `.${e}`))),
].join(",");

/** The kind of a stored content type, or undefined. */
export function kindOfMime(mime: string): DocumentKind | undefined {
  return (Object.keys(DOCUMENT_TYPES) as DocumentKind[]).find(
    (kind) => DOCUMENT_TYPES[kind].mime === mime,
  );
}

/** "PDF", "한글(HWP)" … for a stored content type; "파일" for anything else. */
export function typeLabel(mime: string) {
  const kind = kindOfMime(mime);
  return kind ? DOCUMENT_TYPES[kind].label : "파일";
}

/** A size in Korean units: 512 B → "512바이트", "1.5KB", "12.3MB" (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${formatNumber(bytes)}바이트`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${shown}${units[unit]}`;
}

/**
 * The name a file is saved under: the uploaded name without any folder part, control characters
 * or direction controls (which could show "…exe" as "…pdf"), with an extension that matches its real type (a PDF named "slides.exe" is saved as
 * "slides.exe.pdf"), at most 200 characters.
 */
export function downloadName(rawName: string, mime: string) {
  const base =
    withoutBidiControls(rawName)
      .split(/[\\/]/)
      .pop()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed
      ?.replace(/[\u0000-\u001f\u007f"]/g, "")
      .trim()
      .slice(0, 200) || "자료";
  const kind = kindOfMime(mime);
  if (!kind) return base;
  const extension = base.includes(".") ? base.slice(base.lastIndexOf(".") + 1).toLowerCase() : "";
  const allowed: readonly string[] = DOCUMENT_TYPES[kind].extensions;
  return allowed.includes(extension) ? base : `${base}.${allowed[0]}`;
}
