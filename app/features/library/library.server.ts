// The members' library (자료실): the list every approved member sees, the download with
// its access rule and its count (once per member per item per Seoul day), and the
// administrators' add / edit / replace-file / delete, each for an administrator's actor (checked
// here) and audited with it. Files are stored objects of
// the library upload flow (features/uploads), private to the download call.
import { and, count, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { type Actor, assertAdmin } from "~/features/audit/actor.server";
import { audit } from "~/features/audit/audit.server";
import { listSeminars } from "~/features/seminars/seminars.server";
import { downloadName } from "~/features/uploads/document-types";
import {
  claimDocument,
  deleteStoredFiles,
  forgetStoredObjects,
  objectIdFromPath,
  streamDocument,
} from "~/features/uploads/uploads.server";
import { now as clockNow } from "~/lib/clock.server";
import { withoutBidiControls } from "~/lib/content-disposition";
import { seoulDate } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsEveryWord, loadPage, searchText } from "~/lib/list-page.server";
import type { Page } from "~/lib/paging";
import { academicResources, resourceDownloads, resourceSearchText, seminars } from "~db/schema";
import { canDownload, type LibraryReader } from "./access.server";
import { LIBRARY_MESSAGES, type ResourceInput, type ResourcePatch } from "./validation";

type Row = typeof academicResources.$inferSelect;

/** One item as the list, the calls and the pages show it. */
export type ResourceItem = {
  id: string;
  title: string;
  description: string;
  category: string;
  access: "members" | "regular";
  seminarId: string | null;
  seminarTitle: string | null;
  fileName: string;
  contentType: string;
  fileSize: number;
  downloads: number;
  createdAt: Date;
  updatedAt: Date;
  downloadUrl: string;
  /** Whether this reader may download it (정회원 전용 items are listed to everyone). */
  canDownload: boolean;
};

const notFound = () => new AppError("not_found", LIBRARY_MESSAGES.notFound);

const columns = {
  id: academicResources.id,
  title: academicResources.title,
  description: academicResources.description,
  category: academicResources.category,
  access: academicResources.access,
  seminarId: academicResources.seminarId,
  seminarTitle: seminars.title,
  fileName: academicResources.fileName,
  contentType: academicResources.contentType,
  fileSize: academicResources.fileSize,
  downloads: academicResources.downloads,
  createdAt: academicResources.createdAt,
  updatedAt: academicResources.updatedAt,
};

function itemOf(
  row: Omit<Row, "fileUrl" | "uploadedBy"> & { seminarTitle: string | null },
  reader: LibraryReader,
): ResourceItem {
  const access = row.access === "regular" ? "regular" : "members";
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? "",
    category: row.category,
    access,
    seminarId: row.seminarId,
    seminarTitle: row.seminarTitle,
    // Names stored before direction controls were stripped on saving show without them too.
    fileName: withoutBidiControls(row.fileName),
    contentType: row.contentType,
    fileSize: row.fileSize,
    downloads: row.downloads,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    downloadUrl: `/api/resources/${row.id}/download`,
    canDownload: canDownload(reader, { access, seminarId: row.seminarId }),
  };
}

/** The list's filter: `q` over title and description (one LIKE on the indexed text), a category. */
function filterOf(options: { q?: string; category?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  const q = searchText(options.q);
  if (q) conditions.push(containsEveryWord([resourceSearchText(academicResources)], q));
  const category = (options.category ?? "").trim();
  if (category) conditions.push(eq(academicResources.category, category));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of the library, newest first (ties by id), for an approved member. */
export async function listResources(
  reader: LibraryReader,
  options: { q?: string; category?: string; page: number; pageSize: number },
): Promise<Page<ResourceItem>> {
  const db = await getDb();
  const where = filterOf(options);
  return loadPage(options, {
    rows: async ({ limit, offset }) => {
      const rows = await db
        .select(columns)
        .from(academicResources)
        .leftJoin(seminars, eq(seminars.id, academicResources.seminarId))
        .where(where)
        .orderBy(desc(academicResources.createdAt), desc(academicResources.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => itemOf(row, reader));
    },
    count: async () => {
      const [row] = await db.select({ value: count() }).from(academicResources).where(where);
      return row?.value ?? 0;
    },
  });
}

/** The categories in use, for the filter (alphabetical, Korean order). */
export async function libraryCategories(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ category: academicResources.category })
    .from(academicResources)
    .orderBy(academicResources.category);
  return rows.map((row) => row.category);
}

/** One item for the administrator's form, or 404. */
export async function getResource(id: string, reader: LibraryReader): Promise<ResourceItem> {
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(academicResources)
    .leftJoin(seminars, eq(seminars.id, academicResources.seminarId))
    .where(eq(academicResources.id, id));
  if (!row) throw notFound();
  return itemOf(row, reader);
}

/** Seminars an item can be tied to, latest first. */
export async function seminarChoices() {
  const list = await listSeminars({ order: "desc", limit: 100 });
  return list.map((seminar) => ({ id: seminar.id, title: seminar.title, date: seminar.date }));
}

async function checkSeminar(seminarId: string | null | undefined) {
  if (!seminarId) return;
  const db = await getDb();
  const [found] = await db
    .select({ id: seminars.id })
    .from(seminars)
    .where(eq(seminars.id, seminarId));
  if (!found) {
    throw new AppError("invalid", LIBRARY_MESSAGES.seminarNotFound, {
      seminarId: LIBRARY_MESSAGES.seminarNotFound,
    });
  }
}

const badFile = () =>
  new AppError("invalid", LIBRARY_MESSAGES.badFile, { objectPath: LIBRARY_MESSAGES.badFile });

/** Adds an item with its uploaded file (claimed here, once). */
export async function createResource(actor: Actor, input: ResourceInput) {
  assertAdmin(actor);
  await checkSeminar(input.seminarId);
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const file = await claimDocument(tx, input.objectPath);
    if (!file) throw badFile();
    const [row] = await tx
      .insert(academicResources)
      .values({
        title: input.title,
        description: input.description,
        category: input.category,
        access: input.access,
        seminarId: input.seminarId,
        fileUrl: input.objectPath,
        fileName: downloadName(input.fileName, file.contentType),
        contentType: file.contentType,
        fileSize: file.size,
        uploadedBy: actor.user.id,
      })
      .returning({ id: academicResources.id });
    return row?.id as string;
  });
  await audit(
    actor.audit,
    "resource_create",
    { id, label: input.title },
    {
      fileName: withoutBidiControls(input.fileName),
      access: input.access,
    },
  );
  return id;
}

/** Changes an item; a new file replaces the old, whose object is deleted from storage. */
export async function updateResource(actor: Actor, id: string, patch: ResourcePatch) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  await checkSeminar(patch.seminarId);
  const db = await getDb();
  const { title, replacedObject } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(academicResources)
      .where(eq(academicResources.id, id))
      .for("update");
    if (!current) throw notFound();
    const changes: Partial<typeof academicResources.$inferInsert> = {};
    if (patch.title !== undefined) changes.title = patch.title;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.category !== undefined) changes.category = patch.category;
    if (patch.access !== undefined) changes.access = patch.access;
    if (patch.seminarId !== undefined) changes.seminarId = patch.seminarId;
    let replacedObject: string | null = null;
    if (patch.objectPath !== undefined && patch.objectPath !== current.fileUrl) {
      const file = await claimDocument(tx, patch.objectPath);
      if (!file) throw badFile();
      changes.fileUrl = patch.objectPath;
      changes.contentType = file.contentType;
      changes.fileSize = file.size;
      replacedObject = objectIdFromPath(current.fileUrl);
      if (replacedObject) await forgetStoredObjects(tx, [replacedObject]);
    }
    if (patch.fileName !== undefined || changes.contentType !== undefined) {
      changes.fileName = downloadName(
        patch.fileName ?? current.fileName,
        changes.contentType ?? current.contentType,
      );
    }
    await tx
      .update(academicResources)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(academicResources.id, id));
    return { title: changes.title ?? current.title, replacedObject };
  });
  if (replacedObject) await deleteStoredFiles([replacedObject], "library file replaced");
  const changed = Object.keys(patch).filter(
    (key) => patch[key as keyof ResourcePatch] !== undefined,
  );
  await audit(
    actor.audit,
    replacedObject ? "resource_replace_file" : "resource_update",
    {
      id,
      label: title,
    },
    { fields: changed.join(",") },
  );
}

/** Deletes an item and its file (rows first, then the object in storage). */
export async function deleteResource(actor: Actor, id: string) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.delete(academicResources).where(eq(academicResources.id, id)).returning({
      title: academicResources.title,
      fileUrl: academicResources.fileUrl,
      fileName: academicResources.fileName,
    });
    if (!row) throw notFound();
    const objectId = objectIdFromPath(row.fileUrl);
    if (objectId) await forgetStoredObjects(tx, [objectId]);
    return { ...row, objectId };
  });
  if (deleted.objectId) await deleteStoredFiles([deleted.objectId], "library item deleted");
  await audit(
    actor.audit,
    "resource_delete",
    { id, label: deleted.title },
    {
      fileName: deleted.fileName,
    },
  );
}

/**
 * Deletes the records of downloads made before yesterday (Seoul): the count keeps the number,
 * and who downloaded what is needed only to count a member once a day. Run by the daily
 * retention job; answers how many records went.
 */
export async function purgeDownloadRecords(now: Date = clockNow()) {
  const db = await getDb();
  const yesterday = seoulDate(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  const deleted = await db
    .delete(resourceDownloads)
    .where(lt(resourceDownloads.day, yesterday))
    .returning({ id: resourceDownloads.resourceId });
  return deleted.length;
}

/**
 * Opens an item's file for `reader`: 404 for an unknown item, 403 when the access rule says no.
 * The first download of the Seoul day by this member counts one; repeats that day do not, and
 * neither does a request that only asks for the headers (`count: false`, HEAD).
 */
export async function openDownload(
  reader: LibraryReader,
  id: string,
  options: { count?: boolean } = {},
) {
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [row] = await db.select().from(academicResources).where(eq(academicResources.id, id));
  if (!row) throw notFound();
  if (!canDownload(reader, row)) throw new AppError("forbidden", LIBRARY_MESSAGES.regularOnly);
  const file = await streamDocument(row.fileUrl);
  if (!file) throw new AppError("not_found", LIBRARY_MESSAGES.fileMissing);
  if (options.count === false) return downloadOf(row, file);
  try {
    await db.transaction(async (tx) => {
      const counted = await tx
        .insert(resourceDownloads)
        .values({ resourceId: id, userId: reader.id, day: seoulDate(clockNow()) })
        .onConflictDoNothing()
        .returning({ id: resourceDownloads.resourceId });
      if (counted.length) {
        await tx
          .update(academicResources)
          .set({ downloads: sql`${academicResources.downloads} + 1` })
          .where(eq(academicResources.id, id));
      }
    });
  } catch (error) {
    file.body.destroy();
    throw error;
  }
  return downloadOf(row, file);
}

function downloadOf(row: Row, file: { body: import("node:stream").Readable; size: number }) {
  return {
    body: file.body,
    size: file.size || row.fileSize,
    fileName: row.fileName,
    contentType: row.contentType,
  };
}
