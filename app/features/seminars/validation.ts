import { isUuid } from "~/lib/ids";
import {
  inSocietyYears,
  optionalHttpUrl,
  optionalUploadedImage,
  requiredText,
  seoulDateTime,
  YEAR_RANGE_MESSAGE,
} from "~/lib/validation";
import { wonInput } from "~/lib/won";
import { z } from "~/lib/zod";
import { bandProblem, parseBandText, parseBreakText } from "./credit-rule";

export const SEMINAR_STATUSES = ["open", "closed", "cancelled"] as const;
/**
 * The admin form's labels (SPEC.md §4; its 진행중 reads 접수중, as 진행 중 means a seminar under
 * way: docs/decisions/021-seminar-phase.md). Cancelled is the society's own addition: the seminar will
 * not take place, its registrants are mailed, and every record stays (a seminar with registrations
 * is never deleted).
 */
export const SEMINAR_STATUS_LABELS = {
  open: "접수중 (신청 가능)",
  closed: "마감 (신청 불가)",
  cancelled: "취소 (신청자에게 안내 메일, 결제한 등록비 전액 환불)",
} as const;

const DATE_MESSAGE = "올바른 날짜와 시간을 입력해주세요";

/** A date, or a string convertible to one (SPEC.md §5); without a zone, Seoul time. */
export const seminarDate = seoulDateTime(DATE_MESSAGE);

/** An optional date-time: empty or null means none. */
const optionalDate = z.preprocess((value) => (value === "" ? null : value), seminarDate.nullish());

/** An optional whole number in a range: empty or null means none. */
const optionalCount = (message: string, max: number, min = 1) =>
  z.preprocess(
    (value) =>
      value === ""
        ? null
        : typeof value === "string" && /^\s*\d+\s*$/.test(value)
          ? Number(value)
          : value,
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullish(),
  );

export const SEMINAR_AUDIENCES = ["members", "regular"] as const;
export type SeminarAudience = (typeof SEMINAR_AUDIENCES)[number];
export const SEMINAR_AUDIENCE_LABELS: Record<SeminarAudience, string> = {
  members: "승인된 회원 누구나",
  regular: "정회원만",
};

const WHOLE = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const creditBand = z.object({
  fromMinutes: WHOLE("구간 시작은 0분 이상 1,440분 이하의 분으로 입력해주세요", 0, 1440),
  toMinutes: WHOLE("구간 끝은 1분 이상 1,440분 이하의 분으로 입력해주세요", 1, 1440).nullable(),
  credits: WHOLE("구간 평점은 0점 이상 100점 이하로 입력해주세요", 0, 100),
});

/**
 * The band table: an array of { fromMinutes, toMinutes (null: no upper end), credits } from the
 * JSON calls, or the form's lines ("120-180=3"). Empty or null: the default, one credit per full
 * hour up to cmeCredits. The service checks the credits against cmeCredits.
 */
const creditBands = z.preprocess(
  (value, ctx) => {
    if (value === "") return null;
    if (typeof value !== "string") return value;
    const parsed = parseBandText(value);
    if ("problem" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.problem, input: value });
      return z.NEVER;
    }
    return parsed.bands.length ? parsed.bands : null;
  },
  z
    .array(creditBand, { error: "평점 구간 표가 올바르지 않습니다" })
    .max(24, "평점 구간은 24개까지 입력할 수 있습니다")
    .superRefine((bands, ctx) => {
      const problem = bandProblem(bands);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .nullish(),
);

const TIME_OF_DAY = /^([01]?\d|2[0-3]):[0-5]\d$/;
const breakTime = z.union([
  z
    .string()
    .trim()
    .regex(TIME_OF_DAY)
    .transform((t) => t as `${number}:${number}`),
  seminarDate,
]);

/**
 * The breaks that do not count as time present: an array of { start, end, label } (ISO 8601
 * date-times, or "HH:MM" on the seminar's date) from the JSON calls, or the form's lines
 * ("12:00-13:00 점심"). Empty or null: none.
 */
const creditBreaks = z.preprocess(
  (value, ctx) => {
    if (value === "") return null;
    if (typeof value !== "string") return value;
    const parsed = parseBreakText(value);
    if ("problem" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.problem, input: value });
      return z.NEVER;
    }
    return parsed.breaks.length ? parsed.breaks : null;
  },
  z
    .array(
      z.object({
        start: breakTime,
        end: breakTime,
        label: z
          .string({ error: "제외 시간의 이름이 올바르지 않습니다" })
          .trim()
          .max(100)
          .default(""),
      }),
      { error: "제외 시간 목록이 올바르지 않습니다" },
    )
    .max(20, "제외 시간은 20개까지 입력할 수 있습니다")
    .nullish(),
);

const FEE_MESSAGE = "등록비는 0원 이상 10,000,000원 이하의 숫자로 입력해주세요";
// "30,000", "3만" and 30000 alike (lib/won.ts); empty is free.
const fee = z.preprocess(
  (value) => (value === "" ? null : wonInput(value)),
  z
    .number({ error: FEE_MESSAGE })
    .int(FEE_MESSAGE)
    .min(0, FEE_MESSAGE)
    .max(10_000_000, FEE_MESSAGE)
    .nullish(),
);

/**
 * The fee table of the JSON calls: `{ full, other, fullEarly?, otherEarly?, earlyUntil? }` in won
 * (null: free). The page form sends the same as flat fields (feeFull, feeOther, …).
 */
const feeTable = z
  .strictObject(
    {
      full: fee,
      other: fee,
      fullEarly: fee,
      otherEarly: fee,
      earlyUntil: optionalDate,
    },
    { error: "등록비 표에는 full, other, fullEarly, otherEarly, earlyUntil만 쓸 수 있습니다" },
  )
  .nullish();

const fields = {
  title: requiredText("제목을 입력해주세요", 200),
  description: requiredText("설명을 입력해주세요", 5000),
  speaker: requiredText("연자를 입력해주세요", 200),
  date: seminarDate,
  location: requiredText("장소를 입력해주세요", 200),
  registrationUrl: optionalHttpUrl("신청 링크는 http:// 또는 https://로 시작해야 합니다"),
  /** The poster the office uploaded (the home page's banner); empty removes it. */
  posterUrl: optionalUploadedImage,
  status: z.enum(SEMINAR_STATUSES, { error: "상태를 선택해주세요" }),
  endDate: optionalDate,
  capacity: optionalCount("정원은 1명 이상 100,000명 이하의 숫자로 입력해주세요", 100_000),
  registrationOpensAt: optionalDate,
  registrationClosesAt: optionalDate,
  cancellationDeadline: optionalDate,
  audience: z.enum(SEMINAR_AUDIENCES, { error: "신청 대상을 선택해주세요" }),
  cmeCredits: optionalCount("연수평점은 0점 이상 100점 이하의 숫자로 입력해주세요", 100, 0),
  creditBands,
  creditBreaks,
  fees: feeTable,
  feeFull: fee,
  feeOther: fee,
  feeFullEarly: fee,
  feeOtherEarly: fee,
  feeEarlyUntil: optionalDate,
};

/** The dates a seminar is saved with; a field the form got wrong arrives as something else. */
type SeminarDates = {
  date?: unknown;
  endDate?: unknown;
  registrationOpensAt?: unknown;
  registrationClosesAt?: unknown;
  cancellationDeadline?: unknown;
};

// Out of the society's years is the field's own error already: not compared again.
const validDate = (value: unknown): value is Date =>
  value instanceof Date && !Number.isNaN(value.getTime()) && inSocietyYears(value);

/**
 * The rules between a seminar's dates, by field. Only dates that are valid are compared, so the
 * form can show these beside the errors of other fields in one save (the service checks the
 * whole seminar again as it will be saved, a patch merged into what is stored).
 */
export function seminarDateProblems(seminar: SeminarDates): Record<string, string> {
  const { date, endDate, registrationOpensAt: opens, registrationClosesAt: closes } = seminar;
  const { cancellationDeadline: deadline } = seminar;
  const problems: Record<string, string> = {};
  if (!validDate(date)) return problems;
  if (validDate(endDate) && endDate <= date) {
    problems.endDate = "종료 시간은 시작 시간 뒤여야 합니다";
  }
  // Both after the start would let a member register, or cancel with a full refund, during or
  // after the seminar itself.
  if (validDate(closes) && closes > date) {
    problems.registrationClosesAt = "신청 마감은 세미나 시작 시간 이전이어야 합니다";
  }
  if (validDate(deadline) && deadline > date) {
    problems.cancellationDeadline = "취소 기한은 세미나 시작 시간 이전이어야 합니다";
  }
  if (validDate(opens) && validDate(closes) && closes <= opens) {
    problems.registrationClosesAt = "신청 마감은 신청 시작 뒤여야 합니다";
  }
  return problems;
}

export const seminarSchema = z
  .object({
    ...fields,
    status: fields.status.default("open"),
    audience: fields.audience.default("members"),
  })
  .superRefine(
    (seminar, ctx) => {
      for (const [field, message] of Object.entries(seminarDateProblems(seminar))) {
        ctx.addIssue({ code: "custom", message, path: [field], input: seminar });
      }
    },
    // Also when another field failed: the office sees every problem of the form at once.
    { when: ({ value }) => typeof value === "object" && value !== null },
  );

// A patch changes only what it names: no defaults here, or an omitted field would be reset.
export const seminarPatchSchema = z.object(fields).partial();

export type SeminarInput = z.infer<typeof seminarSchema>;
export type SeminarPatch = z.infer<typeof seminarPatchSchema>;

/** A scan at the door (`POST /api/admin/seminars/{id}/check-ins`). */
export const checkInSchema = z
  .object({
    ticketToken: z.string({ error: "티켓 정보가 올바르지 않습니다" }).max(200).optional(),
    registrationId: z.uuid({ error: "신청 번호가 올바르지 않습니다" }).optional(),
    direction: z.enum(["in", "out"], { error: "입장(in) 또는 퇴장(out)을 지정해주세요" }),
    at: z.iso
      .datetime({ offset: true, error: "기록 시간은 ISO 8601 형식이어야 합니다" })
      .transform((value) => new Date(value))
      .refine(inSocietyYears, YEAR_RANGE_MESSAGE)
      .optional(),
    scanId: z
      .string({ error: "스캔 번호가 올바르지 않습니다" })
      .trim()
      .min(1, "스캔 번호가 올바르지 않습니다")
      .max(100, "스캔 번호가 너무 깁니다")
      .optional(),
  })
  .refine((input) => input.ticketToken !== undefined || input.registrationId !== undefined, {
    message: "티켓 또는 신청 번호가 필요합니다",
    path: ["ticketToken"],
  });
export type CheckInInput = z.infer<typeof checkInSchema>;

export const REGISTRANT_TABS = [
  "confirmed",
  "payment_pending",
  "waitlisted",
  "cancelled",
  "attended",
  "absent",
] as const;
export type RegistrantTab = (typeof REGISTRANT_TABS)[number];
export const REGISTRANT_TAB_LABELS: Record<RegistrantTab, string> = {
  confirmed: "확정",
  payment_pending: "결제 대기",
  waitlisted: "대기",
  cancelled: "취소",
  attended: "참석",
  absent: "불참",
};

/** The registrant list's query (`?status=&q=&page=&pageSize=`). */
export const registrantQuerySchema = z.object({
  status: z
    .enum(REGISTRANT_TABS, {
      error:
        "상태는 confirmed, payment_pending, waitlisted, cancelled, attended, absent 중 하나여야 합니다",
    })
    .optional(),
  q: z.string().trim().max(100, "검색어는 100자 이하로 입력해주세요").optional(),
  page: z.coerce
    .number({ error: "쪽 번호가 올바르지 않습니다" })
    .int()
    .min(1)
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: "쪽 크기가 올바르지 않습니다" })
    .int()
    .min(1)
    .max(100, "한 번에 100명까지 볼 수 있습니다")
    .default(50),
});

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A phone number's digits: 010-1234-5678 and 01012345678 are the same number. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, "");

const WHO_MESSAGE = "회원의 이메일, 연락처, 회원 번호 중 하나만 지정해주세요";

/**
 * The office adds a member to a seminar by exactly one of: their account's e-mail, their phone
 * (digits compared; several members may share one) or their id (a pick from the desk's search).
 */
export const addRegistrantSchema = z
  .object(
    {
      email: z.preprocess(
        blankToUndefined,
        z.email({ error: "회원의 이메일을 정확히 입력해주세요" }).max(200).optional(),
      ),
      phone: z.preprocess(
        blankToUndefined,
        z
          .string({ error: "연락처를 정확히 입력해주세요" })
          .trim()
          .max(30, "연락처를 정확히 입력해주세요")
          .refine((value) => /^[\d\s()+-]+$/.test(value), "연락처는 숫자와 - 만 입력해주세요")
          .refine((value) => {
            const digits = phoneDigits(value).length;
            return digits >= 9 && digits <= 11;
          }, "연락처는 9~11자리 숫자로 입력해주세요 (예: 010-1234-5678)")
          .optional(),
      ),
      memberId: z.preprocess(
        blankToUndefined,
        z
          .string({ error: "선택한 회원을 찾을 수 없습니다" })
          .max(36)
          .refine(isUuid, "선택한 회원을 찾을 수 없습니다")
          .optional(),
      ),
      // An administrator's reason for registering someone outside the seminar's audience (audited).
      audienceOverrideReason: z.preprocess(
        blankToUndefined,
        z
          .string({ error: "예외 등록 사유가 올바르지 않습니다" })
          .trim()
          .max(500, "예외 등록 사유는 500자 이하로 입력해주세요")
          .optional(),
      ),
    },
    { error: WHO_MESSAGE },
  )
  .superRefine((input, ctx) => {
    const named = [input.email, input.phone, input.memberId].filter((v) => v !== undefined);
    if (named.length !== 1) ctx.addIssue({ code: "custom", message: WHO_MESSAGE, path: ["email"] });
  });
export type AddRegistrantInput = z.infer<typeof addRegistrantSchema>;

/** A seminar page's own forms: register and cancel, back to the page or to /mypage. */
const returnTo = z.string().max(100).optional();
export const registrationForms = {
  register: z.object({ returnTo }),
  cancel: z.object({ returnTo }),
};

/** The registrant list's forms: add a member (by e-mail or a pick) and cancel a registration. */
export const registrantForms = {
  add: addRegistrantSchema,
  cancel: z.object({
    userId: z.string().max(36).refine(isUuid, "취소할 신청을 찾을 수 없습니다."),
    /** The dialog's box "결제한 등록비 … 전액 환불" (a checkbox sends "on"; unticked, nothing). */
    refund: z.literal("on", { error: "환불 여부 값이 올바르지 않습니다." }).optional(),
  }),
};
