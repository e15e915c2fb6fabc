// Image upload rules shared by the upload component and the server (SPEC.md §5, §9).
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024; // 5242880
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const UPLOAD_MESSAGES = {
  wrongTypeTitle: "잘못된 파일 형식",
  wrongType: "이미지 파일만 업로드 가능합니다.",
  tooLargeTitle: "파일 크기 초과",
  tooLarge: "파일 크기는 5MB를 초과할 수 없습니다.",
  failedTitle: "업로드 실패",
  failed: "이미지 업로드 중 오류가 발생했습니다.",
  doneTitle: "업로드 완료",
} as const;
