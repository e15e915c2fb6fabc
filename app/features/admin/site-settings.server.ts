// The office's site settings (/admin/settings and the matching calls): the footer's legal lines
// and new versions of the 이용약관. Each change is the administrator's alone, and audited.
import { type Actor, assertAdmin } from "~/features/audit/actor.server";
import { audit } from "~/features/audit/audit.server";
import { societySettingsForm, writeSocietySettings } from "~/features/society/settings.server";
import { insertTermsVersion } from "~/features/society/terms.server";
import type { SocietySettingsInput } from "~/features/society/validation";
import { isPublicImage } from "~/features/uploads/public-image.server";
import { AppError } from "~/lib/errors.server";

const IMAGE_AGAIN = "이미지를 다시 업로드해주세요";

export async function saveSocietySettings(actor: Actor, input: SocietySettingsInput) {
  assertAdmin(actor);
  // An image's path must be one the office uploaded (public), never someone's licence image.
  for (const field of ["emblemUrl", "sealUrl"] as const) {
    const value = input[field];
    if (value && !(await isPublicImage(value))) {
      throw new AppError("invalid", IMAGE_AGAIN, { [field]: IMAGE_AGAIN });
    }
  }
  const before = await societySettingsForm();
  await writeSocietySettings(input, actor.user.id);
  // What changed, as the audit log shows it (a list of links as its text).
  const shown = (value: unknown) =>
    typeof value === "string" || value === null ? value : JSON.stringify(value);
  const changed = Object.fromEntries(
    (Object.keys(input) as (keyof SocietySettingsInput)[])
      .filter((key) => input[key] !== undefined && shown(before[key]) !== shown(input[key]))
      .map((key) => [key, shown(input[key]) ?? null]),
  );
  await audit(actor.audit, "society_settings_update", { label: "학회 정보" }, changed);
  return societySettingsForm();
}

export async function publishTerms(actor: Actor, body: string) {
  assertAdmin(actor);
  const published = await insertTermsVersion(body, actor.user.id);
  await audit(
    actor.audit,
    "terms_publish",
    { label: `이용약관 버전 ${published.version}` },
    { version: published.version, characters: body.length },
  );
  return published;
}
