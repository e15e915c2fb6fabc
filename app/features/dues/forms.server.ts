// The /admin/dues page's forms (and the dues section of the member record, which posts here with
// `returnTo`): each names an intent and calls the same service as the matching JSON call.
import type { AuditContext } from "~/features/audit/audit.server";
import { AppError, parse } from "~/lib/errors.server";
import { readForm } from "~/lib/forms.server";
import { isUuid } from "~/lib/ids";
import {
  exemptMember,
  findMemberByKey,
  recordPayment,
  setDuesYear,
  voidPayment,
} from "./dues.server";
import {
  duesYearSchema,
  exemptionSchema,
  paymentSchema,
  voidSchema,
  yearSchema,
} from "./validation";

const FIELDS = Object.fromEntries(
  [
    "intent",
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

/** Where a form from the member record goes back to: only a member record. */
export function safeReturnTo(value: unknown) {
  if (typeof value !== "string") return null;
  const match = value.match(/^\/admin\/members\/([0-9a-f-]{36})$/i);
  return match && isUuid(match[1]!) ? value : null;
}

const fields = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));

/** Runs one form of the dues pages; answers the toast's text, the year and where to go back. */
export async function runDuesForm(request: Request, context: AuditContext) {
  const form = await readForm(request, FIELDS);
  const input = fields(form);
  const returnTo = safeReturnTo(input.returnTo);
  const intent = input.intent ?? "";
  try {
    const year = parse(yearSchema, input.year);
    if (intent === "year") {
      await setDuesYear(year, parse(duesYearSchema, input), context);
      return { intent, year, returnTo, message: `${year}년 회비 설정을 저장했습니다.` };
    }
    const userId =
      input.userId && isUuid(input.userId)
        ? input.userId
        : intent === "pay" || intent === "exempt"
          ? await findMemberByKey(input.member ?? "")
          : "";
    if (intent === "pay") {
      const payment = parse(paymentSchema, { ...input, userId, year });
      await recordPayment(payment, context);
      return { intent, year, returnTo, message: "납부를 기록했습니다." };
    }
    if (intent === "exempt") {
      const exemption = parse(exemptionSchema, { userId, reason: input.reason });
      await exemptMember(year, exemption.userId, exemption.reason, context);
      return { intent, year, returnTo, message: `${year}년 회비를 면제했습니다.` };
    }
    if (intent === "void") {
      const { reason } = parse(voidSchema, { reason: input.reason });
      await voidPayment(input.paymentId ?? "", reason, context);
      return { intent, year, returnTo, message: "납부 기록을 취소했습니다." };
    }
    throw new AppError("invalid", "요청을 처리할 수 없습니다.");
  } catch (error) {
    if (error instanceof AppError) {
      return { intent, returnTo, error };
    }
    throw error;
  }
}
