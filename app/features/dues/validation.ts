// Annual dues: what the office sets per year, what a payment is, and the Korean
// messages, shared by the /admin/dues forms and the JSON calls.
import { isUuid } from "~/lib/ids";
import { FIRST_YEAR, isCalendarDay, LAST_YEAR, YEAR_RANGE_MESSAGE } from "~/lib/validation";
import { wonInput } from "~/lib/won";
import { z } from "~/lib/zod";

/** Payments per page on /admin/dues. */
export const PAYMENTS_PAGE_SIZE = 50;

/** The import page's form field names: `m{index}` carries the confirmed member's id. */
export const pickField = (index: number) => `m${index}`;

export const PAYMENT_METHODS = ["계좌이체", "카드", "현금", "기타"] as const;
// What the office records by hand; payments online also record 가상계좌 and 간편결제.
export type PaymentMethod = (typeof PAYMENT_METHODS)[number] | "가상계좌" | "간편결제";

/** The largest amount one payment records (the dues columns hold it, and no society asks more). */
export const MAX_PAYMENT_WON = 100_000_000;

/** The first and last years the office can set up. */
export const MIN_DUES_YEAR = FIRST_YEAR;
export const MAX_DUES_YEAR = LAST_YEAR;

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(isCalendarDay, message)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= FIRST_YEAR && year <= LAST_YEAR;
    }, YEAR_RANGE_MESSAGE);

// "200,000", "20만" and 200000 alike (lib/won.ts).
const won = (message: string) =>
  z.preprocess(
    wonInput,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(MAX_PAYMENT_WON, "금액이 너무 큽니다."),
  );

export const yearSchema = z.coerce
  .number({ error: "연도가 올바르지 않습니다." })
  .int("연도가 올바르지 않습니다.")
  .min(MIN_DUES_YEAR, "연도가 올바르지 않습니다.")
  .max(MAX_DUES_YEAR, "연도가 올바르지 않습니다.");

export const duesYearSchema = z
  .object({
    regularFee: won("정회원 연회비를 원 단위 숫자로 입력해주세요."),
    lifetimeFee: won("평생회비를 원 단위 숫자로 입력해주세요."),
    dueDate: day("납부 기한을 YYYY-MM-DD 형식으로 입력해주세요."),
    graceUntil: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      day("유예기간 종료일을 YYYY-MM-DD 형식으로 입력해주세요.").optional(),
    ),
    bankAccount: z
      .string({ error: "입금 계좌를 입력해주세요." })
      .trim()
      .min(1, "입금 계좌를 입력해주세요.")
      .max(200, "입금 계좌는 200자 이하로 입력해주세요.")
      .refine((value) => !/[\r\n]/.test(value), "입금 계좌는 한 줄로 입력해주세요."),
  })
  .refine((v) => !v.graceUntil || v.graceUntil >= v.dueDate, {
    message: "유예기간 종료일은 납부 기한 이후여야 합니다.",
    path: ["graceUntil"],
  });
export type DuesYearInput = z.infer<typeof duesYearSchema>;

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().max(max, message).optional(),
  );

export const REASON_REQUIRED = "사유를 입력해주세요.";
const reason = z
  .string({ error: REASON_REQUIRED })
  .trim()
  .min(1, REASON_REQUIRED)
  .max(500, "사유는 500자 이하로 입력해주세요.");

export const paymentSchema = z.object({
  userId: z.string({ error: "회원을 선택해주세요." }).refine(isUuid, "회원을 선택해주세요."),
  year: yearSchema,
  amount: won("금액을 원 단위 숫자로 입력해주세요.").refine(
    (v) => v > 0,
    "금액을 원 단위 숫자로 입력해주세요.",
  ),
  method: z.enum(PAYMENT_METHODS, { error: "납부 방법을 선택해주세요." }),
  paidAt: day("납부일을 YYYY-MM-DD 형식으로 입력해주세요."),
  depositorName: optionalText(50, "입금자명은 50자 이하로 입력해주세요."),
  memo: optionalText(500, "메모는 500자 이하로 입력해주세요."),
});
export type PaymentInput = z.infer<typeof paymentSchema>;

export const voidSchema = z.object({ reason });
export const exemptionSchema = z.object({
  userId: z.string({ error: "회원을 선택해주세요." }).refine(isUuid, "회원을 선택해주세요."),
  reason,
});

/** The office's confirmation of an imported statement: which member each ticked deposit is. */
export const importConfirmationSchema = z.object({
  picks: z
    .array(
      z.object({
        index: z.number().int().min(0),
        userId: z.string().refine(isUuid, "회원을 선택해주세요."),
      }),
      { error: "확인할 거래를 선택해주세요." },
    )
    .max(10_000),
});

/**
 * The dues pages' forms as sent, by intent: strings, which the route hands to the schemas above
 * in the services' order (the member is looked up before the payment is checked). An empty
 * field is "", as the schemas expect.
 */
const sent = z.string().default("");
const yearForm = { year: sent, returnTo: sent };
export const duesPageForms = {
  year: z.object({
    ...yearForm,
    regularFee: sent,
    lifetimeFee: sent,
    dueDate: sent,
    graceUntil: sent,
    bankAccount: sent,
  }),
  pay: z.object({
    ...yearForm,
    userId: sent,
    member: sent,
    amount: sent,
    method: sent,
    paidAt: sent,
    depositorName: sent,
    memo: sent,
  }),
  exempt: z.object({ ...yearForm, userId: sent, member: sent, reason: sent }),
  void: z.object({ ...yearForm, paymentId: sent, reason: sent }),
  /** The bank statement: the year, and the file that pageAction hands over beside the form. */
  import: z.object({ year: sent }),
};

/** How long each dues form value may be when read: a little past the schemas' limits. */
export const DUES_FORM_FIELDS = Object.fromEntries(
  [
    "returnTo",
    "year",
    "regularFee",
    "lifetimeFee",
    "dueDate",
    "graceUntil",
    "bankAccount",
    "userId",
    "member",
    "amount",
    "method",
    "paidAt",
    "depositorName",
    "memo",
    "reason",
    "paymentId",
  ].map((name) => [name, { maxLength: name === "reason" || name === "memo" ? 501 : 201 }]),
);
