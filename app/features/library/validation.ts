// The library's (자료실) inputs and limits, shared by the calls, the page forms and the
// pages. Korean messages throughout.

import { formatNumber } from "~/lib/numbers";
import { z } from "~/lib/zod";

export const RESOURCES_PER_PAGE = 20;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const CATEGORY_MAX = 50;
export const FILE_NAME_MAX = 200;

/** Categories the administrator's form suggests; any other (up to 50 characters) is allowed. */
export const SUGGESTED_CATEGORIES = ["세미나 자료", "가이드라인", "서식", "논문·보고서", "기타"];

export const ACCESS_LEVELS = ["members", "regular"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const ACCESS_LABELS: Record<AccessLevel, string> = {
  members: "승인된 회원 모두",
  regular: "정회원 전용",
};

export const LIBRARY_DESCRIPTION =
  "세미나 발표 자료, 가이드라인, 각종 서식을 승인된 회원께 제공합니다.";

export const LIBRARY_MESSAGES = {
  notFound: "자료를 찾을 수 없습니다.",
  regularOnly: "정회원 전용 자료입니다. 정회원 또는 해당 세미나 참석자만 내려받을 수 있습니다.",
  membersOnly: "자료실은 승인된 회원만 이용할 수 있습니다.",
  fileMissing: "자료 파일을 찾을 수 없습니다. 사무국에 문의해주세요.",
  badFile: "업로드한 파일을 찾을 수 없습니다. 파일을 다시 올려주세요.",
  seminarNotFound: "연결할 학술 활동을 찾을 수 없습니다.",
} as const;

const objectPath = z
  .string({ error: "파일을 올려주세요." })
  .regex(/^\/objects\/[0-9a-f-]{36}$/, LIBRARY_MESSAGES.badFile);

const fileName = z
  .string({ error: "파일 이름이 필요합니다." })
  .trim()
  .min(1, "파일 이름이 필요합니다.")
  .max(FILE_NAME_MAX, `파일 이름은 ${FILE_NAME_MAX}자 이하여야 합니다.`);

const fields = {
  title: z
    .string({ error: "제목을 입력해주세요." })
    .trim()
    .min(1, "제목을 입력해주세요.")
    .max(TITLE_MAX, `제목은 ${TITLE_MAX}자 이하여야 합니다.`),
  description: z
    .string({ error: "설명은 글자로 입력해주세요." })
    .trim()
    .max(DESCRIPTION_MAX, `설명은 ${formatNumber(DESCRIPTION_MAX)}자 이하여야 합니다.`),
  category: z
    .string({ error: "분류를 입력해주세요." })
    .trim()
    .min(1, "분류를 입력해주세요.")
    .max(CATEGORY_MAX, `분류는 ${CATEGORY_MAX}자 이하여야 합니다.`),
  access: z.enum(ACCESS_LEVELS, { error: "공개 범위를 선택해주세요." }),
  seminarId: z
    .uuid({ error: "연결할 학술 활동이 올바르지 않습니다." })
    .nullable()
    .or(z.literal("").transform(() => null)),
};

/** A new item: its details and the uploaded file (`objectPath` from the upload flow). */
export const resourceSchema = z.object({
  title: fields.title,
  description: fields.description.default(""),
  category: fields.category,
  access: fields.access.default("members"),
  seminarId: fields.seminarId.default(null),
  objectPath,
  fileName,
});
export type ResourceInput = z.infer<typeof resourceSchema>;

/** A change: any of the details; a new file replaces the old one (objectPath with fileName). */
export const resourcePatchSchema = z
  .object({
    title: fields.title.optional(),
    description: fields.description.optional(),
    category: fields.category.optional(),
    access: fields.access.optional(),
    seminarId: fields.seminarId.optional(),
    objectPath: objectPath.optional(),
    fileName: fileName.optional(),
  })
  .refine((patch) => patch.objectPath === undefined || patch.fileName !== undefined, {
    message: "새 파일의 이름이 필요합니다.",
    path: ["fileName"],
  });
export type ResourcePatch = z.infer<typeof resourcePatchSchema>;

/** `?q=&category=` of the list (the page number is read by lib/paging). */
export const listQuerySchema = z.object({
  q: z.string().trim().max(100, "검색어는 100자 이하여야 합니다.").default(""),
  category: z.string().trim().max(CATEGORY_MAX, "분류가 올바르지 않습니다.").default(""),
});

/**
 * The administrator's page forms, by intent. The edit form sends every detail: an emptied
 * description or seminar is cleared, an emptied title or category refused; a file only when a
 * new one was uploaded.
 */
export const resourceForms = {
  create: resourceSchema,
  update: z
    .object({
      id: z.string().max(40).default(""),
      ...resourceSchema.shape,
      objectPath: objectPath.optional(),
      fileName: fileName.optional(),
    })
    .refine((patch) => patch.objectPath === undefined || patch.fileName !== undefined, {
      message: "새 파일의 이름이 필요합니다.",
      path: ["fileName"],
    }),
  delete: z.object({ id: z.string().max(40).default("") }),
};
