// One typed source for the society's details. The defaults are plainly examples; a deployment
// sets the SOCIETY_* variables (README.md, Configuration). The contact and legal lines are the
// defaults of what the office edits on /admin/settings (settings.server.ts reads the two together).
import { z } from "zod";
import { env } from "~/env.server";
import type { SocietyConfig } from "~/lib/root-data";

const schema = z.object({
  SOCIETY_NAME: z.string().min(1).default("대한개원의AI마케팅학회"),
  SOCIETY_SHORT_NAME: z.string().min(1).default("개원의AI마케팅학회"),
  SOCIETY_ENGLISH_NAME: z.string().min(1).default("Korean Society of AI Marketing for Clinics"),
  SOCIETY_ADDRESS: z.string().min(1).default("대구광역시 수성구 동대구로 000 (예시 주소)"),
  SOCIETY_BUILDING: z.string().min(1).default("예시메디컬빌딩 5층"),
  SOCIETY_PHONE: z.string().min(1).default("053-000-0000"),
  SOCIETY_EMAIL: z.string().email().default("office@example.org"),
  // The footer's legal lines; the office edits them on /admin/settings, these are the defaults.
  SOCIETY_REPRESENTATIVE: z.string().min(1).default("학회장 이름 (예시)"),
  SOCIETY_REGISTRATION_LABEL: z.enum(["고유번호", "사업자등록번호"]).default("고유번호"),
  SOCIETY_REGISTRATION_NUMBER: z.string().min(1).default("000-00-00000"),
  SOCIETY_FAX: z.string().min(1).default("053-000-0001"),
  SOCIETY_PRIVACY_OFFICER: z.string().min(1).default("사무국장 (예시)"),
  SISTER_SITE_URL: z.string().url().default("https://example.com/"),
  MAP_EMBED_URL: z
    .string()
    .url()
    .default(
      "https://maps.google.com/maps?q=%EB%8C%80%EA%B5%AC%20%EC%88%98%EC%84%B1%EA%B5%AC&output=embed",
    ),
  // An address on this site (/…) or an https URL of the society's own emblem file.
  SOCIETY_LOGO_URL: z
    .string()
    .regex(/^(\/[^/]|https:\/\/)/, "must start with / or https://")
    .optional(),
});

function readSocietyConfig(): SocietyConfig {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid society configuration:\n${problems.join("\n")}`);
  }
  const c = parsed.data;
  return {
    name: c.SOCIETY_NAME,
    shortName: c.SOCIETY_SHORT_NAME,
    englishName: c.SOCIETY_ENGLISH_NAME,
    address: c.SOCIETY_ADDRESS,
    building: c.SOCIETY_BUILDING,
    phone: c.SOCIETY_PHONE,
    email: c.SOCIETY_EMAIL,
    fax: c.SOCIETY_FAX,
    representative: c.SOCIETY_REPRESENTATIVE,
    registrationLabel: c.SOCIETY_REGISTRATION_LABEL,
    registrationNumber: c.SOCIETY_REGISTRATION_NUMBER,
    privacyOfficer: c.SOCIETY_PRIVACY_OFFICER,
    privacyOfficerContact: c.SOCIETY_EMAIL,
    sisterSiteUrl: c.SISTER_SITE_URL,
    mapEmbedUrl: c.MAP_EMBED_URL,
    publicUrl: env.PUBLIC_URL,
    logoUrl: c.SOCIETY_LOGO_URL || null,
  };
}

export const societyConfig: SocietyConfig = readSocietyConfig();
