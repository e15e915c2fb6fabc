// Second-factor sign-in: an administrator enrols a second factor by reading the secret shown next
// to the QR code, logs out, and logs in again with a code from the same TOTP library an
// authenticator app uses, then with a recovery code. (The Playwright servers run with
// ADMIN_MFA_REQUIRED=0 so the other specs' demo administrator keeps its password-only login; an
// enrolled administrator is asked for the code all the same.)
import { expect, type Page, test } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { uniqueSuffix } from "../support/http";
import { asAdmin, createApprovedMember, header, open, submitLogin } from "./fixtures";

/** The code of `secret` `offsetSeconds` from now. */
function codeAt(secret: string, offsetSeconds = 0) {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

async function logOut(page: Page) {
  await header(page).getByRole("button", { name: "로그아웃" }).first().click();
  await expect(page).toHaveURL(/\/$/);
}

test("an administrator enrols with the QR code's secret and logs in with a code and a recovery code", async ({
  page,
}) => {
  test.slow(); // a long journey: enrolment, a login with a code, then one with a recovery code
  const account = await createApprovedMember({
    name: `보안관리자${uniqueSuffix().slice(-4)}`,
  });
  await asAdmin(async (admin) => {
    const res = await admin.patch(`/api/admin/members/${account.id}`, { data: { role: "admin" } });
    expect(res.status()).toBe(200);
  });

  await open(page, "/login");
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Enrolment: the QR code and, next to it, the secret to type into an app.
  await open(page, "/admin/security");
  await page.getByRole("button", { name: "등록 시작" }).click();
  await expect(page.getByRole("img", { name: "인증 앱 등록용 QR 코드" })).toBeVisible();
  const shown = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const secret = shown.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("인증 코드").fill(codeAt(secret));
  await page.getByRole("button", { name: "등록 완료" }).click();

  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await expect(page.getByRole("link", { name: /텍스트 파일로 내려받기/ })).toHaveAttribute(
    "download",
    "recovery-codes.txt",
  );
  await expect(page.getByText("2단계 인증 사용 중")).toBeVisible();

  // Log out, log in: the password, then the code (the next step's, as a phone running a little
  // fast shows it; the current one was used to enrol).
  await logOut(page);
  await open(page, "/login");
  await submitLogin(page, account.email, account.password);
  await expect(page.getByRole("heading", { name: "2단계 인증" })).toBeVisible();
  await page.getByLabel("인증 코드 또는 복구 코드").fill("000000");
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page.getByText("인증 코드가 올바르지 않습니다.").first()).toBeVisible();
  await page.getByLabel("인증 코드 또는 복구 코드").fill(codeAt(secret, 30));
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Their sessions on /mypage/security: this one marked.
  await open(page, "/mypage/security");
  await expect(page.getByRole("heading", { name: "로그인된 기기" })).toBeVisible();
  await expect(page.getByText("현재 이 기기")).toBeVisible();

  // And with a recovery code instead of the app.
  await logOut(page);
  await open(page, "/login");
  await submitLogin(page, account.email, account.password);
  await page.getByLabel("인증 코드 또는 복구 코드").fill(recoveryCodes[0]!.trim());
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await open(page, "/admin/security");
  await expect(page.getByText(/남은 복구 코드\s*9개/)).toBeVisible();
});
