import { z } from "~/lib/zod";
import { loginSchema } from "../accounts/validation";

const CODE_REQUIRED = "인증 코드를 입력해주세요.";

/** A six-digit code from the authenticator app, or a recovery code (the login's second step). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ error: CODE_REQUIRED })
    .trim()
    .min(1, CODE_REQUIRED)
    .max(40, "인증 코드가 올바르지 않습니다."),
});

/**
 * The login page's forms by intent: the password (a form that names no intent), the second
 * step's code, or starting over with the password.
 */
export const loginForms = {
  password: loginSchema,
  "second-factor": secondFactorCodeSchema,
  restart: z.object({}),
};

const PASSWORD_REQUIRED = "비밀번호를 입력해주세요.";
const password = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .max(128, "비밀번호가 올바르지 않습니다.");

/** The /admin/security page's forms, by intent. */
export const securityForms = {
  setup: z.object({}),
  confirm: secondFactorCodeSchema,
  disable: z.object({ password }),
  "recovery-codes": z.object({ password }),
};
