// The counts the triggers of migrations 0012 (members, applications) and 0016 (announcements per
// category) keep in `tallies`: exact on every instance, since they change in the same
// transaction as the rows they count.
import { like } from "drizzle-orm";
import { getDb } from "~/db.server";
import { tallies } from "~db/schema";

type TallySubject = "members" | "applications" | "announcements";

/** Every tally under `<subject>:`, as `[the rest of its name split on ":", value]` pairs. */
export async function readTallies(subject: TallySubject) {
  const db = await getDb();
  const rows = await db
    .select({ name: tallies.name, value: tallies.value })
    .from(tallies)
    .where(like(tallies.name, `${subject}:%`));
  return rows.map((row) => [row.name.split(":").slice(1), Number(row.value)] as const);
}

/** The sum of the tallies under `<subject>:` whose name parts pass `keep`. */
export async function sumTallies(
  subject: TallySubject,
  keep: (parts: readonly string[]) => boolean = () => true,
) {
  let total = 0;
  for (const [parts, value] of await readTallies(subject)) if (keep(parts)) total += value;
  return total;
}
