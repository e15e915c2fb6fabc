// Seminars in the browser: a member registers for a seminar in one tap, sees the QR ticket and
// cancels; at the door, the check-in page reads the ticket's QR code from Chromium's fake camera
// (a Y4M video made from the ticket) and records an entry; a scan made while the browser is
// offline waits on the phone and is sent when the connection returns.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import QRCode from "qrcode";
import { uniqueSuffix } from "../support/http";
import {
  asAdmin,
  createApprovedMember,
  cspViolations,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  headerUserName,
  loginAs,
  open,
  recordCspViolations,
  recordPageProblems,
  toast,
} from "./fixtures";

/** The fake camera's video: Chromium reads it when the page opens the camera. */
const CAMERA_VIDEO = path.join(os.tmpdir(), `society-e2e-camera-${process.pid}.y4m`);

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${CAMERA_VIDEO}`,
    ],
  },
  permissions: ["camera"],
});

/**
 * Writes a short 640×480 Y4M video (4:2:0, greyscale) showing `text` as a QR code on white, as a
 * phone held up to the door's camera would.
 */
function writeQrVideo(file: string, text: string) {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const scale = Math.floor(360 / (size + 8));
  const side = (size + 8) * scale; // with a quiet zone of four modules each side
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (y + 4) * scale + dy) * width;
        luma.fill(16, row + left + (x + 4) * scale, row + left + (x + 5) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/**
 * A seminar with seats, starting in two hours by default (the door records from the day before).
 */
async function createSeminar(title: string, startsInHours = 2) {
  return asAdmin(async (admin) => {
    const response = await admin.post("/api/seminars", {
      data: {
        title,
        description: "현장 출결과 연수평점을 시험하는 세미나입니다.",
        speaker: "김연자 원장",
        date: new Date(Date.now() + startsInHours * 60 * 60 * 1000).toISOString(),
        location: "학회 세미나실",
        capacity: 30,
        cmeCredits: 2,
      },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { id: string };
  });
}

// Chromium lists the fake camera only if its file exists when the browser starts: a blank code
// until a test writes the ticket's.
writeQrVideo(CAMERA_VIDEO, "no ticket yet");

async function openCheckIn(page: Page, seminarId: string) {
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(page, `/admin/seminars/${seminarId}/check-in`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test.afterAll(() => {
  fs.rmSync(CAMERA_VIDEO, { force: true });
});

test("a member registers in one tap, sees the QR ticket on /mypage/seminars and cancels", async ({
  page,
}) => {
  const title = `개원 세무 세미나 ${uniqueSuffix().slice(-6)}`;
  // Ten days ahead: before the cancellation deadline (three days before the start).
  const seminar = await createSeminar(title, 240);
  const member = await createApprovedMember();
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, member.email, member.password);

  await open(page, "/activities");
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title }) })
    .getByRole("link", { name: "참가 신청" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/activities/${seminar.id}$`));
  await expect(page.getByText("30명 · 잔여 30석")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "참가 신청" }).click();
  await expect(toast(page, "신청이 확정되었습니다")).toBeVisible();
  await expect(page.getByText("30명 · 잔여 29석")).toBeVisible();

  await open(page, "/mypage/seminars");
  const card = page.locator("#seminars li").filter({ hasText: title });
  await expect(card.getByText("확정", { exact: true })).toBeVisible();
  await card.getByRole("link", { name: /QR 티켓/ }).click();
  const code = page.getByRole("img", { name: /입장 QR 코드/ });
  await expect(code).toBeVisible();
  // Large enough to scan from a phone screen.
  expect((await code.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(250);
  await expectNoSeriousA11yViolations(page);

  await open(page, "/mypage/seminars");
  const cancelButton = page
    .locator("#seminars li")
    .filter({ hasText: title })
    .getByRole("button", { name: /신청 취소/ });
  // Closed without cancelling, by keyboard: the focus is back on the button that opened it.
  await cancelButton.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "신청을 취소할까요?" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(cancelButton).toBeFocused();
  await cancelButton.click();
  // The cancellation asks first, saying what will happen.
  await expect(confirm).toContainText("자리는 다음 대기자에게 넘어갑니다");
  await confirm.getByRole("button", { name: "신청 취소" }).click();
  await expect(toast(page, "신청을 취소했습니다")).toBeVisible();
  await expect(
    page.locator("#seminars li").filter({ hasText: title }).getByText("취소", { exact: true }),
  ).toBeVisible();
});

test("members' seminar pages filled in from one template hydrate as each member's own, under the nonce policy", async ({
  browser,
  baseURL,
}) => {
  const seminar = await createSeminar(`노무 실무 세미나 ${uniqueSuffix().slice(-6)}`, 240);
  // Names that the page escapes differently in its HTML and in its hydration data.
  for (const name of [
    `이"따옴표'<b>&${uniqueSuffix().slice(-4)}`,
    `박</script>${uniqueSuffix().slice(-4)}`,
  ]) {
    const member = await createApprovedMember({ name });
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const problems = recordPageProblems(page, baseURL!);
    await recordCspViolations(page);
    await loginAs(page, member.email, member.password);
    const response = await open(page, `/activities/${seminar.id}`);
    // Another worker's write may draw the template anew: a miss or a hit, never a page of its own.
    expect(response?.headers()["x-page-cache"]).toMatch(/^template-(hit|miss)$/);
    await expect(headerUserName(page, name)).toBeVisible();
    expect(problems).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    // Hydrated: the header's link to 마이페이지 navigates on the client, as this member.
    await headerUserName(page, name).click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole("main")).toContainText(member.email);
    await context.close();
  }
});

test("the check-in page reads a ticket from the camera and records an entry", async ({
  page,
  request,
}) => {
  const seminar = await createSeminar(`출결 세미나 ${uniqueSuffix().slice(-6)}`);
  const member = await createApprovedMember();
  // Register as the member on the test's own request context and read the ticket token.
  const token = await (async () => {
    const login = await request.post("/api/auth/login", {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
    const registered = await request.post(`/api/seminars/${seminar.id}/registrations`);
    expect(registered.status()).toBe(201);
    return ((await registered.json()) as { ticketToken: string }).ticketToken;
  })();
  writeQrVideo(CAMERA_VIDEO, token);

  // A phone's screen: the camera fills the top, the log falls behind the bottom bar.
  await page.setViewportSize({ width: 375, height: 667 });
  await openCheckIn(page, seminar.id);
  await expect(page.getByRole("radio", { name: "입장" })).toBeChecked();
  await page.getByRole("button", { name: "카메라로 QR 티켓 스캔" }).click();
  const logged = page.getByRole("listitem").filter({ hasText: `${member.name}님 입장` });
  await expect(logged).toBeVisible({ timeout: 15_000 });
  // The result is in sight at once, without scrolling and not under the bottom bar.
  const shown = page.getByText(`${member.name}님 입장`).last();
  await expect(shown).toBeInViewport({ ratio: 1 });
  const uncovered = await shown.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });
  expect(uncovered).toBe(true);
  // The ticket stays in front of the camera (the fake camera shows it on and on): one entry.
  await page.waitForTimeout(5_000);
  await expect(logged).toHaveCount(1);
  await page.getByRole("button", { name: "카메라 끄기" }).click();

  // The office's list shows the entry.
  await open(page, `/admin/seminars/${seminar.id}?tab=attended`);
  await expect(page.getByRole("row").filter({ hasText: member.name })).toContainText("입장");
});

/** A new approved member, registered for the seminar through their own call. */
async function registeredFor(request: APIRequestContext, seminarId: string, name: string) {
  const member = await createApprovedMember({ name });
  const login = await request.post("/api/auth/login", {
    data: { email: member.email, password: member.password },
  });
  expect(login.status()).toBe(200);
  expect((await request.post(`/api/seminars/${seminarId}/registrations`)).status()).toBe(201);
  return member;
}

test("a scan made offline waits on the phone and is sent when the connection returns", async ({
  page,
  request,
}) => {
  const seminar = await createSeminar(`오프라인 세미나 ${uniqueSuffix().slice(-6)}`);
  const member = await registeredFor(request, seminar.id, `오프라인${uniqueSuffix().slice(-4)}`);

  await page.setViewportSize({ width: 375, height: 800 });
  await openCheckIn(page, seminar.id);
  await expectNoSeriousA11yViolations(page);
  await page.context().setOffline(true);
  await page.getByRole("searchbox", { name: "이름 또는 전화번호" }).fill(member.name);
  await page.getByRole("button", { name: `입장 기록 (${member.name})` }).click();
  await expect(page.getByRole("status")).toContainText("보내지 못한 기록 1건");

  await page.context().setOffline(false);
  await expect(page.getByRole("listitem").filter({ hasText: `${member.name}님 입장` })).toBeVisible(
    {
      timeout: 15_000,
    },
  );
  await expect(page.getByRole("status")).toHaveCount(0);

  // Recorded once, with the phone's time.
  const list = await asAdmin(async (admin) => {
    const response = await admin.get(
      `/api/admin/seminars/${seminar.id}/registrations?status=attended`,
    );
    return (await response.json()) as { total: number; items: Array<{ firstEntry: string }> };
  });
  expect(list.total).toBe(1);
});

test("a double tap on 입장 is one entry, and nothing is shown as waiting", async ({
  page,
  request,
}) => {
  const seminar = await createSeminar(`두번누름 세미나 ${uniqueSuffix().slice(-6)}`);
  const member = await registeredFor(request, seminar.id, `두번${uniqueSuffix().slice(-4)}`);

  await page.setViewportSize({ width: 375, height: 800 });
  await openCheckIn(page, seminar.id);
  await page.getByRole("searchbox", { name: "이름 또는 전화번호" }).fill(member.name);
  await page.getByRole("button", { name: `입장 기록 (${member.name})` }).dblclick();
  const entries = page.getByRole("listitem").filter({ hasText: `${member.name}님 입장` });
  await expect(entries).toHaveCount(1);
  await expect(page.getByText("보내지 못한 기록")).toHaveCount(0);
  // Still one a moment later, when a second send would have come back.
  await page.waitForTimeout(1_500);
  await expect(entries).toHaveCount(1);
  await expect(page.getByText("보내지 못한 기록")).toHaveCount(0);
});

test("an exit with no entry is recorded with a warning to check the toggle", async ({
  page,
  request,
}) => {
  const seminar = await createSeminar(`반대방향 세미나 ${uniqueSuffix().slice(-6)}`);
  const member = await registeredFor(request, seminar.id, `반대${uniqueSuffix().slice(-4)}`);

  await page.setViewportSize({ width: 375, height: 800 });
  await openCheckIn(page, seminar.id);
  await page.getByRole("radio", { name: "퇴장" }).check({ force: true });
  await page.getByRole("searchbox", { name: "이름 또는 전화번호" }).fill(member.name);
  // The phone number whole, not cut off after the clinic's name: it tells apart two of a name.
  const phone = page.getByText(member.phone, { exact: true });
  await expect(phone).toBeVisible();
  expect(await phone.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.getByRole("button", { name: `퇴장 기록 (${member.name})` }).click();
  // The bottom bar, which stays in view on a phone, says what to check; the log keeps it.
  await expect(
    page.getByText(`${member.name}님 퇴장`, { exact: false }).filter({
      hasText: "입장 기록이 없는 퇴장입니다",
    }),
  ).toHaveCount(2);
});
