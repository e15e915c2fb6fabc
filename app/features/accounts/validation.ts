// Sign-up and login rules with the Korean messages of SPEC.md §5, shared by the forms and the API.
import { z } from "~/lib/zod";
import { mobileDigits } from "../messages/templates";

export const PASSWORD_MIN_LENGTH = 8;
/** SPEC.md §8's '승인 대기 중' message: the login's answer and the applicant's status page. */
export const PENDING_APPROVAL = "관리자 승인 후 로그인할 수 있습니다. 승인까지 잠시 기다려주세요.";
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

/**
 * A mobile number (010…), typed any way (dashes, spaces, +82), kept as 010-1234-5678: the site's
 * text messages go to it, and every list shows it alike. A number of 010 with digits missing or
 * over says so, not that it lacks the 010.
 */
export function mobilePhone(field: z.ZodString) {
  return field
    .regex(/^[0-9+\-\s()]{9,20}$/, "올바른 휴대전화번호를 입력해주세요")
    .superRefine((phone, ctx) => {
      if (mobileDigits(phone) !== null) return;
      const digits = phone.replace(/\D/g, "").replace(/^82(?=10)/, "0");
      ctx.addIssue({
        code: "custom",
        message: digits.startsWith("010")
          ? "휴대전화번호의 자릿수가 맞지 않습니다. 010-1234-5678처럼 입력해주세요"
          : "010으로 시작하는 휴대전화번호를 입력해주세요",
      });
    })
    .transform((phone) => {
      const digits = mobileDigits(phone) ?? phone;
      return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
    });
}

/** The fields of POST /api/auth/register (SPEC.md §7) plus the privacy consent. */
export const registerFields = {
  email: emailField,
  password: newPasswordField,
  name: required("이름을 입력해주세요", 50),
  // A mobile number (010…): the site's text messages go to it.
  phone: mobilePhone(required("휴대전화번호를 입력해주세요", 20)),
  licenseNumber: required("의사 면허번호를 입력해주세요", 30),
  hospitalName: required("병원명을 입력해주세요", 100),
  department: required("진료과목을 입력해주세요", 50),
  address: required("병원 주소를 입력해주세요", 200),
  licenseImageUrl: z
    .string({ error: "의사 면허증 이미지를 업로드해주세요" })
    .trim()
    .min(1, "의사 면허증 이미지를 업로드해주세요")
    .max(300, "의사 면허증 이미지를 다시 업로드해주세요"),
  termsConsent: z.literal(true, { error: "이용약관에 동의해주세요" }),
  privacyConsent: z.literal(true, { error: "개인정보 수집·이용에 동의해주세요" }),
  // 광고성 정보 수신 동의 (정보통신망법 제50조): optional, recorded with its date.
  marketingConsent: z
    .boolean({ error: "marketingConsent는 true 또는 false여야 합니다" })
    .optional(),
};

export const registerSchema = z.object(registerFields);
export type RegisterInput = z.infer<typeof registerSchema>;

const signupFields = {
  ...registerFields,
  confirmPassword: z.string({ error: "비밀번호가 일치하지 않습니다" }),
  termsConsent: z
    .literal("on", { error: "이용약관에 동의해주세요" })
    .transform(() => true as const),
  privacyConsent: z
    .literal("on", { error: "개인정보 수집·이용에 동의해주세요" })
    .transform(() => true as const),
  marketingConsent: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
};

/** The confirmation must repeat the password. */
const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const PASSWORDS_MATCH = {
  message: "비밀번호가 일치하지 않습니다",
  path: ["confirmPassword"],
  when: bothPasswordsGiven,
};

/** The sign-up form: the API's fields, the browser-only confirmation, and a checkbox consent. */
export const signupFormSchema = z.object(signupFields).refine(passwordsMatch, PASSWORDS_MATCH);

/** The message of a sign-up that carries no licence image, neither uploaded nor sent with it. */
export const LICENCE_IMAGE_REQUIRED = "의사 면허증 이미지를 업로드해주세요";

/**
 * The sign-up form as the server reads it: without JavaScript the licence image comes with the
 * form itself (`licenseImage`) instead of its address, so one of the two is asked for.
 */
export const signupPageSchema = z
  .object({
    ...signupFields,
    licenseImageUrl: z
      .string()
      .trim()
      .max(300, "의사 면허증 이미지를 다시 업로드해주세요")
      .default(""),
    licenseImage: z.instanceof(File, { error: LICENCE_IMAGE_REQUIRED }).optional(),
  })
  .refine(passwordsMatch, PASSWORDS_MATCH)
  .refine((value) => Boolean(value.licenseImageUrl || value.licenseImage), {
    message: LICENCE_IMAGE_REQUIRED,
    path: ["licenseImageUrl"],
    // Asked together with the other fields' messages, not only once they are right.
    when: (payload) => {
      const value = payload.value as { licenseImageUrl?: unknown; licenseImage?: unknown };
      return !value?.licenseImageUrl && !value?.licenseImage;
    },
  });

/**
 * The applicant's new licence image (decision 022), by JSON (POST /api/auth/applicant): the
 * address of an upload from POST /api/objects/upload-public, and `reapply` after a rejection.
 */
export const applicantResubmitSchema = z.object({
  licenseImageUrl: registerFields.licenseImageUrl,
  reapply: z.boolean({ error: "reapply는 true 또는 false여야 합니다" }).optional().default(false),
});

/** The same on the login page's status page: the address, or the file itself without JavaScript. */
export const applicantImageFormSchema = z
  .object({
    licenseImageUrl: z
      .string()
      .trim()
      .max(300, "의사 면허증 이미지를 다시 업로드해주세요")
      .default(""),
    licenseImage: z.instanceof(File, { error: LICENCE_IMAGE_REQUIRED }).optional(),
  })
  .refine((value) => Boolean(value.licenseImageUrl || value.licenseImage), {
    message: LICENCE_IMAGE_REQUIRED,
    path: ["licenseImageUrl"],
  });

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "비밀번호를 입력해주세요" })
    .min(1, "비밀번호를 입력해주세요")
    .max(128, "이메일 또는 비밀번호를 확인해주세요."),
});

/** Stands for the site's own origin when a redirect target is resolved (never visited). */
const SITE = "http://site.invalid";

/**
 * A redirect target on this site, or `fallback`. The target is resolved the way a browser would,
 * by the WHATWG URL parser, so every trick that makes a path leave the site (`//host`, `/\\host`,
 * a TAB, CR or LF the parser drops, encoded forms) is judged by where it really leads. The answer
 * is the resolved path, percent-encoded, so it is always a valid Location header.
 *
 * The resolved path must begin with exactly one slash: resolving dot segments can leave one that
 * begins with two (`/.//host`, `/x/..//host`, `/%2e//host`), and the browser reads that answer,
 * sent as it is in Location, as another host.
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
  if (!url.pathname.startsWith("/") || /^\/[/\\]/.test(url.pathname)) return fallback;
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

/** The session list's forms on /mypage: end one session, or every other one. */
export const mySessionForms = {
  "end-session": z.object({ sessionId: z.string().max(40).default("") }),
  "end-other-sessions": z.object({}),
};
