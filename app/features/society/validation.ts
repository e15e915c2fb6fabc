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

/** The related bodies the home page links to until the office sets its own. */
export const DEFAULT_RELATED_LINKS = [
  { label: "대한의사협회", url: "https://www.kma.org" },
  { label: "보건복지부", url: "https://www.mohw.go.kr" },
  { label: "건강보험심사평가원", url: "https://www.hira.or.kr" },
  { label: "의료광고심의위원회", url: "https://www.admedical.org" },
];
export const MAX_RELATED_LINKS = 8;
export type RelatedLink = { label: string; url: string };

const LINK_LINE = /^(.{1,40}?)\s+(https?:\/\/\S{1,300})$/;

/**
 * The links as the office types them, one a line: a name, a space, the address
 * ("대한의사협회 https://www.kma.org"). A JSON call may send the list itself, read the same way.
 */
const relatedLinks = z
  .preprocess(
    (value) =>
      Array.isArray(value)
        ? value
            .map(
              (link: { label?: unknown; url?: unknown }) =>
                `${link?.label ?? ""} ${link?.url ?? ""}`,
            )
            .join("\n")
        : value,
    z
      .string({ error: "관련 기관 링크를 한 줄에 하나씩 입력해주세요" })
      .transform((text, context) => {
        const lines = text
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        const links: RelatedLink[] = [];
        for (const line of lines) {
          const match = LINK_LINE.exec(line);
          if (!match?.[1] || !match[2]) {
            context.addIssue({
              code: "custom",
              message: `‘${line.slice(0, 30)}’: 한 줄에 이름과 https:// 주소를 띄어 써주세요 (예: 대한의사협회 https://www.kma.org)`,
            });
            return z.NEVER;
          }
          links.push({ label: match[1].trim(), url: match[2] });
        }
        if (links.length > MAX_RELATED_LINKS) {
          context.addIssue({
            code: "custom",
            message: `관련 기관 링크는 ${MAX_RELATED_LINKS}개까지 둘 수 있습니다`,
          });
          return z.NEVER;
        }
        return links;
      }),
  )
  .optional();

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
  relatedLinks,
});
export type SocietySettingsInput = z.infer<typeof societySettingsSchema>;

export const termsSchema = z.object({
  body: z
    .string({ error: "약관 내용을 입력해주세요" })
    .trim()
    .min(1, "약관 내용을 입력해주세요")
    .max(TERMS_MAX_CHARS, `약관은 ${formatNumber(TERMS_MAX_CHARS)}자 이하로 입력해주세요`),
});
