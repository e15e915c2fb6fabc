// The announcement list as a board: numbered rows newest first, pinned notices above
// them, 새 글 for a week, search over title and body and a category filter, both in the URL (and
// working without JavaScript, since the page is a GET form); searches never enter the visitors'
// page cache (ADR 005), and the JSON list keeps SPEC.md's fields. Administrators pin through the
// API and the dashboard's form.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { announcements } from "~db/schema";
import { createAdmin, createMember, json, type LoggedIn } from "../support/accounts";
import { mainText } from "../support/html";
import { sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
const DAY = 24 * 60 * 60 * 1000;
const ids: Record<string, string> = {};

const server = setupTestServer({ seed: false });
beforeAll(async () => {
  admin = await createAdmin(server);
  const now = Date.now();
  const rows = await server.db
    .insert(announcements)
    .values([
      {
        title: "게시판 오래된 학술 공지",
        content: "<p>학술대회 초록 접수</p>",
        category: "학술",
        createdAt: new Date(now - 30 * DAY),
      },
      {
        title: "게시판 행사 안내",
        content: "<p>본문에만 있는 단어 해바라기</p>",
        category: "행사",
        createdAt: new Date(now - 10 * DAY),
      },
      {
        title: "게시판 새 공지",
        content: "<p>새 소식</p>",
        category: "공지",
        createdAt: new Date(now - 2 * DAY),
      },
    ])
    .returning({ id: announcements.id, title: announcements.title });
  for (const row of rows) ids[row.title] = row.id;
});

async function visit(path: string, cookie?: string) {
  const res = await server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, state: res.headers.get("x-page-cache"), html: await res.text() };
}

describe("the board", () => {
  it("numbers rows newest first, marks a notice of this week 새 글, and shows views", async () => {
    const { status, html } = await visit("/announcements");
    expect(status).toBe(200);
    const text = mainText(html);
    expect(text).toContain("전체 3건");
    expect(text.indexOf("게시판 새 공지")).toBeLessThan(text.indexOf("게시판 행사 안내"));
    expect(text.indexOf("게시판 행사 안내")).toBeLessThan(text.indexOf("게시판 오래된 학술 공지"));
    // Only the two-day-old notice is new.
    expect(text.match(/새 글/g)).toHaveLength(1);
    expect(text).toMatch(/게시판 새 공지\s*새 글/);
    expect(text).not.toMatch(/\bNEW\b/);
    expect(text).toMatch(/번호 3/);
    expect(text).toMatch(/번호 1/);
    expect(text).toContain("조회수");
  });

  it("searches title and body for a member, filters by category, and keeps both in the URL", async () => {
    const member = await createMember(server);
    const found = await visit(`/announcements?q=${encodeURIComponent("해바라기")}`, member.cookie);
    const byBody = mainText(found.html);
    expect(byBody).toContain("게시판 행사 안내");
    expect(byBody).not.toContain("게시판 새 공지");
    expect(byBody).toContain("검색 결과 1건");
    expect(found.html).toContain('placeholder="제목, 내용 검색"');
    const byTitle = mainText(
      (await visit(`/announcements?q=${encodeURIComponent("오래된")}`)).html,
    );
    expect(byTitle).toContain("게시판 오래된 학술 공지");
    expect(byTitle).not.toContain("게시판 행사 안내");
    const category = await visit(`/announcements?category=${encodeURIComponent("학술")}`);
    expect(mainText(category.html)).toContain("게시판 오래된 학술 공지");
    expect(mainText(category.html)).not.toContain("게시판 새 공지");
    // The category links keep the search; the search form keeps the category.
    const both = await visit(
      `/announcements?q=${encodeURIComponent("게시판")}&category=${encodeURIComponent("행사")}`,
    );
    expect(mainText(both.html)).toContain("검색 결과 1건");
    expect(both.html).toContain(
      `href="/announcements?q=${encodeURIComponent("게시판")}&amp;category=${encodeURIComponent("공지")}"`,
    );
    expect(both.html).toMatch(/<input type="hidden" name="category" value="행사"/);
  });

  it("searches titles only for a visitor: a members-only body's words stay hidden", async () => {
    const path = `/announcements?q=${encodeURIComponent("해바라기")}`;
    const { html } = await visit(path);
    expect(mainText(html)).not.toContain("게시판 행사 안내");
    expect(mainText(html)).toContain("검색 결과가 없습니다.");
    expect(html).toContain('placeholder="제목 검색"');
    const data = await server.fetch(path.replace("?", ".data?"));
    expect(await data.text()).not.toContain("게시판 행사 안내");
    // The title still finds it.
    const byTitle = await visit(`/announcements?q=${encodeURIComponent("행사 안내")}`);
    expect(mainText(byTitle.html)).toContain("게시판 행사 안내");
  });

  it("says so when nothing matches, and shrugs off an unknown category or an odd search", async () => {
    const none = await visit(`/announcements?q=${encodeURIComponent("없는단어xyz")}`);
    expect(none.status).toBe(200);
    expect(mainText(none.html)).toContain("검색 결과가 없습니다.");
    const unknown = await visit(`/announcements?category=${encodeURIComponent("<script>")}`);
    expect(unknown.status).toBe(200);
    expect(mainText(unknown.html)).toContain("전체 3건");
    const odd = await visit(`/announcements?q=${encodeURIComponent("%_\\'")}`);
    expect(odd.status).toBe(200);
    expect(mainText(odd.html)).toContain("검색 결과가 없습니다.");
    const long = await visit(`/announcements?q=${"가".repeat(5000)}`);
    expect([200, 414, 431]).toContain(long.status);
  });

  it("never stores a search in the visitors' page cache", async () => {
    const path = `/announcements?q=${encodeURIComponent("게시판")}`;
    await visit(path);
    expect((await visit(path)).state).not.toBe("hit");
    await visit("/announcements");
    expect((await visit("/announcements")).state).toBe("hit");
  });
});

describe("pinned notices", () => {
  it("an administrator pins through the API; the notice heads the board, marked 공지", async () => {
    const id = ids["게시판 오래된 학술 공지"]!;
    const res = await sendJson(
      server,
      "PATCH",
      `/api/announcements/${id}`,
      { pinned: true },
      {
        cookie: admin.cookie,
      },
    );
    expect(res.status).toBe(200);
    const text = mainText((await visit("/announcements")).html);
    const first = text.indexOf("게시판 오래된 학술 공지");
    expect(first).toBeGreaterThan(-1);
    expect(first).toBeLessThan(text.indexOf("게시판 새 공지"));
    expect(text.slice(0, first)).toMatch(/공지\s*$|공지\s*학술\s*$/);
    // It also keeps its numbered place below.
    expect(text.indexOf("게시판 오래된 학술 공지", first + 1)).toBeGreaterThan(
      text.indexOf("게시판 행사 안내"),
    );
    // The JSON list keeps SPEC.md's fields.
    const list = await json<Array<Record<string, unknown>>>(
      await server.fetch("/api/announcements"),
    );
    expect(Object.keys(list[0]!).sort()).toEqual(
      ["category", "createdAt", "excerpt", "id", "title", "views"].sort(),
    );
  });

  it("refuses a pinned value that is not a yes or no, and a visitor or member cannot pin", async () => {
    const id = ids["게시판 행사 안내"]!;
    const bad = await sendJson(
      server,
      "PATCH",
      `/api/announcements/${id}`,
      { pinned: "매우" },
      {
        cookie: admin.cookie,
      },
    );
    expect(bad.status).toBe(400);
    expect(
      (await sendJson(server, "PATCH", `/api/announcements/${id}`, { pinned: true })).status,
    ).toBe(401);
  });

  it("the dashboard's form pins with the checkbox and unpins without it", async () => {
    const id = ids["게시판 새 공지"]!;
    const save = (extra: Record<string, string>) =>
      server.fetch("/admin/dashboard?tab=announcements", {
        method: "POST",
        headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "save-announcement",
          id,
          title: "게시판 새 공지",
          content: "<p>새 소식</p>",
          category: "공지",
          ...extra,
        }).toString(),
        redirect: "manual",
      });
    expect((await save({ pinned: "on" })).status).toBeLessThan(400);
    const [pinned] = await server.db.select().from(announcements).where(eqId(id));
    expect(pinned?.pinned).toBe(true);
    expect((await save({})).status).toBeLessThan(400);
    const [unpinned] = await server.db.select().from(announcements).where(eqId(id));
    expect(unpinned?.pinned).toBe(false);
  });
});

const eqId = (id: string) => eq(announcements.id, id);

describe("작성자, 이전글 and 다음글", () => {
  it("the board has a 작성자 column naming the office", async () => {
    const text = mainText((await visit("/announcements")).html);
    expect(text).toContain("작성자");
    expect(text).toContain("사무국");
  });

  it("a notice links the older one as 이전글 and the newer one as 다음글; the ends say there is none", async () => {
    const member = await createMember(server);
    const read = async (title: string) => {
      const res = await server.fetch(`/announcements/${ids[title]}`, {
        headers: { Cookie: member.cookie },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const middle = await read("게시판 행사 안내");
    const nav = middle.slice(middle.indexOf('aria-label="이전글 다음글"'));
    expect(nav).toMatch(
      /이전글<\/span><a[^>]*href="\/announcements\/([^"]+)"[^>]*>게시판 오래된 학술 공지</,
    );
    expect(nav).toMatch(
      /다음글<\/span><a[^>]*href="\/announcements\/([^"]+)"[^>]*>게시판 새 공지</,
    );
    expect(nav).toContain(`/announcements/${ids["게시판 오래된 학술 공지"]}`);
    expect(nav).toContain(`/announcements/${ids["게시판 새 공지"]}`);
    const oldest = mainText(await read("게시판 오래된 학술 공지"));
    expect(oldest).toContain("이전 글이 없습니다.");
    const newest = mainText(await read("게시판 새 공지"));
    expect(newest).toContain("다음 글이 없습니다.");
  });
});
