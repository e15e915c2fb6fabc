// 이용약관 in versions (db/schema.ts, termsVersions): the newest is in force; older versions stay
// readable, and each member's consent names the version agreed to.
import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { keptUntilWrite } from "~/lib/kept-read.server";
import { termsVersions } from "~db/schema";
import { societyConfig } from "./config.server";
import { SOCIETY_NAME_FIELD } from "./terms";

export type TermsVersion = { version: number; body: string; publishedAt: Date };

/** Every version, newest first, without the text (the version list on /terms). */
const readVersions = keptUntilWrite(async () => {
  const db = await getDb();
  return db
    .select({ version: termsVersions.version, publishedAt: termsVersions.publishedAt })
    .from(termsVersions)
    .orderBy(desc(termsVersions.version));
});

export async function termsVersionList() {
  return readVersions();
}

/** The version in force (null only on a database whose migration 0028 rows were deleted). */
export async function currentTermsVersion(): Promise<number | null> {
  return (await readVersions())[0]?.version ?? null;
}

/** One version's text; the one in force without `version`. */
export async function termsText(version?: number): Promise<TermsVersion | null> {
  const wanted = version ?? (await currentTermsVersion());
  if (wanted === null) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      version: termsVersions.version,
      body: termsVersions.body,
      publishedAt: termsVersions.publishedAt,
    })
    .from(termsVersions)
    .where(eq(termsVersions.version, wanted));
  return row ?? null;
}

/** One version as readers see it: the society's name filled in. The office edits the raw text. */
export async function termsForReaders(version?: number): Promise<TermsVersion | null> {
  const terms = await termsText(version);
  return terms && { ...terms, body: terms.body.replaceAll(SOCIETY_NAME_FIELD, societyConfig.name) };
}

/**
 * Adds a new version in force from now (the caller has checked the actor and audits it). The
 * number is the next one, taken in the insert itself; of two offices publishing in the same
 * instant, the second is told to look again rather than overwrite the first.
 */
export async function insertTermsVersion(body: string, by: string) {
  const db = await getDb();
  const [row] = await db
    .insert(termsVersions)
    .values({
      version: sql`(select coalesce(max(${termsVersions.version}), 0) + 1 from ${termsVersions})`,
      body,
      publishedBy: by,
    })
    .returning({ version: termsVersions.version, publishedAt: termsVersions.publishedAt })
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError(
        "conflict",
        "방금 다른 관리자가 새 약관을 게시했습니다. 새로고침한 뒤 다시 확인해주세요.",
      );
    });
  if (!row) throw new Error("The new terms version was not returned");
  return row;
}
