// The votes' schemas with Korean messages, shared by the office's form, the member's page and the
// JSON calls (docs/votes.md).
import { OBJECT_PATH, requiredText, seoulDateTime } from "~/lib/validation";
import { z } from "~/lib/zod";

export const VOTE_KINDS = ["resolution", "election"] as const;
export const ELECTORATES = ["full", "members"] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];
export type Electorate = (typeof ELECTORATES)[number];

export const KIND_LABELS: Record<VoteKind, string> = { resolution: "안건", election: "선거" };
export const ELECTORATE_LABELS: Record<Electorate, string> = {
  full: "정회원 (명예·평생회원 포함)",
  members: "승인된 모든 회원",
};

/** A resolution's options when the office names none. */
export const RESOLUTION_OPTIONS = ["찬성", "반대", "기권"];

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const OPTION_MAX = 100;
export const STATEMENT_MAX = 2000;
export const OPTIONS_MAX = 30;
const OPTIONS_TEXT_MAX = 40_000;
export const REASON_MAX = 500;
/** The receipt as the member is shown it: 128 random bits as 32 hexadecimal digits. */
export const RECEIPT_PATTERN = /^[0-9a-f]{32}$/;

const DATE_MESSAGE = "올바른 날짜와 시간을 입력해주세요";

/** A date-time; one without a zone (what a datetime-local input sends) is Seoul time. */
const dateTime = (message: string) => seoulDateTime(message, DATE_MESSAGE);

export const CANDIDATE_PHOTO_MESSAGE =
  "후보 사진은 ‘후보 사진 올리기’로 올린 사진의 주소(/objects/…)만 쓸 수 있습니다";

/** A photo's address where a name or a statement goes: the line's places were mixed up. */
const MISPLACED_PHOTO =
  "사진 주소는 ‘이름 | 사진 주소 | 소개’의 가운데 자리에만 적을 수 있습니다. 후보 줄을 확인해주세요";
const holdsPhotoPath = (value: string | null | undefined) => /\/objects\//.test(value ?? "");

const optionObject = z.object({
  label: requiredText("선택지(후보) 이름을 입력해주세요", OPTION_MAX).refine(
    (value) => !holdsPhotoPath(value),
    MISPLACED_PHOTO,
  ),
  // A photo uploaded here, never another site's: the ballot is a members' page, and a photo from
  // elsewhere would tell that site which members opened it, and when.
  photoUrl: z
    .string({ error: CANDIDATE_PHOTO_MESSAGE })
    .trim()
    .refine((value) => value === "" || OBJECT_PATH.test(value), CANDIDATE_PHOTO_MESSAGE)
    .transform((value) => (value === "" ? null : value))
    .nullish(),
  statement: z
    .string({ error: "소개글이 올바르지 않습니다" })
    .trim()
    .max(STATEMENT_MAX, `소개글은 ${STATEMENT_MAX}자 이하로 입력해주세요`)
    .refine((value) => !holdsPhotoPath(value), MISPLACED_PHOTO)
    .transform((value) => (value === "" ? null : value))
    .nullish(),
});

/**
 * An option: a text, or a candidate `{ label (or name), photoUrl?, statement? }`. The office's
 * form sends the options as lines, a candidate's as `이름 | 사진 주소 | 소개`.
 */
const option = z.preprocess((value) => {
  if (typeof value === "string") {
    const [label = "", photoUrl = "", ...statement] = value.split("|").map((part) => part.trim());
    return { label, photoUrl, statement: statement.join(" | ") };
  }
  if (value && typeof value === "object" && !("label" in value) && "name" in value) {
    return { ...value, label: (value as { name: unknown }).name };
  }
  return value;
}, optionObject);

const optionList = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const lines = value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    return lines.length === 0 ? undefined : lines;
  },
  z
    .array(option, { error: "선택지를 목록으로 입력해주세요" })
    .min(2, "선택지(후보)를 두 개 이상 입력해주세요")
    .max(OPTIONS_MAX, `선택지는 ${OPTIONS_MAX}개까지입니다`)
    .refine(
      (list) => new Set(list.map((item) => item.label)).size === list.length,
      "같은 이름의 선택지가 있습니다",
    )
    .optional(),
);

/** A number of ballots (1 or more, whole) or a share of the roll (above 0, below 1). */
const quorum = z.preprocess(
  (value) => {
    if (value === "" || value === undefined) return null;
    // "50%" is a share of the roll (0.5), never fifty ballots.
    if (typeof value === "string" && value.trim().endsWith("%")) {
      const percent = Number(value.trim().slice(0, -1));
      return percent > 0 && percent <= 100 ? (percent === 100 ? 0.999999 : percent / 100) : NaN;
    }
    if (typeof value === "string") return Number(value.trim());
    return value;
  },
  z
    .number({ error: "의결 정족수는 숫자로 입력해주세요" })
    .positive("의결 정족수는 0보다 커야 합니다")
    .max(1_000_000, "의결 정족수가 너무 큽니다. 투표 수 또는 0과 1 사이의 비율로 입력해주세요")
    .refine(
      (n) => n < 1 || Number.isInteger(n),
      "의결 정족수는 투표 수(정수) 또는 0과 1 사이의 비율로 입력해주세요",
    )
    .nullable(),
);

const voteFields = z.object({
  title: requiredText("제목을 입력해주세요", TITLE_MAX),
  description: z
    .string({ error: "설명이 올바르지 않습니다" })
    .trim()
    .max(DESCRIPTION_MAX, `설명은 ${DESCRIPTION_MAX}자 이하로 입력해주세요`)
    .nullish()
    .transform((value) => value ?? ""),
  kind: z.enum(VOTE_KINDS, { error: "투표 종류를 선택해주세요" }),
  options: optionList,
  opensAt: dateTime("투표 시작 시각을 입력해주세요"),
  closesAt: dateTime("투표 종료 시각을 입력해주세요"),
  // A call that names none takes every approved member; the office's form starts on `full`.
  electorate: z.enum(ELECTORATES, { error: "선거인 범위를 선택해주세요" }).default("members"),
  quorum: quorum.optional(),
});

type VoteFields = Pick<z.infer<typeof voteFields>, "kind" | "options" | "opensAt" | "closesAt">;

function voteRules(vote: VoteFields, context: z.RefinementCtx) {
  if (vote.closesAt.getTime() <= vote.opensAt.getTime()) {
    context.addIssue({
      code: "custom",
      path: ["closesAt"],
      message: "종료 시각은 시작 시각보다 뒤여야 합니다",
    });
  }
  if (vote.kind === "election" && !vote.options) {
    context.addIssue({ code: "custom", path: ["options"], message: "후보를 입력해주세요" });
  }
}

export const voteSchema = voteFields.superRefine(voteRules);
/** The office's form: the options as lines of one text field. */
const voteForm = voteFields
  .extend({
    options: z
      .string()
      .max(OPTIONS_TEXT_MAX, "선택지가 너무 깁니다")
      .optional()
      .pipe(optionList as z.ZodType<z.output<typeof optionList>, string | undefined>),
  })
  .superRefine(voteRules);
export type VoteInput = z.infer<typeof voteSchema>;

/** The option's 0-based index. */
export const ballotSchema = z.object({
  choice: z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : value),
    z
      .number({ error: "선택지를 골라주세요" })
      .int("선택지를 골라주세요")
      .min(0, "선택지를 골라주세요"),
  ),
});

const reason = requiredText("사유를 입력해주세요", REASON_MAX);

const rollChangeFields = z.object({
  change: z.enum(["add", "remove"], { error: "명부 변경 종류를 선택해주세요" }),
  userId: z.uuid({ error: "회원을 찾을 수 없습니다" }).optional(),
  email: z.string().trim().max(200).optional(),
  reason,
});
const someone = {
  check: (input: { userId?: string; email?: string }) => Boolean(input.userId || input.email),
  params: { path: ["email"], message: "회원의 이메일을 입력해주세요" },
};
export const rollChangeSchema = rollChangeFields.refine(someone.check, someone.params);
export type RollChange = z.infer<typeof rollChangeSchema>;

export const annulSchema = z.object({ reason });
/**
 * Each objection mails every administrator; a member's first few say what they need to (a
 * correction, an addition), and more would only fill the office's inbox.
 */
export const OBJECTIONS_PER_MEMBER = 3;
export const OBJECTIONS_USED_UP = `명부에 대한 이의는 한 투표에 ${OBJECTIONS_PER_MEMBER}건까지 낼 수 있습니다. 더 전하실 내용은 학회 사무국으로 연락해주세요.`;

export const objectionSchema = z.object({
  text: requiredText("이의 내용을 입력해주세요", REASON_MAX),
});

/** A receipt as typed or pasted: case and separators (spaces, dashes) do not matter. */
export function normalReceipt(value: string): string | null {
  const plain = value.replace(/[\s-]/g, "").toLowerCase();
  return RECEIPT_PATTERN.test(plain) ? plain : null;
}

/** The receipt in groups of four, for reading aloud or copying by hand. */
export const groupedReceipt = (receipt: string) => receipt.match(/.{1,4}/g)?.join(" ") ?? receipt;

/** The receipt typed on the vote's page, to check after the close. */
export const receiptCheckSchema = z.object({
  receipt: requiredText("영수증 번호를 입력해주세요", 100),
});

const voteId = z.uuid({ error: "투표를 찾을 수 없습니다" });

/** The office's page forms, each naming its vote. */
export const officeVoteForms = {
  create: voteForm,
  roll: rollChangeFields.extend({ id: voteId }).refine(someone.check, someone.params),
  annul: annulSchema.extend({ id: voteId }),
  delete: z.object({ id: voteId }),
  notice: z.object({ id: voteId }),
};

/** The ballots needed for the quorum: a number, or a share of the roll rounded up; 0 for none. */
export function quorumNeeded(quorum: number | null, eligible: number) {
  if (!quorum) return 0;
  return quorum < 1 ? Math.ceil(quorum * eligible) : quorum;
}
