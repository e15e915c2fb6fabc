// The members' board (회원 게시판): posts, comments and members' reports. Who may read
// and change what is decided here, for the pages and the JSON calls alike; the routes only pass
// the signed-in reader (access.server.ts).
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import type { SessionUser } from "~/features/accounts/session.server";
import { type Actor, assertAdmin } from "~/features/audit/actor.server";
import { type AuditContext, recordAudit } from "~/features/audit/audit.server";
import { enqueueMail } from "~/features/mail/mail.server";
import { mailTemplates } from "~/features/mail/templates.server";
import { limitCommunityComments, limitCommunityPosts } from "~/features/security/rate-limit.server";
import {
  claimMemberImages,
  deleteStoredFiles,
  forgetStoredObjects,
  objectIdFromPath,
} from "~/features/uploads/uploads.server";
import { now } from "~/lib/clock.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { keptUntilWrite } from "~/lib/kept-read.server";
import { containsEveryWord, loadPage, searchText } from "~/lib/list-page.server";
import type { Page } from "~/lib/paging";
import { truncate } from "~/lib/text";
import { logger } from "~/logger.server";
import type { Database } from "~db/client.server";
import {
  communityComments,
  communityPostSearchText,
  communityPosts,
  communityReports,
  users,
} from "~db/schema";
import type { ItemKind, PostInput, PostPatch } from "./validation";

export const POST_NOT_FOUND = "게시물을 찾을 수 없습니다.";
export const POST_HIDDEN =
  "관리자 검토를 위해 숨겨진 게시물입니다. 검토가 끝나 다시 공개되면 볼 수 있습니다.";
export const COMMENT_NOT_FOUND = "댓글을 찾을 수 없습니다.";
const NOT_YOURS = "본인이 작성한 글만 수정하거나 삭제할 수 있습니다.";
const BAD_IMAGES = "첨부한 이미지를 찾을 수 없습니다. 이미지를 다시 업로드해주세요.";

/** Reports by this many different members hide an item until an administrator decides. */
export const REPORTS_TO_HIDE = 3;

const isAdmin = (user: SessionUser) => user.role === "admin";

export type PostListItem = {
  id: string;
  /** Empty for a deleted post (the list says "삭제된 게시물입니다"). */
  title: string;
  authorName: string;
  createdAt: Date;
  editedAt: Date | null;
  commentCount: number;
  views: number;
  imageCount: number;
  pinned: boolean;
  deleted: boolean;
  /** Administrators only: whether and by whom the post is hidden. */
  hidden: { by: string; reason: string | null } | null;
  isMine: boolean;
};

export type CommentView = {
  id: string;
  authorName: string;
  /** Null when the comment is hidden from this reader. */
  body: string | null;
  createdAt: Date;
  /** When its author last changed it (수정됨), or null. */
  editedAt: Date | null;
  isMine: boolean;
  /** Set when hidden: everyone sees that it is; administrators and its author see why. */
  hidden: { by: string; reason: string | null } | null;
};

export type PostView = Omit<PostListItem, "imageCount"> & {
  body: string;
  images: string[];
  comments: CommentView[];
};

type PostRow = typeof communityPosts.$inferSelect;
type CommentRow = typeof communityComments.$inferSelect;

const hiddenOf = (row: {
  hiddenAt: Date | null;
  hiddenBy: string | null;
  hiddenReason: string | null;
}) => (row.hiddenAt ? { by: row.hiddenBy ?? "admin", reason: row.hiddenReason } : null);

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * What a reader's list holds: everything for administrators; for members, neither hidden posts
 * nor deleted posts that no comment keeps readable.
 */
function listWhere(reader: SessionUser, q: string | undefined) {
  const conditions: SQL[] = [];
  if (!isAdmin(reader)) conditions.push(isNull(communityPosts.hiddenAt));
  conditions.push(
    or(isNull(communityPosts.deletedAt), sql`${communityPosts.commentCount} > 0`) as SQL,
  );
  const term = searchText(q);
  // The same expression as the trigram index (db/schema.ts), so the index serves it.
  if (term) conditions.push(containsEveryWord([communityPostSearchText(communityPosts)], term));
  return and(...conditions);
}

/** One page of the board: pinned notices first, then newest first; `q` searches title and body. */
export async function listPosts(
  reader: SessionUser,
  query: { q?: string; page: number; pageSize: number },
): Promise<Page<PostListItem>> {
  const db = await getDb();
  const where = listWhere(reader, query.q);
  return loadPage(query, {
    rows: async ({ limit, offset }) => {
      const rows = await db
        .select({
          id: communityPosts.id,
          title: communityPosts.title,
          authorId: communityPosts.authorId,
          authorName: communityPosts.authorName,
          createdAt: communityPosts.createdAt,
          editedAt: communityPosts.editedAt,
          commentCount: communityPosts.commentCount,
          views: communityPosts.views,
          imageCount: sql<number>`jsonb_array_length(${communityPosts.images})`.mapWith(Number),
          pinnedAt: communityPosts.pinnedAt,
          deletedAt: communityPosts.deletedAt,
          hiddenAt: communityPosts.hiddenAt,
          hiddenBy: communityPosts.hiddenBy,
          hiddenReason: communityPosts.hiddenReason,
        })
        .from(communityPosts)
        .where(where)
        .orderBy(
          sql`${communityPosts.pinnedAt} is null`,
          desc(communityPosts.pinnedAt),
          desc(communityPosts.createdAt),
          desc(communityPosts.id),
        )
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        id: row.id,
        title: row.deletedAt ? "" : row.title,
        authorName: row.deletedAt ? "" : row.authorName,
        createdAt: row.createdAt,
        editedAt: row.editedAt,
        commentCount: row.commentCount,
        views: row.views,
        imageCount: row.deletedAt ? 0 : row.imageCount,
        pinned: row.pinnedAt !== null,
        deleted: row.deletedAt !== null,
        hidden: isAdmin(reader) ? hiddenOf(row) : null,
        isMine: row.authorId !== null && row.authorId === reader.id,
      }));
    },
    count: async () => {
      const [row] = await db.select({ value: count() }).from(communityPosts).where(where);
      return row?.value ?? 0;
    },
  });
}

async function findPostRow(db: Pick<Database, "select">, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(communityPosts).where(eq(communityPosts.id, id));
  return row;
}

/**
 * Whether `reader` may see the post at all: a hidden post only its author and administrators.
 * Everyone else gets the same 404 as for a post that does not exist.
 */
const maySeePost = (reader: SessionUser, post: PostRow) =>
  !post.hiddenAt || isAdmin(reader) || post.authorId === reader.id;

function commentView(reader: SessionUser, row: CommentRow): CommentView {
  const mine = row.authorId !== null && row.authorId === reader.id;
  const hidden = hiddenOf(row);
  const showBody = !hidden || isAdmin(reader) || mine;
  return {
    id: row.id,
    authorName: row.authorName,
    body: showBody ? row.content : null,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    isMine: mine,
    hidden:
      hidden && (isAdmin(reader) || mine)
        ? hidden
        : hidden
          ? { by: hidden.by, reason: null }
          : null,
  };
}

/**
 * A post with its comments (oldest first), or a 404. With `countView`, a reader other than the
 * author adds one to its views (the page does; the call does not).
 */
export async function readPost(
  reader: SessionUser,
  id: string,
  options: { countView?: boolean } = {},
): Promise<PostView> {
  const db = await getDb();
  const post = await findPostRow(db, id);
  if (!post || (post.deletedAt && post.commentCount === 0)) {
    throw new AppError("not_found", POST_NOT_FOUND);
  }
  if (!maySeePost(reader, post)) {
    // A member who took part (commented) is told why it went, not that it never was; anyone
    // else learns nothing of it.
    const [took] = await db
      .select({ id: communityComments.id })
      .from(communityComments)
      .where(and(eq(communityComments.postId, post.id), eq(communityComments.authorId, reader.id)))
      .limit(1);
    throw took ? new AppError("forbidden", POST_HIDDEN) : new AppError("not_found", POST_NOT_FOUND);
  }
  let views = post.views;
  if (options.countView && !post.deletedAt && post.authorId !== reader.id) {
    const [updated] = await db
      .update(communityPosts)
      .set({ views: sql`${communityPosts.views} + 1`, updatedAt: post.updatedAt })
      .where(eq(communityPosts.id, post.id))
      .returning({ views: communityPosts.views });
    views = updated?.views ?? views + 1;
  }
  const comments = await db
    .select()
    .from(communityComments)
    .where(eq(communityComments.postId, post.id))
    .orderBy(asc(communityComments.createdAt), asc(communityComments.id));
  const deleted = post.deletedAt !== null;
  return {
    id: post.id,
    title: deleted ? "" : post.title,
    body: deleted ? "" : post.content,
    authorName: deleted ? "" : post.authorName,
    createdAt: post.createdAt,
    editedAt: post.editedAt,
    commentCount: post.commentCount,
    views,
    images: deleted ? [] : post.images,
    pinned: post.pinnedAt !== null,
    deleted,
    hidden: isAdmin(reader) || post.authorId === reader.id ? hiddenOf(post) : null,
    isMine: post.authorId !== null && post.authorId === reader.id,
    comments: comments.map((row) => commentView(reader, row)),
  };
}

/** What a post's edit form starts from: the author's own post, or 403/404. */
export async function readOwnPost(reader: SessionUser, id: string) {
  const db = await getDb();
  const post = await findPostRow(db, id);
  if (!post || post.deletedAt || !maySeePost(reader, post)) {
    throw new AppError("not_found", POST_NOT_FOUND);
  }
  if (post.authorId !== reader.id) throw new AppError("forbidden", NOT_YOURS);
  return { id: post.id, title: post.title, body: post.content, images: post.images };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** A new post by `author`, with their own fresh uploads as its images (201). */
export async function createPost(author: SessionUser, input: PostInput) {
  await limitCommunityPosts(author.id);
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    if (!(await claimMemberImages(tx, input.images, author.id))) {
      throw new AppError("invalid", BAD_IMAGES, { images: BAD_IMAGES });
    }
    const [row] = await tx
      .insert(communityPosts)
      .values({
        title: input.title,
        content: input.body,
        images: input.images,
        authorId: author.id,
        authorName: author.name,
      })
      .returning({ id: communityPosts.id });
    return row!.id;
  });
  return readPost(author, id);
}

/** The author changes their post's title, body or images; the post then shows 수정됨. */
export async function updatePost(reader: SessionUser, id: string, patch: PostPatch) {
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    const post = await findPostRow(tx, id);
    if (!post || post.deletedAt || !maySeePost(reader, post)) {
      throw new AppError("not_found", POST_NOT_FOUND);
    }
    if (post.authorId !== reader.id) throw new AppError("forbidden", NOT_YOURS);
    let images = post.images;
    let removedImages: string[] = [];
    if (patch.images) {
      const added = patch.images.filter((path) => !post.images.includes(path));
      if (!(await claimMemberImages(tx, added, reader.id))) {
        throw new AppError("invalid", BAD_IMAGES, { images: BAD_IMAGES });
      }
      removedImages = post.images.filter((path) => !patch.images?.includes(path));
      images = patch.images;
    }
    const removedIds = removedImages.map(objectIdFromPath).filter((v): v is string => v !== null);
    await forgetStoredObjects(tx, removedIds);
    await tx
      .update(communityPosts)
      .set({
        title: patch.title ?? post.title,
        content: patch.body ?? post.content,
        images,
        editedAt: now(),
      })
      .where(eq(communityPosts.id, post.id));
    return removedIds;
  });
  await deleteStoredFiles(removed, "community post image removed");
  return readPost(reader, id);
}

const auditLabel = (kind: ItemKind, title: string, authorName: string) =>
  `${kind === "posts" ? "게시물" : "댓글"} 「${truncate(title, 40)}」 (${authorName})`;

/**
 * Deletes a post: its author, or an administrator (audited). A post with comments stays as an
 * empty row, so the thread stays readable; its text and images go either way.
 */
export async function deletePost(reader: SessionUser, id: string, audit?: AuditContext) {
  const db = await getDb();
  const post = await findPostRow(db, id);
  if (!post || post.deletedAt || !maySeePost(reader, post)) {
    throw new AppError("not_found", POST_NOT_FOUND);
  }
  const own = post.authorId === reader.id;
  if (!own && !isAdmin(reader)) throw new AppError("forbidden", NOT_YOURS);
  const imageIds = post.images.map(objectIdFromPath).filter((v): v is string => v !== null);
  await db.transaction(async (tx) => {
    await forgetStoredObjects(tx, imageIds);
    // The comment count is read inside the statement, so a comment written meanwhile keeps the row.
    const kept = await tx
      .update(communityPosts)
      .set({
        title: "",
        content: "",
        images: [],
        deletedAt: now(),
        pinnedAt: null,
        hiddenAt: null,
        hiddenBy: null,
        hiddenReason: null,
        openReports: 0,
      })
      .where(and(eq(communityPosts.id, post.id), sql`${communityPosts.commentCount} > 0`))
      .returning({ id: communityPosts.id });
    if (kept.length === 0) await tx.delete(communityPosts).where(eq(communityPosts.id, post.id));
    else {
      await tx
        .update(communityReports)
        .set({ resolvedAt: now() })
        .where(and(eq(communityReports.postId, post.id), isNull(communityReports.commentId)));
    }
  });
  await deleteStoredFiles(imageIds, "community post deleted");
  if (!own && audit) {
    await recordAudit({
      actor: audit.actor,
      action: "community_delete",
      subject: { id: post.authorId, label: auditLabel("posts", post.title, post.authorName) },
      detail: { kind: "posts", itemId: post.id },
      ip: audit.ip,
    });
  }
}

/** A comment under a post any member can see (201); the post's author may be mailed. */
export async function createComment(author: SessionUser, postId: string, body: string) {
  const db = await getDb();
  const post = await findPostRow(db, postId);
  if (!post || post.deletedAt || !maySeePost(author, post)) {
    throw new AppError("not_found", POST_NOT_FOUND);
  }
  await limitCommunityComments(author.id);
  const comment = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(communityComments)
      .values({ postId: post.id, authorId: author.id, authorName: author.name, content: body })
      .returning();
    const [counted] = await tx
      .update(communityPosts)
      .set({ commentCount: sql`${communityPosts.commentCount} + 1`, updatedAt: post.updatedAt })
      .where(and(eq(communityPosts.id, post.id), isNull(communityPosts.deletedAt)))
      .returning({ id: communityPosts.id });
    // Deleted between the read and now: no comment on a deleted post.
    if (!counted) throw new AppError("not_found", POST_NOT_FOUND);
    return row!;
  });
  await mailCommentToAuthor(post, comment);
  return commentView(author, comment);
}

/**
 * Mails the post's author about a new comment: at most one mail per post per hour. The first
 * comment after a quiet hour is mailed at once; a comment within the hour after a mail schedules
 * one grouped mail for the end of that hour (held in the outbox until then), and later comments
 * in the same hour ride on it. Nothing for the author's own comments, a withdrawn author, or one
 * who turned the mails off on /mypage.
 */
async function mailCommentToAuthor(post: PostRow, comment: CommentRow) {
  try {
    if (!post.authorId || post.authorId === comment.authorId) return;
    const db = await getDb();
    const [author] = await db
      .select({
        name: users.name,
        email: users.email,
        wantsMail: users.communityCommentMail,
        suspendedAt: users.suspendedAt,
      })
      .from(users)
      .where(eq(users.id, post.authorId));
    if (!author?.wantsMail || author.suspendedAt) return;
    const at = now();
    // One statement decides, so two comments at the same moment schedule one mail between them.
    const [scheduled] = await db
      .update(communityPosts)
      .set({
        commentMailAt: sql`greatest(${at.toISOString()}::timestamptz, coalesce(${communityPosts.commentMailAt} + interval '1 hour', ${at.toISOString()}::timestamptz))`,
        updatedAt: post.updatedAt,
      })
      .where(
        and(
          eq(communityPosts.id, post.id),
          or(
            isNull(communityPosts.commentMailAt),
            sql`${communityPosts.commentMailAt} <= ${at.toISOString()}::timestamptz`,
          ),
        ),
      )
      .returning({ at: communityPosts.commentMailAt });
    if (!scheduled?.at) return;
    const grouped = scheduled.at.getTime() > at.getTime();
    await enqueueMail(
      mailTemplates.communityNewComments(
        author,
        { id: post.id, title: post.title },
        { authorName: comment.authorName, excerpt: truncate(comment.content, 200) },
        grouped,
      ),
      grouped ? { notBefore: scheduled.at } : {},
    );
  } catch (error) {
    logger.error({ err: error }, "Could not queue a comment mail");
  }
}

/**
 * The author changes their comment's text; it then shows 수정됨. Only its author: the office
 * hides or deletes, it never rewrites a member's words. A hidden comment stays as it was judged.
 */
export async function editComment(reader: SessionUser, id: string, body: string) {
  const db = await getDb();
  const row = await findComment(db, id);
  if (!maySeePost(reader, row.post) || row.post.deletedAt) {
    throw new AppError("not_found", COMMENT_NOT_FOUND);
  }
  if (row.comment.authorId === null || row.comment.authorId !== reader.id) {
    throw new AppError("forbidden", NOT_YOURS);
  }
  if (row.comment.hiddenAt) {
    throw new AppError("conflict", "숨겨진 댓글은 수정할 수 없습니다. 학회 사무국에 문의해주세요.");
  }
  const [updated] = await db
    .update(communityComments)
    .set({ content: body, editedAt: now() })
    .where(eq(communityComments.id, row.comment.id))
    .returning();
  return commentView(reader, updated!);
}

/** Deletes a comment: its author, or an administrator (audited). */
export async function deleteComment(reader: SessionUser, id: string, audit?: AuditContext) {
  const db = await getDb();
  const row = await findComment(db, id);
  const own = row.comment.authorId !== null && row.comment.authorId === reader.id;
  if (!own && !isAdmin(reader)) {
    if (!maySeePost(reader, row.post)) throw new AppError("not_found", COMMENT_NOT_FOUND);
    throw new AppError("forbidden", NOT_YOURS);
  }
  await db.transaction(async (tx) => {
    await tx.delete(communityComments).where(eq(communityComments.id, row.comment.id));
    await tx
      .update(communityPosts)
      .set({ commentCount: sql`greatest(${communityPosts.commentCount} - 1, 0)` })
      .where(eq(communityPosts.id, row.post.id));
  });
  if (!own && audit) {
    await recordAudit({
      actor: audit.actor,
      action: "community_delete",
      subject: {
        id: row.comment.authorId,
        label: auditLabel("comments", row.comment.content, row.comment.authorName),
      },
      detail: { kind: "comments", itemId: row.comment.id, postId: row.post.id },
      ip: audit.ip,
    });
  }
}

async function findComment(db: Pick<Database, "select">, id: string) {
  if (!isUuid(id)) throw new AppError("not_found", COMMENT_NOT_FOUND);
  const [row] = await db
    .select({ comment: communityComments, post: communityPosts })
    .from(communityComments)
    .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
    .where(eq(communityComments.id, id));
  if (!row) throw new AppError("not_found", COMMENT_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reports

const ALREADY_REPORTED = {
  posts: "이미 신고한 게시물입니다.",
  comments: "이미 신고한 댓글입니다.",
} as const;

/**
 * A member reports a post or a comment with a reason. The same member reporting the same item
 * again is a 409 that changes nothing (their first report is the one that counts); the
 * REPORTS_TO_HIDE-th open report by different members hides the item until an administrator
 * decides. Authors cannot report their own writing.
 */
export async function reportItem(reader: SessionUser, kind: ItemKind, id: string, reason: string) {
  const db = await getDb();
  let postId: string;
  let commentId: string | null = null;
  let authorId: string | null;
  if (kind === "posts") {
    const post = await findPostRow(db, id);
    if (!post || post.deletedAt || post.hiddenAt) throw new AppError("not_found", POST_NOT_FOUND);
    postId = post.id;
    authorId = post.authorId;
  } else {
    const row = await findComment(db, id);
    if (row.comment.hiddenAt || row.post.hiddenAt) {
      throw new AppError("not_found", COMMENT_NOT_FOUND);
    }
    postId = row.post.id;
    commentId = row.comment.id;
    authorId = row.comment.authorId;
  }
  if (authorId === reader.id) {
    throw new AppError("forbidden", "본인이 작성한 글은 신고할 수 없습니다.");
  }
  const hidden = await db.transaction(async (tx) => {
    try {
      await tx
        .insert(communityReports)
        .values({ postId, commentId, reporterId: reader.id, reason });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", ALREADY_REPORTED[kind]);
      throw error;
    }
    // One UPDATE counts the report and hides at the threshold, so reports sent at the same
    // moment cannot both miss it.
    const at = now();
    if (kind === "posts") {
      const [row] = await tx
        .update(communityPosts)
        .set({
          openReports: sql`${communityPosts.openReports} + 1`,
          hiddenAt: sql`case when ${communityPosts.hiddenAt} is null and ${communityPosts.openReports} + 1 >= ${REPORTS_TO_HIDE} then ${at.toISOString()}::timestamptz else ${communityPosts.hiddenAt} end`,
          hiddenBy: sql`case when ${communityPosts.hiddenAt} is null and ${communityPosts.openReports} + 1 >= ${REPORTS_TO_HIDE} then 'reports' else ${communityPosts.hiddenBy} end`,
        })
        .where(eq(communityPosts.id, postId))
        .returning({ hiddenAt: communityPosts.hiddenAt });
      return Boolean(row?.hiddenAt);
    }
    const [row] = await tx
      .update(communityComments)
      .set({
        openReports: sql`${communityComments.openReports} + 1`,
        hiddenAt: sql`case when ${communityComments.hiddenAt} is null and ${communityComments.openReports} + 1 >= ${REPORTS_TO_HIDE} then ${at.toISOString()}::timestamptz else ${communityComments.hiddenAt} end`,
        hiddenBy: sql`case when ${communityComments.hiddenAt} is null and ${communityComments.openReports} + 1 >= ${REPORTS_TO_HIDE} then 'reports' else ${communityComments.hiddenBy} end`,
      })
      .where(eq(communityComments.id, commentId as string))
      .returning({ hiddenAt: communityComments.hiddenAt });
    return Boolean(row?.hiddenAt);
  });
  return { message: "신고가 접수되었습니다. 관리자가 확인하겠습니다.", hidden };
}

// ---------------------------------------------------------------------------------------------
// The office's moderation (administrators; every action audited)

type ModeratedItem = {
  kind: ItemKind;
  id: string;
  postId: string;
  postTitle: string;
  content: string;
  authorId: string | null;
  authorName: string;
};

async function moderatedItem(kind: ItemKind, id: string): Promise<ModeratedItem> {
  const db = await getDb();
  if (kind === "posts") {
    const post = await findPostRow(db, id);
    if (!post || post.deletedAt) throw new AppError("not_found", POST_NOT_FOUND);
    return {
      kind,
      id: post.id,
      postId: post.id,
      postTitle: post.title,
      content: post.content,
      authorId: post.authorId,
      authorName: post.authorName,
    };
  }
  const { comment, post } = await findComment(db, id);
  return {
    kind,
    id: comment.id,
    postId: post.id,
    postTitle: post.title,
    content: comment.content,
    authorId: comment.authorId,
    authorName: comment.authorName,
  };
}

/** Marks the item's open reports decided and sets its hidden state, in one transaction. */
async function decide(
  item: ModeratedItem,
  hidden: { hiddenAt: Date; hiddenBy: string; hiddenReason: string } | null,
) {
  const db = await getDb();
  const state = hidden ?? { hiddenAt: null, hiddenBy: null, hiddenReason: null };
  await db.transaction(async (tx) => {
    if (item.kind === "posts") {
      await tx
        .update(communityPosts)
        .set({ ...state, openReports: 0 })
        .where(eq(communityPosts.id, item.id));
      await tx
        .update(communityReports)
        .set({ resolvedAt: now() })
        .where(
          and(
            eq(communityReports.postId, item.id),
            isNull(communityReports.commentId),
            isNull(communityReports.resolvedAt),
          ),
        );
    } else {
      await tx
        .update(communityComments)
        .set({ ...state, openReports: 0 })
        .where(eq(communityComments.id, item.id));
      await tx
        .update(communityReports)
        .set({ resolvedAt: now() })
        .where(and(eq(communityReports.commentId, item.id), isNull(communityReports.resolvedAt)));
    }
  });
}

/** Hides a post or comment with a reason (administrators only); its author is mailed the reason. */
export async function hideItem(actor: Actor, kind: ItemKind, id: string, reason: string) {
  assertAdmin(actor);
  const { audit } = actor;
  const item = await moderatedItem(kind, id);
  await decide(item, { hiddenAt: now(), hiddenBy: "admin", hiddenReason: reason });
  await recordAudit({
    actor: audit.actor,
    action: "community_hide",
    subject: {
      id: item.authorId,
      label: auditLabel(kind, kind === "posts" ? item.postTitle : item.content, item.authorName),
    },
    detail: { kind, itemId: item.id, postId: item.postId, reason },
    ip: audit.ip,
  });
  if (item.authorId) {
    const db = await getDb();
    const [author] = await db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, item.authorId));
    if (author) {
      await enqueueMail(
        mailTemplates.communityItemHidden(
          author,
          {
            kind,
            postTitle: item.postTitle,
            excerpt: truncate(item.content, 200),
            postId: item.postId,
          },
          reason,
        ),
      );
    }
  }
  return { kind, id: item.id, hidden: true, reason };
}

/** Shows a hidden or reported item again (administrators only); its open reports are decided. */
export async function restoreItem(actor: Actor, kind: ItemKind, id: string) {
  assertAdmin(actor);
  const { audit } = actor;
  const item = await moderatedItem(kind, id);
  await decide(item, null);
  await recordAudit({
    actor: audit.actor,
    action: "community_restore",
    subject: {
      id: item.authorId,
      label: auditLabel(kind, kind === "posts" ? item.postTitle : item.content, item.authorName),
    },
    detail: { kind, itemId: item.id, postId: item.postId },
    ip: audit.ip,
  });
  return { kind, id: item.id, hidden: false };
}

/** Pins a post to the top of the board, or unpins it (administrators only). */
export async function pinPost(actor: Actor, id: string, pinned: boolean) {
  assertAdmin(actor);
  const { audit } = actor;
  const item = await moderatedItem("posts", id);
  const db = await getDb();
  await db
    .update(communityPosts)
    .set({ pinnedAt: pinned ? now() : null })
    .where(eq(communityPosts.id, item.id));
  await recordAudit({
    actor: audit.actor,
    action: pinned ? "community_pin" : "community_unpin",
    subject: { id: item.authorId, label: auditLabel("posts", item.postTitle, item.authorName) },
    detail: { kind: "posts", itemId: item.id },
    ip: audit.ip,
  });
  return { kind: "posts" as const, id: item.id, pinned };
}

/** Deletes a post or a comment as an administrator (audited). */
export async function deleteItem(actor: SessionActor, kind: ItemKind, id: string) {
  assertAdmin(actor);
  if (kind === "posts") await deletePost(actor.user, id, actor.audit);
  else await deleteComment(actor.user, id, actor.audit);
}

/** The rows of a raw query's result (node-postgres and PGlite both answer `{ rows }`). */

export type QueueItem = {
  kind: ItemKind;
  id: string;
  postId: string;
  postTitle: string;
  content: string;
  authorName: string;
  createdAt: Date;
  openReports: number;
  hidden: { by: string; reason: string | null } | null;
  reasons: string[];
};

/**
 * /admin/community: posts and comments that are reported (open reports) or hidden, the most
 * recently hidden or written first, with the open reports' reasons.
 */
export async function moderationQueue(query: {
  page: number;
  pageSize: number;
}): Promise<Page<QueueItem>> {
  const db = await getDb();
  const union = sql`
    select 'posts' as kind, p.id, p.id as post_id, p.title as post_title, p.content, p.author_name,
           p.created_at, p.open_reports, p.hidden_at, p.hidden_by, p.hidden_reason
      from community_posts p
     where p.deleted_at is null and (p.open_reports > 0 or p.hidden_at is not null)
    union all
    select 'comments', c.id, c.post_id, p.title, c.content, c.author_name,
           c.created_at, c.open_reports, c.hidden_at, c.hidden_by, c.hidden_reason
      from community_comments c join community_posts p on p.id = c.post_id
     where c.open_reports > 0 or c.hidden_at is not null`;
  const page = await loadPage(
    query,
    {
      rows: async ({ limit, offset }) => {
        const result = await db.execute(
          sql`select * from (${union}) q order by coalesce(q.hidden_at, q.created_at) desc, q.id desc limit ${limit} offset ${offset}`,
        );
        return rowsOf<Record<string, unknown>>(result).map((r) => ({
          kind: r.kind as ItemKind,
          id: String(r.id),
          postId: String(r.post_id),
          postTitle: String(r.post_title),
          content: String(r.content),
          authorName: String(r.author_name),
          createdAt: new Date(r.created_at as string),
          openReports: Number(r.open_reports),
          hidden: r.hidden_at
            ? {
                by: String(r.hidden_by ?? "admin"),
                reason: (r.hidden_reason as string | null) ?? null,
              }
            : null,
          reasons: [] as string[],
        }));
      },
      count: async () => {
        const result = await db.execute(sql`select count(*)::int as n from (${union}) q`);
        return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
      },
    },
    { clamp: true },
  );
  const postIds = page.items.filter((i) => i.kind === "posts").map((i) => i.id);
  const commentIds = page.items.filter((i) => i.kind === "comments").map((i) => i.id);
  if (postIds.length + commentIds.length > 0) {
    const reports = await db
      .select({
        postId: communityReports.postId,
        commentId: communityReports.commentId,
        reason: communityReports.reason,
      })
      .from(communityReports)
      .where(
        and(
          isNull(communityReports.resolvedAt),
          or(
            postIds.length
              ? and(inArray(communityReports.postId, postIds), isNull(communityReports.commentId))
              : undefined,
            commentIds.length ? inArray(communityReports.commentId, commentIds) : undefined,
          ),
        ),
      )
      .orderBy(asc(communityReports.createdAt));
    for (const item of page.items) {
      item.reasons = reports
        .filter((r) =>
          item.kind === "posts" ? r.postId === item.id && !r.commentId : r.commentId === item.id,
        )
        .map((r) => r.reason);
    }
  }
  return page;
}

/**
 * Posts and comments with reports nobody has decided yet (the admin menu's 게시판 badge, on every
 * administrator page): kept on the embedded database until the next write (decision 010).
 */
export const countWaitingReports = keptUntilWrite(async () => {
  const db = await getDb();
  const result = await db.execute(sql`
    select (select count(*) from community_posts where deleted_at is null and open_reports > 0)
         + (select count(*) from community_comments where open_reports > 0) as n`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
});

// ---------------------------------------------------------------------------------------------
// The member's own setting

/** The member's own posts on /mypage/board, newest first (deleted ones left out). */
export async function myPosts(userId: string, limit = 20) {
  const db = await getDb();
  const rows = await db
    .select({
      id: communityPosts.id,
      title: communityPosts.title,
      createdAt: communityPosts.createdAt,
      commentCount: communityPosts.commentCount,
      hiddenAt: communityPosts.hiddenAt,
    })
    .from(communityPosts)
    .where(and(eq(communityPosts.authorId, userId), isNull(communityPosts.deletedAt)))
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(limit);
  return rows.map(({ hiddenAt, ...row }) => ({ ...row, hidden: hiddenAt !== null }));
}

export async function commentMailSetting(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ on: users.communityCommentMail })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on ?? true;
}

export async function setCommentMail(userId: string, on: boolean) {
  const db = await getDb();
  await db.update(users).set({ communityCommentMail: on }).where(eq(users.id, userId));
}
