import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../support/site-pages";
import {
  type ApiAnnouncement,
  createApprovedMember,
  DEMO_ADMIN,
  EMPTY_BASE_URL,
  expectNoSeriousA11yViolations,
  loginAs,
  setMobileMenu,
  waitForHydration,
} from "./fixtures";

// axe-core must report no violation of impact serious or critical on any public page.

test.describe("axe on the public pages", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("an announcement's login-required card", async ({ page, request }) => {
    const [first] = (await (await request.get("/api/announcements")).json()) as ApiAnnouncement[];
    await page.goto(`/announcements/${first!.id}`);
    await expect(page.getByRole("heading", { name: "로그인이 필요합니다" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the 404 pages", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/announcements/not-a-uuid");
    await expect(page.getByRole("heading", { name: "공지사항을 찾을 수 없습니다." })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("axe at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("every public page and the account pages, as a visitor", async ({ page }) => {
    // A dozen pages, each swept by axe: as long as the member's and administrator's sweeps.
    test.slow();
    for (const path of [
      ...PUBLIC_PAGES.map((p) => p.path),
      "/forgot-password",
      "/community",
      "/library",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("home with the mobile menu open", async ({ page }) => {
    await page.goto("/");
    await setMobileMenu(page, true);
    await expect(page.getByRole("navigation", { name: "모바일 메뉴" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("activities", async ({ page }) => {
    await page.goto("/activities");
    await expect(page.getByRole("heading", { level: 1, name: "학술 활동" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

// The pages of issue 40: the site search (empty, with results), the sitemap and the seminar
// calendar, as a visitor and as a member, on a phone and a desktop.
const FACE_PAGES = [
  "/search",
  `/search?q=${encodeURIComponent("세미나")}`,
  "/sitemap",
  "/activities?view=calendar",
];
for (const width of [375, 1280]) {
  test(`axe on search, sitemap and the calendar at ${width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    for (const path of FACE_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });

  test(`axe on search, sitemap and the calendar at ${width} px, for a member`, async ({ page }) => {
    test.slow();
    const member = await createApprovedMember();
    await loginAs(page, member.email, member.password);
    await page.setViewportSize({ width, height: 900 });
    for (const path of [...FACE_PAGES.slice(1), `/search?q=${encodeURIComponent("자료")}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    }
  });
}

test.describe("axe on the empty states", () => {
  for (const path of ["/", "/announcements", "/activities", "/history", "/executives"]) {
    test(`${path} without content`, async ({ page }) => {
      await page.goto(`${EMPTY_BASE_URL}${path}`);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

// No serious or critical violation on any page, logged in or not, on a phone and a
// desktop: every page a member and an administrator can open, with the pages' own data.
const MEMBER_PAGES = [
  "/",
  "/membership",
  "/membership/apply",
  "/announcements",
  "/activities",
  "/community",
  "/community/new",
  "/library",
  "/votes",
  "/mypage",
  "/privacy",
  "/terms",
  "/email-policy",
];
const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/dashboard?tab=applications",
  "/admin/dashboard?tab=announcements",
  "/admin/dashboard?tab=seminars",
  "/admin/dashboard?tab=executives",
  "/admin/dashboard?tab=history",
  "/admin/members",
  "/admin/audit",
  "/admin/dues",
  "/admin/payments",
  "/admin/messages",
  "/admin/messages?kind=advertisement&type=regular",
  "/admin/seminars",
  "/admin/library",
  "/admin/votes",
  "/admin/community",
  "/admin/security",
  "/admin/settings",
];

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`axe for a member at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("every page a member opens", async ({ page, request }) => {
      test.slow();
      const member = await createApprovedMember();
      await loginAs(page, member.email, member.password);
      const [seminar] = (await (await request.get("/api/seminars")).json()) as Array<{
        id: string;
      }>;
      for (const path of [...MEMBER_PAGES, `/activities/${seminar?.id}`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await waitForHydration(page);
        await expectNoSeriousA11yViolations(page);
      }
    });
  });

  test.describe(`axe for an administrator at ${viewport.width} px`, () => {
    test.use({ viewport });

    // In two halves: twenty pages' axe runs outgrow one test's time on a busy two-core machine.
    const half = Math.ceil(ADMIN_PAGES.length / 2);
    for (const [name, pages] of [
      ["the first half of the administrator pages", ADMIN_PAGES.slice(0, half)],
      ["the other administrator pages", ADMIN_PAGES.slice(half)],
    ] as const) {
      test(name, async ({ page }) => {
        test.slow();
        await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
        for (const path of pages) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await waitForHydration(page);
          await expectNoSeriousA11yViolations(page);
        }
      });
    }

    test("a member's record", async ({ page }) => {
      const member = await createApprovedMember();
      await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const response = await page.goto(`/admin/members/${member.id}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
