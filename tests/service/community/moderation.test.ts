// The board's moderation decides who may moderate itself: a member's actor is refused by the
// service, whatever route called it; an administrator's hides, restores and pins, audited.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import {
  createPost,
  deleteItem,
  hideItem,
  pinPost,
  readPost,
  restoreItem,
} from "~/features/community/community.server";
import { AppError } from "~/lib/errors.server";
import { auditLog, communityPosts, mailQueue } from "~db/schema";
import { insertActor } from "../support/people";

async function postBy(title = "병원 마케팅 질문") {
  const author = await insertActor();
  const post = await createPost(author.user, { title, body: "본문입니다.", images: [] });
  return { author, post };
}

describe("moderation by the service", () => {
  it("refuses a member's actor: hide, restore, pin and delete are a 403 that changes nothing", async () => {
    const { author, post } = await postBy();
    const member = await insertActor();
    for (const attempt of [
      () => hideItem(member, "posts", post.id, "광고성 글"),
      () => restoreItem(member, "posts", post.id),
      () => pinPost(member, post.id, true),
      () => deleteItem(member, "posts", post.id),
      // Not even the author moderates their own post.
      () => hideItem(author, "posts", post.id, "스스로 숨김"),
    ]) {
      const refused = await attempt().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(403);
      expect((refused as AppError).message).toBe("관리자만 이용할 수 있습니다.");
    }
    const db = await getDb();
    const [row] = await db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(row).toMatchObject({ hiddenAt: null, pinnedAt: null, deletedAt: null });
    const audited = await db.select().from(auditLog).where(eq(auditLog.actorId, member.user.id));
    expect(audited).toEqual([]);
  });

  it("lets an administrator hide with a reason: audited, the author mailed, hidden from members", async () => {
    const { author, post } = await postBy("숨길 글");
    const admin = await insertActor({ role: "admin" });
    await expect(hideItem(admin, "posts", post.id, "광고성 글")).resolves.toMatchObject({
      hidden: true,
      reason: "광고성 글",
    });
    const db = await getDb();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, "community_hide")));
    expect(entry?.detail).toMatchObject({ reason: "광고성 글", itemId: post.id });
    const mails = await db.select().from(mailQueue).where(eq(mailQueue.to, author.user.email));
    expect(
      mails.some((mail) => mail.subject.includes("숨김") || mail.text.includes("광고성 글")),
    ).toBe(true);

    const stranger = await insertActor();
    await expect(readPost(stranger.user, post.id)).rejects.toMatchObject({ status: 404 });
    await expect(readPost(author.user, post.id)).resolves.toMatchObject({
      hidden: { by: "admin" },
    });

    await restoreItem(admin, "posts", post.id);
    await expect(readPost(stranger.user, post.id)).resolves.toMatchObject({ hidden: null });
  });

  it("pins and unpins a post for an administrator; an unknown id is a 404", async () => {
    const { post } = await postBy("고정할 글");
    const admin = await insertActor({ role: "admin" });
    await pinPost(admin, post.id, true);
    const db = await getDb();
    const [pinned] = await db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(pinned?.pinnedAt).not.toBeNull();
    await pinPost(admin, post.id, false);
    const [unpinned] = await db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(unpinned?.pinnedAt).toBeNull();
    await expect(
      pinPost(admin, "00000000-0000-4000-8000-000000000000", true),
    ).rejects.toMatchObject({ status: 404 });
  });
});
