// The members' board's pages: the locked notice for visitors and unapproved accounts
// with nothing of the board in the HTML, the head or the sitemap; never stored by the page cache
// or a shared cache; members' text (script, HTML, links, line breaks) shown as text on the post
// page, in the list, on the administrators' list and in both parts of the mails; the page forms
// (write, edit, comment, report, hide) and the list's paging and search in the URL.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { communityPosts } from "~db/schema";
import { createAdmin, type LoggedIn, postForm } from "../support/accounts";
import { hydrationData } from "../support/admin";
import { mainText, meta, tags, title } from "../support/html";
import { queueRowsTo } from "../support/mail";
import { insertMember, type Member, page, sendJson, setApproved } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
let author: Member;
let other: Member;

const HOSTILE_TITLE = `<script>alert("제목")</script><b>굵은제목</b> 비밀표식`;
const HOSTILE_BODY = [
  "첫 줄입니다.",
  "둘째 줄: https://example.com/path?a=1&b=2. 참고하세요.",
  `<img src=x onerror=alert(1)> <a href="javascript:alert(2)">눌러</a> javascript:alert(3)`,
  "<script>document.title='본문스크립트'</script>",
].join("\n");
const HOSTILE_COMMENT = `<iframe src="https://evil.example"></iframe><script>alert("댓글")</script>`;

let hostileId: string;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  author = await insertMember(server, { name: "김작성" });
  other = await insertMember(server, { name: "이회원" });
  const res = await sendJson(
    server,
    "POST",
    "/api/community/posts",
    { title: HOSTILE_TITLE, body: HOSTILE_BODY },
    { cookie: author.cookie },
  );
  hostileId = ((await res.json()) as { id: string }).id;
  await sendJson(
    server,
    "POST",
    `/api/community/posts/${hostileId}/comments`,
    { body: HOSTILE_COMMENT },
    { cookie: other.cookie },
  );
});

/** No executable markup from members' text anywhere in a document (hydration data included). */
function expectInert(html: string) {
  for (const raw of [
    '<script>alert("제목")',
    "<b>굵은제목</b>",
    "<img src=x onerror",
    '<a href="javascript:',
    "<script>document.title",
    "<iframe",
    '<script>alert("댓글")',
  ]) {
    expect(html, raw).not.toContain(raw);
  }
  expect(tags(html, "a").some((a) => /^\s*javascript:/i.test(a.href ?? ""))).toBe(false);
}

describe("visitors and unapproved accounts get the locked notice and nothing else", () => {
  const paths = () => [
    "/community",
    `/community?q=${encodeURIComponent("비밀표식")}`,
    `/community/${hostileId}`,
    "/community/new",
    `/community/${hostileId}/edit`,
  ];

  it("a visitor sees the locked notice, no title, name or body, and nothing is cached", async () => {
    for (const path of paths()) {
      for (let i = 0; i < 2; i++) {
        const { status, headers, html } = await page(server, path);
        expect(status, path).toBe(200);
        expect(headers.get("cache-control"), path).toBe("private, no-store");
        expect(headers.get("x-page-cache"), path).toBeNull();
        expect(mainText(html)).toContain("회원 전용 게시판입니다");
        expect(mainText(html)).toContain("로그인");
        for (const secret of ["비밀표식", "굵은제목", "첫 줄입니다", "김작성", "이회원", "alert"]) {
          expect(html, `${path}: ${secret}`).not.toContain(secret);
        }
        expect(title(html)).toContain("회원 게시판");
        expect(tags(html, "meta").some((m) => m.name === "robots" && m.content === "noindex")).toBe(
          true,
        );
      }
    }
  });

  it("an account whose approval is gone sees the same notice", async () => {
    const revoked = await insertMember(server, { name: "승인취소" });
    await setApproved(server, revoked.id, false);
    for (const path of paths()) {
      const { html } = await page(server, path, revoked.cookie);
      expect(mainText(html)).toContain("회원 전용 게시판입니다");
      expect(html).not.toContain("비밀표식");
    }
  });

  it("the board is in neither the sitemap nor the header's list of cached pages", async () => {
    const sitemap = await (await server.fetch("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/community");
    const home = await page(server, "/");
    expect(tags(home.html, "a").some((a) => a.href === "/community")).toBe(true);
  });

  it("a visitor posting a page form is sent to log in, and nothing is written", async () => {
    const before = await server.db.select().from(communityPosts);
    const res = await postForm(server, "/community/new", { title: "몰래", body: "쓰기" });
    expect([401, 403]).toContain(res.status);
    await res.body?.cancel();
    const comment = await postForm(server, `/community/${hostileId}`, {
      intent: "comment",
      body: "몰래",
    });
    expect([401, 403]).toContain(comment.status);
    await comment.body?.cancel();
    expect(await server.db.select().from(communityPosts)).toHaveLength(before.length);
  });
});

describe("members' text is text everywhere", () => {
  it("the post page shows script and HTML as text, keeps line breaks, links only http(s)", async () => {
    const { status, headers, html } = await page(server, `/community/${hostileId}`, other.cookie);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expectInert(html);
    const text = mainText(html);
    expect(text).toContain(HOSTILE_TITLE);
    expect(text).toContain(`<img src=x onerror=alert(1)>`);
    expect(text).toContain("javascript:alert(3)");
    expect(text).toContain("<iframe src=");
    expect(text).toContain(`"></iframe><script>alert("댓글")</script>`);
    // Line breaks reach the page as they were written (shown with white-space: pre-wrap).
    expect(html).toMatch(/첫 줄입니다\.\n둘째 줄/);
    const links = tags(html, "a").filter((a) => a.href?.startsWith("https://example.com"));
    expect(links).toEqual([
      expect.objectContaining({
        href: "https://example.com/path?a=1&b=2",
        rel: "nofollow noopener ugc",
      }),
    ]);
    // A link inside markup is still only a link, marked as members' content.
    for (const a of tags(html, "a").filter((a) => a.href?.includes("evil.example"))) {
      expect(a).toMatchObject({ href: "https://evil.example", rel: "nofollow noopener ugc" });
    }
    // The head names the board, never the post: a shared link previews as the board.
    expect(title(html)).toMatch(/^회원 게시판 \| /);
    expect(meta(html, "og:title")).toBe(`회원 게시판 | ${meta(html, "og:site_name")}`);
    expect(meta(html, "og:url")).toMatch(new RegExp(`/community/${hostileId}$`));
    expect(html.match(/<head>[\s\S]*<\/head>/)?.[0] ?? "").not.toContain("비밀표식");
  });

  it("the list and the search show the title as text", async () => {
    const { html } = await page(
      server,
      `/community?q=${encodeURIComponent("비밀표식")}`,
      other.cookie,
    );
    expectInert(html);
    expect(mainText(html)).toContain(HOSTILE_TITLE);
  });

  it("the administrators' list shows reported and hidden items as text", async () => {
    const res = await sendJson(
      server,
      "POST",
      `/api/community/posts/${hostileId}/report`,
      { reason: `<script>alert("사유")</script>` },
      { cookie: other.cookie },
    );
    expect(res.status).toBe(201);
    const { status, html } = await page(server, "/admin/community", admin.cookie);
    expect(status).toBe(200);
    expectInert(html);
    expect(html).not.toContain('<script>alert("사유")');
    const text = mainText(html);
    expect(text).toContain(HOSTILE_TITLE);
    expect(text).toContain(`<script>alert("사유")</script>`);
    expect(text).toContain("신고 1건");
    // A member is refused the administrators' page.
    const refused = await page(server, "/admin/community", other.cookie);
    expect(refused.status).toBe(403);
    expect(mainText(refused.html)).toContain("접근 권한이 없습니다");
    expect(refused.html).not.toContain("비밀표식");
  });

  it("the comment mail and the hide mail carry the text as text, escaped in HTML", async () => {
    const commentMail = (await queueRowsTo(server, author.email)).find((m) =>
      m.subject.includes("새 댓글"),
    );
    expect(commentMail?.text).toContain(HOSTILE_TITLE);
    expect(commentMail?.text).toContain("<iframe");
    expect(commentMail?.html).not.toContain("<script>alert");
    expect(commentMail?.html).not.toContain("<iframe");
    expect(commentMail?.html).toContain("&#60;script&#62;alert(");
    expect(commentMail?.subject).not.toContain("<");

    const hide = await sendJson(
      server,
      "POST",
      `/api/admin/community/posts/${hostileId}/hide`,
      { reason: `<b>광고</b> & 도배` },
      { cookie: admin.cookie },
    );
    expect(hide.status).toBe(200);
    const hideMail = (await queueRowsTo(server, author.email)).find((m) =>
      m.subject.includes("숨김"),
    );
    expect(hideMail?.text).toContain("숨김 사유: <b>광고</b> & 도배");
    expect(hideMail?.html).toContain("&#60;b&#62;광고&#60;/b&#62; &#38; 도배");
    expect(hideMail?.html).not.toContain("<b>광고");
    expect(hideMail?.html).not.toContain('<script>alert("제목")');
    // Hidden: the author sees why; the member who commented on it is told that it is hidden
    // pending review (never its text, nor the office's reason).
    const own = await page(server, `/community/${hostileId}`, author.cookie);
    expect(mainText(own.html)).toContain("관리자가 숨긴 글입니다. 사유: <b>광고</b> & 도배");
    const hidden = await page(server, `/community/${hostileId}`, other.cookie);
    expect(hidden.status).toBe(403);
    expect(mainText(hidden.html)).toContain("관리자 검토를 위해 숨겨진 게시물입니다");
    expect(hidden.html).not.toContain("비밀표식");
    expect(hidden.html).not.toContain("도배");
    await sendJson(server, "POST", `/api/admin/community/posts/${hostileId}/restore`, undefined, {
      cookie: admin.cookie,
    });
  });
});

describe("the page forms", () => {
  it("a member writes a post: blank and long titles are refused in Korean, then it is saved", async () => {
    const blank = await postForm(
      server,
      "/community/new",
      { title: " ", body: "내용" },
      {
        cookie: author.cookie,
      },
    );
    expect(blank.status).toBe(400);
    expect(mainText(await blank.text())).toContain("제목을 입력해주세요.");
    const long = await postForm(
      server,
      "/community/new",
      { title: "가".repeat(101), body: "내용" },
      {
        cookie: author.cookie,
      },
    );
    expect(long.status).toBe(400);
    const longHtml = await long.text();
    expect(mainText(longHtml)).toContain("제목은 100자 이하로 입력해주세요.");
    // What was typed is kept in the form.
    expect(tags(longHtml, "textarea").length).toBeGreaterThan(0);
    expect(longHtml).toContain(">내용</textarea>");

    const res = await postForm(
      server,
      "/community/new",
      { title: "폼으로 쓴 글", body: "첫 줄\r\n둘째 줄" },
      { cookie: author.cookie },
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/community\/[0-9a-f-]{36}$/);
    const { html } = await page(server, location, other.cookie);
    expect(mainText(html)).toContain("폼으로 쓴 글");
    expect(html).toContain("첫 줄\n둘째 줄");
  });

  it("the author edits through the form (수정됨 with the time); another member gets 403", async () => {
    const created = await sendJson(
      server,
      "POST",
      "/api/community/posts",
      { title: "고칠 글", body: "처음" },
      { cookie: author.cookie },
    );
    const { id } = (await created.json()) as { id: string };
    const refused = await page(server, `/community/${id}/edit`, other.cookie);
    expect(refused.status).toBe(403);
    const refusedPost = await postForm(
      server,
      `/community/${id}/edit`,
      { title: "가로채기", body: "x" },
      { cookie: other.cookie },
    );
    expect(refusedPost.status).toBe(403);
    await refusedPost.body?.cancel();

    const form = await page(server, `/community/${id}/edit`, author.cookie);
    expect(form.status).toBe(200);
    expect(form.html).toContain('value="고칠 글"');
    const res = await postForm(
      server,
      `/community/${id}/edit`,
      { title: "고친 글", body: "고친 본문" },
      { cookie: author.cookie },
    );
    expect(res.status).toBe(302);
    const { html } = await page(server, `/community/${id}`, other.cookie);
    const text = mainText(html);
    expect(text).toContain("고친 글");
    expect(text).toMatch(/수정됨 \d{4}년 \d{1,2}월 \d{1,2}일/);
  });

  it("the post form keeps a long body whole and names a bad image under the images", async () => {
    const created = await sendJson(
      server,
      "POST",
      "/api/community/posts",
      { title: "긴 글", body: "처음" },
      { cookie: author.cookie },
    );
    const { id } = (await created.json()) as { id: string };
    const send = (fields: [string, string][]) =>
      server.fetch(`/community/${id}/edit`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: author.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
      });
    // Far past the 200 characters a field without a stated length may carry; empty image slots.
    const body = "가".repeat(5_000);
    const saved = await send([
      ["title", "긴 글"],
      ["body", body],
      ["images", ""],
      ["images", ""],
    ]);
    expect(saved.status).toBe(302);
    const [row] = await server.db
      .select({ body: communityPosts.content })
      .from(communityPosts)
      .where(eq(communityPosts.id, id));
    expect(row?.body).toBe(body);

    const refused = await send([
      ["title", "긴 글"],
      ["body", "고친 본문"],
      ["images", "/objects/not-an-object"],
      ["images", ""],
    ]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(mainText(html)).toContain("이미지를 다시 업로드해주세요.");
    // What was typed stays in the form.
    expect(html).toContain("고친 본문</textarea>");
  });

  it("a comment form keeps a long comment whole and refuses one past 2,000 characters", async () => {
    const created = await sendJson(
      server,
      "POST",
      "/api/community/posts",
      { title: "긴 댓글", body: "본문" },
      { cookie: author.cookie },
    );
    const { id } = (await created.json()) as { id: string };
    const long = `${"긴 댓글입니다. ".repeat(200)}끝`;
    expect(Array.from(long).length).toBeGreaterThan(1500);
    const sent = await postForm(
      server,
      `/community/${id}`,
      { intent: "comment", body: long },
      { cookie: other.cookie },
    );
    expect(sent.status).toBe(302);
    const read = await server.fetch(`/api/community/posts/${id}`, {
      headers: { Cookie: other.cookie },
    });
    const post = (await read.json()) as { comments: { body: string }[] };
    expect(post.comments.at(-1)?.body).toBe(long.trim());
    const tooLong = await postForm(
      server,
      `/community/${id}`,
      { intent: "comment", body: "가".repeat(2001) },
      { cookie: other.cookie },
    );
    expect(tooLong.status).toBe(400);
    expect(mainText(await tooLong.text())).toContain("2,000자 이하");
  });

  it("comments, reports and an administrator's hide work as forms; views count other readers", async () => {
    const created = await sendJson(
      server,
      "POST",
      "/api/community/posts",
      { title: "폼 댓글", body: "본문" },
      { cookie: author.cookie },
    );
    const { id } = (await created.json()) as { id: string };
    const comment = await postForm(
      server,
      `/community/${id}`,
      { intent: "comment", body: "폼 댓글입니다" },
      { cookie: other.cookie },
    );
    expect(comment.status).toBe(302);
    const blank = await postForm(
      server,
      `/community/${id}`,
      { intent: "comment", body: "  " },
      { cookie: other.cookie },
    );
    expect(blank.status).toBe(400);
    expect(mainText(await blank.text())).toContain("댓글 내용을 입력해주세요.");
    const report = await postForm(
      server,
      `/community/${id}`,
      { intent: "report", kind: "posts", reason: "광고" },
      { cookie: other.cookie },
    );
    expect(report.status).toBe(302);
    const again = await postForm(
      server,
      `/community/${id}`,
      { intent: "report", kind: "posts", reason: "광고" },
      { cookie: other.cookie },
    );
    expect(again.status).toBe(409);
    expect(mainText(await again.text())).toContain("이미 신고한 게시물입니다.");
    const notAdmin = await postForm(
      server,
      `/community/${id}`,
      { intent: "hide", kind: "posts", reason: "x" },
      { cookie: other.cookie },
    );
    expect(notAdmin.status).toBe(403);
    await notAdmin.body?.cancel();
    const hide = await postForm(
      server,
      "/admin/community",
      { intent: "hide", kind: "posts", id, reason: "운영 원칙 위반" },
      { cookie: admin.cookie },
    );
    expect(hide.status).toBe(302);
    const [row] = await server.db.select().from(communityPosts).where(eq(communityPosts.id, id));
    expect(row?.hiddenReason).toBe("운영 원칙 위반");
    expect(row?.openReports).toBe(0);

    const viewsBefore = row?.views ?? 0;
    await page(server, `/community/${id}`, admin.cookie);
    await page(server, `/community/${id}`, author.cookie);
    const [after] = await server.db.select().from(communityPosts).where(eq(communityPosts.id, id));
    expect(after?.views).toBe(viewsBefore + 1);
  });

  it("the author deletes a post with comments: the thread says 삭제된 게시물입니다", async () => {
    const created = await sendJson(
      server,
      "POST",
      "/api/community/posts",
      { title: "지울 글", body: "본문" },
      { cookie: author.cookie },
    );
    const { id } = (await created.json()) as { id: string };
    await postForm(
      server,
      `/community/${id}`,
      { intent: "comment", body: "남는 댓글" },
      {
        cookie: other.cookie,
      },
    );
    const res = await postForm(
      server,
      `/community/${id}`,
      { intent: "deletePost" },
      {
        cookie: author.cookie,
      },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/community");
    const { html } = await page(server, `/community/${id}`, other.cookie);
    const text = mainText(html);
    expect(text).toContain("삭제된 게시물입니다");
    expect(text).toContain("남는 댓글");
    expect(text).not.toContain("지울 글");
  });
});

describe("the list page: 20 a page, search and page in the URL", () => {
  it("pages with numbered links that keep the search", async () => {
    const tag = `쪽표식${Date.now().toString(36)}`;
    await server.db.insert(communityPosts).values(
      Array.from({ length: 23 }, (_, i) => ({
        title: `${tag} 글 ${i}`,
        content: "본문",
        authorId: author.id,
        authorName: author.name,
        createdAt: new Date(Date.now() - (23 - i) * 60_000),
      })),
    );
    const q = encodeURIComponent(tag);
    const first = await page(server, `/community?q=${q}`, other.cookie);
    expect(mainText(first.html)).toContain("23건");
    const rows = (first.html.match(new RegExp(`${tag} 글 \\d+`, "g")) ?? []).filter(
      (_, i, all) => all.indexOf(_) === i,
    );
    expect(rows).toHaveLength(20);
    expect(rows[0]).toBe(`${tag} 글 22`);
    const pageLinks = tags(first.html, "a").filter((a) => a.href?.includes("page=2"));
    expect(pageLinks.length).toBeGreaterThan(0);
    expect(pageLinks[0]?.href).toBe(`/community?q=${q}&page=2`);
    const second = await page(server, `/community?q=${q}&page=2`, other.cookie);
    const secondRows = new Set(second.html.match(new RegExp(`${tag} 글 \\d+`, "g")));
    expect([...secondRows].sort()).toEqual([`${tag} 글 0`, `${tag} 글 1`, `${tag} 글 2`].sort());
    // A bad page number shows the first page.
    const bad = await page(server, `/community?q=${q}&page=abc`, other.cookie);
    expect(bad.status).toBe(200);
    expect(bad.html).toContain(`${tag} 글 22`);
  });

  it("the mypage switch shows its state", async () => {
    const { html } = await page(server, "/mypage/board", other.cookie);
    expect(mainText(html)).toContain("댓글 알림 메일: 받음");
    const data = hydrationData(html).loaderData?.["routes/mypage-board"] as {
      commentMail?: boolean;
    };
    expect(data?.commentMail).toBe(true);
  });
});
