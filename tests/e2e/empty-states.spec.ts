import { expect, test } from "@playwright/test";
import { EMPTY_BASE_URL, societyName } from "./fixtures";

// The server at EMPTY_BASE_URL starts on an empty database (SEED_DEMO=0): every list is empty.

test.use({ baseURL: EMPTY_BASE_URL });

test("the empty server really has no content", async ({ request }) => {
  for (const path of ["/api/announcements", "/api/seminars", "/api/history", "/api/executives"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.json(), path).toEqual([]);
  }
});

test("home: '아직 등록된 공지사항이 없습니다' and the rest of the page still renders", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(await societyName(page));
  const news = page.getByRole("region", { name: "최신 소식" });
  await expect(news.getByText("아직 등록된 공지사항이 없습니다")).toBeVisible();
  await expect(news.getByRole("listitem")).toHaveCount(0);
  await expect(news.getByRole("link", { name: "전체 보기" })).toHaveAttribute(
    "href",
    "/announcements",
  );
  await expect(page.getByRole("region", { name: "회원 혜택" }).getByRole("listitem")).toHaveCount(
    4,
  );
});

const EMPTY_TEXTS = [
  { path: "/announcements", heading: "공지사항", text: "등록된 공지사항이 없습니다." },
  { path: "/activities", heading: "학술 활동", text: "현재 등록된 세미나가 없습니다." },
  { path: "/history", heading: "연혁", text: "연혁 정보가 준비 중입니다." },
  { path: "/executives", heading: "임원진", text: "임원진 정보가 준비 중입니다." },
];

for (const { path, heading, text } of EMPTY_TEXTS) {
  test(`${path}: '${text}'`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(main.getByText(text, { exact: true })).toBeVisible();
    await expect(main.getByRole("article")).toHaveCount(0);
    await expect(main.getByRole("listitem")).toHaveCount(0);
  });
}

test("activities without seminars shows no past-seminar section", async ({ page }) => {
  await page.goto("/activities");
  await expect(page.getByRole("heading", { name: "예정된 세미나" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "지난 세미나" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "신청 마감" })).toHaveCount(0);
});

test("the empty texts are server-rendered", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: EMPTY_BASE_URL });
  const page = await context.newPage();
  try {
    await page.goto("/");
    await expect(page.getByText("아직 등록된 공지사항이 없습니다")).toBeVisible();
    for (const { path, text } of EMPTY_TEXTS) {
      await page.goto(path);
      await expect(page.getByRole("main").getByText(text, { exact: true })).toBeVisible();
    }
  } finally {
    await context.close();
  }
});
