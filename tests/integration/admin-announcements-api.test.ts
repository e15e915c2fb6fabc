// The administrator's announcement calls (SPEC.md §5, §6, §7; DESIGN.md "The API"):
// POST /api/announcements, PATCH and DELETE /api/announcements/{id} for a visitor (401), an
// approved member (403) and an administrator, every validation rule with its Korean message, and
// the server's sanitising of what it stores to exactly what the editor can produce.
import { count } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { announcements } from "~db/schema";
import { createAdmin, get, json, type LoggedIn, uploadImage } from "../support/accounts";
import { announcementInput, announcementsTitled, expectError, UNKNOWN_ID } from "../support/admin";
import {
  announcementRow,
  insertAnnouncement,
  insertMember,
  type Member,
  sendJson,
} from "../support/members";
import { setupTestServer } from "../support/test-server";

const LINK_MESSAGE = "링크는 http:// 또는 https://로 시작해야 합니다";
const CONTENT_REQUIRED = "내용을 입력해주세요";
const TITLE_REQUIRED = "제목을 입력해주세요";
const NOT_FOUND = "공지사항을 찾을 수 없습니다.";
const MALFORMED_IDS = ["not-a-uuid", "123", "00000000-0000-4000-8000-00000000000g"];

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server);
});

type Stored = typeof announcements.$inferSelect;

function create(body: unknown, cookie: string | null = admin.cookie) {
  return sendJson(server, "POST", "/api/announcements", body, { cookie });
}
function patch(id: string, body: unknown, cookie: string | null = admin.cookie) {
  return sendJson(server, "PATCH", `/api/announcements/${id}`, body, { cookie });
}
function remove(id: string, cookie: string | null = admin.cookie) {
  return sendJson(server, "DELETE", `/api/announcements/${id}`, undefined, { cookie });
}

async function countAnnouncements() {
  const [row] = await server.db.select({ n: count() }).from(announcements);
  return row!.n;
}

/** Creates an announcement as the administrator; throws unless it answers 201. */
async function created(overrides: Record<string, unknown> = {}): Promise<Stored> {
  const res = await create(announcementInput(overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return json<Stored>(res);
}

/** Expects a 400 whose `errors[field]` is `message`, and nothing stored. */
async function expectRefused(body: unknown, field: string, message?: string | RegExp) {
  const before = await countAnnouncements();
  const error = await expectError(await create(body), 400);
  expect(error.errors?.[field], JSON.stringify(error)).toBeDefined();
  if (typeof message === "string") expect(error.errors?.[field]).toBe(message);
  if (message instanceof RegExp) expect(error.errors?.[field]).toMatch(message);
  expect(await countAnnouncements()).toBe(before);
  return error;
}

describe("POST /api/announcements: who may", () => {
  it("answers 401 to a visitor and stores nothing", async () => {
    const before = await countAnnouncements();
    await expectError(await create(announcementInput({ title: "방문자 공지" }), null), 401);
    expect(await countAnnouncements()).toBe(before);
  });

  it("answers 401 to a visitor even when the body is invalid (the guard comes first)", async () => {
    await expectError(await create({ title: "" }, null), 401);
  });

  it("answers 403 to an approved member and stores nothing", async () => {
    const before = await countAnnouncements();
    await expectError(await create(announcementInput({ title: "회원 공지" }), member.cookie), 403);
    expect(await countAnnouncements()).toBe(before);
    expect(await announcementsTitled(server, "회원 공지")).toEqual([]);
  });

  it("refuses an administrator's request from another site with 403", async () => {
    const res = await sendJson(
      server,
      "POST",
      "/api/announcements",
      announcementInput({ title: "다른 사이트 공지" }),
      { cookie: admin.cookie, origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(await announcementsTitled(server, "다른 사이트 공지")).toEqual([]);
  });
});

describe("POST /api/announcements: an administrator creates", () => {
  it("answers 201 with the stored announcement, and the public list shows it", async () => {
    const res = await create(
      announcementInput({
        title: "정기 총회 안내",
        content: "<p>정기 총회가 열립니다.</p>",
        category: "행사",
        linkUrl: "https://example.com/assembly",
      }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = await json<Stored>(res);
    expect(body).toMatchObject({
      title: "정기 총회 안내",
      content: "<p>정기 총회가 열립니다.</p>",
      category: "행사",
      imageUrl: null,
      linkUrl: "https://example.com/assembly",
      views: 0,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);

    const row = await announcementRow(server, body.id);
    expect(row).toMatchObject({
      title: "정기 총회 안내",
      category: "행사",
      linkUrl: "https://example.com/assembly",
      imageUrl: null,
      views: 0,
    });

    const list = await json<Array<{ id: string; title: string; excerpt: string }>>(
      await get(server, "/api/announcements"),
    );
    const item = list.find((a) => a.id === body.id);
    // A short body's excerpt is its first half (decision 032): the rest is for members.
    expect(item).toMatchObject({ title: "정기 총회 안내", excerpt: "정기 총회가" });

    const detail = await get(server, `/api/announcements/${body.id}`, { cookie: member.cookie });
    expect(detail.status).toBe(200);
    expect(await json(detail)).toMatchObject({
      title: "정기 총회 안내",
      content: "<p>정기 총회가 열립니다.</p>",
      linkUrl: "https://example.com/assembly",
    });
  });

  it("accepts each of the four categories", async () => {
    for (const category of ["일반", "공지", "행사", "학술"]) {
      const body = await created({ title: `분류 ${category}`, category });
      expect(body.category).toBe(category);
      expect((await announcementRow(server, body.id))?.category).toBe(category);
    }
  });

  it("files an announcement without a category under '일반'", async () => {
    const { category: _category, ...rest } = announcementInput({ title: "분류 없는 공지" });
    const res = await create(rest);
    expect(res.status).toBe(201);
    const body = await json<Stored>(res);
    expect(body.category).toBe("일반");
    expect((await announcementRow(server, body.id))?.category).toBe("일반");
  });

  it("refuses any other category with a Korean message", async () => {
    for (const category of ["긴급", "", "general", 3]) {
      await expectRefused(announcementInput({ category }), "category");
    }
  });

  it("refuses a missing or blank title with '제목을 입력해주세요'", async () => {
    const { title: _title, ...rest } = announcementInput();
    const error = await expectRefused(rest, "title", TITLE_REQUIRED);
    expect(error.message).toBe(TITLE_REQUIRED);
    await expectRefused(announcementInput({ title: "" }), "title", TITLE_REQUIRED);
    await expectRefused(announcementInput({ title: "   " }), "title", TITLE_REQUIRED);
  });

  it("refuses a link that is not http(s) with SPEC.md §5's message", async () => {
    for (const linkUrl of [
      "ftp://x",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "example.com",
      "//example.com/x",
      "mailto:office@example.com",
    ]) {
      const error = await expectRefused(announcementInput({ linkUrl }), "linkUrl", LINK_MESSAGE);
      expect(error.message).toBe(LINK_MESSAGE);
    }
  });

  it("stores an empty or absent link as none (null), and an http(s) link as given", async () => {
    expect((await created({ title: "빈 링크", linkUrl: "" })).linkUrl).toBeNull();
    const { linkUrl: _link, ...rest } = announcementInput({ title: "링크 없음" });
    const res = await create(rest);
    expect(res.status).toBe(201);
    const withoutLink = await json<Stored>(res);
    expect((await announcementRow(server, withoutLink.id))?.linkUrl).toBeNull();
    expect((await created({ title: "http 링크", linkUrl: "http://example.com/a" })).linkUrl).toBe(
      "http://example.com/a",
    );
    expect(
      (await created({ title: "https 링크", linkUrl: "https://example.com/b?c=1" })).linkUrl,
    ).toBe("https://example.com/b?c=1");
  });

  it("takes an image uploaded by the administrator (/objects/…) or an https address", async () => {
    const objectPath = await uploadImage(server, { cookie: admin.cookie });
    expect(objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    const uploaded = await created({ title: "업로드 이미지", imageUrl: objectPath });
    expect((await announcementRow(server, uploaded.id))?.imageUrl).toBe(objectPath);
    // The uploaded image is public: anyone may load it.
    expect((await get(server, objectPath)).status).toBe(200);

    const https = await created({
      title: "외부 이미지",
      imageUrl: "https://cdn.example.com/a.png",
    });
    expect(https.imageUrl).toBe("https://cdn.example.com/a.png");
    expect((await created({ title: "이미지 없음", imageUrl: "" })).imageUrl).toBeNull();
  });

  it("refuses any other image address with a Korean message", async () => {
    for (const imageUrl of [
      "http://example.com/a.png",
      "javascript:alert(1)",
      "/objects/../../etc/passwd",
      "/objects/not-a-uuid",
      "/etc/passwd",
      "data:image/png;base64,AAAA",
    ]) {
      await expectRefused(announcementInput({ imageUrl }), "imageUrl");
    }
  });

  it("refuses a body with only empty paragraphs with '내용을 입력해주세요'", async () => {
    for (const content of [
      "",
      "<p></p>",
      "<p></p><p></p>",
      "<p><br></p>",
      "<p> </p><p>&nbsp;</p>",
      "<script>alert('없어질 내용')</script>",
      '<iframe src="https://example.com/"></iframe>',
    ]) {
      const error = await expectRefused(
        announcementInput({ content }),
        "content",
        CONTENT_REQUIRED,
      );
      expect(error.message).toBe(CONTENT_REQUIRED);
    }
    const { content: _content, ...rest } = announcementInput();
    await expectRefused(rest, "content", CONTENT_REQUIRED);
  });

  it("accepts a body that is only an image", async () => {
    const body = await created({
      title: "이미지만 있는 공지",
      content: '<p><img src="https://cdn.example.com/poster.png" alt="포스터"></p>',
    });
    expect(body.content).toContain('<img src="https://cdn.example.com/poster.png"');
  });

  it("answers 400 with a Korean message to malformed JSON and stores nothing", async () => {
    const before = await countAnnouncements();
    const res = await server.fetch("/api/announcements", {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/json" },
      body: '{"title": "깨진',
    });
    await expectError(res, 400);
    expect(await countAnnouncements()).toBe(before);
  });
});

describe("the stored body is sanitised to what the editor can produce", () => {
  const HOSTILE = [
    '<p style="text-align: justify">양쪽 정렬 문단입니다.</p>',
    '<p><span style="color: #ff0000">빨간 글씨</span> 그리고 <strong class="x">굵게</strong></p>',
    '<p><span style="color: #00ff00; font-size: 40px; background: url(x)">초록 글씨</span></p>',
    '<p style="text-align: center; position: fixed; top: 0">가운데 문단</p>',
    '<h1 style="text-align: right">제목 하나</h1>',
    "<h4>제목 넷</h4>",
    "<h6>제목 여섯</h6>",
    '<p><a href="https://example.com/safe" target="_self" rel="opener">안전한 링크</a></p>',
    '<p><a href="javascript:alert(1)">나쁜 링크</a></p>',
    "<script>window.__xssScript = 1</script>",
    '<iframe src="https://evil-frame.example/"></iframe>',
    '<img src="https://example.com/pic.png" onerror="window.__xssOnerror = 1">',
    '<div onclick="window.__xssClick = 1">클릭 문단</div>',
    "<style>body { display: none }</style>",
    '<ul><li><p>목록 하나</p></li></ul><ol start="3"><li><p>셋째</p></li></ol>',
    "<p><em>기울임</em> <u>밑줄</u></p>",
  ].join("");

  let stored: string;
  let id: string;

  beforeAll(async () => {
    const body = await created({ title: "정리될 공지", content: HOSTILE });
    id = body.id;
    stored = (await announcementRow(server, id))!.content;
    expect(body.content).toBe(stored);
  });

  it("removes scripts, frames, styles sheets and event handlers", () => {
    for (const needle of [
      "<script",
      "__xss",
      "<iframe",
      "evil-frame.example",
      "onerror",
      "onclick",
      "<style",
      "display: none",
      "<div",
      'class="x"',
    ]) {
      expect(stored, `contains "${needle}"`).not.toContain(needle);
    }
    // The text of removed wrappers stays.
    expect(stored).toContain("클릭 문단");
  });

  it("removes javascript: links but keeps their text", () => {
    expect(stored.toLowerCase()).not.toContain("javascript:");
    expect(stored).toContain("나쁜 링크");
  });

  it("keeps only colour on spans and text-align on blocks", () => {
    expect(stored).toMatch(/<p style="text-align:\s*justify;?">양쪽 정렬 문단입니다.<\/p>/);
    expect(stored).toMatch(/<span style="color:\s*#ff0000;?">빨간 글씨<\/span>/);
    expect(stored).toMatch(/<span style="color:\s*#00ff00;?">초록 글씨<\/span>/);
    expect(stored).toMatch(/<p style="text-align:\s*center;?">가운데 문단<\/p>/);
    expect(stored).toMatch(/<h1 style="text-align:\s*right;?">제목 하나<\/h1>/);
    for (const needle of ["font-size", "background", "position", "top:", "url("]) {
      expect(stored, `contains "${needle}"`).not.toContain(needle);
    }
    expect(stored).toContain("<strong>굵게</strong>");
    expect(stored).toContain("<em>기울임</em>");
    expect(stored).toContain("<u>밑줄</u>");
  });

  it("turns headings beyond level 3 into level 3", () => {
    expect(stored).not.toMatch(/<h[4-6]/);
    expect(stored).toContain("<h3>제목 넷</h3>");
    expect(stored).toContain("<h3>제목 여섯</h3>");
  });

  it("opens every link in a new tab with rel=noopener noreferrer nofollow", () => {
    const links = stored.match(/<a\b[^>]*>/g) ?? [];
    expect(links.length).toBe(2);
    for (const link of links) {
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer nofollow"');
      expect(link).not.toContain("_self");
      expect(link).not.toMatch(/rel="opener"/);
    }
    expect(stored).toContain('href="https://example.com/safe"');
  });

  it("keeps lists, the ordered list's start and safe images", () => {
    expect(stored).toContain("<ul><li><p>목록 하나</p></li></ul>");
    expect(stored).toContain('<ol start="3"><li><p>셋째</p></li></ol>');
    expect(stored).toMatch(/<img src="https:\/\/example.com\/pic.png" ?\/?>/);
  });

  it("gives a member the same sanitised body through the detail call", async () => {
    const res = await get(server, `/api/announcements/${id}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect((await json<{ content: string }>(res)).content).toBe(stored);
  });

  it("sanitises a body changed through PATCH too", async () => {
    const res = await patch(id, {
      content:
        '<h5 onclick="x()">새 제목</h5><p style="text-align: justify; color: red">새 문단</p><script>1</script>',
    });
    expect(res.status).toBe(200);
    const content = (await announcementRow(server, id))!.content;
    expect(content).toMatch(/^<h3>새 제목<\/h3><p style="text-align:\s*justify;?">새 문단<\/p>$/);
  });
});

describe("PATCH /api/announcements/{id}", () => {
  let target: Stored;
  const ORIGINAL = {
    title: "수정 전 제목",
    content: "<p>수정 전 <strong>본문</strong></p>",
    category: "학술",
    linkUrl: "https://example.com/before",
    imageUrl: "https://cdn.example.com/before.png",
  };

  beforeEach(async () => {
    target = await created(ORIGINAL);
  });

  it("answers 401 to a visitor and 403 to a member, changing nothing", async () => {
    await expectError(await patch(target.id, { title: "방문자 수정" }, null), 401);
    await expectError(await patch(target.id, { title: "회원 수정" }, member.cookie), 403);
    expect(await announcementRow(server, target.id)).toMatchObject(ORIGINAL);
  });

  it("changes only the fields sent: a new title leaves body, category, link and image alone", async () => {
    const res = await patch(target.id, { title: "수정 후 제목" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ...ORIGINAL, title: "수정 후 제목" });
    const row = await announcementRow(server, target.id);
    expect(row).toMatchObject({ ...ORIGINAL, title: "수정 후 제목" });
    expect(row?.views).toBe(0);
    expect(row?.createdAt.getTime()).toBe(new Date(target.createdAt).getTime());
  });

  it("changes the category alone, and clears the link with an empty string", async () => {
    expect((await patch(target.id, { category: "공지" })).status).toBe(200);
    expect(await announcementRow(server, target.id)).toMatchObject({
      ...ORIGINAL,
      category: "공지",
    });
    expect((await patch(target.id, { linkUrl: "" })).status).toBe(200);
    expect(await announcementRow(server, target.id)).toMatchObject({
      ...ORIGINAL,
      category: "공지",
      linkUrl: null,
    });
  });

  it("refuses a bad field with 400 and changes nothing, not even the valid fields", async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ title: "바뀌면 안 됨", linkUrl: "javascript:alert(1)" }, "linkUrl", LINK_MESSAGE],
      [{ title: "바뀌면 안 됨", linkUrl: "ftp://x" }, "linkUrl", LINK_MESSAGE],
      [{ title: "바뀌면 안 됨", category: "기타" }, "category"],
      [{ title: "바뀌면 안 됨", content: "<p></p>" }, "content", CONTENT_REQUIRED],
      [{ title: "바뀌면 안 됨", imageUrl: "http://example.com/x.png" }, "imageUrl"],
      [{ title: "   " }, "title", TITLE_REQUIRED],
    ];
    for (const [body, field, message] of cases) {
      const error = await expectError(await patch(target.id, body), 400);
      expect(error.errors?.[field], JSON.stringify(error)).toBeDefined();
      if (message) expect(error.errors?.[field]).toBe(message);
      expect(await announcementRow(server, target.id)).toMatchObject(ORIGINAL);
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const unknown = await expectError(await patch(UNKNOWN_ID, { title: "없는 공지" }), 404);
    expect(unknown.message).toBe(NOT_FOUND);
    for (const id of MALFORMED_IDS) {
      const error = await expectError(await patch(id, { title: "없는 공지" }), 404);
      expect(error.message).toBe(NOT_FOUND);
    }
  });

  it("answers 405 to other methods on an announcement", async () => {
    const res = await sendJson(server, "PUT", `/api/announcements/${target.id}`, ORIGINAL, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(405);
    expect(await announcementRow(server, target.id)).toMatchObject(ORIGINAL);
  });
});

describe("DELETE /api/announcements/{id}", () => {
  it("answers 401 to a visitor and 403 to a member, deleting nothing", async () => {
    const row = await insertAnnouncement(server, { title: "지워지면 안 되는 공지" });
    await expectError(await remove(row.id, null), 401);
    await expectError(await remove(row.id, member.cookie), 403);
    expect(await announcementRow(server, row.id)).toBeDefined();
  });

  it("answers 204 to an administrator; then the announcement is gone everywhere", async () => {
    const row = await created({ title: "삭제될 공지" });
    const res = await remove(row.id);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await announcementRow(server, row.id)).toBeUndefined();

    const list = await json<Array<{ id: string }>>(await get(server, "/api/announcements"));
    expect(list.map((a) => a.id)).not.toContain(row.id);
    const detail = await get(server, `/api/announcements/${row.id}`, { cookie: member.cookie });
    expect(detail.status).toBe(404);

    const again = await expectError(await remove(row.id), 404);
    expect(again.message).toBe(NOT_FOUND);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    await expectError(await remove(UNKNOWN_ID), 404);
    for (const id of MALFORMED_IDS) await expectError(await remove(id), 404);
  });
});
