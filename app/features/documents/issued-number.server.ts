// 발급번호: each issued document's number in its year ("제2026-00012호"), given when the document
// is first drawn and kept with its key, so a document drawn again keeps its number.
import { and, eq, max } from "drizzle-orm";
import { getDb } from "~/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { issuedNumbers } from "~db/schema";

/** The document's number as printed, given in `year` if it has none yet. */
export async function issueNumberOf(key: string, year: number): Promise<string> {
  const db = await getDb();
  for (let attempt = 0; ; attempt++) {
    const [kept] = await db
      .select({ year: issuedNumbers.year, number: issuedNumbers.number })
      .from(issuedNumbers)
      .where(eq(issuedNumbers.key, key));
    if (kept) return `제${kept.year}-${String(kept.number).padStart(5, "0")}호`;
    const [last] = await db
      .select({ number: max(issuedNumbers.number) })
      .from(issuedNumbers)
      .where(and(eq(issuedNumbers.year, year)));
    try {
      await db.insert(issuedNumbers).values({ key, year, number: (last?.number ?? 0) + 1 });
    } catch (error) {
      // Another drawing took the number (or this key) in the meantime: read again.
      if (!isUniqueViolation(error) || attempt >= 10) throw error;
    }
  }
}
