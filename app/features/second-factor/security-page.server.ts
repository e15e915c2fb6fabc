// The /admin/security page's loader data and actions (the route stays thin).
import { env } from "~/env.server";
import { AppError, parse } from "~/lib/errors.server";
import { formFieldsOf } from "~/lib/forms.server";
import { markSecondFactorPassed, type SessionUser } from "../accounts/session.server";
import {
  beginEnrolment,
  confirmEnrolment,
  disableSecondFactor,
  pendingEnrolment,
  qrCodeSvg,
  regenerateRecoveryCodes,
  secondFactorStatus,
} from "./second-factor.server";
import { securityFormSchema } from "./validation";

export const SECURITY_FORM = formFieldsOf(securityFormSchema);

export async function securityPageData(user: SessionUser) {
  const status = await secondFactorStatus(user.id);
  const pending = status.enrolled ? null : await pendingEnrolment(user);
  return {
    required: env.ADMIN_MFA_REQUIRED,
    enrolmentOnly: user.standing === "enrolment-only",
    status,
    pending: pending ? { ...pending, qrSvg: await qrCodeSvg(pending.otpauthUrl) } : null,
  };
}

export type SecurityOutcome = {
  intent: string;
  message: string;
  recoveryCodes?: string[];
};

/** Runs one form of the page; errors are AppErrors with Korean messages. */
export async function runSecurityAction(
  request: Request,
  user: SessionUser,
  form: FormData,
  ip: string | undefined,
): Promise<SecurityOutcome> {
  const input = parse(securityFormSchema, Object.fromEntries(form));
  const context = { actor: { id: user.id, email: user.email }, ip };
  const client = { ip, cookie: request.headers.get("Cookie") };
  switch (input.intent) {
    case "setup":
      await beginEnrolment(user);
      return { intent: input.intent, message: "인증 앱에 새 키를 등록해주세요." };
    case "confirm": {
      const recoveryCodes = await confirmEnrolment(user, input.code, context);
      await markSecondFactorPassed(request);
      return {
        intent: input.intent,
        message: "2단계 인증을 등록했습니다. 복구 코드를 안전한 곳에 보관해주세요.",
        recoveryCodes,
      };
    }
    case "recovery-codes":
      return {
        intent: input.intent,
        message: "새 복구 코드를 발급했습니다. 이전 복구 코드는 더 이상 쓸 수 없습니다.",
        recoveryCodes: await regenerateRecoveryCodes(user, input.password, client),
      };
    case "disable":
      await disableSecondFactor(user, input.password, client, context);
      return { intent: input.intent, message: "2단계 인증을 해제했습니다." };
    default:
      throw new AppError("invalid", "알 수 없는 작업입니다.");
  }
}
