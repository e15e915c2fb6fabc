// Uploads nothing took are deleted. Anonymous sign-up uploads that no sign-up took within an hour:
// an image uploaded for a sign-up that was never sent is a stranger's licence kept for nothing,
// and anyone may upload anonymously. A member's own images (board pictures, an application's
// licence) that no post or application took within an hour: each may be 5 MB, and unswept they
// would fill the storage for nothing. Library documents that no resource took within a day. Administrators' page images
// (announcements, executives) are referenced from text and never claimed, so they stay. The sweep
// runs at start and every 15 minutes on every instance.
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { logger } from "~/logger.server";
import { storedObjects } from "~db/schema";
import { deleteStoredFiles } from "./uploads.server";

/** How long an unclaimed sign-up upload, or a member's image nothing took, is kept. */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;
/** How long a library document no resource took is kept (an administrator's form left open). */
export const ABANDONED_DOCUMENT_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Deletes the uploads nothing claimed in time at `now` (the server's clock), and answers their
 * ids. One DELETE … RETURNING both finds and removes the rows, so instances sweeping at the same
 * time each get a disjoint share, and a sign-up claiming an image at that moment either claims it
 * first (the row no longer matches and stays) or finds it gone; never a claimed row without its
 * file. The files go after their rows: a file without a row is unreachable, never the reverse.
 */
export async function sweepAbandonedUploads(now: Date = clockNow()): Promise<string[]> {
  const db = await getDb();
  const deleted = await db
    .delete(storedObjects)
    .where(
      or(
        and(
          eq(storedObjects.origin, "signup"),
          isNull(storedObjects.ownerId),
          isNull(storedObjects.claimedAt),
          lte(storedObjects.createdAt, new Date(now.getTime() - ABANDONED_UPLOAD_MS)),
        ),
        and(
          eq(storedObjects.origin, "member"),
          eq(storedObjects.visibility, "private"),
          isNull(storedObjects.claimedAt),
          lte(storedObjects.createdAt, new Date(now.getTime() - ABANDONED_UPLOAD_MS)),
        ),
        and(
          eq(storedObjects.origin, "library"),
          isNull(storedObjects.claimedAt),
          lte(storedObjects.createdAt, new Date(now.getTime() - ABANDONED_DOCUMENT_MS)),
        ),
      ),
    )
    .returning({ id: storedObjects.id });
  const ids = deleted.map((row) => row.id);
  // The rows are gone already (that is how instances split the work); now their files.
  await deleteStoredFiles(ids, "abandoned upload");
  if (ids.length > 0) logger.info({ count: ids.length }, "Deleted abandoned uploads");
  return ids;
}

let timer: NodeJS.Timeout | undefined;

export function startUploadSweep(intervalMs = SWEEP_INTERVAL_MS) {
  if (timer) return;
  const run = () =>
    void sweepAbandonedUploads().catch((error: unknown) =>
      logger.error({ err: error }, "Sweeping abandoned uploads failed"),
    );
  run();
  timer = setInterval(run, intervalMs);
  timer.unref();
}

export function stopUploadSweep() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
