import { optionalHttpUrl, requiredText } from "~/lib/validation";
import { z } from "~/lib/zod";

export const SEMINAR_STATUSES = ["open", "closed"] as const;
/** The admin form's labels (SPEC.md §4). */
export const SEMINAR_STATUS_LABELS = {
  open: "진행중 (신청 가능)",
  closed: "마감 (신청 불가)",
} as const;

const DATE_MESSAGE = "올바른 날짜와 시간을 입력해주세요";

/**
 * A date, or a string convertible to one (SPEC.md §5). A date-time without a zone — what a
 * datetime-local input sends — is Seoul time.
 */
export const seminarDate = z.preprocess(
  (value) => {
    if (
      typeof value === "string" &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value.trim())
    ) {
      return new Date(`${value.trim()}+09:00`);
    }
    if (typeof value === "string" && value.trim() !== "") return new Date(value);
    return value;
  },
  z.date({ error: DATE_MESSAGE }).refine((d) => !Number.isNaN(d.getTime()), DATE_MESSAGE),
);

const fields = {
  title: requiredText("제목을 입력해주세요", 200),
  description: requiredText("설명을 입력해주세요", 5000),
  speaker: requiredText("연자를 입력해주세요", 200),
  date: seminarDate,
  location: requiredText("장소를 입력해주세요", 200),
  registrationUrl: optionalHttpUrl("신청 링크는 http:// 또는 https://로 시작해야 합니다"),
  status: z.enum(SEMINAR_STATUSES, { error: "상태를 선택해주세요" }),
};

export const seminarSchema = z.object({ ...fields, status: fields.status.default("open") });

// A patch changes only what it names: no defaults here, or an omitted field would be reset.
export const seminarPatchSchema = z.object(fields).partial();

export type SeminarInput = z.infer<typeof seminarSchema>;
export type SeminarPatch = z.infer<typeof seminarPatchSchema>;
