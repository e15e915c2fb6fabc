// Online payments: what a member sends to pay, what the office sends to refund, and the Korean
// words the pages show. Shared by the pages and the JSON calls.
import { wonInput } from "~/lib/won";
import { z } from "~/lib/zod";

export const PAYMENT_STATUS_LABELS = {
  pending: "결제 대기",
  vbank_issued: "입금 대기",
  paid: "결제 완료",
  failed: "결제 실패",
  cancelled: "취소",
  refunded: "환불",
  partially_refunded: "부분 환불",
} as const;

export const PAY_METHOD_LABELS = {
  card: "신용·체크카드",
  transfer: "계좌이체",
  virtual_account: "가상계좌",
  easy_pay: "간편결제",
} as const;
export type PayMethodName = keyof typeof PAY_METHOD_LABELS;

export const EASY_PAY_LABELS = {
  kakaopay: "카카오페이",
  naverpay: "네이버페이",
  tosspay: "토스페이",
} as const;

export const PURPOSE_LABELS = { dues: "연회비", seminar: "세미나 등록비" } as const;

export const CASH_RECEIPT_TYPES = ["소득공제", "지출증빙"] as const;

/** The test gateway's banner: on every page that takes money while PAYMENTS_PROVIDER=test. */
export const TEST_PAYMENT_NOTICE = "테스트 결제 — 실제로 결제되지 않습니다";

const phone = /^01[016789]-?\d{3,4}-?\d{4}$/;
const businessNumber = /^\d{3}-?\d{2}-?\d{5}$/;

/** What the member chose in the checkout: the way to pay and, for money by account, a 현금영수증. */
export const checkoutSchema = z
  .object({
    method: z.enum(["card", "transfer", "virtual_account", "easy_pay"], {
      error: "결제 수단을 선택해주세요.",
    }),
    easyPay: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .enum(["kakaopay", "naverpay", "tosspay"], { error: "간편결제 서비스를 선택해주세요." })
        .optional(),
    ),
    cashReceiptType: z.preprocess(
      (value) => (value === "" || value === "none" ? undefined : value),
      z.enum(CASH_RECEIPT_TYPES, { error: "현금영수증 종류를 선택해주세요." }).optional(),
    ),
    cashReceiptIdentifier: z.preprocess(
      // As typed on a phone: "010 1234 5678" is the number sign-up takes too.
      (value) => (typeof value === "string" ? value.trim().replace(/[\s.]+/g, "") : value),
      z
        .string({ error: "현금영수증 번호는 휴대전화번호나 사업자등록번호로 입력해주세요." })
        .max(20, "현금영수증 번호가 너무 깁니다.")
        .optional(),
    ),
  })
  .superRefine((value, context) => {
    if (value.method === "easy_pay" && !value.easyPay) {
      context.addIssue({
        code: "custom",
        path: ["easyPay"],
        message: "간편결제 서비스를 선택해주세요.",
      });
    }
    if (!value.cashReceiptType) return;
    if (value.method !== "transfer" && value.method !== "virtual_account") {
      context.addIssue({
        code: "custom",
        path: ["cashReceiptType"],
        message: "현금영수증은 계좌이체와 가상계좌 결제에만 발급됩니다.",
      });
      return;
    }
    const id = value.cashReceiptIdentifier ?? "";
    if (value.cashReceiptType === "소득공제" && !phone.test(id)) {
      context.addIssue({
        code: "custom",
        path: ["cashReceiptIdentifier"],
        message: "소득공제용 현금영수증은 휴대전화 번호를 입력해주세요. (예: 010-1234-5678)",
      });
    }
    if (value.cashReceiptType === "지출증빙" && !businessNumber.test(id)) {
      context.addIssue({
        code: "custom",
        path: ["cashReceiptIdentifier"],
        message: "지출증빙용 현금영수증은 사업자등록번호 10자리를 입력해주세요. (예: 123-45-67890)",
      });
    } else if (value.cashReceiptType === "지출증빙" && !isBusinessNumber(id)) {
      context.addIssue({
        code: "custom",
        path: ["cashReceiptIdentifier"],
        message: "사업자등록번호가 올바르지 않습니다. 사업자등록증의 번호를 다시 확인해주세요.",
      });
    }
  });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/**
 * The check digit of a 사업자등록번호 (국세청's rule): weights 1,3,7,1,3,7,1,3,5 on the first nine
 * digits, plus the tens of the ninth digit times five; the tenth digit makes the sum a multiple of
 * ten. A mistyped number would be issued a 현금영수증 nobody can claim.
 */
export function isBusinessNumber(value: string) {
  const digits = [...value.replace(/-/g, "")].map(Number);
  if (digits.length !== 10 || digits.some(Number.isNaN)) return false;
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, i) => total + weight * digits[i]!, 0);
  sum += Math.floor((digits[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === digits[9];
}

/** The banks a 가상계좌 is opened at, by the provider's code (PortOne's `Bank`), in Korean. */
const BANK_LABELS: Record<string, string> = {
  KDB: "산업은행",
  IBK: "기업은행",
  KOOKMIN: "국민은행",
  SUHYUP: "수협은행",
  NONGHYUP: "NH농협은행",
  LOCAL_NONGHYUP: "지역농축협",
  WOORI: "우리은행",
  STANDARD_CHARTERED: "SC제일은행",
  CITI: "한국씨티은행",
  DAEGU: "iM뱅크(대구은행)",
  BUSAN: "부산은행",
  KWANGJU: "광주은행",
  JEJU: "제주은행",
  JEONBUK: "전북은행",
  KYONGNAM: "경남은행",
  KFCC: "새마을금고",
  SHINHYUP: "신협",
  SAVINGS_BANK: "저축은행",
  POST: "우체국",
  HANA: "하나은행",
  SHINHAN: "신한은행",
  K_BANK: "케이뱅크",
  KAKAO: "카카오뱅크",
  TOSS: "토스뱅크",
};

/**
 * Where a 가상계좌 deposit goes back: the provider cannot return a bank transfer by itself, and
 * asks for the account the payer names (bank, account number, holder).
 */
const refundAccountSchema = z.object(
  {
    bank: z.enum(Object.keys(BANK_LABELS) as [string, ...string[]], {
      error: "환불받을 은행을 선택해주세요.",
    }),
    number: z
      .string({ error: "환불받을 계좌번호를 입력해주세요." })
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\d{6,20}$/, "계좌번호는 숫자 6~20자리로 입력해주세요.")),
    holderName: z
      .string({ error: "예금주를 입력해주세요." })
      .trim()
      .min(1, "예금주를 입력해주세요.")
      .max(50, "예금주는 50자 이하로 입력해주세요."),
  },
  { error: "환불 계좌가 올바르지 않습니다." },
);
export type RefundAccount = z.infer<typeof refundAccountSchema>;

export const refundSchema = z.object({
  refundAccount: refundAccountSchema.optional(),
  amount: z.preprocess(
    (value) => (value === "" || value === null ? undefined : wonInput(value)),
    z.coerce
      .number({ error: "환불 금액을 원 단위 숫자로 입력해주세요." })
      .int("환불 금액을 원 단위 숫자로 입력해주세요.")
      .positive("환불 금액은 1원 이상이어야 합니다.")
      .max(100_000_000, "금액이 너무 큽니다.")
      .optional(),
  ),
  reason: z
    .string({ error: "환불 사유를 입력해주세요." })
    .trim()
    .min(2, "환불 사유를 입력해주세요.")
    .max(200, "환불 사유는 200자 이하로 입력해주세요."),
});

const TEST_AMOUNT_MESSAGE = "amount는 1원 이상 100,000,000원 이하의 정수여야 합니다.";

export const testOutcomeSchema = z.object({
  outcome: z.enum(["paid", "failed", "vbank_issued", "vbank_deposited"], {
    error: "outcome은 paid, failed, vbank_issued, vbank_deposited 중 하나여야 합니다.",
  }),
  // Only to show the server refusing a payment whose amount is not the invoice's.
  amount: z.coerce
    .number({ error: TEST_AMOUNT_MESSAGE })
    .int(TEST_AMOUNT_MESSAGE)
    .positive(TEST_AMOUNT_MESSAGE)
    .max(100_000_000, TEST_AMOUNT_MESSAGE)
    .optional(),
});

export const PAYMENTS_PAGE_SIZE = 50;

export const paymentListSchema = z.object({
  purpose: z.enum(["dues", "seminar"]).optional().catch(undefined),
  status: z
    .enum([
      "pending",
      "vbank_issued",
      "paid",
      "failed",
      "cancelled",
      "refunded",
      "partially_refunded",
    ])
    .optional()
    .catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});
export type PaymentListQuery = z.infer<typeof paymentListSchema>;

/**
 * The office's refund form on /admin/payments: which payment, how much (empty: all that is left),
 * why, and for a 가상계좌 the account it goes back to, as three fields of its own (`refundBank`,
 * `refundNumber`, `refundHolder`, sent only by that payment's form; `refundAccountOf` joins them).
 */
export const refundFormSchema = refundSchema
  .omit({ refundAccount: true })
  .extend({
    paymentId: z
      .string({ error: "환불할 결제를 찾을 수 없습니다." })
      .trim()
      .min(1, "환불할 결제를 찾을 수 없습니다.")
      .max(100, "환불할 결제를 찾을 수 없습니다."),
    refundBank: z.string().max(30).optional(),
    refundNumber: z.string().max(50).optional(),
    refundHolder: z.string().max(50).optional(),
  })
  .superRefine((input, ctx) => {
    const { refundBank, refundNumber, refundHolder } = input;
    if (refundBank === undefined && refundNumber === undefined && refundHolder === undefined) {
      return;
    }
    const parsed = refundAccountSchema.safeParse({
      bank: refundBank || undefined,
      number: refundNumber ?? "",
      holderName: refundHolder ?? "",
    });
    if (parsed.success) return;
    const names = { bank: "refundBank", number: "refundNumber", holderName: "refundHolder" };
    for (const issue of parsed.error.issues) {
      const field = names[issue.path[0] as keyof typeof names] ?? "refundNumber";
      ctx.addIssue({ code: "custom", message: issue.message, path: [field] });
    }
  });

/** The refund account the office's form named, if it named one (validated by the schema). */
export function refundAccountOf(input: {
  refundBank?: string;
  refundNumber?: string;
  refundHolder?: string;
}): RefundAccount | undefined {
  if (!input.refundBank) return undefined;
  return refundAccountSchema.parse({
    bank: input.refundBank,
    number: input.refundNumber ?? "",
    holderName: input.refundHolder ?? "",
  });
}

/** /mypage's "온라인으로 납부": the year whose dues the member pays now. */
export const duesPayFormSchema = z.object({
  year: z.coerce
    .number({ error: "납부할 연도를 확인해주세요." })
    .int("납부할 연도를 확인해주세요.")
    .min(2000, "납부할 연도를 확인해주세요.")
    .max(2100, "납부할 연도를 확인해주세요."),
});

/** The banks a refund may go to, for the office's form: [code, name], in the list's order. */
export const REFUND_BANKS = Object.entries(BANK_LABELS);

/** "SHINHAN" → "신한은행"; a code we do not know is shown as it came. */
export const bankLabel = (code: string) => BANK_LABELS[code] ?? code;
