// A notice's attachments (첨부파일: PDF, HWP, HWPX, images and the library's other types): the
// files come through the document upload flow with the library's checks (type by content, 50 MB)
// and are served only by GET /api/announcements/{id}/attachments/{attachmentId}, to whoever may
// read the notice's body. Saving a notice names its whole list; what it no longer names is deleted.

import type { Readable } from "node:stream";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { downloadName } from "~/features/uploads/document-types";
import {
  claimDocument,
  deleteStoredFiles,
  forgetStoredObjects,
  objectIdFromPath,
  streamDocument,
} from "~/features/uploads/uploads.server";
import { withoutBidiControls } from "~/lib/content-disposition";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import type { Database, Transaction } from "~db/client.server";
import { announcementAttachments, announcements } from "~db/schema";
import { type AnnouncementReader, mayReadAnnouncementBody } from "./announcements.server";
import { ATTACHMENT_MESSAGES, type AttachmentInput } from "./validation";

/** One attachment as the notice's page and GET /api/announcements/{id} show it. */
export type NoticeAttachment = {
  id: string;
  fileName: string;
  contentType: string;
  fileSize: number;
  url: string;
};

const attachmentColumns = {
  id: announcementAttachments.id,
  announcementId: announcementAttachments.announcementId,
  fileName: announcementAttachments.fileName,
  contentType: announcementAttachments.contentType,
  fileSize: announcementAttachments.fileSize,
};

function attachmentOf(row: {
  id: string;
  announcementId: string;
  fileName: string;
  contentType: string;
  fileSize: number;
}): NoticeAttachment {
  return {
    id: row.id,
    fileName: withoutBidiControls(row.fileName),
    contentType: row.contentType,
    fileSize: row.fileSize,
    url: `/api/announcements/${row.announcementId}/attachments/${row.id}`,
  };
}

/**
 * A notice's attachments in their order as one JSON value, for a statement that reads from
 * `announcements`: one statement fewer on every view of a notice. Read it with
 * attachmentsFromJson. (The notice's id is written with its table's name: Drizzle leaves a
 * one-table statement's columns unqualified, and inside this subquery `id` would be the file's.)
 */
export function attachmentsJson() {
  return sql<unknown>`coalesce((select json_agg(json_build_object(
      'id', a.id, 'announcementId', a.announcement_id, 'fileName', a.file_name,
      'contentType', a.content_type, 'fileSize', a.file_size) order by a.position, a.created_at)
    from ${announcementAttachments} a where a.announcement_id = ${announcements}.id), '[]'::json)`;
}

export function attachmentsFromJson(value: unknown): NoticeAttachment[] {
  return (value as Parameters<typeof attachmentOf>[0][]).map(attachmentOf);
}

/** A notice's attachments in their order. The caller has decided the reader may see them. */
export async function listAttachments(
  announcementId: string,
  db: Pick<Database, "select"> | Transaction,
): Promise<NoticeAttachment[]> {
  const rows = await db
    .select(attachmentColumns)
    .from(announcementAttachments)
    .where(eq(announcementAttachments.announcementId, announcementId))
    .orderBy(asc(announcementAttachments.position), asc(announcementAttachments.createdAt));
  return rows.map(attachmentOf);
}

const badFile = () =>
  new AppError("invalid", ATTACHMENT_MESSAGES.badFile, {
    attachments: ATTACHMENT_MESSAGES.badFile,
  });

/**
 * Makes the notice's attachments the list `wanted`, inside the notice's transaction: kept ones
 * (by id) stay, new uploads are claimed (once, from the notice upload flow), the rest are
 * forgotten. Answers the stored objects whose files the caller deletes after the commit.
 */
export async function replaceAttachments(
  tx: Transaction,
  announcementId: string,
  wanted: readonly AttachmentInput[],
): Promise<string[]> {
  const current = await tx
    .select({ id: announcementAttachments.id, objectId: announcementAttachments.objectId })
    .from(announcementAttachments)
    .where(eq(announcementAttachments.announcementId, announcementId));
  const currentIds = new Set(current.map((row) => row.id));
  const keptIds = wanted.flatMap((item) => ("id" in item ? [item.id] : []));
  // An id that is not this notice's (another notice's, a deleted one) is a stale form.
  if (keptIds.some((id) => !currentIds.has(id)) || new Set(keptIds).size !== keptIds.length) {
    throw new AppError("invalid", ATTACHMENT_MESSAGES.stale, {
      attachments: ATTACHMENT_MESSAGES.stale,
    });
  }
  const removed = current.filter((row) => !keptIds.includes(row.id));
  if (removed.length > 0) {
    await tx.delete(announcementAttachments).where(
      and(
        eq(announcementAttachments.announcementId, announcementId),
        inArray(
          announcementAttachments.id,
          removed.map((row) => row.id),
        ),
      ),
    );
    await forgetStoredObjects(
      tx,
      removed.map((row) => row.objectId),
    );
  }
  for (const [position, item] of wanted.entries()) {
    if ("id" in item) {
      await tx
        .update(announcementAttachments)
        .set({ position })
        .where(eq(announcementAttachments.id, item.id));
      continue;
    }
    const file = await claimDocument(tx, item.objectPath, "notice");
    const objectId = objectIdFromPath(item.objectPath);
    if (!file || !objectId) throw badFile();
    await tx.insert(announcementAttachments).values({
      announcementId,
      objectId,
      fileName: downloadName(item.fileName, file.contentType),
      contentType: file.contentType,
      fileSize: file.size,
      position,
    });
  }
  return removed.map((row) => row.objectId);
}

/** The stored objects of notices about to be deleted (their rows go with the notice). */
export async function attachmentObjectsOf(tx: Transaction, announcementIds: readonly string[]) {
  if (announcementIds.length === 0) return [];
  const rows = await tx
    .select({ objectId: announcementAttachments.objectId })
    .from(announcementAttachments)
    .where(inArray(announcementAttachments.announcementId, [...announcementIds]));
  const ids = rows.map((row) => row.objectId);
  await forgetStoredObjects(tx, ids);
  return ids;
}

/** Deletes the files of attachments whose rows are gone (after the commit). */
export function deleteAttachmentFiles(objectIds: readonly string[], reason: string) {
  return objectIds.length > 0 ? deleteStoredFiles(objectIds, reason) : Promise.resolve([]);
}

const notFound = () => new AppError("not_found", ATTACHMENT_MESSAGES.notFound);

/**
 * Opens an attachment for `reader`, under the rule of the notice's body: 403 for whoever may not
 * read it; 404 for an unknown notice or attachment, or one of another notice.
 */
export async function openAttachment(
  reader: AnnouncementReader,
  announcementId: string,
  attachmentId: string,
): Promise<{ body: Readable; size: number; fileName: string; contentType: string }> {
  if (!isUuid(announcementId) || !isUuid(attachmentId)) throw notFound();
  if (!mayReadAnnouncementBody(reader))
    throw new AppError("forbidden", ATTACHMENT_MESSAGES.forbidden);
  const db = await getDb();
  const [row] = await db
    .select({
      objectId: announcementAttachments.objectId,
      fileName: announcementAttachments.fileName,
      contentType: announcementAttachments.contentType,
      fileSize: announcementAttachments.fileSize,
    })
    .from(announcementAttachments)
    .innerJoin(announcements, eq(announcements.id, announcementAttachments.announcementId))
    .where(
      and(
        eq(announcementAttachments.id, attachmentId),
        eq(announcementAttachments.announcementId, announcementId),
      ),
    );
  if (!row) throw notFound();
  const file = await streamDocument(`/objects/${row.objectId}`);
  if (!file) throw new AppError("not_found", ATTACHMENT_MESSAGES.fileMissing);
  return {
    body: file.body,
    size: file.size || row.fileSize,
    fileName: withoutBidiControls(row.fileName),
    contentType: row.contentType,
  };
}
