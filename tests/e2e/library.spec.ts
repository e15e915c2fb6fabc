// The members' library: an administrator adds a PDF to the library at /admin/library, and a member
// finds it on /library by searching and filtering, and downloads it under its Korean name, both on
// a 375 px phone. A visitor meanwhile sees only the locked notice.
import { type Browser, expect, test } from "@playwright/test";
import { uniqueSuffix } from "../support/http";
import {
  createApprovedMember,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  horizontalOverflow,
  loginAs,
  open,
  setMobileMenu,
  toast,
  writeTempFile,
} from "./fixtures";

const PHONE = { width: 375, height: 812 };

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

async function phone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    acceptDownloads: true,
  });
  return context.newPage();
}

test("an administrator adds a PDF and a member finds and downloads it, at 375 px", async ({
  browser,
  baseURL,
}) => {
  test.slow(); // a long journey: an upload, a search and a download, as two people
  const suffix = uniqueSuffix().slice(-6);
  const title = `개원 마케팅 가이드라인 ${suffix}`;
  const fileName = `마케팅 가이드라인 ${suffix}.pdf`;

  // The administrator adds the item from a phone.
  const admin = await phone(browser, baseURL!);
  await loginAs(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(admin, "/admin/library");
  await expect(admin.getByRole("heading", { level: 1, name: "자료실 관리" })).toBeVisible();
  await expect(
    admin.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link", { name: "자료실" }),
  ).toHaveAttribute("aria-current", "page");
  await admin.getByRole("button", { name: "자료 등록" }).click();
  await expect(admin.getByText("제목을 입력해주세요.")).toBeVisible();
  await admin.getByRole("textbox", { name: "제목", exact: true }).fill(title);
  await admin.getByRole("combobox", { name: "분류", exact: true }).fill("가이드라인");
  await admin
    .getByLabel("설명", { exact: true })
    .fill("비급여 광고 심의 기준을 정리한 자료입니다.");
  // A renamed executable is refused on upload, with the Korean message.
  const exe = Buffer.alloc(512);
  exe.write("MZ", 0, "latin1");
  await admin.locator('input[type="file"]').setInputFiles(writeTempFile("setup.pdf", exe));
  await expect(admin.getByText("파일만 올릴 수 있습니다.")).toBeVisible();
  await admin.locator('input[type="file"]').setInputFiles(writeTempFile(fileName, PDF));
  await expect(admin.getByText(`업로드 완료: ${fileName}`)).toBeVisible();
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
  await admin.getByRole("button", { name: "자료 등록" }).click();
  await expect(toast(admin, "자료를 등록했습니다.")).toBeVisible();
  await expect(admin.getByRole("heading", { level: 2, name: title })).toBeVisible();
  // The form is empty again for the next item.
  await expect(admin.getByRole("textbox", { name: "제목", exact: true })).toHaveValue("");
  await expect(admin.getByText("선택된 파일 없음")).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();

  // A visitor sees the lock, and nothing from the library.
  const visitor = await phone(browser, baseURL!);
  await open(visitor, "/library");
  await expect(visitor.getByText("회원 전용 콘텐츠입니다")).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);
  await visitor.context().close();

  // A member finds it from the site navigation, by search and category, and downloads it.
  const account = await createApprovedMember({ name: `자료회원${suffix}` });
  const member = await phone(browser, baseURL!);
  await loginAs(member, account.email, account.password);
  await open(member, "/");
  await setMobileMenu(member, true);
  const phoneMenu = member.getByRole("navigation", { name: "모바일 메뉴" });
  await phoneMenu.locator("summary", { hasText: "학술활동" }).click();
  await phoneMenu.getByRole("link", { name: "자료실" }).click();
  await expect(member).toHaveURL(/\/library$/);
  await expect(member.getByRole("heading", { level: 1, name: "자료실" })).toBeVisible();
  await member.getByLabel("분류", { exact: true }).selectOption("가이드라인");
  await member.getByRole("searchbox", { name: "제목·설명 검색" }).fill(`가이드라인 ${suffix}`);
  await member.getByRole("button", { name: "검색" }).click();
  await expect(member).toHaveURL(/category=/);
  await expect(member).toHaveURL(/q=/);
  const item = member.getByRole("listitem").filter({ hasText: title });
  await expect(item).toHaveCount(1);
  await expect(item.getByText(fileName)).toBeVisible();
  await expect(item.getByText(/PDF · \d+바이트/)).toBeVisible();
  await expect(item.getByText("내려받기 0회")).toBeVisible();
  expect(await horizontalOverflow(member)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(member);

  const downloading = member.waitForEvent("download");
  await item.getByRole("link", { name: `${title} 내려받기` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = await download.path();
  const fs = await import("node:fs");
  expect(fs.readFileSync(saved).equals(PDF)).toBe(true);

  await member.reload();
  await expect(
    member.getByRole("listitem").filter({ hasText: title }).getByText("내려받기 1회"),
  ).toBeVisible();
  await member.screenshot({ path: "test-results/library-375.png", fullPage: true });
  await member.context().close();
});
