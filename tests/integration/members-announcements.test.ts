// Announcement detail for approved members only (SPEC.md §2 Announcement detail, §6, §7):
// GET /api/announcements/{id} and the page /announcements/{id} for visitors, a session whose
// approval was withdrawn, and approved members; the sanitised body; views counted once per member
// per day; link previews without the body; and the way back to the announcement after logging in.
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  PASSWORD,
  postForm,
  sidCookie,
} from "../support/accounts";
import { mainText, meta, tags, title } from "../support/html";
import {
  announcementRow,
  insertAnnouncement,
  insertMember,
  type Member,
  page,
  setApproved,
} from "../support/members";
import { setupTestServer } from "../support/test-server";

const NOT_FOUND = "공지사항을 찾을 수 없습니다.";
const LOGIN_REQUIRED = "로그인이 필요합니다";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const MALFORMED_IDS = ["not-a-uuid", "123", "00000000-0000-4000-8000-00000000000g"];

/** Words that appear only in announcement bodies, never in titles, categories or the layout. */
const BODY_MARKER = "본문전용표식QZX";
const SECRET_MARKER = "회원전용비밀문장WQV";

// An announcement body as a careless or hostile editor might have stored it.
const HOSTILE_CONTENT = [
  `<p style="text-align:center">${BODY_MARKER} 가운데 정렬 문단</p>`,
  `<p><strong>굵은 글씨</strong> 그리고 <span style="color:#ff0000">빨간 글씨</span></p>`,
  `<p><a href="https://example.com/safe-link">안전한 링크</a></p>`,
  "<script>window.__xssScript = 1</script>",
  `<img src="https://example.com/pic.png" onerror="window.__xssOnerror = 1">`,
  `<a href="javascript:window.__xssHref = 1">나쁜 링크</a>`,
  `<iframe src="https://evil-frame.example/"></iframe>`,
  `<p style="position:fixed;top:0;left:0">덮어쓰기 문단</p>`,
  `<div onclick="window.__xssClick = 1">클릭 문단</div>`,
].join("");

/** Substrings that must never survive sanitising, in the JSON or anywhere in the page. */
const FORBIDDEN = [
  "__xss",
  "onerror",
  "onclick",
  "javascript:",
  "<iframe",
  "evil-frame.example",
  "position:fixed",
  "position: fixed",
];

let member: Member;
let otherMember: Member;
let hostile: Awaited<ReturnType<typeof insertAnnouncement>>;
let plain: Awaited<ReturnType<typeof insertAnnouncement>>;

const server = setupTestServer();
beforeAll(async () => {
  member = await insertMember(server);
  otherMember = await insertMember(server);
  hostile = await insertAnnouncement(server, {
    title: "보안 점검 공지",
    category: "학술",
    content: HOSTILE_CONTENT,
    imageUrl: "https://example.com/banner.png",
    linkUrl: "https://example.com/related",
    createdAt: new Date("2026-03-15T03:00:00Z"),
  });
  plain = await insertAnnouncement(server, {
    title: "링크 없는 공지",
    category: "행사",
    content: `<p>${SECRET_MARKER}</p>`,
    linkUrl: null,
    createdAt: new Date("2026-04-02T03:00:00Z"),
  });
});

type Detail = {
  id: string;
  title: string;
  content: string;
  category: string;
  imageUrl: string | null;
  linkUrl: string | null;
  createdAt: string;
  views: number;
};

async function readApi(id: string, cookie?: string) {
  const res = await get(server, `/api/announcements/${id}`, { cookie });
  return { res, body: await res.text() };
}

async function expectError(res: Response, status: number) {
  expect(res.status).toBe(status);
  const body = await json<ErrorBody>(res);
  expectKoreanMessages(body);
  return body;
}

function expectNoneOf(text: string, forbidden: string[]) {
  for (const needle of forbidden) expect(text, `contains "${needle}"`).not.toContain(needle);
}

describe("GET /api/announcements/{id}", () => {
  it("answers 401 to a visitor, without the body", async () => {
    const { res, body } = await readApi(hostile.id);
    expect(res.status).toBe(401);
    expectNoneOf(body, [BODY_MARKER, "굵은 글씨"]);
    expectKoreanMessages(JSON.parse(body) as ErrorBody);
    // The guard comes first: an unknown id is 401 too, so visitors learn nothing.
    expect((await get(server, `/api/announcements/${UNKNOWN_ID}`)).status).toBe(401);
  });

  it("answers 200 with every field of SPEC.md §7 to an approved member", async () => {
    const res = await get(server, `/api/announcements/${plain.id}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("cache-control")).toMatch(/private|no-store/);
    const body = await json<Detail>(res);
    expect(body).toMatchObject({
      id: plain.id,
      title: "링크 없는 공지",
      category: "행사",
      imageUrl: null,
      linkUrl: null,
    });
    expect(body.content).toContain(SECRET_MARKER);
    expect(new Date(body.createdAt).toISOString()).toBe("2026-04-02T03:00:00.000Z");
    expect(typeof body.views).toBe("number");
    expect(body.views).toBeGreaterThanOrEqual(1);
  });

  it("gives imageUrl and linkUrl when they are set", async () => {
    const res = await get(server, `/api/announcements/${hostile.id}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    const body = await json<Detail>(res);
    expect(body.imageUrl).toBe("https://example.com/banner.png");
    expect(body.linkUrl).toBe("https://example.com/related");
    expect(body.category).toBe("학술");
    expect(body.title).toBe("보안 점검 공지");
  });

  it("answers 404 with a Korean message for an unknown or malformed id", async () => {
    const unknown = await expectError(
      await get(server, `/api/announcements/${UNKNOWN_ID}`, { cookie: member.cookie }),
      404,
    );
    expect(unknown.message).toBe(NOT_FOUND);
    for (const id of MALFORMED_IDS) {
      const res = await get(server, `/api/announcements/${encodeURIComponent(id)}`, {
        cookie: member.cookie,
      });
      await expectError(res, 404);
    }
  });

  // A session only stands for an approved account (loadCurrentUser): once the approval is gone
  // the session is nobody's, so the answer is "log in", 401.
  it("answers 401 to a session whose account is no longer approved", async () => {
    const revoked = await insertMember(server);
    expect(
      (await get(server, `/api/announcements/${plain.id}`, { cookie: revoked.cookie })).status,
    ).toBe(200);
    await setApproved(server, revoked.id, false);
    const { res, body } = await readApi(plain.id, revoked.cookie);
    expect(res.status).toBe(401);
    expect(body).not.toContain(SECRET_MARKER);
  });
});

describe("the body is sanitised", () => {
  it("the API answer keeps the editor's formatting and drops scripts, handlers and frames", async () => {
    const res = await get(server, `/api/announcements/${hostile.id}`, { cookie: member.cookie });
    const { content } = await json<Detail>(res);
    expectNoneOf(content, [...FORBIDDEN, "<script", "<div"]);
    expect(content).toContain(BODY_MARKER);
    expect(content).toContain("<strong>굵은 글씨</strong>");
    expect(content).toMatch(/<p style="text-align:\s*center;?">/);
    expect(content).toMatch(/<span style="color:\s*#ff0000;?">빨간 글씨<\/span>/);
    // The text of removed wrappers may stay; their behaviour may not.
    expect(content).toContain("덮어쓰기 문단");
    expect(content).not.toMatch(/<p style="[^"]*position/);

    const safe = tags(content, "a").find((a) => a.href === "https://example.com/safe-link");
    expect(safe, "the https link survives").toBeDefined();
    expect(safe?.rel?.split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    expect(safe?.target).toBe("_blank");
    // Every remaining link is http(s) and opens safely.
    for (const a of tags(content, "a")) {
      if (a.href !== undefined) expect(a.href).toMatch(/^https?:\/\//);
      expect(a.rel ?? "").toContain("noopener");
    }
    for (const img of tags(content, "img")) {
      expect(Object.keys(img).filter((name) => name.startsWith("on"))).toEqual([]);
    }
  });

  it("the page renders the same sanitised body and none of the hostile markup", async () => {
    const { status, html } = await page(server, `/announcements/${hostile.id}`, member.cookie);
    expect(status).toBe(200);
    expectNoneOf(html, FORBIDDEN);
    expect(html).toContain(BODY_MARKER);
    expect(html).toContain("<strong>굵은 글씨</strong>");
    expect(html).toMatch(/style="text-align:\s*center;?"/);
    expect(html).toMatch(/style="color:\s*#ff0000;?"/);
    const safe = tags(html, "a").find((a) => a.href === "https://example.com/safe-link");
    expect(safe?.rel).toContain("noopener");
    expect(safe?.target).toBe("_blank");
  });
});

describe("views count once per member per day", () => {
  it("counts the first reading of each member, not refreshes, across the page and the API", async () => {
    const item = await insertAnnouncement(server, { title: "조회수 공지", views: 10 });
    const reader = await insertMember(server);
    const secondReader = await insertMember(server);

    // A visitor's page view and API call count nothing.
    expect((await page(server, `/announcements/${item.id}`)).status).toBe(200);
    expect((await get(server, `/api/announcements/${item.id}`)).status).toBe(401);
    expect((await announcementRow(server, item.id))?.views).toBe(10);

    const first = await get(server, `/api/announcements/${item.id}`, { cookie: reader.cookie });
    expect((await json<Detail>(first)).views).toBe(11);
    const again = await get(server, `/api/announcements/${item.id}`, { cookie: reader.cookie });
    expect((await json<Detail>(again)).views).toBe(11);
    // The page shares the count: the same member reading the page adds nothing.
    const pageRead = await page(server, `/announcements/${item.id}`, reader.cookie);
    expect(pageRead.status).toBe(200);
    expect((await announcementRow(server, item.id))?.views).toBe(11);

    // A second member counts once more, first through the page, then not again through the API.
    expect((await page(server, `/announcements/${item.id}`, secondReader.cookie)).status).toBe(200);
    expect((await announcementRow(server, item.id))?.views).toBe(12);
    const viaApi = await get(server, `/api/announcements/${item.id}`, {
      cookie: secondReader.cookie,
    });
    expect((await json<Detail>(viaApi)).views).toBe(12);
    await page(server, `/announcements/${item.id}`, secondReader.cookie);
    expect((await announcementRow(server, item.id))?.views).toBe(12);

    // The member page shows the current count.
    const shown = await page(server, `/announcements/${item.id}`, reader.cookie);
    expect(mainText(shown.html)).toMatch(/조회수\s*12/);
  });
});

describe("views under concurrent first readings", () => {
  it("a member opening the announcement several times at once counts once", async () => {
    const item = await insertAnnouncement(server, { title: "동시 조회 공지" });
    const reader = await insertMember(server);
    const answers = await Promise.all([
      get(server, `/api/announcements/${item.id}`, { cookie: reader.cookie }),
      get(server, `/api/announcements/${item.id}`, { cookie: reader.cookie }),
      page(server, `/announcements/${item.id}`, reader.cookie),
      get(server, `/api/announcements/${item.id}`, { cookie: reader.cookie }),
      page(server, `/announcements/${item.id}`, reader.cookie),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await announcementRow(server, item.id))?.views).toBe(1);
  });
});

describe("the detail page", () => {
  it("shows a visitor the login card, never the body", async () => {
    const { status, html, headers } = await page(server, `/announcements/${plain.id}`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toMatch(/private|no-store/);
    const text = mainText(html);
    expect(text).toContain(LOGIN_REQUIRED);
    expect(text).toContain("승인된 회원");
    // Nowhere in the document, including the serialised loader data.
    expect(html).not.toContain(SECRET_MARKER);
    // The card's buttons: log in (coming back here) and back to the list.
    const hrefs = tags(html, "a").map((a) => a.href);
    expect(hrefs).toContain(
      `/login?redirectTo=${encodeURIComponent(`/announcements/${plain.id}`)}`,
    );
    expect(hrefs).toContain("/announcements");
  });

  it("keeps the hostile announcement's body out of a visitor's page as well", async () => {
    const { html } = await page(server, `/announcements/${hostile.id}`);
    expectNoneOf(html, [BODY_MARKER, "굵은 글씨", "빨간 글씨", ...FORBIDDEN]);
  });

  it("previews links with the title and category, never the body", async () => {
    const { html } = await page(server, `/announcements/${plain.id}`);
    expect(meta(html, "og:title")).toBe(`링크 없는 공지 | ${meta(html, "og:site_name")}`);
    expect(title(html)).toContain("링크 없는 공지");
    const description = meta(html, "og:description") ?? "";
    expect(description).toContain("행사");
    expect(description).not.toContain(SECRET_MARKER);
    expect(meta(html, "description") ?? "").not.toContain(SECRET_MARKER);
    // A member's page previews the same way: the body is not in the meta tags either.
    const memberPage = await page(server, `/announcements/${plain.id}`, member.cookie);
    expect(meta(memberPage.html, "og:title")).toBe(
      `링크 없는 공지 | ${meta(memberPage.html, "og:site_name")}`,
    );
    expect(meta(memberPage.html, "og:description") ?? "").not.toContain(SECRET_MARKER);
  });

  it("shows the login card to a session whose account is no longer approved", async () => {
    const revoked = await insertMember(server);
    await setApproved(server, revoked.id, false);
    const { status, html } = await page(server, `/announcements/${plain.id}`, revoked.cookie);
    expect(status).toBe(200);
    expect(mainText(html)).toContain(LOGIN_REQUIRED);
    expect(html).not.toContain(SECRET_MARKER);
  });

  it("shows an approved member the category, Korean date, views, title, image, body and link", async () => {
    const { status, html } = await page(server, `/announcements/${hostile.id}`, member.cookie);
    expect(status).toBe(200);
    const text = mainText(html);
    expect(text).not.toContain(LOGIN_REQUIRED);
    expect(text).toContain("보안 점검 공지");
    expect(text).toContain("학술");
    expect(text).toContain("2026년 3월 15일");
    expect(text).toMatch(/조회수\s*\d+/);
    expect(text).toContain(BODY_MARKER);
    expect(tags(html, "img").some((img) => img.src === "https://example.com/banner.png")).toBe(
      true,
    );

    const link = tags(html, "a").find((a) => a.href === "https://example.com/related");
    expect(link, "the related-link button").toBeDefined();
    expect(link?.target).toBe("_blank");
    expect(link?.rel).toBe("noopener noreferrer");
    expect(html).toMatch(/href="https:\/\/example\.com\/related"[^>]*>\s*관련 링크 보기/);
  });

  it("has no related-link button when linkUrl is null", async () => {
    const { status, html } = await page(server, `/announcements/${plain.id}`, otherMember.cookie);
    expect(status).toBe(200);
    const text = mainText(html);
    expect(text).toContain(SECRET_MARKER);
    expect(text).toContain("2026년 4월 2일");
    expect(text).not.toContain("관련 링크 보기");
  });

  it("answers 404 with the not-found state for unknown and malformed ids", async () => {
    for (const cookie of [undefined, member.cookie]) {
      for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
        const { status, html } = await page(
          server,
          `/announcements/${encodeURIComponent(id)}`,
          cookie,
        );
        expect(status, `${id} ${cookie ? "member" : "visitor"}`).toBe(404);
        expect(mainText(html)).toContain(NOT_FOUND);
        expect(tags(html, "a").map((a) => a.href)).toContain("/announcements");
      }
    }
  });
});

describe("from the list to the announcement, through the login", () => {
  it("the list and the home page send a visitor to /login?redirectTo=… and a member to the detail", async () => {
    const latest = await insertAnnouncement(server, {
      title: "최신 공지",
      createdAt: new Date("2099-01-01T00:00:00Z"),
    });
    const detail = `/announcements/${latest.id}`;
    const viaLogin = `/login?redirectTo=${encodeURIComponent(detail)}`;
    for (const path of ["/", "/announcements"]) {
      const visitor = tags((await page(server, path)).html, "a").map((a) => a.href);
      expect(visitor, `${path} as a visitor`).toContain(viaLogin);
      expect(visitor).not.toContain(detail);
      const approved = tags((await page(server, path, member.cookie)).html, "a").map((a) => a.href);
      expect(approved, `${path} as a member`).toContain(detail);
      expect(approved).not.toContain(viaLogin);
    }
  });

  it("POST /login with redirectTo lands the member on the announcement", async () => {
    const reader = await insertMember(server);
    const target = `/announcements/${plain.id}`;
    const res = await postForm(server, "/login", {
      email: reader.email,
      password: PASSWORD,
      redirectTo: target,
    });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toBe(target);
    const cookie = sidCookie(res);
    expect(cookie).toBeTruthy();
    const landed = await page(server, target, cookie);
    expect(landed.status).toBe(200);
    expect(mainText(landed.html)).toContain(SECRET_MARKER);
  });

  it("a plain login lands on /, and a foreign redirectTo is ignored", async () => {
    const reader = await insertMember(server);
    const plainLogin = await postForm(server, "/login", {
      email: reader.email,
      password: PASSWORD,
    });
    expect([302, 303]).toContain(plainLogin.status);
    expect(plainLogin.headers.get("location")).toBe("/");
    for (const redirectTo of ["//evil.example/announcements", "https://evil.example/"]) {
      const res = await postForm(server, "/login", {
        email: reader.email,
        password: PASSWORD,
        redirectTo,
      });
      expect([302, 303]).toContain(res.status);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("a logged-in member opening /login?redirectTo=… goes straight there", async () => {
    const target = `/announcements/${plain.id}`;
    const res = await get(server, `/login?redirectTo=${encodeURIComponent(target)}`, {
      cookie: member.cookie,
    });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toBe(target);
  });
});
