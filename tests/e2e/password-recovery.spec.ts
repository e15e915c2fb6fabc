// A member recovers a forgotten password end to end, through the outbox. The seeded e2e
// server runs without SMTP_URL, so every message is an .eml file under its DATA_DIR/outbox
// (playwright.config.ts puts DATA_DIR in a fresh `society-e2e-*/seeded` under the system's
// temporary folder). The reset mail is found there by its unique recipient.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import {
  BASE_URL,
  createApprovedMember,
  header,
  headerUserName,
  open,
  submitLogin,
  toast,
  waitForHydration,
} from "./fixtures";

type OutboxMail = { file: string; to: string[]; subject: string; text: string; html: string };

/** Every seeded/outbox folder of a society-e2e-… data root in the temporary folder, newest first. */
function seededOutboxes(): string[] {
  const root = os.tmpdir();
  return fs
    .readdirSync(root)
    .filter((name) => name.startsWith("society-e2e-"))
    .map((name) => path.join(root, name, "seeded", "outbox"))
    .filter((dir) => fs.existsSync(dir))
    .map((dir) => ({ dir, mtime: fs.statSync(dir).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
    .map(({ dir }) => dir);
}

/** The .eml messages addressed to `email` in the seeded servers' outboxes, newest first. */
async function outboxMailTo(email: string): Promise<OutboxMail[]> {
  const found: OutboxMail[] = [];
  for (const dir of seededOutboxes()) {
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
      const file = path.join(dir, name);
      const raw = fs.readFileSync(file);
      // Cheap filter first: the address is in the To header as written.
      if (!raw.includes(email)) continue;
      const parsed = await simpleParser(raw);
      const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap(
        (group) => group.value.map((entry) => (entry.address ?? "").toLowerCase()),
      );
      if (!to.includes(email.toLowerCase())) continue;
      found.push({
        file,
        to,
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: typeof parsed.html === "string" ? parsed.html : "",
      });
    }
  }
  return found.sort((a, b) => path.basename(b.file).localeCompare(path.basename(a.file)));
}

/** Waits for the password-reset mail to `email` and answers it. */
async function resetMailTo(email: string): Promise<OutboxMail> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        mail = (await outboxMailTo(email)).find((m) => m.subject.includes("비밀번호 재설정 안내"));
        return mail !== undefined;
      },
      { message: `a password-reset .eml to ${email} in a society-e2e-*/seeded/outbox` },
    )
    .toBe(true);
  return mail!;
}

async function expectLoggedIn(page: Page, name: string) {
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "로그인 성공")).toBeVisible();
  await expect(headerUserName(page, name)).toBeVisible();
}

test("a member recovers a forgotten password through the e-mailed link", async ({ page }) => {
  const member = await createApprovedMember();
  const newPassword = "Recovered-Password-77";

  // '비밀번호 찾기' on the login page.
  await open(page, "/login");
  await page.getByRole("link", { name: "비밀번호 찾기" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "비밀번호 찾기", level: 1 })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("이메일").fill(member.email);
  await page.getByRole("button", { name: "재설정 링크 받기" }).click();
  await expect(page.getByRole("status")).toContainText(
    "입력하신 이메일이 가입된 계정이라면 비밀번호 재설정 링크를 보내 드렸습니다.",
  );

  // The mail, as the outbox holds it.
  const mail = await resetMailTo(member.email);
  expect(mail.to).toEqual([member.email.toLowerCase()]);
  expect(mail.text).toContain(`${member.name}님, 안녕하세요.`);
  expect(mail.text).not.toContain(member.password);
  expect(mail.text).not.toContain(member.licenseNumber);
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, `a reset link in: ${mail.text}`).toBeDefined();
  // Built from the seeded server's PUBLIC_URL.
  expect(new URL(link!).origin).toBe(new URL(BASE_URL).origin);
  expect(mail.html).toContain(`href="${link}"`);

  // The link opens the form; a new password is set under the sign-up rules.
  await open(page, link!);
  await expect(page.getByRole("heading", { name: "비밀번호 재설정", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: "새 비밀번호", exact: true }).fill("short");
  await page.getByRole("textbox", { name: "새 비밀번호 확인" }).fill("short");
  await page.getByRole("button", { name: "비밀번호 변경" }).click();
  await expect(page.getByText("비밀번호는 최소 8자 이상이어야 합니다")).toBeVisible();
  await page.getByRole("textbox", { name: "새 비밀번호", exact: true }).fill(newPassword);
  await page.getByRole("textbox", { name: "새 비밀번호 확인" }).fill(newPassword);
  await page.getByRole("button", { name: "비밀번호 변경" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "비밀번호 변경 완료")).toBeVisible();

  // The old password no longer works; the new one does.
  await waitForHydration(page);
  await submitLogin(page, member.email, member.password);
  await expect(toast(page, "로그인 실패")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, member.email, newPassword);
  await expectLoggedIn(page, member.name);
  await expect(header(page).getByRole("link", { name: "로그인" })).toBeHidden();

  // The link was single-use.
  await open(page, link!);
  await expect(page.getByRole("alert")).toContainText("만료되었거나 이미 사용되었습니다");
  await expect(page.getByRole("textbox", { name: "새 비밀번호", exact: true })).toHaveCount(0);
});
