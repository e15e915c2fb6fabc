// The society's details as the site shows them: what the office set on /admin/settings, and for
// each line it left empty, the deployment's SOCIETY_* setting (config.server.ts). Read once per
// write on the embedded database (lib/kept-read.server.ts): every page's footer shows them.
import { eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { keptUntilWrite } from "~/lib/kept-read.server";
import type { SocietyConfig } from "~/lib/root-data";
import { societySettings } from "~db/schema";
import { societyConfig } from "./config.server";
import { DEFAULT_RELATED_LINKS, type RelatedLink, type SocietySettingsInput } from "./validation";

const SETTINGS_ROW = 1;

const readSettings = keptUntilWrite(async () => {
  const db = await getDb();
  const [row] = await db.select().from(societySettings).where(eq(societySettings.id, SETTINGS_ROW));
  return row ?? null;
});

/**
 * The society's details as last read, for what is written without waiting on the database (the
 * mails' footer and contact lines). Every page reads the details (the root loader), so this is
 * the office's latest within a request of any page; before the first read, the deployment's.
 */
let lastRead: SocietyConfig = societyConfig;
export function societyDetailsLastRead(): SocietyConfig {
  return lastRead;
}

/** The society's details with the office's settings applied. */
export async function societyDetails(): Promise<SocietyConfig> {
  lastRead = await readSocietyDetails();
  return lastRead;
}

async function readSocietyDetails(): Promise<SocietyConfig> {
  const row = await readSettings();
  if (!row) return societyConfig;
  return {
    ...societyConfig,
    representative: row.representative ?? societyConfig.representative,
    registrationLabel: row.registrationLabel ?? societyConfig.registrationLabel,
    registrationNumber: row.registrationNumber ?? societyConfig.registrationNumber,
    // The office gives the whole address on one line; the deployment's is split in two.
    address: row.address ?? societyConfig.address,
    building: row.address ? "" : societyConfig.building,
    phone: row.phone ?? societyConfig.phone,
    fax: row.fax ?? societyConfig.fax,
    email: row.email ?? societyConfig.email,
    privacyOfficer: row.privacyOfficer ?? societyConfig.privacyOfficer,
    privacyOfficerContact: row.privacyOfficerContact ?? societyConfig.privacyOfficerContact,
    logoUrl: row.emblemUrl ?? societyConfig.logoUrl,
  };
}

/** The home page's strip of related bodies' links. */
export async function relatedLinks(): Promise<RelatedLink[]> {
  return (await readSettings())?.relatedLinks ?? DEFAULT_RELATED_LINKS;
}

/**
 * The images the issued documents carry: the emblem and the president's seal. The seal's address
 * is not in the pages' data (root loader): it is printed on documents, not shown on the site.
 */
export async function documentImages() {
  const row = await readSettings();
  return { emblemUrl: row?.emblemUrl ?? null, sealUrl: row?.sealUrl ?? null };
}

/**
 * When `npm start` filled this database with the demo society (null: real data). Administrators
 * are told on every admin page; nobody else ever is.
 */
export async function demoSeededAt(): Promise<Date | null> {
  return (await readSettings())?.demoSeededAt ?? null;
}

/** What the settings form shows: the lines as the site shows them now. */
export async function societySettingsForm(): Promise<
  SocietySettingsInput & { updatedAt: Date | null }
> {
  const details = await societyDetails();
  const row = await readSettings();
  return {
    representative: details.representative,
    registrationLabel: details.registrationLabel as SocietySettingsInput["registrationLabel"],
    registrationNumber: details.registrationNumber,
    address: [details.address, details.building].filter(Boolean).join(" "),
    phone: details.phone,
    fax: details.fax,
    email: details.email,
    privacyOfficer: details.privacyOfficer,
    privacyOfficerContact: details.privacyOfficerContact,
    emblemUrl: row?.emblemUrl ?? null,
    sealUrl: row?.sealUrl ?? null,
    relatedLinks: row?.relatedLinks ?? DEFAULT_RELATED_LINKS,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** Stores the office's lines (the caller has checked the actor and audits the change). */
export async function writeSocietySettings(input: SocietySettingsInput, by: string) {
  const db = await getDb();
  // Links left out (an older form or call) stay as they are.
  const { relatedLinks: links, ...rest } = input;
  const values = {
    ...rest,
    ...(links === undefined ? {} : { relatedLinks: links }),
    updatedAt: new Date(),
    updatedBy: by,
  };
  await db
    .insert(societySettings)
    .values({ id: SETTINGS_ROW, ...values })
    .onConflictDoUpdate({ target: societySettings.id, set: values });
}
