// The public read calls and pages against fixtures inserted with exact values: field names and
// order of every list, announcement excerpts, seminars split by date, and that neither the list,
// the detail page nor any call ever gives a visitor an announcement's body.
import { beforeAll, describe, expect, it } from "vitest";
import { announcements, executives, historyEvents, seminars, sessions, users } from "~db/schema";
import { mainText, meta, title } from "../support/html";
import { setupTestServer } from "../support/test-server";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

/** A string that appears only in the body of an announcement, after its first 100 characters. */
const MARKER = "MEMBERS-ONLY-BODY-3f9a7c";
// Long enough (over 200 characters) that the excerpt is the full 100, not half the body.
const FILLER = "정회원께만 공개되는 본문입니다. ".repeat(12);
const RICH_HTML = [
  "<h2>총회&nbsp;안내</h2>",
  '<p>회비 &amp; 일정 &lt;필독&gt; &quot;꼭&quot; 확인&#39;s <strong class="x">굵게</strong><br>줄바꿈</p>',
  '<script>document.write("스크립트")</script><style>p { color: red }</style>',
  `<ul><li>${FILLER}</li></ul>`,
  `<p>${MARKER}</p>`,
].join("");
/** RICH_HTML as plain text, written out by hand. */
const RICH_TEXT = `총회 안내 회비 & 일정 <필독> "꼭" 확인's 굵게 줄바꿈 ${FILLER.trim()} ${MARKER}`;
const RICH_TITLE = `정기총회 & "특별" 안내 <공지>`;

const fixtures = {
  rich: "",
  plain: "",
  emoji: "",
  oldest: "",
};

const USER_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$NEVER-SHOW-THIS-HASH";

const server = setupTestServer({ seed: false });
beforeAll(async () => {
  const db = server.db;

  const inserted = await db
    .insert(announcements)
    .values([
      {
        title: RICH_TITLE,
        content: RICH_HTML,
        category: "공지",
        views: 7,
        createdAt: new Date(now - 1 * DAY),
      },
      // No category: the column default applies.
      { title: "짧은 안내", content: "<p>짧은 본문</p>", createdAt: new Date(now - 2 * DAY) },
      {
        title: "이모지 안내",
        content: `<p>${"😀".repeat(150)}</p>`,
        category: "행사",
        createdAt: new Date(now - 3 * DAY),
      },
      {
        title: "가장 오래된 학술 안내",
        content: "<p>학술 본문</p>",
        category: "학술",
        views: 1234,
        createdAt: new Date(now - 40 * DAY),
      },
    ])
    .returning({ id: announcements.id, title: announcements.title });
  const [rich, plain, emoji, oldest] = inserted;
  if (!rich || !plain || !emoji || !oldest) {
    throw new Error(`Expected 4 inserted announcements, got ${inserted.length}`);
  }
  fixtures.rich = rich.id;
  fixtures.plain = plain.id;
  fixtures.emoji = emoji.id;
  fixtures.oldest = oldest.id;

  // Seminars inserted out of date order: two past, two upcoming.
  await db.insert(seminars).values([
    {
      title: "먼 미래 세미나",
      description: "먼 미래 설명",
      speaker: "연자 D",
      date: new Date(now + 30 * DAY),
      location: "장소 D",
      registrationUrl: null,
      status: "closed",
    },
    {
      title: "지난주 세미나",
      description: "지난주 설명",
      speaker: "연자 B",
      date: new Date(now - 7 * DAY),
      location: "장소 B",
      registrationUrl: "https://example.com/b",
      status: "closed",
    },
    {
      title: "다가오는 세미나",
      description: "다가오는 설명",
      speaker: "연자 C",
      date: new Date(now + 3 * DAY),
      location: "장소 C",
      registrationUrl: "https://example.com/c",
      // No status: the column default ('open') applies.
    },
    {
      title: "오래전 세미나",
      description: "오래전 설명",
      speaker: "연자 A",
      date: new Date(now - 100 * DAY),
      location: "장소 A",
      registrationUrl: null,
      status: "closed",
    },
  ]);

  // History out of order; events without a month come first in their year.
  await db.insert(historyEvents).values([
    { year: 2024, month: 5, title: "연혁 2024-05", description: "설명 2024-05" },
    { year: 2023, month: null, title: "연혁 2023", description: "설명 2023" },
    { year: 2025, month: 2, title: "연혁 2025-02", description: "설명 2025-02" },
    { year: 2023, month: 12, title: "연혁 2023-12", description: "설명 2023-12" },
    { year: 2024, month: null, title: "연혁 2024", description: "설명 2024" },
    { year: 2023, month: 1, title: "연혁 2023-01", description: "설명 2023-01" },
  ]);

  await db.insert(executives).values([
    {
      name: "셋째 임원",
      position: "총무이사",
      title: "셋째의원 원장",
      credentials: "전문의",
      order: 3,
    },
    {
      name: "첫째 임원",
      position: "회장",
      title: "첫째의원 원장",
      credentials: "전문의",
      imageUrl: "https://example.com/first.jpg",
      order: 1,
    },
    {
      name: "둘째 임원",
      position: "부회장",
      title: "둘째의원 원장",
      credentials: "전문의",
      order: 2,
    },
    // No order: the column default (0) puts it first.
    { name: "영번 임원", position: "고문", title: "영번의원 원장", credentials: "명예교수" },
  ]);

  const [user] = await db
    .insert(users)
    .values({
      email: "secret.doctor@example.kr",
      passwordHash: USER_HASH,
      name: "비밀의사",
      phone: "010-0000-0000",
      licenseNumber: "LIC-998877",
      hospitalName: "비밀의원",
      department: "내과",
      address: "대구",
    })
    .returning({ id: users.id });
  if (!user) throw new Error("Inserting the fixture user returned no row");
  await db.insert(sessions).values({
    sid: "sid-secret",
    sess: { userId: user.id },
    expire: new Date(now + DAY),
    userId: user.id,
  });
});

async function getJson(path: string) {
  const res = await server.fetch(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const text = await res.text();
  return { text, body: JSON.parse(text) as Array<Record<string, unknown>> };
}

async function getHtml(path: string) {
  const res = await server.fetch(path);
  const html = await res.text();
  return { res, html };
}

describe("GET /api/announcements", () => {
  it("answers a bare array of SPEC §3 fields plus excerpt, newest first, without content", async () => {
    const { body } = await getJson("/api/announcements");
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((a) => a.id)).toEqual([
      fixtures.rich,
      fixtures.plain,
      fixtures.emoji,
      fixtures.oldest,
    ]);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(
        ["category", "createdAt", "excerpt", "id", "title", "views"].sort(),
      );
      expect(item).not.toHaveProperty("content");
      expect(typeof item.views).toBe("number");
      expect(new Date(String(item.createdAt)).toISOString()).toBe(item.createdAt);
    }
    expect(body[0]).toMatchObject({ title: RICH_TITLE, category: "공지", views: 7 });
    expect(body[3]).toMatchObject({ category: "학술", views: 1234 });
  });

  it("gives the category default '일반' and views 0 when none were set", async () => {
    const { body } = await getJson("/api/announcements");
    const plain = body.find((a) => a.id === fixtures.plain);
    // A short body is never shown whole: its excerpt is half of it at most (decision 032).
    expect(plain).toMatchObject({ category: "일반", views: 0, excerpt: "짧은" });
  });

  it("makes the excerpt plain text: tags and scripts stripped, entities decoded, 100 characters", async () => {
    const { body } = await getJson("/api/announcements");
    const rich = body.find((a) => a.id === fixtures.rich);
    const excerpt = String(rich?.excerpt);
    expect(excerpt).toBe(Array.from(RICH_TEXT).slice(0, 100).join(""));
    expect(Array.from(excerpt)).toHaveLength(100);
    expect(
      excerpt.startsWith(`총회 안내 회비 & 일정 <필독> "꼭" 확인's 굵게 줄바꿈 정회원께만`),
    ).toBe(true);
    expect(excerpt).not.toMatch(/&(amp|lt|gt|quot|nbsp|#39);/);
    expect(excerpt).not.toContain("<strong");
    expect(excerpt).not.toContain("스크립트");
    expect(excerpt).not.toContain("color: red");
  });

  it("cuts by characters, never inside an emoji", async () => {
    const { body } = await getJson("/api/announcements");
    const emoji = body.find((a) => a.id === fixtures.emoji);
    // 150 emoji: half of them, as the body is shorter than twice the excerpt's 100.
    expect(emoji?.excerpt).toBe("😀".repeat(75));
  });

  it("never carries the body beyond the excerpt", async () => {
    const { text } = await getJson("/api/announcements");
    expect(text).not.toContain(MARKER);
    expect(text).not.toContain("<p>");
  });
});

describe("GET /api/seminars", () => {
  it("answers every seminar, past and upcoming, by date, with the SPEC §3 and registration fields", async () => {
    const { body } = await getJson("/api/seminars");
    expect(body.map((s) => s.title)).toEqual([
      "오래전 세미나",
      "지난주 세미나",
      "다가오는 세미나",
      "먼 미래 세미나",
    ]);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "date",
          "description",
          "id",
          "location",
          "registrationUrl",
          "speaker",
          "status",
          "title",
          // Registration, seats and the credit rule.
          "endDate",
          "capacity",
          "seatsLeft",
          "registrationOpensAt",
          "registrationClosesAt",
          "cancellationDeadline",
          "audience",
          "cmeCredits",
          "creditBands",
          "creditBreaks",
          // The fee table (null: free).
          "fees",
          // Where it stands in time now: upcoming, ongoing or past (issue 39).
          "phase",
          // The office's poster (null: none; issue 40).
          "posterUrl",
        ].sort(),
      );
    }
    expect(body[2]).toMatchObject({
      title: "다가오는 세미나",
      description: "다가오는 설명",
      speaker: "연자 C",
      location: "장소 C",
      registrationUrl: "https://example.com/c",
      status: "open",
      date: new Date(now + 3 * DAY).toISOString(),
      phase: "upcoming",
    });
    expect(body[3]).toMatchObject({ registrationUrl: null, status: "closed", fees: null });
    expect(body.map((s) => s.phase)).toEqual(["past", "past", "upcoming", "upcoming"]);
  });
});

describe("GET /api/history", () => {
  it("answers the events chronologically, a year's monthless event first", async () => {
    const { body } = await getJson("/api/history");
    expect(body.map((e) => [e.year, e.month])).toEqual([
      [2023, null],
      [2023, 1],
      [2023, 12],
      [2024, null],
      [2024, 5],
      [2025, 2],
    ]);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(
        ["description", "id", "month", "title", "year"].sort(),
      );
    }
    expect(body[0]).toMatchObject({ title: "연혁 2023", description: "설명 2023" });
  });
});

describe("GET /api/executives", () => {
  it("answers the executives ascending by order, with the SPEC §3 fields", async () => {
    const { body } = await getJson("/api/executives");
    expect(body.map((e) => [e.name, e.order])).toEqual([
      ["영번 임원", 0],
      ["첫째 임원", 1],
      ["둘째 임원", 2],
      ["셋째 임원", 3],
    ]);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(
        ["credentials", "id", "imageUrl", "name", "order", "position", "title"].sort(),
      );
    }
    expect(body[1]).toMatchObject({
      position: "회장",
      title: "첫째의원 원장",
      credentials: "전문의",
      imageUrl: "https://example.com/first.jpg",
    });
    expect(body[0]).toBeDefined();
    expect(body[0]?.imageUrl).toBeNull();
  });
});

describe("no private data in public answers", () => {
  it("no call or page carries a password hash, a session or a user's personal data", async () => {
    const paths = [
      "/api/announcements",
      "/api/seminars",
      "/api/history",
      "/api/executives",
      "/",
      "/announcements",
      "/executives",
      `/announcements/${fixtures.rich}`,
    ];
    for (const path of paths) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      for (const secret of [
        "passwordHash",
        "password_hash",
        USER_HASH,
        "NEVER-SHOW-THIS-HASH",
        "secret.doctor@example.kr",
        "LIC-998877",
        "sid-secret",
      ]) {
        expect(text, `${path} leaks ${secret}`).not.toContain(secret);
      }
    }
  });
});

describe("announcement pages for a visitor", () => {
  it("the list page shows each excerpt with an ellipsis and never the body", async () => {
    const { res, html } = await getHtml("/announcements");
    expect(res.status).toBe(200);
    const text = mainText(html);
    expect(text).toContain(RICH_TITLE);
    expect(text).toContain(`${Array.from(RICH_TEXT).slice(0, 100).join("")}...`);
    expect(text).toContain("짧은...");
    expect(text).not.toContain("짧은 본문");
    expect(text).toContain("1,234");
    expect(html).not.toContain(MARKER);
    expect(html).not.toContain("스크립트");
  });

  it("the detail page shows a login-required card, never any of the body", async () => {
    const { res, html } = await getHtml(`/announcements/${fixtures.rich}`);
    expect(res.status).toBe(200);
    expect(html).not.toContain(MARKER);
    expect(html).not.toContain("정회원께만 공개되는 본문");
    expect(html).not.toContain("필독");
    expect(mainText(html)).toContain("로그인");
    expect(html).toMatch(/href="\/login"/);
  });

  it("the detail page's link preview carries the title, never the body", async () => {
    const { html } = await getHtml(`/announcements/${fixtures.rich}`);
    expect(meta(html, "og:title")).toBe(`${RICH_TITLE} | ${meta(html, "og:site_name")}`);
    expect(title(html)).toContain(RICH_TITLE);
    const ogUrl = meta(html, "og:url");
    expect(ogUrl).toMatch(/^https?:\/\//);
    expect(new URL(String(ogUrl)).pathname).toBe(`/announcements/${fixtures.rich}`);
    expect(meta(html, "og:image")).toMatch(/^https?:\/\//);
    expect(meta(html, "description")).toBeTruthy();
    expect(meta(html, "og:description")).not.toContain("필독");
  });

  it("the home page shows the 3 newest announcements with 80-character previews", async () => {
    const { res, html } = await getHtml("/");
    expect(res.status).toBe(200);
    const text = mainText(html);
    expect(text).toContain(RICH_TITLE);
    expect(text).toContain("짧은 안내");
    expect(text).toContain("이모지 안내");
    expect(text).not.toContain("가장 오래된 학술 안내");
    expect(text).toContain(`${Array.from(RICH_TEXT).slice(0, 80).join("")}...`);
    expect(text).not.toContain(Array.from(RICH_TEXT).slice(0, 81).join(""));
    expect(html).not.toContain(MARKER);
  });

  it.each([
    ["an unknown id", "/announcements/7d1f3c2a-5b4e-4f60-9a8b-0c1d2e3f4a5b"],
    ["a malformed id", "/announcements/not-a-uuid"],
    ["a numeric id", "/announcements/12345"],
    ["an injection attempt", `/announcements/${encodeURIComponent("' OR 1=1 --")}`],
    ["an over-long id", `/announcements/${"a".repeat(5000)}`],
  ])("answers 404 for %s", async (_label, path) => {
    const { res, html } = await getHtml(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(mainText(html)).toContain("공지사항을 찾을 수 없습니다.");
  });
});

describe("pages render the fixtures", () => {
  it("/history shows the events in chronological order with years and months", async () => {
    const { res, html } = await getHtml("/history");
    expect(res.status).toBe(200);
    const text = mainText(html);
    const order = ["연혁 2023", "연혁 2023-01", "연혁 2023-12", "연혁 2024", "연혁 2024-05"];
    const positions = order.map((t) => text.indexOf(`${t} 설명`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toMatch(/2023\s*년\s*12월/);
  });

  it("/executives shows the executives ascending by order", async () => {
    const { res, html } = await getHtml("/executives");
    expect(res.status).toBe(200);
    const text = mainText(html);
    const positions = ["영번 임원", "첫째 임원", "둘째 임원", "셋째 임원"].map((n) =>
      text.indexOf(n),
    );
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html).toContain('src="https://example.com/first.jpg"');
  });

  it("/activities splits upcoming (soonest first) from past (most recent first)", async () => {
    const { res, html } = await getHtml("/activities");
    expect(res.status).toBe(200);
    const text = mainText(html);
    const [upcoming, past] = text.split("지난 세미나");
    expect(past).toBeDefined();
    // split always yields a first part; `past` was just checked.
    if (upcoming === undefined || past === undefined) throw new Error("No past-seminar section");
    expect(upcoming.indexOf("다가오는 세미나")).toBeGreaterThanOrEqual(0);
    expect(upcoming.indexOf("다가오는 세미나")).toBeLessThan(upcoming.indexOf("먼 미래 세미나"));
    expect(upcoming).not.toContain("지난주 세미나");
    expect(upcoming).not.toContain("오래전 세미나");
    expect(past.indexOf("지난주 세미나")).toBeGreaterThanOrEqual(0);
    expect(past.indexOf("지난주 세미나")).toBeLessThan(past.indexOf("오래전 세미나"));
    expect(past).not.toContain("먼 미래 세미나");
    // Open with a registration URL: a link; closed: the disabled '신청 마감' button.
    expect(html).toContain('href="https://example.com/c"');
    expect(upcoming).toContain("접수중");
    expect(upcoming).toContain("신청 마감");
    expect(past).toContain("종료");
  });
});
