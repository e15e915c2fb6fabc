// The daily retention job: each area's records past their keeping time, deleted once a day and
// at start. Each area says how long it keeps what (licence images: accounts/retention.server.ts;
// the audit log, authentication events, rate-limit windows, library download records, sent mail
// and text messages, withdrawn members' attendance); this job
// only runs them in turn. Running it twice deletes nothing twice.
import { sql } from "drizzle-orm";
import { connect, getDb } from "~/db.server";
import { env } from "~/env.server";
import { purgeAuthEvents } from "~/features/accounts/auth-events.server";
import { purgeLicenceImages } from "~/features/accounts/retention.server";
import { purgeAudit } from "~/features/audit/audit.server";
import { purgeDownloadRecords } from "~/features/library/library.server";
import { purgeSentMail } from "~/features/mail/mail.server";
import { purgeSentMessages } from "~/features/messages/messages.server";
import { purgeExpired } from "~/features/security/rate-limit.server";
import { purgeKeptAttendance } from "~/features/seminars/registrations.server";
import { sweepAbandonedUploads } from "~/features/uploads/sweep.server";
import { logger } from "~/logger.server";

const DAY = 24 * 60 * 60 * 1000;

export async function runRetention(now: Date = new Date()) {
  const { rejected, approved } = await purgeLicenceImages(now);
  // Abandoned uploads: the sweep (features/uploads/sweep.server.ts) deletes them after an hour;
  // running it here too covers an instance that was down for the sweep's rounds.
  const abandoned = (await sweepAbandonedUploads(now)).length;
  const auditEntries = await purgeAudit(env.AUDIT_LOG_RETENTION_DAYS, now);
  const authEvents = await purgeAuthEvents(now);
  // Rate-limit windows that have ended count nothing: their rows are dropped here, daily.
  await purgeExpired(now);
  // Who downloaded which library file is needed only for the day's count.
  const downloadRecords = await purgeDownloadRecords(now);
  // What was sent: mail after 90 days, a text message's number and text after a year.
  const sentMail = await purgeSentMail(now);
  const sentMessages = await purgeSentMessages(now);
  // Withdrawn members' attendance, three years after the seminar (decision 035).
  const keptAttendance = await purgeKeptAttendance(now);
  await vacuumEmbeddedDatabase();
  const result = { rejected, approved, abandoned, auditEntries, authEvents };
  logger.info(
    { ...result, downloadRecords, sentMail, sentMessages, keptAttendance },
    "Retention job: deleted licence images and expired records",
  );
  return result;
}

/**
 * PGlite runs PostgreSQL as one process, without autovacuum: the daily job vacuums it, so the
 * space of updated and deleted rows (sessions, rate limits, purged records) is reused and the
 * lists' index-only scans stay index-only. PostgreSQL's own autovacuum does this there.
 */
async function vacuumEmbeddedDatabase() {
  if ((await connect()).kind !== "pglite") return;
  await (await getDb()).execute(sql`VACUUM (ANALYZE)`);
}

let timer: NodeJS.Timeout | undefined;

export function startRetentionJob() {
  if (timer) return;
  const run = () =>
    void runRetention().catch((error: unknown) =>
      logger.error({ err: error }, "Retention job failed"),
    );
  run();
  timer = setInterval(run, DAY);
  timer.unref();
}

export function stopRetentionJob() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
