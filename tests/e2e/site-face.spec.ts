import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  type ApiSeminar,
  asAdmin,
  BASE_URL,
  createApprovedMember,
  header,
  horizontalOverflow,
  loginAs,
  mobileMenu,
  NAV_SECTIONS,
  open,
  setMobileMenu,
} from "./fixtures";

// The society's face (issue 40): the utility bar above the menu, the site search as a visitor and
// as a member, the human sitemap, the seminar calendar's month view, the .ics files, and the
// tablet's tap that opens a drop-down.

const suffix = Date.now().toString(36);
const SCREENS = process.env.SCREENS_DIR;

/**
 * Saves a viewport screenshot for docs/screens when SCREENS_DIR is set (not in CI); `height` keeps
 * to the top of the page (the header and what is under it, not other tests' notices).
 */
async function screen(page: Page, name: string, height?: number) {
  if (!SCREENS) return;
  const width = page.viewportSize()!.width;
  await page.screenshot({
    path: `${SCREENS}/${name}`,
    ...(height ? { clip: { x: 0, y: 0, width, height } } : {}),
  });
}

/** A notice whose body alone has `word`, and a board post, created once for the search tests. */
async function membersOnlyContent() {
  const bodyWord = `본문전용${suffix}`;
  const title = `검색시험 공지 ${suffix}`;
  await asAdmin(async (admin) => {
    const res = await admin.post("/api/announcements", {
      data: { title, content: `<p>여기에만 있는 말 ${bodyWord}</p>`, category: "공지" },
    });
    expect(res.status()).toBe(201);
  });
  return { bodyWord, title };
}

test.describe("site search", () => {
  test("a visitor finds a notice by its title only, never by its body, nor a board post", async ({
    page,
  }) => {
    const { bodyWord, title } = await membersOnlyContent();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    // The utility bar's box: a GET form to /search.
    const box = header(page).getByRole("searchbox", { name: "사이트 검색어" });
    await box.fill(`검색시험 공지 ${suffix}`);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "통합 검색" })).toBeVisible();
    await expect(main.getByRole("link", { name: new RegExp(title) })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.goto(`/search?q=${encodeURIComponent(bodyWord)}`);
    await expect(main).toContainText("검색 결과가 없습니다.");
    await expect(main).not.toContainText(title);
    await expect(main).toContainText("공지사항은 제목에서만 찾습니다.");
  });

  test("an approved member finds the notice by its body and a board post, at 375 px", async ({
    page,
  }) => {
    const { bodyWord, title } = await membersOnlyContent();
    const member = await createApprovedMember();
    await loginAs(page, member.email, member.password);
    const postTitle = `눈꽃 게시글 ${suffix}`;
    const post = await page.request.post("/api/community/posts", {
      data: { title: postTitle, body: "회원끼리 나누는 이야기" },
    });
    expect(post.status()).toBe(201);
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, "/");
    // On a phone the search box is in the menu.
    await setMobileMenu(page, true);
    const box = mobileMenu(page).getByRole("searchbox", { name: "사이트 검색어" });
    await box.fill(bodyWord);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=/);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: new RegExp(title) })).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent(`눈꽃 게시글 ${suffix}`)}`);
    await expect(main.getByRole("link", { name: new RegExp(postTitle) })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    // The same search as a visitor finds no post.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${BASE_URL}/search?q=${encodeURIComponent(postTitle)}`);
    await expect(visitor.getByRole("main")).toContainText("검색 결과가 없습니다.");
    await visitor.close();
  });

  test("an empty or too long search says so in Korean", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByRole("main")).toContainText("검색어를 입력해 주세요.");
    const response = await page.goto(`/search?q=${"가".repeat(101)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("검색어는 100자 이하로 입력해 주세요.");
  });

  test("screens at 375 and 1280 px", async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await open(page, `/search?q=${encodeURIComponent("세미나")}`);
      await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      await screen(page, `40-search-${width}.png`);
    }
  });
});

test.describe("the utility bar", () => {
  test("at 1280 px: 로그인, 회원가입, 사이트맵 and the search box above the menu", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/");
    const bar = header(page);
    for (const [name, href] of [
      ["로그인", "/login"],
      ["회원가입", "/signup"],
      ["사이트맵", "/sitemap"],
    ]) {
      await expect(bar.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
    await expect(bar.getByRole("searchbox", { name: "사이트 검색어" })).toBeVisible();
    // Above the menu.
    const barBox = await bar.getByRole("link", { name: "사이트맵" }).boundingBox();
    const menuBox = await page.getByRole("navigation", { name: "주 메뉴" }).boundingBox();
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(menuBox!.y);
    await screen(page, "40-home-1280.png", 560);
  });

  test("at 1280 px a member sees their name and 로그아웃", async ({ page }) => {
    const member = await createApprovedMember();
    await loginAs(page, member.email, member.password);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/");
    await expect(header(page).getByRole("link", { name: member.name })).toBeVisible();
    await expect(header(page).getByRole("button", { name: "로그아웃" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "로그인" })).toHaveCount(0);
  });

  test("at 375 px the header keeps to the wordmark and 메뉴; the menu holds the rest", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, "/");
    await expect(header(page).getByRole("searchbox")).toBeHidden();
    await expect(header(page).getByRole("link", { name: "사이트맵" })).toBeHidden();
    const bar = await header(page).boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(72);
    expect(await horizontalOverflow(page)).toBe(0);
    await screen(page, "40-home-375.png");
    await setMobileMenu(page, true);
    const menu = mobileMenu(page);
    await expect(menu.getByRole("searchbox", { name: "사이트 검색어" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "로그인" })).toBeVisible();
    await screen(page, "40-menu-375.png");
    await menu.getByRole("link", { name: "사이트맵" }).click();
    await expect(page).toHaveURL(/\/sitemap$/);
  });
});

test("the sitemap lists every menu page, section by section", async ({ page }) => {
  await open(page, "/sitemap");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "사이트맵" })).toBeVisible();
  for (const section of NAV_SECTIONS) {
    const list = main.getByRole("list", { name: section.label, exact: true });
    await expect(list.getByRole("link")).toHaveText(section.links.map((link) => link.label));
  }
  await expect(page.getByRole("navigation", { name: "현재 위치" })).toContainText("사이트맵");
});

test.describe("the seminar calendar", () => {
  test("a month in Seoul time with the months around it, at 1280 and 375 px", async ({
    page,
    request,
  }) => {
    const seminars = (await (await request.get("/api/seminars")).json()) as ApiSeminar[];
    const upcoming = seminars.find((s) => new Date(s.date).getTime() > Date.now()) ?? seminars[0]!;
    const seoul = new Date(new Date(upcoming.date).getTime() + 9 * 3600_000);
    const month = seoul.toISOString().slice(0, 7);
    const day = seoul.getUTCDate();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await open(page, "/activities");
      await page.getByRole("link", { name: "달력", exact: true }).click();
      await expect(page).toHaveURL(/view=calendar/);
      await page.goto(`/activities?view=calendar&month=${month}`);
      const main = page.getByRole("main");
      const [year, monthNumber] = month.split("-").map(Number);
      await expect(main.getByRole("heading", { level: 2 })).toHaveText(
        `${year}년 ${monthNumber}월`,
      );
      const seminar = main.getByRole("link", { name: new RegExp(escapeRegExp(upcoming.title)) });
      await expect(seminar.first()).toBeVisible();
      if (width === 375) {
        await expect(main).toContainText(`${monthNumber}월 ${day}일`);
      }
      expect(await horizontalOverflow(page)).toBe(0);
      await screen(page, `40-calendar-${width}.png`);
      await main.getByRole("link", { name: "다음 달" }).click();
      const next =
        monthNumber === 12
          ? `${year! + 1}-01`
          : `${year}-${String(monthNumber! + 1).padStart(2, "0")}`;
      await expect(page).toHaveURL(new RegExp(`month=${next}$`));
      await main.getByRole("link", { name: "이전 달" }).click();
      await expect(page).toHaveURL(new RegExp(`month=${month}$`));
    }
  });

  test("캘린더에 추가 downloads the seminar's .ics; /seminars.ics is a text/calendar feed", async ({
    page,
    request,
  }) => {
    const seminars = (await (await request.get("/api/seminars")).json()) as ApiSeminar[];
    const upcoming = seminars.find(
      (s) => new Date(s.date).getTime() > Date.now() && s.status !== "cancelled",
    )!;
    await open(page, `/activities/${upcoming.id}`);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "캘린더에 추가" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ics$/);
    const feed = await request.get("/seminars.ics");
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const body = await feed.text();
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(seminars.length);
    expect(body).toContain(`UID:seminar-${upcoming.id}@`);
  });
});

test.describe("a 768 px tablet", () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test("a tap on a top menu item opens its sub-menu instead of leaving the page", async ({
    page,
  }) => {
    await open(page, "/");
    const nav = page.getByRole("navigation", { name: "주 메뉴" });
    await expect(nav).toBeVisible();
    for (const section of NAV_SECTIONS) {
      const item = nav.getByRole("listitem").filter({
        has: page.getByRole("link", { name: section.label, exact: true }),
      });
      await tapCentre(page, item.getByRole("link", { name: section.label, exact: true }));
      const menu = item.locator("ul");
      await expect(menu).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(menu.getByRole("link")).toHaveText(section.links.map((link) => link.label));
    }
    // A tap on a sub-menu page goes there.
    const society = nav.getByRole("listitem").filter({
      has: page.getByRole("link", { name: "학회소개", exact: true }),
    });
    await tapCentre(page, society.getByRole("link", { name: "학회소개", exact: true }));
    await society.getByRole("link", { name: "연혁" }).tap();
    await expect(page).toHaveURL(/\/history$/);
  });
});

/**
 * A finger's tap on the middle of `target`, wherever the tap lands (a section's link lets taps
 * through to its item on a touch screen, so Playwright's own tap() would refuse it).
 */
async function tapCentre(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("a notice with a code block and a long address stays within a 375 px screen", async ({
  page,
}) => {
  const title = `코드 블록 공지 ${suffix}`;
  let id = "";
  await asAdmin(async (admin) => {
    const res = await admin.post("/api/announcements", {
      data: {
        title,
        category: "공지",
        content: `<pre><code>${"const settings = { 연회비: 100000, 납부기한: '2027-03-31' };".repeat(4)}</code></pre><p>https://example.org/${"a".repeat(120)}</p>`,
      },
    });
    expect(res.status()).toBe(201);
    id = ((await res.json()) as { id: string }).id;
  });
  const member = await createApprovedMember();
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, member.email, member.password);
  await page.goto(`/announcements/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await horizontalOverflow(page), "no horizontal scroll").toBeLessThanOrEqual(0);
  // The code block keeps its lines and scrolls in its own box.
  const block = page.getByRole("main").locator("pre");
  expect(await block.evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
  await asAdmin(async (admin) => {
    await admin.delete(`/api/announcements/${id}`);
  });
});
