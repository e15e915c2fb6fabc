// The counts the triggers of migrations 0012 (members, applications) and 0016 (announcements per
// category) keep in `tallies`: exact on every instance, since they change in the same
// transaction as the rows they count. Migration 0031 keeps a version there the same way
// (`versions:dues-figures`), under which a process keeps what the version covers.
//
// An administrator's page reads them two or three times (the navigation's badge, a tab's counts),
// so all of them (a few dozen rows) are read at once, and on the embedded database kept until the
// next write, as the session rows are (decision 010).
import { getDb } from "~/db.server";
import { tallies } from "~db/schema";
import { keptUntilWrite } from "./kept-read.server";

type TallySubject = "members" | "applications" | "announcements" | "versions";
type Tally = readonly [subject: string, parts: readonly string[], value: number];

const allTallies = keptUntilWrite(async (): Promise<Tally[]> => {
  const db = await getDb();
  const rows = await db.select({ name: tallies.name, value: tallies.value }).from(tallies);
  return rows.map((row) => {
    const [subject = "", ...parts] = row.name.split(":");
    return [subject, parts, Number(row.value)] as const;
  });
});

/** Every tally under `<subject>:`, as `[the rest of its name split on ":", value]` pairs. */
export async function readTallies(subject: TallySubject) {
  return (await allTallies())
    .filter(([name]) => name === subject)
    .map(([, parts, value]) => [parts, value] as const);
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
