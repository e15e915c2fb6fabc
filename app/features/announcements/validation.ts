import { optionalHttpUrl, optionalImageUrl, requiredText } from "~/lib/validation";
import { z } from "~/lib/zod";

import { ANNOUNCEMENT_CATEGORIES } from "./constants";

export { ANNOUNCEMENT_CATEGORIES };
export const DEFAULT_CATEGORY = "일반";
/** SPEC.md §5; `{host}` stands for https://로 (DESIGN.md). */
export const LINK_MESSAGE = "링크는 http:// 또는 https://로 시작해야 합니다";
export const CONTENT_REQUIRED = "내용을 입력해주세요";

/** Longest body, in characters (Korean text is up to 3 bytes a character, markup aside). */
export const CONTENT_MAX_LENGTH = 200_000;
/** The byte limit of a JSON call carrying an announcement: the longest body as UTF-8 (3 bytes). */
export const ANNOUNCEMENT_BODY_LIMIT = 1024 * 1024;
/** The same for a page form, which URL-encodes each Korean character as 9 bytes. */
export const ANNOUNCEMENT_FORM_LIMIT = 2 * 1024 * 1024;

const fields = {
  title: requiredText("제목을 입력해주세요", 200),
  content: z
    .string({ error: CONTENT_REQUIRED })
    .min(1, CONTENT_REQUIRED)
    .max(CONTENT_MAX_LENGTH, "내용이 너무 깁니다"),
  category: z.enum(ANNOUNCEMENT_CATEGORIES, { error: "분류를 선택해주세요" }),
  imageUrl: optionalImageUrl,
  linkUrl: optionalHttpUrl(LINK_MESSAGE),
  /** Pinned notices head the public board; a form's checkbox sends "on". */
  pinned: z.preprocess(
    (value) => (value === "on" || value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: "상단 고정 여부가 올바르지 않습니다" }),
  ),
};

export const announcementSchema = z.object({
  ...fields,
  category: fields.category.default(DEFAULT_CATEGORY),
  pinned: fields.pinned.optional(),
});

// A patch changes only what it names: no defaults here, or an omitted field would be reset.
export const announcementPatchSchema = z.object(fields).partial();

export type AnnouncementInput = z.infer<typeof announcementSchema>;
export type AnnouncementPatch = z.infer<typeof announcementPatchSchema>;
