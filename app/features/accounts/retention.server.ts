// Personal data is not kept longer than needed: licence images are deleted a set number of days
// after the sign-up decision (30 after a rejection by default; after approval only when
// configured), abandoned sign-up uploads after a day, and audit entries past their retention.
// The job runs at start and daily; running it twice deletes nothing twice.
import { and, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { logger } from "~/logger.server";
import { storedObjects, users } from "../../../db/schema";
import { purgeAudit } from "../audit/audit.server";
import { objectStorage } from "../uploads/storage.server";
import { objectIdFromPath } from "../uploads/uploads.server";

const DAY = 24 * 60 * 60 * 1000;

async function deleteObjects(ids: string[]) {
  if (ids.length === 0) return;
  const db = await getDb();
  await db.delete(storedObjects).where(inArray(storedObjects.id, ids));
  for (const id of ids) await objectStorage.delete(id);
}

async function purgeUserImages(where: Parameters<typeof and>[0]) {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, licenseImageUrl: users.licenseImageUrl })
    .from(users)
    .where(and(where, isNotNull(users.licenseImageUrl)));
  for (const row of rows) {
    const objectId = row.licenseImageUrl ? objectIdFromPath(row.licenseImageUrl) : null;
    await db.update(users).set({ licenseImageUrl: null }).where(eq(users.id, row.id));
    if (objectId) await deleteObjects([objectId]);
  }
  return rows.length;
}

export async function runRetention(now: Date = new Date()) {
  const db = await getDb();
  const rejected = await purgeUserImages(
    lte(users.rejectedAt, new Date(now.getTime() - env.LICENSE_IMAGE_DAYS_AFTER_REJECTION * DAY)),
  );
  const approved =
    env.LICENSE_IMAGE_DAYS_AFTER_APPROVAL === undefined
      ? 0
      : await purgeUserImages(
          and(
            eq(users.isApproved, true),
            lte(
              users.approvedAt,
              new Date(now.getTime() - env.LICENSE_IMAGE_DAYS_AFTER_APPROVAL * DAY),
            ),
          ),
        );
  const abandoned = await db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .where(
      and(
        eq(storedObjects.origin, "signup"),
        isNull(storedObjects.ownerId),
        isNull(storedObjects.claimedAt),
        lte(storedObjects.createdAt, new Date(now.getTime() - DAY)),
      ),
    );
  await deleteObjects(abandoned.map((o) => o.id));
  const auditEntries = await purgeAudit(env.AUDIT_LOG_RETENTION_DAYS, now);
  const result = { rejected, approved, abandoned: abandoned.length, auditEntries };
  logger.info(result, "Retention job: deleted licence images and expired records");
  return result;
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
