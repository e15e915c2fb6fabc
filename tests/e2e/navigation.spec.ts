import { expect, type Page, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../support/site-pages";
import {
  createApprovedMember,
  holdScripts,
  horizontalOverflow,
  loginAs,
  menuToggle,
  mobileMenu,
  NAV_SECTIONS,
  NAVIGATION,
  setMobileMenu,
  societyName,
  waitForHydration,
} from "./fixtures";

const SPEC_HEADER_PATHS = [
  "/about",
  "/history",
  "/executives",
  "/charter",
  "/membership",
  "/activities",
  "/announcements",
  "/location",
];

function mainMenu(page: Page) {
  return page.getByRole("navigation", { name: "주 메뉴" });
}

/** The top-level entry of a section in the desktop menu (a link to its first page). */
function sectionLink(page: Page, label: string) {
  return mainMenu(page)
    .locator(":scope > ul > li")
    .filter({
      has: page.getByRole("link", { name: label, exact: true }),
    });
}

async function expectBreadcrumb(page: Page, crumbs: string[]) {
  const trail = page.getByRole("navigation", { name: "현재 위치" });
  await expect(trail.getByRole("listitem")).toHaveText(["홈", ...crumbs]);
  await expect(trail.locator('[aria-current="page"]')).toHaveText(crumbs.at(-1)!);
}

test.describe("desktop navigation", () => {
  test("four sections in order; each drop-down opens on hover and lists its pages; SPEC's links all stay", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = mainMenu(page);
    await expect(nav).toBeVisible();
    // Closed drop-downs: only the four section links are visible.
    await expect(nav.getByRole("link")).toHaveText(NAV_SECTIONS.map((section) => section.label));
    for (const section of NAV_SECTIONS) {
      const entry = sectionLink(page, section.label);
      await entry.getByRole("link", { name: section.label, exact: true }).hover();
      const menu = entry.locator("ul");
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link")).toHaveText(section.links.map((link) => link.label));
      expect(
        await menu
          .getByRole("link")
          .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href"))),
      ).toEqual(section.links.map((link) => link.href));
    }
    // Moving away closes the last one again.
    await page.getByRole("main").hover({ position: { x: 5, y: 400 } });
    await expect(sectionLink(page, "회원").locator("ul")).toBeHidden();
    // Every header link of SPEC.md §2 is still in the menu (the logo is the link home).
    const hrefs = await nav
      .getByRole("link", { includeHidden: true })
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")));
    for (const path of SPEC_HEADER_PATHS) expect(hrefs).toContain(path);
    await expect(menuToggle(page)).toBeHidden();
  });

  test("the drop-downs open by keyboard focus, and Tab walks through their pages", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const first = sectionLink(page, "학회소개");
    await first.getByRole("link", { name: "학회소개", exact: true }).focus();
    await expect(first.locator("ul")).toBeVisible();
    for (const link of NAV_SECTIONS[0]!.links) {
      await page.keyboard.press("Tab");
      await expect(first.getByRole("link", { name: link.label, exact: true })).toBeFocused();
    }
    // Tab leaves the first section for the second: the first closes, the second opens.
    await page.keyboard.press("Tab");
    const second = sectionLink(page, "학술활동");
    await expect(second.getByRole("link", { name: "학술활동", exact: true })).toBeFocused();
    await expect(first.locator("ul")).toBeHidden();
    await expect(second.locator("ul")).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/activities$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("학술 활동");
    // After the navigation the drop-down lets go.
    await expect(second.locator("ul")).toBeHidden();
  });

  test("Esc closes a drop-down opened by keyboard focus", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const entry = sectionLink(page, "소식");
    await entry.getByRole("link", { name: "소식", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(entry.getByRole("link", { name: "공지사항", exact: true })).toBeFocused();
    await expect(entry.locator("ul")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(entry.locator("ul")).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("each page of the menu opens from its drop-down and shows its breadcrumb and sub-menu", async ({
    page,
  }) => {
    await page.goto("/");
    for (const section of NAV_SECTIONS) {
      for (const link of section.links.filter((l) => l.heading)) {
        const entry = sectionLink(page, section.label);
        await entry.getByRole("link", { name: section.label, exact: true }).hover();
        await entry.getByRole("link", { name: link.label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${link.href}$`));
        await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
          link.heading!,
        );
        await expectBreadcrumb(page, [section.label, link.label]);
        if (section.links.length > 1) {
          const sub = page.getByRole("navigation", { name: `${section.label} 메뉴` });
          await expect(sub.getByRole("link")).toHaveText(section.links.map((l) => l.label));
          await expect(sub.locator('[aria-current="page"]')).toHaveText(link.label);
        }
      }
    }
  });

  test("a page below a menu entry names both in its breadcrumb; the home page has none", async ({
    page,
    request,
  }) => {
    const list = (await (await request.get("/api/announcements")).json()) as Array<{ id: string }>;
    await page.goto(`/announcements/${list[0]!.id}`);
    const trail = page.getByRole("navigation", { name: "현재 위치" });
    await expect(trail.getByRole("listitem")).toHaveText(["홈", "소식", "공지사항"]);
    await expect(trail.getByRole("link", { name: "공지사항" })).toHaveAttribute(
      "href",
      "/announcements",
    );
    await page.goto("/login");
    await expectBreadcrumb(page, ["회원", "로그인"]);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "현재 위치" })).toHaveCount(0);
  });

  test("the logo links home and the skip link targets the main content", async ({ page }) => {
    await page.goto("/location");
    const name = await societyName(page);
    const skip = page.getByRole("link", { name: "본문 바로가기" });
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(page.locator("#main")).toHaveCount(1);
    const logo = page.getByRole("banner").getByRole("link", { name: `${name} 홈` });
    // WCAG 2.5.3: the link's name starts with the text it shows.
    await expect(logo).toContainText(name);
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("at 768 px the header keeps one row for the menu", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto("/about");
    const items = mainMenu(page).locator(":scope > ul > li");
    const tops = await items.evaluateAll((nodes) =>
      nodes.map((n) => Math.round(n.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test("going to /activities in the page shows the seminar skeleton until its data arrives", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    // Hold the page's data back until the skeleton has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/activities\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await mainMenu(page).getByRole("link", { name: "학술활동", exact: true }).click();
    const skeleton = page.getByRole("main").locator('[aria-busy="true"]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toContainText("세미나 목록을 불러오는 중입니다");
    release();
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("학술 활동");
    await expect(page).toHaveURL(/\/activities$/);
    await expect(skeleton).toHaveCount(0);
  });
});

test.describe("site links (plain anchors made client-side navigations)", () => {
  test("a sub-menu link and a breadcrumb link load only the next page's data; a Ctrl-click opens a tab", async ({
    page,
    context,
  }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    const subMenu = page.getByRole("navigation", { name: "학회소개 메뉴" });
    const history = page.waitForRequest(/\/history\.data/);
    await subMenu.getByRole("link", { name: "연혁", exact: true }).click();
    await history;
    await expect(page).toHaveURL(/\/history$/);
    await expectBreadcrumb(page, ["학회소개", "연혁"]);

    // With a modifier the browser keeps the click: a new tab, and this page stays.
    const opened = context.waitForEvent("page");
    await subMenu
      .getByRole("link", { name: "오시는 길", exact: true })
      .click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/location");
    await expect(page).toHaveURL(/\/history$/);

    await page
      .getByRole("navigation", { name: "현재 위치" })
      .getByRole("link", { name: "홈" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("navigation", { name: "현재 위치" })).toHaveCount(0);
    expect(documents).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the drop-downs open on hover and on focus, and their links work", async ({ page }) => {
    await page.goto("/");
    const entry = sectionLink(page, "소식");
    await entry.getByRole("link", { name: "소식", exact: true }).focus();
    await expect(entry.locator("ul")).toBeVisible();
    await entry.getByRole("link", { name: "공지사항", exact: true }).click();
    await expect(page).toHaveURL(/\/announcements$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("공지사항");
  });

  test("the phone menu opens and every page is reachable", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await menuToggle(page).click();
    const nav = page.getByRole("navigation", { name: "모바일 메뉴" });
    await expect(nav).toBeVisible();
    for (const section of NAV_SECTIONS) {
      await nav.locator("summary", { hasText: section.label }).click();
    }
    const hrefs = await nav
      .getByRole("link")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")));
    expect(hrefs).toEqual(NAVIGATION.map((link) => link.href));
    await nav.getByRole("link", { name: "오시는 길" }).click();
    await expect(page).toHaveURL(/\/location$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("오시는 길");
  });
});

test.describe("phone menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the 메뉴 toggle opens an accordion of the sections, with 로그인 and 회원가입", async ({
    page,
  }) => {
    await page.goto("/about");
    await expect(mainMenu(page)).toBeHidden();
    const toggle = menuToggle(page);
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveText(/메뉴/);
    const nav = page.getByRole("navigation", { name: "모바일 메뉴" });
    await expect(nav).toBeHidden();

    await setMobileMenu(page, true);
    await expect(nav).toBeVisible();
    // The sections in order; the current one (학회소개) is open, the others closed.
    await expect(nav.locator("summary")).toHaveText(NAV_SECTIONS.map((s) => s.label));
    await expect(nav.getByRole("link")).toHaveText(NAV_SECTIONS[0]!.links.map((l) => l.label));
    await nav.locator("summary", { hasText: "소식" }).click();
    await expect(nav.getByRole("link", { name: "회원 게시판" })).toBeVisible();
    const panel = mobileMenu(page);
    await expect(panel.getByRole("link", { name: "로그인" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "회원가입" })).toBeVisible();
    expect(
      await horizontalOverflow(page),
      "no horizontal scroll with the menu open",
    ).toBeLessThanOrEqual(0);

    await setMobileMenu(page, false);
    await expect(nav).toBeHidden();
  });

  test("a menu opened before the JavaScript arrives stays open when the page hydrates, and closes on a navigation", async ({
    page,
  }) => {
    // Hold the scripts back until the menu is open: on a slow phone the JavaScript comes after the
    // first paint (decision 012), and a visitor may tap 메뉴 first.
    const release = await holdScripts(page);
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    await menuToggle(page).click();
    expect(await mobileMenu(page).evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    release();
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "모바일 메뉴" });
    await expect(nav).toBeVisible();
    expect(await mobileMenu(page).evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    // Hydrated: a link navigates on the client, and the menu closes behind it.
    await nav.locator("summary", { hasText: "소식" }).click();
    await nav.getByRole("link", { name: "공지사항" }).click();
    await expect(page).toHaveURL(/\/announcements$/);
    await expect(nav).toBeHidden();
  });

  test("a section's tabs open with the current one in view (오시는 길, the fifth)", async ({
    page,
  }) => {
    await page.goto("/location");
    const tabs = page.getByRole("navigation", { name: "학회소개 메뉴" });
    const current = tabs.locator('[aria-current="page"]');
    await expect(current).toHaveText("오시는 길");
    const box = await current.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    // The first tab's page keeps the row where it starts, its padding included.
    await page.goto("/about");
    expect(await tabs.getByRole("list").evaluate((list) => list.scrollLeft)).toBe(0);
  });

  test("Esc closes the phone menu and hands the focus back to 메뉴", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await menuToggle(page).click();
    const nav = page.getByRole("navigation", { name: "모바일 메뉴" });
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "연혁" }).focus();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    expect(await mobileMenu(page).evaluate((node) => (node as HTMLDetailsElement).open)).toBe(
      false,
    );
    await expect(menuToggle(page)).toBeFocused();
  });

  test("a member sees their name, 마이페이지 and 로그아웃 in the menu", async ({ page }) => {
    const member = await createApprovedMember();
    await loginAs(page, member.email, member.password);
    await page.goto("/");
    await setMobileMenu(page, true);
    const panel = mobileMenu(page);
    await expect(panel.getByText(member.name, { exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: "로그아웃" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "로그인" })).toHaveCount(0);
    await panel.getByRole("link", { name: "마이페이지" }).last().click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole("navigation", { name: "모바일 메뉴" })).toBeHidden();
  });

  test("choosing a page in the menu navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await setMobileMenu(page, true);
    const nav = page.getByRole("navigation", { name: "모바일 메뉴" });
    await nav.locator("summary", { hasText: "학술활동" }).click();
    await nav.getByRole("link", { name: "학술 활동" }).click();
    await expect(page).toHaveURL(/\/activities$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("학술 활동");
    await expect(nav).toBeHidden();
  });

  test("no public page scrolls horizontally", async ({ page }) => {
    for (const { path } of PUBLIC_PAGES) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
        const overflow = await horizontalOverflow(page);
        const wide =
          overflow > 0
            ? await page.evaluate(() =>
                [...document.querySelectorAll("body *")]
                  .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
                  .slice(0, 5)
                  .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">`),
              )
            : [];
        expect
          .soft(overflow, `${path} is wider than 375 px; widest elements: ${wide.join(", ")}`)
          .toBeLessThanOrEqual(0);
      });
    }
  });
});
