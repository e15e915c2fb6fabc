import { expect, test } from "@playwright/test";

test("home page renders the society and the latest news", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "최신 소식" })).toBeVisible();
});
