// The office's member roster as the demo administrator uses it: search, a member
// record, suspension and reinstatement (with the member's login refused in between), bulk
// approval of pending sign-ups, and the roster on a 375 px phone.
import { expect, type Page, test } from "@playwright/test";
import { signUp, uniqueSuffix } from "../support/http";
import {
  createApprovedMember,
  DEMO_ADMIN,
  loginAs,
  open,
  recordPageProblems,
  signUpDetails,
  site,
  toast,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
});

/** Submits the roster's search form with a query. */
async function search(page: Page, query: string) {
  await page.getByLabel("검색어", { exact: true }).fill(query);
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

test("an administrator finds a member, suspends and reinstates them from the record", async ({
  page,
  playwright,
}) => {
  const suffix = uniqueSuffix().slice(-6);
  const doctor = await createApprovedMember({
    name: `정지대상${suffix}`,
    hospitalName: `수성구미래의원${suffix}`,
  });

  await open(page, "/admin/members");
  await expect(page.getByRole("navigation", { name: "관리자 메뉴" })).toBeVisible();
  await search(page, `미래의원${suffix}`);
  await expect(page.getByText(/총\s*1\s*명/)).toBeVisible();
  await page.getByRole("link", { name: doctor.name }).first().click();
  await expect(page).toHaveURL(/\/admin\/members\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: doctor.name })).toBeVisible();

  // A suspension needs a reason: the browser keeps the form until one is given.
  await page.getByLabel("정지 사유").fill("회비 미납으로 인한 정지");
  await page.getByRole("button", { name: "회원 정지" }).click();
  await expect(toast(page, "처리 완료")).toBeVisible();
  await expect(page.getByText("회비 미납으로 인한 정지").first()).toBeVisible();
  await expect(page.getByText("정지", { exact: true }).first()).toBeVisible();

  // The member cannot log in meanwhile, and is told why.
  const memberApi = await playwright.request.newContext({ baseURL: page.url() });
  const refused = await memberApi.post("/api/auth/login", {
    data: { email: doctor.email, password: doctor.password },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain("계정이 정지되어");

  await page.getByRole("button", { name: "정지 해제" }).click();
  await expect(page.getByRole("button", { name: "회원 정지" })).toBeVisible();
  const allowed = await memberApi.post("/api/auth/login", {
    data: { email: doctor.email, password: doctor.password },
  });
  expect(allowed.status()).toBe(200);
  await memberApi.dispose();

  // The record lists what was done, by whom.
  const history = page.getByRole("heading", { name: "관리 기록" }).locator("..");
  await expect(history.getByText("회원 정지", { exact: true })).toBeVisible();
  await expect(history.getByText("회원 정지 해제")).toBeVisible();
});

test("an administrator approves three pending sign-ups at once", async ({ page }) => {
  const tag = `일괄${uniqueSuffix().slice(-6)}`;
  const accounts = [];
  for (const n of [1, 2, 3]) {
    accounts.push(await signUp(site, signUpDetails({ name: `${tag}의사${n}`, hospitalName: tag })));
  }
  await open(page, `/admin/members?status=pending&q=${encodeURIComponent(tag)}`);
  await expect(page.getByText(/총\s*3\s*명/)).toBeVisible();
  for (const account of accounts) {
    await page.getByRole("checkbox", { name: `${account.name} 선택` }).check();
  }
  await page.getByRole("button", { name: "선택한 회원 승인" }).click();
  await expect(toast(page, "승인 완료")).toBeVisible();
  await expect(page.getByText("조건에 맞는 회원이 없습니다.")).toBeVisible();

  await open(page, `/admin/members?status=approved&q=${encodeURIComponent(tag)}`);
  await expect(page.getByText(/총\s*3\s*명/)).toBeVisible();
});

test("the roster's kept rows hydrate as React drew them, and a member's name opens their record in place", async ({
  page,
  baseURL,
}) => {
  const problems = recordPageProblems(page, baseURL!);
  const tag = `수화${uniqueSuffix().slice(-6)}`;
  const member = await createApprovedMember({ name: `${tag}회원`, hospitalName: tag });
  await signUp(site, signUpDetails({ name: `${tag}대기`, hospitalName: tag }));
  // Twice: the second page is sent from the kept rows.
  for (const round of [1, 2]) {
    await open(page, `/admin/members?q=${encodeURIComponent(tag)}`);
    await expect(page.getByText(/총\s*2\s*명/), `round ${round}`).toBeVisible();
  }
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("link", { name: member.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: member.name })).toBeVisible();
  // A client-side navigation: the hydrated row's link is React Router's.
  expect(documents).toEqual([]);
  await page.goBack();
  await page.getByRole("checkbox", { name: `${tag}대기 선택` }).check();
  await page.getByRole("button", { name: "선택한 회원 승인" }).click();
  await expect(toast(page, "승인 완료")).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  expect(problems).toEqual([]);
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the roster is usable on a phone: no sideways scroll, members as cards", async ({
    page,
  }) => {
    // A name far longer than a doctor's (a typo of 45 letters) still fits the card and the table.
    const member = await createApprovedMember({
      name: `폰확인${uniqueSuffix().slice(-5)}${"가".repeat(37)}`,
    });
    await open(page, `/admin/members?q=${encodeURIComponent(member.name)}`);
    const name = page.getByRole("link", { name: member.name });
    await expect(name).toBeVisible();
    // A card: the member's details stack under the name within the screen's width.
    const card = page.locator("tbody tr").filter({ has: name });
    const box = await card.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page
      .getByRole("navigation", { name: "관리자 메뉴" })
      .getByRole("link", { name: "대시보드" })
      .click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });
});
