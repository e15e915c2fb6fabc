// Sign-up and login rules with the Korean messages of SPEC.md §5, shared by the forms and the API.
import { z } from "~/lib/zod";

export const PASSWORD_MIN_LENGTH = 8;
/** The privacy-consent text version stored with each account (see /privacy). */
export const PRIVACY_CONSENT_VERSION = "v1";

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max}자 이하로 입력해주세요`);

export const emailField = z
  .string({ error: "올바른 이메일 주소를 입력해주세요" })
  .trim()
  .toLowerCase()
  .max(254, "올바른 이메일 주소를 입력해주세요")
  .pipe(z.email("올바른 이메일 주소를 입력해주세요"));

export const newPasswordField = z
  .string({ error: "비밀번호는 최소 8자 이상이어야 합니다" })
  .min(PASSWORD_MIN_LENGTH, "비밀번호는 최소 8자 이상이어야 합니다")
  .max(128, "비밀번호는 128자 이하로 입력해주세요");

/** Checks the confirmation as soon as both passwords are typed, even if other fields are not. */
function bothPasswordsGiven(payload: { value: unknown }) {
  const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
  return typeof value?.password === "string" && typeof value?.confirmPassword === "string";
}

/** The fields of POST /api/auth/register (SPEC.md §7) plus the privacy consent. */
export const registerFields = {
  email: emailField,
  password: newPasswordField,
  name: required("이름을 입력해주세요", 50),
  phone: required("휴대전화번호를 입력해주세요", 20).regex(
    /^[0-9+\-\s()]{9,20}$/,
    "올바른 휴대전화번호를 입력해주세요",
  ),
  licenseNumber: required("의사 면허번호를 입력해주세요", 30),
  hospitalName: required("병원명을 입력해주세요", 100),
  department: required("진료과목을 입력해주세요", 50),
  address: required("병원 주소를 입력해주세요", 200),
  licenseImageUrl: z
    .string({ error: "의사 면허증 이미지를 업로드해주세요" })
    .trim()
    .min(1, "의사 면허증 이미지를 업로드해주세요")
    .max(300, "의사 면허증 이미지를 다시 업로드해주세요"),
  privacyConsent: z.literal(true, { error: "개인정보 수집·이용에 동의해주세요" }),
};

export const registerSchema = z.object(registerFields);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form: the API's fields, the browser-only confirmation, and a checkbox consent. */
export const signupFormSchema = z
  .object({
    ...registerFields,
    confirmPassword: z.string({ error: "비밀번호가 일치하지 않습니다" }),
    privacyConsent: z
      .literal("on", { error: "개인정보 수집·이용에 동의해주세요" })
      .transform(() => true as const),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "비밀번호가 일치하지 않습니다",
    path: ["confirmPassword"],
    when: bothPasswordsGiven,
  });

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "비밀번호를 입력해주세요" })
    .min(1, "비밀번호를 입력해주세요")
    .max(128, "이메일 또는 비밀번호를 확인해주세요."),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** Stands for the site's own origin when a redirect target is resolved (never visited). */
const SITE = "http://site.invalid";

/**
 * A redirect target on this site, or `fallback`. The target is resolved the way a browser would,
 * by the WHATWG URL parser, so every trick that makes a path leave the site (`//host`, `/\\host`,
 * a TAB, CR or LF the parser drops, encoded forms) is judged by where it really leads. The answer
 * is the resolved path, percent-encoded, so it is always a valid Location header.
 */
export function safeRedirect(target: unknown, fallback = "/") {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "비밀번호 재설정 링크가 올바르지 않습니다." }).min(1).max(100),
    password: newPasswordField,
    confirmPassword: z.string({ error: "비밀번호가 일치하지 않습니다" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "비밀번호가 일치하지 않습니다",
    path: ["confirmPassword"],
    when: bothPasswordsGiven,
  });

export const RESET_LINK_INVALID =
  "비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 다시 요청해주세요.";

/** What a member may change on /mypage; e-mail and licence number change only by an administrator. */
export const profileSchema = z.object({
  phone: registerFields.phone,
  hospitalName: registerFields.hospitalName,
  department: registerFields.department,
  address: registerFields.address,
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: "현재 비밀번호를 입력해주세요" })
      .min(1, "현재 비밀번호를 입력해주세요")
      .max(128),
    password: newPasswordField,
    confirmPassword: z.string({ error: "비밀번호가 일치하지 않습니다" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "비밀번호가 일치하지 않습니다",
    path: ["confirmPassword"],
    when: bothPasswordsGiven,
  });

export const withdrawalSchema = z.object({
  password: z
    .string({ error: "비밀번호를 입력해주세요" })
    .min(1, "비밀번호를 입력해주세요")
    .max(128),
  confirm: z.literal("on", { error: "탈퇴 안내를 확인하고 동의해주세요" }),
});

/** The three forms of /mypage as one schema, switched on the form's hidden `intent`. */
export const myPageSchema = z.discriminatedUnion(
  "intent",
  [
    profileSchema.extend({ intent: z.literal("profile") }),
    passwordChangeSchema.safeExtend({ intent: z.literal("password") }),
    withdrawalSchema.extend({ intent: z.literal("withdraw") }),
  ],
  { error: "알 수 없는 요청입니다." },
);
