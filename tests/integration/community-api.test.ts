// The members' board through its JSON calls: who may call what (visitor, unapproved,
// member, another member, administrator), the limits on titles and bodies, paging and search,
// editing and deleting, images private to members, the three-report rule (the same member twice
// included), the administrators' hide / restore / pin / delete with their audit entries and the
// author's mail, comment mails (grouped, at most one an hour) and their off-switch, and a
// withdrawn author's posts staying with their name.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_MAX } from "~/features/community/validation";
import { advanceClock, resetClock } from "~/lib/clock.server";
import {
  auditLog,
  communityPosts,
  communityReports,
  mailQueue,
  storedObjects,
  users,
} from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  json,
  type LoggedIn,
  PASSWORD,
  postForm,
  putObject,
  requestUpload,
  uploadImage,
} from "../support/accounts";
import { UNKNOWN_ID } from "../support/admin";
import { mainText } from "../support/html";
import { get } from "../support/http";
import { queueRowsTo } from "../support/mail";
import { insertMember, type Member, sendJson, setApproved } from "../support/members";
import { setupTestServer } from "../support/test-server";

type Comment = {
  id: string;
  authorName: string;
  body: string | null;
  createdAt: string;
  isMine: boolean;
  hidden: { by: string; reason: string | null } | null;
};
type Post = {
  id: string;
  title: string;
  body: string;
  authorName: string;
  createdAt: string;
  editedAt: string | null;
  commentCount: number;
  views: number;
  images: string[];
  pinned: boolean;
  deleted: boolean;
  hidden: { by: string; reason: string | null } | null;
  isMine: boolean;
  comments: Comment[];
};
type ListItem = Omit<Post, "body" | "images" | "comments"> & { imageCount: number };
type List = { items: ListItem[]; total: number; page: number; pageSize: number };

let admin: LoggedIn;
let author: Member;
let other: Member;
let third: Member;
let fourth: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  author = await insertMember(server, { name: "김작성" });
  other = await insertMember(server, { name: "이댓글" });
  third = await insertMember(server, { name: "박신고" });
  fourth = await insertMember(server, { name: "최회원" });
});
afterAll(async () => {
  resetClock();
});

const call = (
  method: string,
  path: string,
  body?: unknown,
  cookie: string | null = author.cookie,
) => sendJson(server, method, path, body, { cookie });

async function createPost(
  values: { title: string; body: string; images?: string[] },
  cookie: string = author.cookie,
) {
  const res = await call("POST", "/api/community/posts", values, cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Post>(res);
}

async function readPost(id: string, cookie: string = author.cookie) {
  const res = await call("GET", `/api/community/posts/${id}`, undefined, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Post>(res);
}

async function list(query: string, cookie: string = author.cookie) {
  const res = await call("GET", `/api/community/posts?${query}`, undefined, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<List>(res);
}

async function expectError(res: Response, status: number, message?: string | RegExp) {
  expect(res.status, await res.clone().text()).toBe(status);
  const body = await json<ErrorBody>(res);
  expectKoreanMessages(body);
  if (typeof message === "string") expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

let tagCounter = 0;
/** A word no other test's post contains, so searches see only this test's posts. */
function freshTag() {
  tagCounter += 1;
  return `표식${Date.now().toString(36)}${tagCounter}`;
}

describe("who may call what", () => {
  let post: Post;
  let comment: Comment;
  beforeAll(async () => {
    post = await createPost({ title: "권한 확인용 글", body: "본문" });
    const res = await call(
      "POST",
      `/api/community/posts/${post.id}/comments`,
      { body: "댓글" },
      other.cookie,
    );
    comment = await json<Comment>(res);
  });

  const memberCalls = (): Array<[string, string, unknown?]> => [
    ["GET", "/api/community/posts"],
    ["POST", "/api/community/posts", { title: "제목", body: "내용" }],
    ["GET", `/api/community/posts/${post.id}`],
    ["PATCH", `/api/community/posts/${post.id}`, { title: "바뀐 제목" }],
    ["DELETE", `/api/community/posts/${post.id}`],
    ["POST", `/api/community/posts/${post.id}/comments`, { body: "댓글" }],
    ["PATCH", `/api/community/comments/${comment.id}`, { body: "바뀐 댓글" }],
    ["DELETE", `/api/community/comments/${comment.id}`],
    ["POST", `/api/community/posts/${post.id}/report`, { reason: "사유" }],
    ["POST", `/api/community/comments/${comment.id}/report`, { reason: "사유" }],
  ];
  const adminCalls = (): Array<[string, string, unknown?]> => [
    ["GET", "/api/admin/community"],
    ["POST", `/api/admin/community/posts/${post.id}/hide`, { reason: "사유" }],
    ["POST", `/api/admin/community/posts/${post.id}/restore`],
    ["POST", `/api/admin/community/posts/${post.id}/pin`, { pinned: true }],
    ["POST", `/api/admin/community/comments/${comment.id}/hide`, { reason: "사유" }],
    ["POST", `/api/admin/community/comments/${comment.id}/restore`],
  ];

  it("a visitor gets 401 from every call, in Korean, and nothing changes", async () => {
    for (const [method, path, body] of [...memberCalls(), ...adminCalls()]) {
      const res = await call(method, path, body, null);
      await expectError(res, 401, "로그인이 필요합니다.");
      expect(res.headers.get("cache-control")).toContain("no-store");
    }
    const after = await readPost(post.id);
    expect(after.title).toBe("권한 확인용 글");
    expect(after.comments).toHaveLength(1);
  });

  it("an account that is no longer approved gets 403 from every member call, and nothing changes", async () => {
    const revoked = await insertMember(server, { name: "승인취소" });
    await setApproved(server, revoked.id, false);
    for (const [method, path, body] of memberCalls()) {
      const res = await call(method, path, body, revoked.cookie);
      await expectError(res, 403, "회원 게시판은 승인된 회원만 이용할 수 있습니다.");
    }
    // The administrators' calls answer as every administrator call does: no valid session, 401.
    for (const [method, path, body] of adminCalls()) {
      await expectError(await call(method, path, body, revoked.cookie), 401);
    }
    // A pending sign-up cannot even log in (403), so it never reaches the board with a session.
    const pending = await sendJson(server, "POST", "/api/auth/login", {
      email: revoked.email,
      password: PASSWORD,
    });
    expect(pending.status).toBe(403);
    expect((await readPost(post.id)).title).toBe("권한 확인용 글");
  });

  it("a member gets 403 from every administrator call", async () => {
    for (const [method, path, body] of adminCalls()) {
      const res = await call(method, path, body, other.cookie);
      await expectError(res, 403, "관리자만 이용할 수 있습니다.");
    }
    const after = await readPost(post.id);
    expect(after.pinned).toBe(false);
    expect(after.hidden).toBeNull();
  });

  it("another member cannot edit or delete a post or a comment that is not theirs (403)", async () => {
    await expectError(
      await call("PATCH", `/api/community/posts/${post.id}`, { title: "가로채기" }, other.cookie),
      403,
    );
    await expectError(
      await call("DELETE", `/api/community/posts/${post.id}`, undefined, other.cookie),
      403,
    );
    await expectError(
      await call("DELETE", `/api/community/comments/${comment.id}`, undefined, third.cookie),
      403,
    );
    // An administrator moderates but does not rewrite members' words.
    await expectError(
      await call(
        "PATCH",
        `/api/community/posts/${post.id}`,
        { title: "관리자 수정" },
        admin.cookie,
      ),
      403,
    );
    const after = await readPost(post.id);
    expect(after.title).toBe("권한 확인용 글");
    expect(after.comments.map((c) => c.id)).toEqual([comment.id]);
  });

  it("unknown and malformed ids are 404, never 500", async () => {
    for (const id of [UNKNOWN_ID, "not-a-uuid", "1%27%20or%201%3D1"]) {
      for (const [method, path, body, cookie] of [
        ["GET", `/api/community/posts/${id}`, undefined, author.cookie],
        ["PATCH", `/api/community/posts/${id}`, { title: "x" }, author.cookie],
        ["DELETE", `/api/community/posts/${id}`, undefined, author.cookie],
        ["POST", `/api/community/posts/${id}/comments`, { body: "x" }, author.cookie],
        ["DELETE", `/api/community/comments/${id}`, undefined, author.cookie],
        ["POST", `/api/community/posts/${id}/report`, { reason: "x" }, other.cookie],
        ["POST", `/api/community/comments/${id}/report`, { reason: "x" }, other.cookie],
        ["POST", `/api/admin/community/posts/${id}/hide`, { reason: "x" }, admin.cookie],
        ["POST", `/api/admin/community/comments/${id}/restore`, undefined, admin.cookie],
        ["POST", `/api/admin/community/posts/${id}/pin`, undefined, admin.cookie],
      ] as const) {
        const res = await call(method, path, body, cookie);
        await expectError(res, 404);
      }
    }
    await expectError(
      await call(
        "POST",
        `/api/admin/community/things/${post.id}/hide`,
        { reason: "x" },
        admin.cookie,
      ),
      404,
    );
    await expectError(
      await call(
        "POST",
        `/api/admin/community/comments/${comment.id}/pin`,
        undefined,
        admin.cookie,
      ),
      400,
      "댓글은 고정할 수 없습니다.",
    );
  });
});

describe("titles and bodies", () => {
  it("a blank or missing title, a title past 100 and a body past 20,000 characters are 400s", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ title: "   ", body: "내용" }, "title", "제목을 입력해주세요."],
      [{ body: "내용" }, "title", "제목을 입력해주세요."],
      [{ title: "가".repeat(101), body: "내용" }, "title", "제목은 100자 이하로 입력해주세요."],
      [{ title: "제목", body: "  \n " }, "body", "내용을 입력해주세요."],
      [
        { title: "제목", body: "가".repeat(20_001) },
        "body",
        "내용은 20,000자 이하로 입력해주세요.",
      ],
      [{ title: "제목", body: 42 }, "body", "내용을 입력해주세요."],
    ];
    const before = await server.db.select({ id: communityPosts.id }).from(communityPosts);
    for (const [payload, field, message] of cases) {
      const body = await expectError(await call("POST", "/api/community/posts", payload), 400);
      expect(body.errors?.[field], JSON.stringify(payload).slice(0, 80)).toBe(message);
    }
    const after = await server.db.select({ id: communityPosts.id }).from(communityPosts);
    expect(after).toHaveLength(before.length);
  });

  it("a title of exactly 100 and a body of exactly 20,000 characters are taken, line breaks kept", async () => {
    // 20,000 characters once the browser's CRLF is one line break.
    const body = `${"나".repeat(19_990)}\r\n첫 줄\n둘째다다다`;
    const post = await createPost({ title: "가".repeat(100), body });
    expect(Array.from(post.title)).toHaveLength(100);
    expect(Array.from(post.body)).toHaveLength(20_000);
    expect(post.body).toContain("첫 줄\n둘째");
    expect(post.body).not.toContain("\r");
    expect(post.authorName).toBe("김작성");
    expect(post.isMine).toBe(true);
  });

  it("a comment must not be blank or past 2,000 characters; a PATCH must change something", async () => {
    const post = await createPost({ title: "댓글 길이", body: "본문" });
    await expectError(
      await call("POST", `/api/community/posts/${post.id}/comments`, { body: " " }),
      400,
    );
    await expectError(
      await call("POST", `/api/community/posts/${post.id}/comments`, { body: "가".repeat(2_001) }),
      400,
      "댓글은 2,000자 이하로 입력해주세요.",
    );
    await expectError(await call("PATCH", `/api/community/posts/${post.id}`, {}), 400);
    expect((await readPost(post.id)).comments).toHaveLength(0);
  });
});

describe("the list: 20 a page, pinned first, search over title and body", () => {
  let tag: string;
  let ids: string[];
  beforeAll(async () => {
    tag = freshTag();
    // Fixture rows (a database shortcut): 25 posts a minute apart, the oldest first.
    const start = Date.now() - 60 * 60 * 1000;
    const rows = await server.db
      .insert(communityPosts)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          title: i === 3 ? `제목에 ${tag} 있음 ${i}` : `글 ${i}`,
          content: i === 3 ? "본문" : `본문 ${tag} ${i}`,
          authorId: other.id,
          authorName: other.name,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: communityPosts.id });
    ids = rows.map((r) => r.id);
  });

  it("answers { items, total } newest first, 20 a page, and the rest on page 2", async () => {
    const first = await list(`q=${encodeURIComponent(tag)}`);
    expect(first.total).toBe(25);
    expect(first.pageSize).toBe(20);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.id).toBe(ids[24]);
    const second = await list(`q=${encodeURIComponent(tag)}&page=2`);
    expect(second.items).toHaveLength(5);
    expect(second.items.at(-1)?.id).toBe(ids[0]);
    const seen = new Set([...first.items, ...second.items].map((i) => i.id));
    expect(seen.size).toBe(25);
    const past = await list(`q=${encodeURIComponent(tag)}&page=3`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(25);
    // Each item says what the list shows, and nothing of the body.
    const item = first.items[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        "id",
        "title",
        "authorName",
        "createdAt",
        "editedAt",
        "commentCount",
        "views",
        "imageCount",
        "pinned",
        "deleted",
        "hidden",
        "isMine",
      ].sort(),
    );
  });

  it("finds a Korean substring in a title or a body, and takes % and _ literally", async () => {
    const inTitle = await list(`q=${encodeURIComponent(`${tag} 있음`)}`);
    expect(inTitle.items.map((i) => i.id)).toEqual([ids[3]]);
    const inBody = await list(`q=${encodeURIComponent(`${tag} 24`)}`);
    expect(inBody.items.map((i) => i.id)).toEqual([ids[24]]);
    expect((await list(`q=${encodeURIComponent(`${tag}%`)}`)).total).toBe(0);
    expect((await list(`q=${encodeURIComponent(`${tag}_`)}`)).total).toBe(0);
  });

  it("an administrator's pinned post comes first", async () => {
    const res = await call(
      "POST",
      `/api/admin/community/posts/${ids[5]}/pin`,
      { pinned: true },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    const first = await list(`q=${encodeURIComponent(tag)}`);
    expect(first.items[0]?.id).toBe(ids[5]);
    expect(first.items[0]?.pinned).toBe(true);
    expect(first.items[1]?.id).toBe(ids[24]);
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "community_pin"), eq(auditLog.actorId, admin.id)));
    expect(audit?.detail).toMatchObject({ kind: "posts", itemId: ids[5] });
    expect(audit?.subjectId).toBe(other.id);
    await call("POST", `/api/admin/community/posts/${ids[5]}/pin`, { pinned: false }, admin.cookie);
    expect((await list(`q=${encodeURIComponent(tag)}`)).items[0]?.id).toBe(ids[24]);
    expect(
      await server.db.select().from(auditLog).where(eq(auditLog.action, "community_unpin")),
    ).toHaveLength(1);
  });

  it("bad paging values are 400s in Korean", async () => {
    for (const query of ["page=0", "page=abc", "pageSize=101", "page=-1"]) {
      await expectError(await call("GET", `/api/community/posts?${query}`), 400);
    }
    await expectError(await call("GET", `/api/community/posts?q=${"가".repeat(101)}`), 400);
  });
});

describe("editing and deleting", () => {
  it("the author edits: the post shows when it was edited", async () => {
    const post = await createPost({ title: "처음 제목", body: "처음 본문" });
    expect(post.editedAt).toBeNull();
    const res = await call("PATCH", `/api/community/posts/${post.id}`, {
      title: "고친 제목",
      body: "고친 본문",
    });
    expect(res.status).toBe(200);
    const edited = await json<Post>(res);
    expect(edited.title).toBe("고친 제목");
    expect(edited.body).toBe("고친 본문");
    expect(edited.editedAt).not.toBeNull();
    await expectError(
      await call("PATCH", `/api/community/posts/${post.id}`, { title: "가".repeat(101) }),
      400,
      "제목은 100자 이하로 입력해주세요.",
    );
  });

  it("deleting a post with comments keeps the thread; without comments it is gone", async () => {
    const kept = await createPost({ title: "지울 글", body: "지울 본문" });
    await call(
      "POST",
      `/api/community/posts/${kept.id}/comments`,
      { body: "남을 댓글" },
      other.cookie,
    );
    expect((await call("DELETE", `/api/community/posts/${kept.id}`)).status).toBe(204);
    const thread = await readPost(kept.id, other.cookie);
    expect(thread.deleted).toBe(true);
    expect(thread.title).toBe("");
    expect(thread.body).toBe("");
    expect(thread.comments.map((c) => c.body)).toEqual(["남을 댓글"]);
    const [row] = await server.db
      .select()
      .from(communityPosts)
      .where(eq(communityPosts.id, kept.id));
    expect(row?.content).toBe("");
    expect(row?.title).toBe("");
    // No new comments, no second delete, no edit.
    await expectError(
      await call("POST", `/api/community/posts/${kept.id}/comments`, { body: "x" }, other.cookie),
      404,
    );
    await expectError(await call("DELETE", `/api/community/posts/${kept.id}`), 404);
    await expectError(await call("PATCH", `/api/community/posts/${kept.id}`, { title: "x" }), 404);

    const gone = await createPost({ title: "흔적 없이", body: "본문" });
    expect((await call("DELETE", `/api/community/posts/${gone.id}`)).status).toBe(204);
    await expectError(
      await call("GET", `/api/community/posts/${gone.id}`),
      404,
      "게시물을 찾을 수 없습니다.",
    );
    expect(
      await server.db.select().from(communityPosts).where(eq(communityPosts.id, gone.id)),
    ).toEqual([]);
  });

  it("members delete their own comments; an administrator deletes anyone's, audited", async () => {
    const post = await createPost({ title: "댓글 삭제", body: "본문" });
    const mine = await json<Comment>(
      await call(
        "POST",
        `/api/community/posts/${post.id}/comments`,
        { body: "내 댓글" },
        other.cookie,
      ),
    );
    const theirs = await json<Comment>(
      await call(
        "POST",
        `/api/community/posts/${post.id}/comments`,
        { body: "남의 댓글" },
        third.cookie,
      ),
    );
    expect(
      (await call("DELETE", `/api/community/comments/${mine.id}`, undefined, other.cookie)).status,
    ).toBe(204);
    expect(
      (await call("DELETE", `/api/community/comments/${theirs.id}`, undefined, admin.cookie))
        .status,
    ).toBe(204);
    const after = await readPost(post.id);
    expect(after.comments).toEqual([]);
    expect(after.commentCount).toBe(0);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "community_delete"));
    expect(audits.some((a) => (a.detail as { itemId?: string }).itemId === theirs.id)).toBe(true);
    expect(audits.some((a) => (a.detail as { itemId?: string }).itemId === mine.id)).toBe(false);
  });

  it("the author edits their comment (수정됨); nobody else may, the office included; bad text is refused", async () => {
    const post = await createPost({ title: "댓글 수정용 글", body: "본문" });
    const mine = await json<Comment & { editedAt: string | null }>(
      await call(
        "POST",
        `/api/community/posts/${post.id}/comments`,
        { body: "오타 있는 댓글" },
        other.cookie,
      ),
    );
    expect(mine.editedAt).toBeNull();
    const path = `/api/community/comments/${mine.id}`;
    await expectError(await call("PATCH", path, { body: "남이 고침" }, third.cookie), 403);
    await expectError(await call("PATCH", path, { body: "사무국이 고침" }, admin.cookie), 403);
    for (const body of [
      { body: "   " },
      { body: "가".repeat(COMMENT_MAX + 1) },
      { text: "x" },
      [],
    ]) {
      await expectError(await call("PATCH", path, body, other.cookie), 400);
    }
    await expectError(
      await call(
        "PATCH",
        `/api/community/comments/${crypto.randomUUID()}`,
        { body: "x" },
        other.cookie,
      ),
      404,
    );
    const edited = await call("PATCH", path, { body: "고친 댓글" }, other.cookie);
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await json(edited)).toMatchObject({ id: mine.id, body: "고친 댓글", isMine: true });
    const after = await readPost(post.id);
    const shown = after.comments.find((c) => c.id === mine.id) as Comment & { editedAt: string };
    expect(shown.body).toBe("고친 댓글");
    expect(new Date(shown.editedAt).getTime()).toBeGreaterThan(0);
    // The page shows it, with 수정됨.
    const html = await (
      await get(server, `/community/${post.id}`, { cookie: author.cookie })
    ).text();
    expect(mainText(html)).toContain("고친 댓글");
    expect(mainText(html)).toContain("수정됨");
    expect(mainText(html)).not.toContain("오타 있는 댓글");
  });

  it("an administrator deletes a member's post (audited)", async () => {
    const post = await createPost({ title: "관리자가 지울 글", body: "본문" });
    expect(
      (await call("DELETE", `/api/community/posts/${post.id}`, undefined, admin.cookie)).status,
    ).toBe(204);
    await expectError(await call("GET", `/api/community/posts/${post.id}`), 404);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "community_delete"));
    const entry = audits.find((a) => (a.detail as { itemId?: string }).itemId === post.id);
    expect(entry?.subjectId).toBe(author.id);
    expect(entry?.subjectLabel).toContain("관리자가 지울 글");
  });
});

describe("images", () => {
  it("up to five of the author's own uploads, readable by every approved member only", async () => {
    const paths = [];
    for (let i = 0; i < 2; i++) paths.push(await uploadImage(server, { cookie: author.cookie }));
    const post = await createPost({ title: "사진 첨부", body: "본문", images: paths });
    expect(post.images).toEqual(paths);
    for (const path of paths) {
      const asOther = await server.fetch(path, { headers: { Cookie: other.cookie } });
      expect(asOther.status).toBe(200);
      expect(asOther.headers.get("content-type")).toBe("image/png");
      expect(asOther.headers.get("cache-control")).toBe("private, no-store");
      const visitor = await server.fetch(path);
      expect(visitor.status).toBe(404);
      await visitor.body?.cancel();
    }
    // A member's uploads that no post took stay private to them.
    const loose = await uploadImage(server, { cookie: author.cookie });
    const peek = await server.fetch(loose, { headers: { Cookie: other.cookie } });
    expect(peek.status).toBe(404);
    await peek.body?.cancel();
  });

  it("a hidden post's images are hidden with it, but for its author and the administrators", async () => {
    const path = await uploadImage(server, { cookie: author.cookie });
    const post = await createPost({ title: "가릴 사진", body: "본문", images: [path] });
    const status = async (cookie: string) => {
      const res = await server.fetch(path, { headers: { Cookie: cookie } });
      await res.body?.cancel();
      return res.status;
    };
    expect(await status(other.cookie)).toBe(200);
    const hide = await call(
      "POST",
      `/api/admin/community/posts/${post.id}/hide`,
      { reason: "개인정보 노출" },
      admin.cookie,
    );
    expect(hide.status, await hide.clone().text()).toBe(200);
    // A member who kept the image's address no longer reads it.
    expect(await status(other.cookie)).toBe(404);
    expect(await status(author.cookie)).toBe(200);
    expect(await status(admin.cookie)).toBe(200);
    const restore = await call(
      "POST",
      `/api/admin/community/posts/${post.id}/restore`,
      undefined,
      admin.cookie,
    );
    expect(restore.status, await restore.clone().text()).toBe(200);
    expect(await status(other.cookie)).toBe(200);
  });

  it("refuses a sixth image, someone else's upload, an upload used twice and foreign paths", async () => {
    const six = [];
    for (let i = 0; i < 6; i++) six.push(await uploadImage(server, { cookie: author.cookie }));
    await expectError(
      await call("POST", "/api/community/posts", { title: "여섯 장", body: "x", images: six }),
      400,
      "이미지는 5장까지 첨부할 수 있습니다.",
    );
    const othersUpload = await uploadImage(server, { cookie: other.cookie });
    await expectError(
      await call("POST", "/api/community/posts", {
        title: "남의 사진",
        body: "x",
        images: [othersUpload],
      }),
      400,
    );
    const used = await createPost({ title: "한 번", body: "x", images: [six[0]!] });
    await expectError(
      await call("POST", "/api/community/posts", {
        title: "두 번",
        body: "x",
        images: [used.images[0]],
      }),
      400,
    );
    await expectError(
      await call("POST", "/api/community/posts", {
        title: "외부",
        body: "x",
        images: ["https://example.com/a.png"],
      }),
      400,
    );
    // A refused post claims nothing: the author can still use their own upload.
    const [row] = await server.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.id, six[1]!.replace("/objects/", "")));
    expect(row?.claimedAt).toBeNull();
  });

  it("the upload itself is checked by content and size, as every upload is", async () => {
    const grant = await requestUpload(server, author.cookie);
    const fake = await putObject(
      grant.uploadURL,
      Buffer.from("<svg onload=alert(1)>"),
      "image/png",
    );
    expect(fake.status).toBe(415);
    const big = await requestUpload(server, author.cookie);
    const tooLarge = await putObject(
      big.uploadURL,
      Buffer.alloc(5 * 1024 * 1024 + 1, 1),
      "image/png",
    );
    expect(tooLarge.status).toBe(413);
  });

  it("an edit can drop an image (its file goes) and add a new one", async () => {
    const [a, b, c] = [
      await uploadImage(server, { cookie: author.cookie }),
      await uploadImage(server, { cookie: author.cookie }),
      await uploadImage(server, { cookie: author.cookie }),
    ];
    const post = await createPost({ title: "사진 교체", body: "x", images: [a, b] });
    const res = await call("PATCH", `/api/community/posts/${post.id}`, { images: [b, c] });
    expect(res.status).toBe(200);
    expect((await json<Post>(res)).images).toEqual([b, c]);
    const dropped = await server.fetch(a, { headers: { Cookie: author.cookie } });
    expect(dropped.status).toBe(404);
    await dropped.body?.cancel();
    const added = await server.fetch(c, { headers: { Cookie: other.cookie } });
    expect(added.status).toBe(200);
    await added.body?.cancel();
  });
});

describe("reports: three different members hide an item until an administrator decides", () => {
  it("the same member reporting twice counts once (409); the third member's report hides", async () => {
    const post = await createPost({ title: "신고될 글", body: "본문" });
    const path = `/api/community/posts/${post.id}/report`;
    expect((await call("POST", path, { reason: "광고입니다" }, other.cookie)).status).toBe(201);
    await expectError(
      await call("POST", path, { reason: "또 신고" }, other.cookie),
      409,
      "이미 신고한 게시물입니다.",
    );
    await expectError(
      await call("POST", path, { reason: "" }, third.cookie),
      400,
      "신고 사유를 입력해주세요.",
    );
    await expectError(await call("POST", path, { reason: "내 글" }), 403);
    expect((await call("POST", path, { reason: "부적절" }, third.cookie)).status).toBe(201);
    // Two different members so far: still shown.
    expect((await readPost(post.id, fourth.cookie)).hidden).toBeNull();
    const rows = await server.db
      .select()
      .from(communityReports)
      .where(eq(communityReports.postId, post.id));
    expect(rows).toHaveLength(2);

    const last = await call("POST", path, { reason: "욕설" }, fourth.cookie);
    expect(last.status).toBe(201);
    expect((await json<{ hidden: boolean }>(last)).hidden).toBe(true);
    // Hidden from members (list and detail), shown to its author and administrators.
    await expectError(
      await call("GET", `/api/community/posts/${post.id}`, undefined, other.cookie),
      404,
    );
    const q = encodeURIComponent("신고될 글");
    expect((await list(`q=${q}`, other.cookie)).items).toEqual([]);
    expect((await readPost(post.id)).hidden).toEqual({ by: "reports", reason: null });
    expect((await list(`q=${q}`, admin.cookie)).items[0]?.hidden?.by).toBe("reports");

    // The administrators' queue lists it with the three reasons.
    const queue = await json<{
      items: Array<{ id: string; reasons: string[]; openReports: number }>;
    }>(await call("GET", "/api/admin/community", undefined, admin.cookie));
    const entry = queue.items.find((i) => i.id === post.id);
    expect(entry?.openReports).toBe(3);
    expect(entry?.reasons.sort()).toEqual(["광고입니다", "부적절", "욕설"].sort());

    // Restored: shown again, the reports decided; the same members cannot report it again.
    const restored = await call(
      "POST",
      `/api/admin/community/posts/${post.id}/restore`,
      undefined,
      admin.cookie,
    );
    expect(restored.status).toBe(200);
    expect((await readPost(post.id, other.cookie)).hidden).toBeNull();
    const after = await server.db
      .select()
      .from(communityReports)
      .where(eq(communityReports.postId, post.id));
    expect(after.every((r) => r.resolvedAt !== null)).toBe(true);
    await expectError(await call("POST", path, { reason: "다시" }, other.cookie), 409);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "community_restore"), eq(auditLog.actorId, admin.id)));
    expect(audit.some((a) => (a.detail as { itemId?: string }).itemId === post.id)).toBe(true);
  });

  it("reports sent at the same moment: one member twice counts once; the threshold still holds", async () => {
    const post = await createPost({ title: "동시 신고", body: "본문" });
    const path = `/api/community/posts/${post.id}/report`;
    const first = await Promise.all(
      [other, other, third].map((m) => call("POST", path, { reason: "동시" }, m.cookie)),
    );
    expect(first.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    let [row] = await server.db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(row?.openReports).toBe(2);
    expect(row?.hiddenAt).toBeNull();
    // Two more at once: whichever is counted third hides the post; the other is either counted
    // too or finds it hidden already (404). Never shown with three reports.
    const second = await Promise.all(
      [fourth, admin].map((m) => call("POST", path, { reason: "동시" }, m.cookie)),
    );
    const statuses = second.map((r) => r.status);
    expect(statuses).toContain(201);
    for (const status of statuses) expect([201, 404]).toContain(status);
    [row] = await server.db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(row?.openReports).toBe(2 + statuses.filter((s) => s === 201).length);
    expect(row?.hiddenBy).toBe("reports");
    expect(row?.hiddenAt).not.toBeNull();
  });

  it("comments are reported the same way; a hidden comment shows no text to other members", async () => {
    const post = await createPost({ title: "댓글 신고", body: "본문" }, fourth.cookie);
    const comment = await json<Comment>(
      await call("POST", `/api/community/posts/${post.id}/comments`, { body: "문제 댓글" }),
    );
    const path = `/api/community/comments/${comment.id}/report`;
    for (const reporter of [other, third, other]) {
      await call("POST", path, { reason: "스팸" }, reporter.cookie);
    }
    const seen = await readPost(post.id, third.cookie);
    expect(seen.comments[0]?.body).toBe("문제 댓글");
    expect(seen.comments[0]?.hidden).toBeNull();
    const [row] = await server.db
      .select()
      .from(communityReports)
      .where(eq(communityReports.commentId, comment.id));
    expect(row).toBeDefined();
    expect((await call("POST", path, { reason: "스팸" }, admin.cookie)).status).toBe(201);
    const hidden = await readPost(post.id, third.cookie);
    expect(hidden.comments[0]?.body).toBeNull();
    expect(hidden.comments[0]?.hidden?.by).toBe("reports");
    expect((await readPost(post.id)).comments[0]?.body).toBe("문제 댓글");
  });
});

describe("a hidden post, for the members who took part in it", () => {
  it("tells a commenter it is hidden pending review (API and page); others still get 404", async () => {
    const post = await createPost({ title: "검토 대기 글", body: "검토대기본문내용" });
    const commented = await call(
      "POST",
      `/api/community/posts/${post.id}/comments`,
      { body: "참여한 댓글" },
      other.cookie,
    );
    expect(commented.status).toBe(201);
    const hid = await call(
      "POST",
      `/api/admin/community/posts/${post.id}/hide`,
      { reason: "검토 필요" },
      admin.cookie,
    );
    expect(hid.status).toBe(200);
    const commenter = await expectError(
      await call("GET", `/api/community/posts/${post.id}`, undefined, other.cookie),
      403,
    );
    expect(commenter.message).toContain("관리자 검토를 위해 숨겨진 게시물입니다");
    const shown = await server.fetch(`/community/${post.id}`, {
      headers: { cookie: other.cookie },
    });
    expect(shown.status).toBe(403);
    const html = await shown.text();
    expect(html).toContain("관리자 검토를 위해 숨겨진 게시물입니다");
    expect(html).not.toContain("검토대기본문내용");
    await expectError(
      await call("GET", `/api/community/posts/${post.id}`, undefined, fourth.cookie),
      404,
      "게시물을 찾을 수 없습니다.",
    );
    expect((await readPost(post.id)).title).toBe("검토 대기 글");
  });
});

describe("the administrators hide with a reason (the author is mailed), restore and pin", () => {
  it("hides a post and a comment, audits both and mails each author the reason", async () => {
    const post = await createPost({ title: "숨길 글", body: "본문" });
    const comment = await json<Comment>(
      await call(
        "POST",
        `/api/community/posts/${post.id}/comments`,
        { body: "숨길 댓글" },
        other.cookie,
      ),
    );
    await expectError(
      await call("POST", `/api/admin/community/posts/${post.id}/hide`, {}, admin.cookie),
      400,
      "숨김 사유를 입력해주세요.",
    );
    const hid = await call(
      "POST",
      `/api/admin/community/posts/${post.id}/hide`,
      { reason: "광고성 게시물" },
      admin.cookie,
    );
    expect(hid.status).toBe(200);
    const hidComment = await call(
      "POST",
      `/api/admin/community/comments/${comment.id}/hide`,
      { reason: "비방" },
      admin.cookie,
    );
    expect(hidComment.status).toBe(200);
    expect((await readPost(post.id)).hidden).toEqual({ by: "admin", reason: "광고성 게시물" });
    await expectError(
      await call("GET", `/api/community/posts/${post.id}`, undefined, third.cookie),
      404,
    );

    const mails = (await queueRowsTo(server, author.email)).filter((m) =>
      m.subject.includes("숨김"),
    );
    expect(mails.at(-1)?.text).toContain("광고성 게시물");
    expect(mails.at(-1)?.text).toContain("숨길 글");
    const toOther = (await queueRowsTo(server, other.email)).filter((m) =>
      m.subject.includes("댓글이 숨김"),
    );
    expect(toOther.at(-1)?.text).toContain("비방");
    expect(toOther.at(-1)?.text).toContain("숨길 댓글");

    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "community_hide"));
    const forPost = audits.find((a) => (a.detail as { itemId?: string }).itemId === post.id);
    expect(forPost?.actorId).toBe(admin.id);
    expect(forPost?.subjectId).toBe(author.id);
    expect(forPost?.detail).toMatchObject({ kind: "posts", reason: "광고성 게시물" });
    expect(audits.some((a) => (a.detail as { itemId?: string }).itemId === comment.id)).toBe(true);
  });
});

describe("comment mails: grouped, at most one per post an hour, and an off-switch", () => {
  const commentMails = async (member: Member, title?: string) =>
    (await queueRowsTo(server, member.email)).filter(
      (m) => m.subject.includes("새 댓글") && (!title || m.text.includes(title)),
    );

  it("mails the first comment at once, holds one grouped mail for the rest of the hour", async () => {
    const post = await createPost({ title: "알림 받을 글", body: "본문" }, fourth.cookie);
    const before = Date.now();
    await call(
      "POST",
      `/api/community/posts/${post.id}/comments`,
      { body: "첫 댓글입니다" },
      other.cookie,
    );
    let mails = await commentMails(fourth, "알림 받을 글");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("첫 댓글입니다");
    expect(mails[0]?.text).toContain("이댓글");

    // Within the hour: one grouped mail, held until the hour is over; later comments ride on it.
    await call(
      "POST",
      `/api/community/posts/${post.id}/comments`,
      { body: "둘째 댓글" },
      third.cookie,
    );
    await call(
      "POST",
      `/api/community/posts/${post.id}/comments`,
      { body: "셋째 댓글" },
      other.cookie,
    );
    mails = await commentMails(fourth, "알림 받을 글");
    expect(mails).toHaveLength(2);
    const held = mails[1]!;
    expect(held.sentAt).toBeNull();
    expect(held.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 59 * 60 * 1000);
    expect(held.text).toContain("지난 한 시간 동안");

    // The author's own comment mails nobody.
    await call(
      "POST",
      `/api/community/posts/${post.id}/comments`,
      { body: "작성자 답글" },
      fourth.cookie,
    );
    expect(await commentMails(fourth, "알림 받을 글")).toHaveLength(2);

    // Two hours later the next comment is mailed at once again.
    advanceClock(2 * 60 * 60 * 1000);
    try {
      await call(
        "POST",
        `/api/community/posts/${post.id}/comments`,
        { body: "나중 댓글" },
        third.cookie,
      );
    } finally {
      resetClock();
    }
    mails = await commentMails(fourth, "알림 받을 글");
    expect(mails).toHaveLength(3);
    expect(mails[2]?.text).toContain("나중 댓글");
  });

  it("comments written at the same moment after a quiet hour mail the author once", async () => {
    const post = await createPost({ title: "동시 댓글 글", body: "본문" }, fourth.cookie);
    const answers = await Promise.all(
      [other, third, admin].map((m, i) =>
        call(
          "POST",
          `/api/community/posts/${post.id}/comments`,
          { body: `동시 댓글 ${i}` },
          m.cookie,
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const mails = await commentMails(fourth, "동시 댓글 글");
    // One at once, one grouped for the end of the hour: never one per comment.
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.text.includes("지난 한 시간 동안"))).toHaveLength(1);
  });

  it("a member who turned the mails off on /mypage/board gets none; turning them on again works", async () => {
    const quiet = await insertMember(server, { name: "조용한회원" });
    const off = await postForm(
      server,
      "/community/settings",
      { commentMail: "off" },
      { cookie: quiet.cookie },
    );
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toBe("/mypage/board");
    const [row] = await server.db.select().from(users).where(eq(users.id, quiet.id));
    expect(row?.communityCommentMail).toBe(false);
    const post = await createPost({ title: "알림 끈 글", body: "본문" }, quiet.cookie);
    await call("POST", `/api/community/posts/${post.id}/comments`, { body: "댓글" }, other.cookie);
    expect(await commentMails(quiet)).toHaveLength(0);
    // /mypage/board lists the member's own posts (nobody else's) beside the switch.
    const board = mainText(
      await (await get(server, "/mypage/board", { cookie: quiet.cookie })).text(),
    );
    expect(board).toContain("알림 끈 글");
    expect(board).toContain("댓글 1");
    expect(board).toContain("댓글 알림 메일: 받지 않음");
    const othersBoard = await (await get(server, "/mypage/board", { cookie: other.cookie })).text();
    expect(othersBoard).not.toContain("알림 끈 글");
    // The switch needs a member's session.
    const visitor = await postForm(server, "/community/settings", { commentMail: "on" });
    expect(visitor.status).toBeGreaterThanOrEqual(400);
    await visitor.body?.cancel();
    await postForm(server, "/community/settings", { commentMail: "on" }, { cookie: quiet.cookie });
    const second = await createPost({ title: "알림 켠 글", body: "본문" }, quiet.cookie);
    await call(
      "POST",
      `/api/community/posts/${second.id}/comments`,
      { body: "댓글" },
      other.cookie,
    );
    expect(await commentMails(quiet)).toHaveLength(1);
  });
});

describe("a withdrawn or suspended author's posts stay with their name", () => {
  it("withdrawal keeps the post and its images under the name it was written with", async () => {
    const leaving = await insertMember(server, { name: "탈퇴예정" });
    const image = await uploadImage(server, { cookie: leaving.cookie });
    const post = await createPost(
      { title: "남을 글", body: "본문", images: [image] },
      leaving.cookie,
    );
    const comment = await json<Comment>(
      await call(
        "POST",
        `/api/community/posts/${post.id}/comments`,
        { body: "남을 댓글" },
        leaving.cookie,
      ),
    );
    const res = await postForm(
      server,
      "/mypage/security",
      { intent: "withdraw", password: PASSWORD, confirm: "on" },
      { cookie: leaving.cookie },
    );
    expect(res.status).toBe(302);
    expect(await server.db.select().from(users).where(eq(users.id, leaving.id))).toEqual([]);
    const kept = await readPost(post.id, other.cookie);
    expect(kept.authorName).toBe("탈퇴예정");
    expect(kept.comments.find((c) => c.id === comment.id)?.authorName).toBe("탈퇴예정");
    const img = await server.fetch(image, { headers: { Cookie: other.cookie } });
    expect(img.status).toBe(200);
    await img.body?.cancel();
    // No one owns it any more: an administrator can still delete it.
    expect(
      (await call("DELETE", `/api/community/posts/${post.id}`, undefined, admin.cookie)).status,
    ).toBe(204);
  });

  it("a suspended author's post stays; comments on it mail nobody", async () => {
    const suspended = await insertMember(server, { name: "정지회원" });
    const post = await createPost({ title: "정지 전 글", body: "본문" }, suspended.cookie);
    const res = await call(
      "POST",
      `/api/admin/members/${suspended.id}/suspend`,
      { reason: "회비 미납" },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    expect((await readPost(post.id, other.cookie)).authorName).toBe("정지회원");
    await call("POST", `/api/community/posts/${post.id}/comments`, { body: "댓글" }, other.cookie);
    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, suspended.email));
    expect(mails.filter((m) => m.subject.includes("새 댓글"))).toHaveLength(0);
  });
});
