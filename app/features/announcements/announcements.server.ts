// Announcements: the public list carries a plain-text excerpt instead of the body, which only
// approved members may read.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsText, loadPage, type PageQuery, searchText } from "~/lib/list-page.server";
import { sumTallies } from "~/lib/tallies.server";
import { firstCharacters, htmlToPlainText } from "~/lib/text";
import { announcementAttachments, announcementReads, announcements } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import {
  attachmentObjectsOf,
  attachmentsFromJson,
  attachmentsJson,
  deleteAttachmentFiles,
  listAttachments,
  type NoticeAttachment,
  replaceAttachments,
} from "./attachments.server";
import { EXCERPT_LENGTH } from "./constants";
import { sanitizeAnnouncementForReading, sanitizeAnnouncementHtml } from "./sanitize.server";
import {
  type AnnouncementInput,
  type AnnouncementPatch,
  CONTENT_REQUIRED,
  MAX_PINNED,
} from "./validation";

export type AnnouncementSummary = {
  id: string;
  title: string;
  category: string;
  pinned: boolean;
  excerpt: string;
  /** True when the body is longer than the excerpt (the pages then add "..."). */
  truncated: boolean;
  views: number;
  createdAt: Date;
  /** Whether files are attached (the board marks the row; the files go with the body). */
  hasAttachments: boolean;
};

/** The one order of every announcement list: newest first, ties by id (so pages never overlap). */
const NEWEST_FIRST = [desc(announcements.createdAt), desc(announcements.id)];

/**
 * The public board's search and category, from the URL. The search looks in bodies only for a
 * reader who may read them (`searchesBodies`): for anyone else a match on a body would tell which
 * words a members-only notice holds, so it looks in titles alone.
 */
export type BoardFilter = { q?: string; category?: string; searchesBodies?: boolean };
const boardFilter = ({ q, category, searchesBodies }: BoardFilter) =>
  and(
    containsText(
      q,
      searchesBodies ? [announcements.title, announcements.content] : [announcements.title],
    ),
    category ? eq(announcements.category, category) : undefined,
  );

/** The administrator's search: title or category contains the text. */
const adminSearch = (q: string | undefined) =>
  containsText(q, [announcements.title, announcements.category]);

/**
 * Announcements newest first as excerpts; `limit`/`offset` read one window of the list. The
 * window is chosen on the narrow (id, createdAt) rows first and only its bodies are read, so a
 * deep page does not sort every body (measured: 25 ms with an 11 MB sort on disk, then 2 ms, at
 * 10,000 announcements on PostgreSQL).
 */
export async function listAnnouncements(
  options: BoardFilter & { limit?: number; offset?: number; pinnedOnly?: boolean } = {},
) {
  const db = await getDb();
  const filter = and(
    boardFilter(options),
    options.pinnedOnly ? eq(announcements.pinned, true) : undefined,
  );
  const query = db
    .select({
      id: announcements.id,
      title: announcements.title,
      category: announcements.category,
      content: announcements.content,
      pinned: announcements.pinned,
      views: announcements.views,
      createdAt: announcements.createdAt,
      hasAttachments: sql<boolean>`exists (select 1 from ${announcementAttachments} where ${eq(
        announcementAttachments.announcementId,
        announcements.id,
      )})`,
    })
    .from(announcements)
    .orderBy(...NEWEST_FIRST);
  const rows = await (options.limit
    ? query.where(
        inArray(
          announcements.id,
          db
            .select({ id: announcements.id })
            .from(announcements)
            .where(filter)
            .orderBy(...NEWEST_FIRST)
            .limit(options.limit)
            .offset(options.offset ?? 0),
        ),
      )
    : query.where(filter));
  return rows.map(({ content, ...row }): AnnouncementSummary => {
    const text = htmlToPlainText(content);
    const excerpt = firstCharacters(text, excerptLength(text));
    return { ...row, excerpt, truncated: excerpt.length < text.length };
  });
}

/**
 * How much of a body its excerpt shows: the SPEC's 100 characters, but never more than half of
 * the body, so that a short notice is not shown whole to visitors, for whom bodies are
 * members-only (decision 032).
 */
function excerptLength(text: string) {
  return Math.min(EXCERPT_LENGTH, Math.floor(Array.from(text).length / 2));
}

/** How many announcements there are (a COUNT, for pagers and `X-Total-Count`). */
export async function countAnnouncements(options: { q?: string } = {}) {
  if (!searchText(options.q)) return sumTallies("announcements");
  const db = await getDb();
  const [row] = await db
    .select({ value: count() })
    .from(announcements)
    .where(adminSearch(options.q));
  return row?.value ?? 0;
}

/**
 * One page of the public list (excerpts) and the number of announcements matching the filter, as
 * `reader` may search it: bodies too for an approved member, titles alone for anyone else.
 */
export function pageAnnouncements(
  query: PageQuery & Omit<BoardFilter, "searchesBodies"> = { page: 1, pageSize: 20 },
  reader: AnnouncementReader = null,
) {
  const filter = {
    q: query.q,
    category: query.category,
    searchesBodies: mayReadAnnouncementBody(reader),
  };
  return loadPage(query, {
    rows: (window) => listAnnouncements({ ...filter, ...window }),
    count: async () => {
      // Unsearched, the tallies per category answer (migration 0016): no COUNT of the table.
      if (!searchText(filter.q)) {
        return sumTallies("announcements", ([category]) =>
          filter.category ? category === filter.category : true,
        );
      }
      const db = await getDb();
      const [row] = await db
        .select({ value: count() })
        .from(announcements)
        .where(boardFilter(filter));
      return row?.value ?? 0;
    },
  });
}

/** The pinned notices that head the public board, newest first. */
export function listPinnedAnnouncements() {
  return listAnnouncements({ pinnedOnly: true, limit: MAX_PINNED });
}

export type NeighbourNotice = { id: string; title: string } | null;

/**
 * What anyone may know about an announcement (its title and category, never the body) and the
 * notices before and after it on the board's order (newest first): 이전글 is the older one, 다음글
 * the newer, titles only, which the public list shows anyway. One statement: the page asks for it
 * on every view. Null when there is no such announcement.
 */
export async function findAnnouncementPlace(id: string): Promise<{
  headline: { id: string; title: string; category: string };
  previous: NeighbourNotice;
  next: NeighbourNotice;
} | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  // The notice's own columns are written with its table's name: Drizzle leaves a one-table
  // statement's columns unqualified, which inside the subquery would name the neighbour's.
  const neighbour = (direction: "<" | ">") => {
    const order = direction === "<" ? sql`desc` : sql`asc`;
    return sql<NeighbourNotice>`(select json_build_object('id', n.id, 'title', n.title)
      from ${announcements} n
      where (n.created_at, n.id) ${sql.raw(direction)} (${announcements}.created_at, ${announcements}.id)
      order by n.created_at ${order}, n.id ${order} limit 1)`;
  };
  const [row] = await db
    .select({
      id: announcements.id,
      title: announcements.title,
      category: announcements.category,
      previous: neighbour("<"),
      next: neighbour(">"),
    })
    .from(announcements)
    .where(eq(announcements.id, id));
  if (!row) return null;
  const { previous, next, ...headline } = row;
  return { headline, previous: previous ?? null, next: next ?? null };
}

export type AnnouncementDetail = {
  id: string;
  title: string;
  content: string;
  category: string;
  imageUrl: string | null;
  linkUrl: string | null;
  views: number;
  createdAt: Date;
  attachments: NoticeAttachment[];
};

/** Who asks: the signed-in account, or null for a visitor. */
export type AnnouncementReader = { id: string; isApproved: boolean } | null;

/**
 * Whether `reader` may read announcements' bodies: approved members only. This is the one place
 * that decides it; pages and calls ask readAnnouncement, which asks this.
 */
export function mayReadAnnouncementBody(
  reader: AnnouncementReader,
): reader is { id: string; isApproved: true } {
  return reader?.isApproved === true;
}

const SEOUL_TODAY = sql`(now() at time zone 'Asia/Seoul')::date`;

type AnnouncementRow = typeof announcements.$inferSelect;

const detailOf = (row: AnnouncementRow, attachments: NoticeAttachment[]): AnnouncementDetail => ({
  id: row.id,
  title: row.title,
  content: sanitizeAnnouncementForReading(row.content),
  category: row.category,
  imageUrl: row.imageUrl,
  linkUrl: row.linkUrl,
  views: row.views,
  createdAt: row.createdAt,
  attachments,
});

/**
 * The whole announcement, body sanitised, for a reader who may read it; null when there is no
 * such announcement or the reader may not (the body is then never loaded). The first reading of
 * the day (Asia/Seoul) by a member counts one view; refreshing does not.
 *
 * A reading that has already been counted today is one plain read: no transaction and no write,
 * so rereading a notice leaves the embedded database's kept reads (sessions, tallies) in place.
 * Two first readings at once both take the counting path, where the insert counts one of them.
 */
export async function readAnnouncement(
  id: string,
  reader: AnnouncementReader,
): Promise<AnnouncementDetail | null> {
  if (!isUuid(id) || !mayReadAnnouncementBody(reader)) return null;
  const readerId = reader.id;
  const db = await getDb();
  const [current] = await db
    .select({
      row: announcements,
      readToday: sql<boolean>`exists (select 1 from ${announcementReads} where ${and(
        eq(announcementReads.announcementId, announcements.id),
        eq(announcementReads.userId, readerId),
        eq(announcementReads.day, SEOUL_TODAY),
      )})`,
      attachments: attachmentsJson(),
    })
    .from(announcements)
    .where(eq(announcements.id, id));
  if (!current) return null;
  if (current.readToday) return detailOf(current.row, attachmentsFromJson(current.attachments));
  return db.transaction(async (tx) => {
    // Deleted since the read above: nothing to count (the insert would break its foreign key).
    const [stillThere] = await tx
      .select({ id: announcements.id })
      .from(announcements)
      .where(eq(announcements.id, id));
    if (!stillThere) return null;
    const counted = await tx
      .insert(announcementReads)
      .values({ announcementId: id, userId: readerId, day: SEOUL_TODAY })
      .onConflictDoNothing()
      .returning({ id: announcementReads.announcementId });
    const [row] = await (counted.length
      ? tx
          .update(announcements)
          .set({ views: sql`${announcements.views} + 1` })
          .where(eq(announcements.id, id))
          .returning()
      : tx.select().from(announcements).where(eq(announcements.id, id)));
    return row ? detailOf(row, await listAttachments(id, tx)) : null;
  });
}

/**
 * Announcements for the administrator's table, newest first, without their bodies (the edit form
 * loads one with findAnnouncementForEditing): `q` searches title and category; `limit`/`offset`
 * read one window.
 */
export async function listAnnouncementsForAdmin(
  options: { q?: string; limit?: number; offset?: number } = {},
) {
  const db = await getDb();
  const query = db
    .select({
      id: announcements.id,
      title: announcements.title,
      category: announcements.category,
      imageUrl: announcements.imageUrl,
      linkUrl: announcements.linkUrl,
      pinned: announcements.pinned,
      views: announcements.views,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .where(adminSearch(options.q))
    .orderBy(...NEWEST_FIRST);
  return options.limit ? await query.limit(options.limit).offset(options.offset ?? 0) : await query;
}

/** One announcement in full, as the administrator's edit form starts from; null when unknown. */
export async function findAnnouncementForEditing(id: string) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row ? { ...row, attachments: await listAttachments(id, db) } : null;
}

/** Sanitises the editor's HTML; a body with no text and no image is refused. */
function cleanContent(html: string) {
  const content = sanitizeAnnouncementHtml(html);
  if (!htmlToPlainText(content) && !/<img\s/i.test(content)) {
    throw new AppError("invalid", CONTENT_REQUIRED, { content: CONTENT_REQUIRED });
  }
  return content;
}

const notFound = () => new AppError("not_found", "공지사항을 찾을 수 없습니다.");

export async function createAnnouncement(actor: Actor, input: AnnouncementInput) {
  assertAdmin(actor);
  const content = cleanContent(input.content);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        title: input.title,
        content,
        category: input.category,
        imageUrl: input.imageUrl ?? null,
        linkUrl: input.linkUrl ?? null,
        pinned: input.pinned ?? false,
      })
      .returning();
    if (input.attachments?.length) await replaceAttachments(tx, row!.id, input.attachments);
    return row;
  });
  await audit(actor.audit, "announcement_create", { id: created!.id, label: created!.title });
  return created!;
}

export async function updateAnnouncement(actor: Actor, id: string, patch: AnnouncementPatch) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const content = patch.content !== undefined ? cleanContent(patch.content) : undefined;
  const db = await getDb();
  const { updated, removedFiles } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(announcements)
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(content !== undefined && { content }),
        ...(patch.category !== undefined && { category: patch.category }),
        ...(patch.imageUrl !== undefined && { imageUrl: patch.imageUrl }),
        ...(patch.linkUrl !== undefined && { linkUrl: patch.linkUrl }),
        ...(patch.pinned !== undefined && { pinned: patch.pinned }),
        updatedAt: new Date(),
      })
      .where(eq(announcements.id, id))
      .returning();
    if (!row) throw notFound();
    const removedFiles = patch.attachments
      ? await replaceAttachments(tx, id, patch.attachments)
      : [];
    return { updated: row, removedFiles };
  });
  await deleteAttachmentFiles(removedFiles, "notice attachment removed");
  await audit(actor.audit, "announcement_update", { id, label: updated.title });
  return updated;
}

export async function deleteAnnouncement(actor: Actor, id: string) {
  assertAdmin(actor);
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const { deleted, files } = await db.transaction(async (tx) => {
    const files = await attachmentObjectsOf(tx, [id]);
    const deleted = await tx
      .delete(announcements)
      .where(eq(announcements.id, id))
      .returning({ id: announcements.id, label: announcements.title });
    if (deleted.length === 0) throw notFound();
    return { deleted, files };
  });
  await deleteAttachmentFiles(files, "notice deleted");
  await audit(actor.audit, "announcement_delete", { id, label: deleted[0]?.label });
}
