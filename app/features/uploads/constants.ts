// Image upload rules shared by the upload component and the server (SPEC.md §5, §9).
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024; // 5242880
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const UPLOAD_MESSAGES = {
  wrongTypeTitle: "잘못된 파일 형식",
  wrongType: "이미지 파일만 업로드 가능합니다.",
  tooLargeTitle: "파일 크기 초과",
  tooLarge: "파일 크기는 5MB를 초과할 수 없습니다.",
  broken: "이미지 파일이 손상되었거나 일부가 잘려 있습니다. 다른 파일을 올려주세요.",
  tooManyPixels: "이미지 해상도가 너무 큽니다. 크기를 줄여 다시 올려주세요.",
  busy: "이미지를 확인하는 중인 파일이 많습니다. 잠시 후 다시 올려주세요.",
  failedTitle: "업로드 실패",
  failed: "이미지 업로드 중 오류가 발생했습니다.",
  // The browser could not reach the server at all (its own English "Failed to fetch").
  network:
    "업로드 중 서버에 연결하지 못했습니다. 인터넷 연결을 확인하시고, 주소창의 주소가 학회 홈페이지 주소인지 확인한 뒤 다시 시도해주세요.",
  doneTitle: "업로드 완료",
} as const;
