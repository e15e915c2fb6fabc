import { expect, test } from "@playwright/test";
import {
  horizontalOverflow,
  menuToggle,
  NAVIGATION,
  PUBLIC_PAGES,
  setMobileMenu,
  societyName,
  waitForHydration,
} from "./public-support";

test.describe("desktop navigation", () => {
  test("the header lists the spec's nine pages in order, with the members' board", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "주 메뉴" });
    await expect(nav).toBeVisible();
    const links = nav.getByRole("link");
    await expect(links).toHaveText(NAVIGATION.map((item) => item.label));
    expect(await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")))).toEqual(
      NAVIGATION.map((item) => item.href),
    );
    // The toggle is for small screens only.
    await expect(menuToggle(page)).toBeHidden();
  });

  test("each link leads to its page and marks itself as the current page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "주 메뉴" });
    for (const item of [...NAVIGATION.slice(1), NAVIGATION[0]]) {
      await nav.getByRole("link", { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(item.href === "/" ? /\/$/ : new RegExp(`${item.href}$`));
      const heading = page.getByRole("main").getByRole("heading", { level: 1 });
      if (item.href === "/") {
        await expect(heading).toContainText(await societyName(page));
      } else {
        await expect(heading).toHaveText(item.label);
      }
      await expect(nav.getByRole("link", { name: item.label, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test("the logo links home and the skip link targets the main content", async ({ page }) => {
    await page.goto("/location");
    const name = await societyName(page);
    const skip = page.getByRole("link", { name: "본문 바로가기" });
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(page.locator("#main")).toHaveCount(1);
    await page
      .getByRole("banner")
      .getByRole("link", { name: `${name} 홈` })
      .click();
    await expect(page).toHaveURL(/\/$/);
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
    await page
      .getByRole("navigation", { name: "주 메뉴" })
      .getByRole("link", { name: "학술 활동", exact: true })
      .click();
    const skeleton = page.getByRole("main").locator('[aria-busy="true"]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toContainText("세미나 목록을 불러오는 중입니다");
    release();
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("학술 활동");
    await expect(page).toHaveURL(/\/activities$/);
    await expect(skeleton).toHaveCount(0);
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the toggle has a '메뉴' name and flips aria-expanded; the menu lists the pages in order", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "주 메뉴" })).toBeHidden();
    const toggle = menuToggle(page);
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAccessibleName(/메뉴/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const controlled = await toggle.getAttribute("aria-controls");
    expect(controlled).toBeTruthy();
    const panel = page.locator(`[id="${controlled}"]`);
    await expect(panel).toBeHidden();

    await setMobileMenu(page, true);
    await expect(toggle).toHaveAccessibleName(/메뉴/);
    await expect(panel).toBeVisible();
    const links = panel.getByRole("navigation").getByRole("link");
    await expect(links).toHaveText(NAVIGATION.map((item) => item.label));
    expect(await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")))).toEqual(
      NAVIGATION.map((item) => item.href),
    );
    await expect(panel.getByRole("link", { name: "로그인" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "회원가입" })).toBeVisible();
    expect(
      await horizontalOverflow(page),
      "no horizontal scroll with the menu open",
    ).toBeLessThanOrEqual(0);

    await setMobileMenu(page, false);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });

  test("choosing a page in the menu navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    await setMobileMenu(page, true);
    const toggle = menuToggle(page);
    const panel = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    await panel.getByRole("link", { name: "학술 활동" }).click();
    await expect(page).toHaveURL(/\/activities$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("학술 활동");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
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
