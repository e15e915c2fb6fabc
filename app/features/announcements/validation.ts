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

/** At most this many files on one notice. */
export const MAX_ATTACHMENTS = 10;

/** At most this many pinned notices head the board (the latest pinned). */
export const MAX_PINNED = 5;

export const ATTACHMENT_MESSAGES = {
  badFile: "첨부파일을 다시 올려주세요. 올린 파일을 찾을 수 없거나 이미 사용되었습니다.",
  stale: "첨부파일 목록이 바뀌었습니다. 공지사항을 다시 열어 주세요.",
  tooMany: `첨부파일은 ${MAX_ATTACHMENTS}개까지 올릴 수 있습니다.`,
  invalid: "첨부파일 정보가 올바르지 않습니다.",
  notFound: "첨부파일을 찾을 수 없습니다.",
  fileMissing: "첨부파일이 서버에 없습니다. 사무국에 알려 주세요.",
  forbidden: "첨부파일은 승인된 회원만 내려받을 수 있습니다.",
} as const;

/** A kept attachment (by id) or a new upload (its objectPath and original name). */
const attachmentItem = z.union(
  [
    z.strictObject({ id: z.uuid({ error: ATTACHMENT_MESSAGES.invalid }) }),
    z.strictObject({
      objectPath: z
        .string({ error: ATTACHMENT_MESSAGES.invalid })
        .regex(/^\/objects\/[0-9a-f-]{36}$/i, {
          error: ATTACHMENT_MESSAGES.badFile,
        }),
      fileName: z
        .string({ error: ATTACHMENT_MESSAGES.invalid })
        .trim()
        .min(1, ATTACHMENT_MESSAGES.invalid)
        .max(255, "파일 이름은 255자를 넘을 수 없습니다."),
    }),
  ],
  { error: ATTACHMENT_MESSAGES.invalid },
);

export type AttachmentInput = z.infer<typeof attachmentItem>;

/**
 * The whole list, in order: an array from a JSON call, or the same as JSON text from a form. A bad
 * item is told under `attachments` itself, where the form shows it, not under its index.
 */
const attachmentList = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    if (value.trim() === "") return [];
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(z.unknown(), { error: ATTACHMENT_MESSAGES.invalid })
    .max(MAX_ATTACHMENTS, ATTACHMENT_MESSAGES.tooMany)
    .transform((items, context) => {
      const parsed: AttachmentInput[] = [];
      for (const item of items) {
        const result = attachmentItem.safeParse(item);
        if (!result.success) {
          context.addIssue({ code: "custom", message: result.error.issues[0]!.message });
          return z.NEVER;
        }
        parsed.push(result.data);
      }
      return parsed;
    }),
);

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
  /** The notice's whole list of files; absent leaves the files as they are. */
  attachments: attachmentList,
};

export const announcementSchema = z.object({
  ...fields,
  category: fields.category.default(DEFAULT_CATEGORY),
  pinned: fields.pinned.optional(),
  attachments: fields.attachments.optional(),
});

// A patch changes only what it names: no defaults here, or an omitted field would be reset.
export const announcementPatchSchema = z.object(fields).partial();

export type AnnouncementInput = z.infer<typeof announcementSchema>;
export type AnnouncementPatch = z.infer<typeof announcementPatchSchema>;
