// The members' board: what a post, a comment and a report may be. Shared by the pages
// and the JSON calls, with the Korean messages both show.

import { formatNumber } from "~/lib/numbers";
import { OBJECT_PATH } from "~/lib/validation";
import { z } from "~/lib/zod";

export const TITLE_MAX = 100;
export const BODY_MAX = 20_000;
export const COMMENT_MAX = 2_000;
export const REASON_MAX = 500;
export const MAX_IMAGES = 5;
export const POSTS_PER_PAGE = 20;
/**
 * A post call's body limit: 20,000 characters of Korean are 60 KB of UTF-8, more with escapes
 * and characters outside the BMP, so the 64 KB default would answer 413 before the length rule.
 */
export const POST_BODY_BYTES = 256 * 1024;

/** Line breaks as the browser sends them (CRLF) become LF, so lengths match what was typed. */
const normalised = (value: string) => value.replace(/\r\n?/g, "\n");

const title = z
  .string({ error: "제목을 입력해주세요." })
  .transform(normalised)
  .pipe(
    z
      .string()
      .trim()
      .min(1, "제목을 입력해주세요.")
      .refine((value) => Array.from(value).length <= TITLE_MAX, {
        message: `제목은 ${TITLE_MAX}자 이하로 입력해주세요.`,
      })
      .refine((value) => !value.includes("\n"), "제목에는 줄바꿈을 넣을 수 없습니다."),
  );

const body = z
  .string({ error: "내용을 입력해주세요." })
  .transform(normalised)
  .pipe(
    z
      .string()
      .refine((value) => value.trim().length > 0, "내용을 입력해주세요.")
      .refine((value) => Array.from(value).length <= BODY_MAX, {
        message: `내용은 ${formatNumber(BODY_MAX)}자 이하로 입력해주세요.`,
      }),
  );

const images = z
  .array(
    z
      .string({ error: "이미지를 다시 업로드해주세요." })
      .regex(OBJECT_PATH, "이미지를 다시 업로드해주세요."),
    {
      error: "이미지 목록이 올바르지 않습니다.",
    },
  )
  .max(MAX_IMAGES, `이미지는 ${MAX_IMAGES}장까지 첨부할 수 있습니다.`)
  .refine((list) => new Set(list).size === list.length, "같은 이미지를 두 번 첨부할 수 없습니다.");

export const postSchema = z.object({ title, body, images: images.default([]) });
export type PostInput = z.infer<typeof postSchema>;

export const postPatchSchema = z
  .object({ title: title.optional(), body: body.optional(), images: images.optional() })
  .refine(
    (patch) => patch.title !== undefined || patch.body !== undefined || patch.images !== undefined,
    "수정할 내용을 입력해주세요.",
  );
export type PostPatch = z.infer<typeof postPatchSchema>;

export const commentSchema = z.object({
  body: z
    .string({ error: "댓글 내용을 입력해주세요." })
    .transform(normalised)
    .pipe(
      z
        .string()
        .refine((value) => value.trim().length > 0, "댓글 내용을 입력해주세요.")
        .refine((value) => Array.from(value).length <= COMMENT_MAX, {
          message: `댓글은 ${formatNumber(COMMENT_MAX)}자 이하로 입력해주세요.`,
        }),
    ),
});

const reason = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(REASON_MAX, `사유는 ${REASON_MAX}자 이하로 입력해주세요.`);

export const reportSchema = z.object({ reason: reason("신고 사유를 입력해주세요.") });
/** The comment-mail switch on /mypage. */
export const commentMailSchema = z.object({
  commentMail: z.enum(["on", "off"], { error: "알림 설정 값이 올바르지 않습니다." }),
});
export const hideSchema = z.object({ reason: reason("숨김 사유를 입력해주세요.") });
export const pinSchema = z.object({
  pinned: z.boolean({ error: "고정 여부가 올바르지 않습니다." }).default(true),
});

export const listQuerySchema = z.object({
  q: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().trim().max(100, "검색어는 100자 이하로 입력해주세요.").optional(),
  ),
});

/** What a shared link to the board previews as: the board, never a post (it is members-only). */
export const BOARD_DESCRIPTION =
  "학회 회원 전용 게시판입니다. 승인된 회원으로 로그인하면 글을 읽고 쓸 수 있습니다.";

export const ITEM_KINDS = ["posts", "comments"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** What the list and the notices call a hidden item, by who hid it. */
export const HIDDEN_BY_LABELS = { admin: "관리자", reports: "신고 누적" } as const;

/** A board item a page form names: its kind (a post unless it says comments) and its id. */
const itemFields = {
  kind: z.enum(ITEM_KINDS).catch("posts"),
  id: z.string().max(40).default(""),
};

/** The moderation forms of /admin/community and of a post's page, by intent. */
export const moderationForms = {
  hide: z.object({ ...itemFields, ...hideSchema.shape }),
  restore: z.object(itemFields),
  deletePost: z.object(itemFields),
  deleteComment: z.object(itemFields),
};

/**
 * The post form of the pages (new and edit). An image slot left empty sends "" and is not an
 * image; one image arrives as a single value, several as a list.
 */
export const postFormSchema = postSchema.extend({
  images: z.preprocess(
    (value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(
        (item) => item !== "" && item !== undefined,
      ),
    images,
  ),
});

/**
 * How long the post form's values may be when read, in UTF-16 units (a character outside the
 * BMP counts two): the schema's own rule, counted in characters, then answers in Korean.
 */
export const POST_FORM_FIELDS = {
  title: { maxLength: TITLE_MAX * 2 },
  body: { maxLength: BODY_MAX * 2 },
  images: { maxLength: 100, multiple: true },
};

/** A post of 20,000 Korean characters, percent-encoded, is about 180 KB. */
export const POST_FORM_BYTES = 512 * 1024;
