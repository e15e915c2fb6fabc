// Issue 39, items 3 and 10 on a 375 px phone: a rejected doctor logs in, reads the office's reason
// on the status page, uploads a corrected licence image and asks again (once), and is first in
// the office's queue; a visitor's 정회원 신청 leads to 회원 안내's sign-up steps, and
// /membership/apply's '로그인 필요' toast is in the default style, not the red one.
import { expect, test } from "@playwright/test";
import { PNG, signUp } from "../support/http";
import {
  asAdmin,
  horizontalOverflow,
  open,
  setMobileMenu,
  signUpDetails,
  site,
  submitLogin,
  toast,
  waitForHydration,
  writeTempFile,
} from "./fixtures";

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const REASON = "면허증 사진이 흐려 면허번호를 읽을 수 없습니다.";

test("a rejected doctor corrects the licence image and asks again, once, on a phone", async ({
  page,
}) => {
  test.slow();
  const doctor = await signUp(site, signUpDetails({ name: "반려후재신청" }));
  await asAdmin(async (admin) => {
    const response = await admin.post(`/api/users/${doctor.id}/reject`, {
      data: { reason: REASON },
    });
    expect(response.status()).toBe(200);
  });

  await open(page, "/login");
  await submitLogin(page, doctor.email, doctor.password);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "반려", level: 1 })).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  await waitForHydration(page);
  expect(await horizontalOverflow(page)).toBe(0);

  await page.getByLabel("의사 면허증 이미지").setInputFiles(writeTempFile("better.png", PNG));
  await expect(toast(page, "업로드 완료")).toBeVisible();
  const again = page.getByRole("button", { name: "다시 신청하기" });
  await again.scrollIntoViewIfNeeded();
  await again.click();

  await expect(toast(page, "재신청 완료")).toBeVisible();
  await expect(page.getByRole("heading", { name: "승인 대기 중", level: 1 })).toBeVisible();
  await expect(page.getByText("다시 신청하신 내용을 사무국이 먼저 검토합니다.")).toBeVisible();
  // Once per rejection: no second request is offered, only a new image.
  await expect(page.getByRole("button", { name: "다시 신청하기" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "새 이미지 제출" })).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name === "sid" && c.value)).toEqual([]);

  // Ahead of every first sign-up in the office's queue: re-submissions come first (the earliest
  // first, so the demo society's own re-submission, or another test's, may stand before it).
  await asAdmin(async (admin) => {
    const response = await admin.get("/api/users/pending");
    const pending = (await response.json()) as Array<{ id: string; resubmittedAt: string | null }>;
    const place = pending.findIndex((member) => member.id === doctor.id);
    expect(place).toBeGreaterThanOrEqual(0);
    expect(pending[place]?.resubmittedAt).toBeTruthy();
    expect(pending.slice(0, place).every((member) => member.resubmittedAt)).toBe(true);
    const firstSignUp = pending.findIndex((member) => !member.resubmittedAt);
    expect(firstSignUp === -1 || firstSignUp > place).toBe(true);
  });

  // 새 이미지 제출 without an image: the site's Korean message, not the browser's bubble.
  await page.getByRole("button", { name: "새 이미지 제출" }).click();
  await expect(page.getByText("의사 면허증 이미지를 업로드해주세요").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "승인 대기 중", level: 1 })).toBeVisible();
});

test("a visitor's 정회원 신청 leads to 회원 안내's sign-up steps; /membership/apply asks to log in, not in red", async ({
  page,
}) => {
  await open(page, "/");
  await setMobileMenu(page, true);
  const menu = page.getByRole("navigation", { name: "모바일 메뉴" });
  await menu.getByText("회원", { exact: true }).click();
  const apply = menu.getByRole("link", { name: "정회원 신청" });
  await expect(apply).toHaveAttribute("href", "/membership#join");
  await apply.click();
  await expect(page).toHaveURL(/\/membership#join$/);
  await expect(page.getByRole("heading", { name: "가입 절차" })).toBeInViewport();

  await page.goto("/membership/apply");
  const notice = toast(page, "로그인 필요");
  await expect(notice).toBeVisible();
  await expect(notice).not.toHaveClass(/bg-rose-700/);
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
});
