// What the office edits on /admin/settings: the footer's legal lines and the 이용약관. Shared by
// the page's forms and the JSON calls, with Korean messages.
import { formatNumber } from "~/lib/numbers";
import { optionalUploadedImage, requiredText } from "~/lib/validation";
import { z } from "~/lib/zod";

export const REGISTRATION_LABELS = ["고유번호", "사업자등록번호"] as const;

/** The longest 이용약관 the office may publish (characters). */
export const TERMS_MAX_CHARS = 30_000;
/** A request carrying the terms: Korean is nine bytes a character in a URL-encoded form. */
export const TERMS_BODY_BYTES = 512 * 1024;

const phone = (label: string) =>
  z
    .string({ error: `${label}를 입력해주세요` })
    .trim()
    .min(1, `${label}를 입력해주세요`)
    .max(30, "30자 이하로 입력해주세요")
    .regex(/^[0-9+()\-\s]+$/, `${label}는 숫자와 - 기호로 입력해주세요 (예: 053-000-0000)`);

export const societySettingsSchema = z.object({
  representative: requiredText("대표자 이름을 입력해주세요", 50),
  registrationLabel: z.enum(REGISTRATION_LABELS, {
    error: "고유번호 또는 사업자등록번호 중에서 골라주세요",
  }),
  registrationNumber: z
    .string({ error: "번호를 입력해주세요" })
    .trim()
    .min(1, "번호를 입력해주세요")
    .max(20, "20자 이하로 입력해주세요")
    .regex(/^[0-9-]+$/, "번호는 숫자와 - 기호로 입력해주세요 (예: 000-00-00000)"),
  address: requiredText("주소를 입력해주세요", 200),
  phone: phone("전화번호"),
  fax: phone("팩스번호"),
  email: z
    .string({ error: "이메일을 입력해주세요" })
    .trim()
    .min(1, "이메일을 입력해주세요")
    .max(200, "200자 이하로 입력해주세요")
    .email("올바른 이메일 형식이 아닙니다"),
  privacyOfficer: requiredText("개인정보보호책임자를 입력해주세요", 100),
  privacyOfficerContact: requiredText("개인정보보호책임자 연락처를 입력해주세요", 100),
  // The emblem and the seal: images uploaded on the settings page (PNG, JPEG, WebP; never SVG).
  emblemUrl: optionalUploadedImage,
  sealUrl: optionalUploadedImage,
});
export type SocietySettingsInput = z.infer<typeof societySettingsSchema>;

export const termsSchema = z.object({
  body: z
    .string({ error: "약관 내용을 입력해주세요" })
    .trim()
    .min(1, "약관 내용을 입력해주세요")
    .max(TERMS_MAX_CHARS, `약관은 ${formatNumber(TERMS_MAX_CHARS)}자 이하로 입력해주세요`),
});
