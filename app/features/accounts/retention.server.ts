// When a licence image is deleted — this file is the answer. Personal data is not kept longer than
// needed: a licence image, whether it came with the sign-up or with a full-membership
// application, is deleted a set number of days after its decision (30 after a rejection by
// default; after approval only when configured), and at once when its member withdraws
// (my-account.server.ts, `withdraw`). The daily retention job (app/jobs/retention.server.ts)
// calls `purgeLicenceImages`; running it twice deletes nothing twice.
import { and, eq, inArray, isNotNull, lte, type SQL } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { membershipApplications, users } from "~db/schema";
import {
  deleteStoredFiles,
  forgetStoredObjects,
  objectIdFromPath,
} from "../uploads/uploads.server";

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

/** Deletes the licence images whose keeping time has run out; answers how many of each kind. */
export async function purgeLicenceImages(now: Date) {
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
  return { rejected, approved };
}
