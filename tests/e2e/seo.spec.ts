import { expect, type Page, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../support/site-pages";
import {
  type ApiAnnouncement,
  type ApiExecutive,
  type ApiHistoryEvent,
  type ApiSeminar,
  newestFirst,
  societyName,
} from "./fixtures";

const meta = (page: Page, key: string) =>
  page.locator(`head meta[property="${key}"], head meta[name="${key}"]`);

test.describe("Open Graph and page metadata", () => {
  test("every public page has a title, a description and Open Graph tags", async ({
    page,
    baseURL,
  }) => {
    for (const { path, heading } of PUBLIC_PAGES) {
      await test.step(path, async () => {
        await page.goto(path);
        const name = await societyName(page);
        await expect.soft(page.locator("html")).toHaveAttribute("lang", "ko");

        const title = await page.title();
        expect.soft(title, path).toContain(name);
        if (heading) expect.soft(title, path).toContain(heading);

        const url = `${baseURL}${path}`;
        await expect.soft(meta(page, "description")).toHaveAttribute("content", /^\S.{3,}$/);
        await expect.soft(meta(page, "og:type")).toHaveAttribute("content", "website");
        await expect.soft(meta(page, "og:site_name")).toHaveAttribute("content", name);
        await expect.soft(meta(page, "og:locale")).toHaveAttribute("content", "ko_KR");
        await expect.soft(meta(page, "og:title")).toHaveAttribute("content", title);
        await expect.soft(meta(page, "og:description")).toHaveAttribute("content", /^\S.{3,}$/);
        await expect.soft(meta(page, "og:url")).toHaveAttribute("content", url);
        await expect.soft(meta(page, "og:image")).toHaveAttribute("content", /^https?:\/\/.+/);
        await expect.soft(meta(page, "twitter:card")).toHaveAttribute("content", /summary/);
        await expect.soft(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", url);
        // Each tag once: a duplicate confuses link previews.
        for (const key of ["og:title", "og:description", "og:url", "og:image", "description"]) {
          await expect.soft(meta(page, key)).toHaveCount(1);
        }
      });
    }
  });

  test("the Open Graph image exists and is an image", async ({ page, request }) => {
    await page.goto("/");
    const image = await meta(page, "og:image").getAttribute("content");
    expect(image).toBeTruthy();
    const response = await request.get(image!);
    expect(response.status(), `GET ${image}`).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\//);
  });

  test("an announcement's preview shows its title, never its body", async ({
    page,
    request,
    baseURL,
  }) => {
    const [first] = newestFirst(
      (await (await request.get("/api/announcements")).json()) as ApiAnnouncement[],
    );
    await page.goto(`/announcements/${first!.id}`);
    await expect(meta(page, "og:type")).toHaveAttribute("content", "article");
    await expect(meta(page, "og:title")).toHaveAttribute(
      "content",
      `${first!.title} | ${await societyName(page)}`,
    );
    await expect(meta(page, "og:url")).toHaveAttribute(
      "content",
      `${baseURL}/announcements/${first!.id}`,
    );
    const description = (await meta(page, "og:description").getAttribute("content")) ?? "";
    expect(description).toContain(first!.category);
    expect(description).not.toContain(first!.excerpt.slice(0, 20));
  });
});

test.describe("sitemap.xml and robots.txt", () => {
  test("the sitemap lists the public pages only", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const paths = locs.map((loc) => {
      const url = new URL(loc);
      expect(url.origin, `${loc} is on the public origin`).toBe(new URL(baseURL!).origin);
      return url.pathname;
    });
    expect(new Set(paths).size, "no duplicates").toBe(paths.length);
    for (const path of [
      "/",
      "/about",
      "/history",
      "/executives",
      "/membership",
      "/activities",
      "/announcements",
      "/location",
    ]) {
      expect(paths, `sitemap lists ${path}`).toContain(path);
    }
    for (const path of paths) {
      expect(path).not.toMatch(/^\/(charter|login|signup|admin|api|membership\/apply)(\/|$)/);
      expect(path).not.toMatch(/^\/announcements\/./);
    }
    // Every listed page really is a readable page.
    for (const loc of locs) {
      const page = await request.get(new URL(loc).pathname);
      expect(page.status(), loc).toBe(200);
    }
  });

  test("robots.txt references the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    const sitemap = text.match(/^Sitemap: (\S+)$/m)?.[1];
    expect(sitemap).toBe(`${baseURL}/sitemap.xml`);
    expect(text).toMatch(/^Disallow: \/admin/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
});

test.describe("server-rendered content with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("home shows the society and the newest announcements", async ({ page, request }) => {
    const newest = newestFirst(
      (await (await request.get("/api/announcements")).json()) as ApiAnnouncement[],
    ).slice(0, 3);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const name = await societyName(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    const news = page.getByRole("region", { name: "최신 소식" });
    await expect(news.getByRole("heading", { level: 3 })).toHaveText(newest.map((a) => a.title));
    await expect(news.getByRole("link", { name: newest[0]!.title })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(`/announcements/${newest[0]!.id}`)}`,
    );
    // Plain links work without JavaScript.
    const menu = page.getByRole("navigation", { name: "주 메뉴" });
    await menu.getByRole("link", { name: "학회소개" }).hover();
    await menu.getByRole("link", { name: "연혁" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("연혁");
  });

  test("announcements, seminars, history and executives are in the HTML", async ({
    page,
    request,
  }) => {
    // The list's first page: 20 a page.
    const announcements = (await (
      await request.get("/api/announcements?page=1&pageSize=20")
    ).json()) as ApiAnnouncement[];
    const seminars = (await (await request.get("/api/seminars")).json()) as ApiSeminar[];
    const history = (await (await request.get("/api/history")).json()) as ApiHistoryEvent[];
    const executives = (await (await request.get("/api/executives")).json()) as ApiExecutive[];

    await page.goto("/announcements");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(announcements.length);
    await expect(page.getByRole("main")).toContainText(announcements[0]!.title);

    await page.goto("/activities");
    const main = page.getByRole("main");
    await expect(main.getByRole("article")).toHaveCount(seminars.length);
    for (const seminar of seminars) await expect(main).toContainText(seminar.title);
    await expect(main.getByRole("button", { name: "신청 마감" }).first()).toBeDisabled();
    await expect(main.getByText("종료", { exact: true }).first()).toBeVisible();

    await page.goto("/history");
    await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(history.length);

    await page.goto("/executives");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(
      executives.length,
    );
  });

  test("charter lock notice, location map and membership button render on the server", async ({
    page,
  }) => {
    await page.goto("/charter");
    await expect(page.getByText("학회 정관은 승인된 회원만 열람할 수 있습니다.")).toBeVisible();
    await page.goto("/location");
    await expect(page.getByRole("main").locator("iframe")).toHaveAttribute("loading", "lazy");
    await page.goto("/membership");
    await expect(page.getByRole("main").getByRole("link", { name: /회원가입 먼저/ })).toBeVisible();
  });

  test("the 404 page and a missing announcement keep their status", async ({ page }) => {
    const missing = await page.goto("/definitely/not/here");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    const announcement = await page.goto("/announcements/not-a-uuid");
    expect(announcement?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "공지사항을 찾을 수 없습니다.",
    );
  });
});
