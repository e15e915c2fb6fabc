// The day-before reminder: every few minutes, confirmed registrants of seminars starting within a
// day are mailed once. Claiming and marking happen in one statement (claimDueReminders), so two
// instances never send the same reminder twice.
import { inArray } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { logger } from "~/logger.server";
import { seminars } from "~db/schema";
import { notifySeminarReminder } from "./notifications.server";
import { claimDueReminders } from "./registrations.server";

const INTERVAL_MS = 10 * 60 * 1000;

/** Sends the reminders that are due; answers how many were queued. */
export async function sendDueReminders(now: Date = clockNow()) {
  const due = await claimDueReminders(now);
  if (due.length === 0) return 0;
  const db = await getDb();
  const ids = [...new Set(due.map((r) => r.seminarId))];
  const list = await db.select().from(seminars).where(inArray(seminars.id, ids));
  const byId = new Map(list.map((s) => [s.id, s]));
  for (const registration of due) {
    const seminar = byId.get(registration.seminarId);
    if (seminar) await notifySeminarReminder(seminar, registration);
  }
  return due.length;
}

let timer: NodeJS.Timeout | undefined;

export function startSeminarReminders(intervalMs = INTERVAL_MS) {
  if (timer) return;
  const run = () =>
    void sendDueReminders().catch((error: unknown) =>
      logger.error({ err: error }, "Sending seminar reminders failed"),
    );
  run();
  timer = setInterval(run, intervalMs);
  timer.unref();
}

export function stopSeminarReminders() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
