// The credit sheet's inputs: a correction, the send-out, a member's objection.
import { requiredText } from "~/lib/validation";
import { z } from "~/lib/zod";
import { seminarDate } from "./validation";

const CREDITS_MESSAGE = "평점은 0점 이상 100점 이하의 숫자로 입력해주세요";

/** A correction's time: a date-time, or empty/null to go back to the scans. */
const correctedTime = z.preprocess((value) => (value === "" ? null : value), seminarDate.nullish());

/**
 * A correction of one attendee's line. Each of entryAt, exitAt and credits: a value sets it, null
 * (or an empty form field) goes back to what the scans and the bands give, absent leaves it.
 */
export const creditCorrectionSchema = z
  .object({
    entryAt: correctedTime,
    exitAt: correctedTime,
    credits: z.preprocess(
      (value) =>
        value === ""
          ? null
          : typeof value === "string" && /^\s*\d+\s*$/.test(value)
            ? Number(value)
            : value,
      z
        .number({ error: CREDITS_MESSAGE })
        .int(CREDITS_MESSAGE)
        .min(0, CREDITS_MESSAGE)
        .max(100, CREDITS_MESSAGE)
        .nullish(),
    ),
    reason: requiredText("정정 사유를 입력해주세요", 500),
  })
  .refine((c) => c.entryAt !== undefined || c.exitAt !== undefined || c.credits !== undefined, {
    message: "정정할 입장·퇴장 시간이나 평점을 입력해주세요",
    path: ["entryAt"],
  });
export type CreditCorrection = z.infer<typeof creditCorrectionSchema>;

/** Sending the sheet out: how many days the attendees have to object (default 7). */
export const creditSendSchema = z.object({
  objectionDays: z.preprocess(
    (value) => (value === "" || value === undefined || value === null ? 7 : Number(value)),
    z
      .number({ error: "이의 신청 기간은 1일 이상 60일 이하로 입력해주세요" })
      .int("이의 신청 기간은 1일 이상 60일 이하로 입력해주세요")
      .min(1, "이의 신청 기간은 1일 이상 60일 이하로 입력해주세요")
      .max(60, "이의 신청 기간은 1일 이상 60일 이하로 입력해주세요"),
  ),
});

const LOCK_REASON = "확정 사유를 입력해주세요";

/**
 * Locking the sheet: before the objection deadline the office writes why (audited); after it no
 * reason is needed. A reason sent must say something (trimmed, 1–500 characters).
 */
export const creditLockSchema = z.object({
  reason: z
    .string({ error: LOCK_REASON })
    .trim()
    .min(1, LOCK_REASON)
    .max(500, "확정 사유는 500자 이하로 입력해주세요")
    .optional(),
});
export type CreditLock = z.infer<typeof creditLockSchema>;

/** A member's objection to their computed credits. */
export const creditObjectionSchema = z.object({
  message: requiredText("이의 내용을 입력해주세요", 1000),
});

/** The credit sheet page's forms, by intent: a line's correction, the send-out, the lock. */
export const creditSheetForms = {
  correct: creditCorrectionSchema.safeExtend({
    registrationId: z.string().max(100).default(""),
  }),
  send: creditSendSchema,
  lock: creditLockSchema,
};

/** The objection form on /mypage, naming its seminar. */
export const creditObjectionFormSchema = creditObjectionSchema.extend({
  seminarId: z.string().max(40).default(""),
});

/** What the member is told when the objection is received. */
export const OBJECTION_RECEIVED = {
  title: "이의 신청 완료",
  description: "사무국이 확인한 뒤 평점표에 반영합니다.",
};
