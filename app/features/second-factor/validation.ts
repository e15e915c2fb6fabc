import { z } from "~/lib/zod";

const CODE_REQUIRED = "인증 코드를 입력해주세요.";

/** A six-digit code from the authenticator app, or a recovery code (the login's second step). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ error: CODE_REQUIRED })
    .trim()
    .min(1, CODE_REQUIRED)
    .max(40, "인증 코드가 올바르지 않습니다."),
});

/** The login page's second step: the code, or starting over. */
export const secondFactorLoginSchema = z.union([
  secondFactorCodeSchema.extend({ intent: z.literal("second-factor") }),
  z.object({ intent: z.literal("restart") }),
]);

const PASSWORD_REQUIRED = "비밀번호를 입력해주세요.";
const password = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .max(128, "비밀번호가 올바르지 않습니다.");

/** The /admin/security page's forms, switched on their intent. */
export const securityFormSchema = z.union([
  z.object({ intent: z.literal("setup") }),
  secondFactorCodeSchema.extend({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("disable"), password }),
  z.object({ intent: z.literal("recovery-codes"), password }),
]);
