// When a licence image is deleted — this file is the answer. Personal data is not kept longer than
// needed: a licence image, whether it came with the sign-up or with a full-membership
// application, is deleted a set number of days after its decision (30 after a rejection by
// default; after approval only when configured), and at once when its member withdraws
// (my-account.server.ts, `withdraw`); sign-up uploads nobody claimed go within an hour
// (uploads/sweep.server.ts, also run here); audit entries past their retention, authentication
// events after a year. The job runs at
// start and daily; running it twice deletes nothing twice.
import { and, eq, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { connect, getDb } from "~/db.server";
import { env } from "~/env.server";
import { logger } from "~/logger.server";
import { membershipApplications, users } from "~db/schema";
import { purgeAudit } from "../audit/audit.server";
import { purgeDownloadRecords } from "../library/library.server";
import { purgeExpired } from "../security/rate-limit.server";
import { sweepAbandonedUploads } from "../uploads/sweep.server";
import {
  deleteStoredFiles,
  forgetStoredObjects,
  objectIdFromPath,
} from "../uploads/uploads.server";
import { purgeAuthEvents } from "./auth-events.server";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Clears the licence images of the accounts (or full-membership applications) matching `where`:
 * the references and the objects' rows in one transaction, the files after. Applications'
 * images follow the same rules as the sign-up's.
 */
async function purgeImages(
  table: "users" | "applications",
  where: SQL | undefined,
): Promise<number> {
  const db = await getDb();
  const ids: string[] = [];
  let purged = 0;
  await db.transaction(async (tx) => {
    const found =
      table === "users"
        ? await tx
            .select({ id: users.id, path: users.licenseImageUrl })
            .from(users)
            .where(and(where, isNotNull(users.licenseImageUrl)))
            .for("update")
        : await tx
            .select({ id: membershipApplications.id, path: membershipApplications.licenseImageUrl })
            .from(membershipApplications)
            .where(and(where, isNotNull(membershipApplications.licenseImageUrl)))
            .for("update");
    if (found.length === 0) return;
    const rowIds = found.map((row) => row.id);
    if (table === "users") {
      await tx.update(users).set({ licenseImageUrl: null }).where(inArray(users.id, rowIds));
    } else {
      await tx
        .update(membershipApplications)
        .set({ licenseImageUrl: null })
        .where(inArray(membershipApplications.id, rowIds));
    }
    for (const row of found) {
      const objectId = row.path ? objectIdFromPath(row.path) : null;
      if (objectId) ids.push(objectId);
    }
    await forgetStoredObjects(tx, ids);
    purged = found.length;
  });
  await deleteStoredFiles(ids, `retention of ${table} licence images`);
  return purged;
}

export async function runRetention(now: Date = new Date()) {
  const afterRejection = new Date(now.getTime() - env.LICENSE_IMAGE_DAYS_AFTER_REJECTION * DAY);
  const afterApproval =
    env.LICENSE_IMAGE_DAYS_AFTER_APPROVAL === undefined
      ? undefined
      : new Date(now.getTime() - env.LICENSE_IMAGE_DAYS_AFTER_APPROVAL * DAY);
  // A sign-up's image counts from the account's decision; an application's from its decision,
  // the last change of a decided application (images are attached only while it is pending).
  const rejected =
    (await purgeImages("users", lte(users.rejectedAt, afterRejection))) +
    (await purgeImages(
      "applications",
      and(
        eq(membershipApplications.status, "rejected"),
        lte(membershipApplications.updatedAt, afterRejection),
      ),
    ));
  const approved = afterApproval
    ? (await purgeImages(
        "users",
        and(eq(users.isApproved, true), lte(users.approvedAt, afterApproval)),
      )) +
      (await purgeImages(
        "applications",
        and(
          eq(membershipApplications.status, "approved"),
          lte(membershipApplications.updatedAt, afterApproval),
        ),
      ))
    : 0;
  // Abandoned sign-up uploads: the sweep (features/uploads/sweep.server.ts) deletes them after
  // an hour; running it here too covers an instance that was down for the sweep's rounds.
  const abandoned = (await sweepAbandonedUploads(now)).length;
  const auditEntries = await purgeAudit(env.AUDIT_LOG_RETENTION_DAYS, now);
  const authEvents = await purgeAuthEvents(now);
  // Rate-limit windows that have ended count nothing: their rows are dropped here, daily.
  await purgeExpired(now);
  // Who downloaded which library file is needed only for the day's count.
  const downloadRecords = await purgeDownloadRecords(now);
  await vacuumEmbeddedDatabase();
  const result = { rejected, approved, abandoned, auditEntries, authEvents };
  logger.info(
    { ...result, downloadRecords },
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
