// Personal data in the browser: a member edits their profile on /mypage and withdraws (회원 탈퇴,
// on /mypage/security), ending logged out on the home page and unable to log in again; an
// administrator views a pending member's licence image in the dashboard and finds that viewing
// ('면허증 열람') in the audit log at /admin/audit.
import { expect, type Page, test } from "@playwright/test";
import { signUp, uniqueSuffix } from "../support/http";
import {
  createApprovedMember,
  DEMO_ADMIN,
  header,
  headerUserName,
  loginAs,
  open,
  openDashboard,
  signUpDetails,
  site,
  submitLogin,
  tableRow,
  toast,
} from "./fixtures";

/** The profile form's field, by its label. */
function field(page: Page, label: string) {
  return page.getByRole("main").getByRole("textbox", { name: label, exact: true });
}

test("a member edits their profile on /mypage, then withdraws and cannot log in again", async ({
  page,
  request,
}) => {
  const member = await createApprovedMember();
  await loginAs(page, member.email, member.password);
  await open(page, "/mypage");
  await expect(page.getByRole("heading", { name: "마이페이지", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText(member.name);
  await expect(main).toContainText(member.email);
  await expect(main).toContainText(member.licenseNumber);
  await expect(main).toContainText("승인된 회원");
  await expect(main).toContainText(/개인정보 수집·이용 동의 \(v1\)/);
  await expect(field(page, "병원명")).toHaveValue(member.hospitalName);

  // Edit the profile.
  const suffix = uniqueSuffix().slice(-6);
  const changed = {
    phone: "010-3141-5926",
    department: `소화기내과${suffix}`,
    hospitalName: `범어새내과의원 ${suffix}`,
    address: `대구광역시 수성구 범어로 ${suffix}`,
  };
  await field(page, "휴대전화번호").fill(changed.phone);
  await field(page, "진료과목").fill(changed.department);
  await field(page, "병원명").fill(changed.hospitalName);
  await field(page, "병원 주소").fill(changed.address);
  await main.getByRole("button", { name: "정보 수정" }).click();
  await expect(toast(page, "회원 정보 수정 완료")).toBeVisible();

  // After a reload the page shows the stored values.
  await open(page, "/mypage");
  await expect(field(page, "휴대전화번호")).toHaveValue(changed.phone);
  await expect(field(page, "진료과목")).toHaveValue(changed.department);
  await expect(field(page, "병원명")).toHaveValue(changed.hospitalName);
  await expect(field(page, "병원 주소")).toHaveValue(changed.address);
  // E-mail and licence number are not editable here.
  await expect(main.getByRole("textbox", { name: /이메일/ })).toHaveCount(0);
  await expect(main.getByRole("textbox", { name: /면허번호/ })).toHaveCount(0);
  await expect(main).toContainText(member.email);

  // Withdraw, on 마이페이지's 보안·탈퇴 page: a wrong password first keeps the account.
  await page
    .getByRole("navigation", { name: "마이페이지 메뉴" })
    .getByRole("link", { name: "보안·탈퇴" })
    .click();
  await expect(page).toHaveURL(/\/mypage\/security$/);
  const withdrawal = main
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "회원 탈퇴" }) });
  await withdrawal.getByLabel(/비밀번호 확인/).fill("not-my-password");
  await withdrawal.getByRole("checkbox", { name: /탈퇴에 동의합니다/ }).check();
  await withdrawal.getByRole("button", { name: "회원 탈퇴" }).click();
  await expect(withdrawal.getByRole("alert").first()).toContainText(
    "비밀번호가 올바르지 않습니다.",
  );
  await expect(toast(page, "처리 실패")).toBeVisible();
  await expect(page).toHaveURL(/\/mypage\/security$/);
  expect((await page.request.get("/api/auth/me")).status()).toBe(200);

  // Then the right password, with the confirmation.
  await withdrawal.getByLabel(/비밀번호 확인/).fill(member.password);
  const confirm = withdrawal.getByRole("checkbox", { name: /탈퇴에 동의합니다/ });
  if (!(await confirm.isChecked())) await confirm.check();
  // The forms validate on submit, so the earlier error stays put and the first click submits.
  await withdrawal.getByRole("button", { name: "회원 탈퇴" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "회원 탈퇴 완료")).toBeVisible();
  await expect(header(page).getByRole("link", { name: "로그인" })).toBeVisible();
  await expect(headerUserName(page, member.name)).toHaveCount(0);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);

  // My page now asks to log in, and the account no longer logs in.
  await open(page, "/mypage");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmypage$/);
  await submitLogin(page, member.email, member.password);
  await expect(toast(page, "로그인 실패")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  const api = await request.post("/api/auth/login", {
    data: { email: member.email, password: member.password },
  });
  expect(api.status()).toBe(401);
});

test("after a wrong password, one click on '회원 탈퇴' with the right password withdraws", async ({
  page,
}) => {
  const member = await createApprovedMember();
  await loginAs(page, member.email, member.password);
  await open(page, "/mypage/security");
  const withdrawal = page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "회원 탈퇴" }) });
  await withdrawal.getByLabel(/비밀번호 확인/).fill("not-my-password");
  await withdrawal.getByRole("checkbox", { name: /탈퇴에 동의합니다/ }).check();
  await withdrawal.getByRole("button", { name: "회원 탈퇴" }).click();
  await expect(withdrawal.getByRole("alert").first()).toContainText(
    "비밀번호가 올바르지 않습니다.",
  );

  // As a person does it: type the right password and click the button once.
  await withdrawal.getByLabel(/비밀번호 확인/).fill(member.password);
  await withdrawal.getByRole("button", { name: "회원 탈퇴" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "회원 탈퇴 완료")).toBeVisible();
});

test("an administrator views a licence image and finds the viewing in the audit log", async ({
  page,
}) => {
  const pending = await signUp(site, signUpDetails());
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  // View the pending member's licence image in the dashboard's dialog.
  await openDashboard(page, "준회원 승인");
  const row = await tableRow(page, "승인 대기 회원", pending.email);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "면허증 보기" }).click();
  const viewer = page.getByRole("dialog", { name: "의사 면허증 확인" });
  const image = viewer.getByRole("img", { name: `${pending.name}님의 의사 면허증` });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await viewer.getByRole("button", { name: "닫기" }).click();
  await expect(viewer).toBeHidden();

  // The dashboard links to the audit log.
  await page.getByRole("link", { name: "감사 기록 · 내보내기" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { name: "감사 기록", level: 1 })).toBeVisible();

  // Filter by the action and by this administrator.
  await page
    .getByRole("main")
    .getByLabel("작업", { exact: true })
    .selectOption({ label: "면허증 열람" });
  await page
    .getByRole("main")
    .getByLabel("관리자", { exact: true })
    .selectOption({ label: DEMO_ADMIN.email });
  await page.getByRole("button", { name: "조회" }).click();
  await expect(page).toHaveURL(/action=view_license_image/);

  const table = page.getByRole("table", { name: "감사 기록 (최신순)" });
  const entry = table.getByRole("row").filter({ hasText: pending.email });
  await expect(entry.first()).toBeVisible();
  await expect(entry.first()).toContainText("면허증 열람");
  await expect(entry.first()).toContainText(pending.name);
  await expect(entry.first()).toContainText(DEMO_ADMIN.email);
  await expect(entry.first().getByRole("cell").nth(4)).toHaveText(/\S/);
  // Every row shown is a licence-image viewing by this administrator.
  const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    await expect(rows.nth(i).getByRole("cell").nth(2)).toHaveText("면허증 열람");
    await expect(rows.nth(i).getByRole("cell").nth(1)).toHaveText(DEMO_ADMIN.email);
  }
});
