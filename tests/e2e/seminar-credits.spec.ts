// The CME credit sheet as the office uses it: an administrator opens the sheet of a seminar that
// has just ended, corrects a missing exit with a reason, sends the sheet out and locks it; the member
// downloads the 참석확인서 from /mypage/seminars, and its first page is rendered (pdf.js in Chromium) to a
// PNG in test-results/ to be looked at.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { uniqueSuffix } from "../support/http";
import { asAdmin, createApprovedMember, DEMO_ADMIN, loginAs, open, toast } from "./fixtures";

const HOUR = 60 * 60 * 1000;
// The seminar ran for the last eight hours: the door still takes its scans (until six hours after
// the end) and the sheet may go out (once the seminar has ended).
const START = new Date(Math.floor((Date.now() - 8 * HOUR) / 60_000) * 60_000);
const after = (hours: number) => new Date(START.getTime() + hours * HOUR);
/** A moment as the form's date-time field takes it: Seoul's wall clock. */
const seoulLocal = (when: Date) => new Date(when.getTime() + 9 * HOUR).toISOString().slice(0, 16);

test("an administrator corrects, sends out and locks a credit sheet; the member downloads the certificate", async ({
  page,
  browser,
}, testInfo) => {
  const suffix = uniqueSuffix().slice(-6);
  const doctor = await createApprovedMember({ name: `평점회원${suffix}` });
  const seminarId = await asAdmin(async (admin) => {
    const created = await admin.post("/api/seminars", {
      data: {
        title: `연수강좌 ${suffix}`,
        description: "연수평점 5점",
        speaker: "김강사",
        date: START.toISOString(),
        endDate: after(8).toISOString(),
        location: "대구 엑스코 321호",
        cmeCredits: 5,
        creditBands: "120-180=3\n180-240=4\n240-=5",
        creditBreaks: [
          { start: after(3).toISOString(), end: after(4).toISOString(), label: "점심" },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const added = await admin.post(`/api/admin/seminars/${id}/registrations`, {
      data: { email: doctor.email },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { id: registrationId } = (await added.json()) as { id: string };
    // Scanned in at the door, never scanned out.
    const scan = await admin.post(`/api/admin/seminars/${id}/check-ins`, {
      data: {
        registrationId,
        direction: "in",
        at: new Date(START.getTime() - 5 * 60_000).toISOString(),
      },
    });
    expect(scan.status(), await scan.text()).toBe(200);
    return id;
  });

  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(page, `/admin/seminars/${seminarId}/credits`);
  await expect(page.getByRole("heading", { level: 1, name: "연수평점 산정표" })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: doctor.name });
  await expect(row.getByText("미완료").first()).toBeVisible();

  // Sending and locking each ask first, in a dialog that says what will happen.
  await page.getByRole("button", { name: "참석자에게 발송" }).click();
  const send = page.getByRole("alertdialog", { name: "참석자에게 발송할까요?" });
  await expect(send).toContainText("참석자 1명에게 산정된 평점이 메일로 발송");
  await expect(send).toContainText("퇴장 기록이 없는 미완료 1명은 지금 표의 평점으로 발송됩니다");
  await send.getByRole("button", { name: "발송" }).click();
  await expect(page.getByText("이의 신청 기간", { exact: true })).toBeVisible();
  // The lock's dialog names what it would make final unseen: here the row without an exit.
  await page.getByRole("button", { name: "평점 확정" }).click();
  const early = page.getByRole("alertdialog", { name: "평점을 확정할까요?" });
  await expect(early).toContainText("퇴장 기록이 없는 미완료 1명은 지금 표의 평점으로 확정됩니다");
  await early.getByRole("button", { name: "취소" }).click();
  await expect(early).toBeHidden();

  await row.getByText("정정", { exact: true }).click();
  await row.getByLabel("퇴장 시간").fill(seoulLocal(after(7)));
  await row.getByLabel("정정 사유").fill("퇴장 스캔 누락: 본인 확인 후 16:00 퇴장으로 정정");
  await row.getByRole("button", { name: "정정 저장" }).click();
  await expect(toast(page, "처리 완료")).toBeVisible();
  // Seven hours less the hour's lunch: 360 minutes, 5 credits (beside the 0 sent before it).
  await expect(row.getByText("360분")).toBeVisible();
  await expect(row.getByRole("definition").filter({ hasText: /^5점/ })).toBeVisible();
  await expect(row.getByText(/정정 사유: 퇴장 스캔 누락/)).toBeVisible();
  // The sheet shows the scan beside the correction, as the registrant list does (issue 39).
  await expect(row.getByText(/스캔 없음/)).toBeVisible();

  // Before the objection deadline the lock needs a written reason: 확정 waits for it.
  await page.getByRole("button", { name: "평점 확정" }).click();
  const lock = page.getByRole("alertdialog", { name: "평점을 확정할까요?" });
  await expect(lock).toContainText("확정한 뒤에는 평점표를 바꿀 수 없습니다");
  await expect(lock).not.toContainText("미완료");
  const confirmLock = lock.getByRole("button", { name: "확정", exact: true });
  await expect(confirmLock).toBeDisabled();
  await lock
    .getByLabel("기한 전 확정 사유")
    .fill("참석자 본인이 결과를 확인하고 이의 없음을 회신함");
  await confirmLock.click();
  await expect(page.getByText(/확정되었습니다/)).toBeVisible();
  await expect(page.getByRole("button", { name: "정정 저장" })).toHaveCount(0);

  // The member's /mypage/seminars: this year's credits and the certificate.
  const context = await browser.newContext({ locale: "ko-KR", timezoneId: "Asia/Seoul" });
  const member = await context.newPage();
  await loginAs(member, doctor.email, doctor.password);
  await open(member, "/mypage/seminars");
  const credits = member.locator("#credits").locator("..");
  await expect(credits.getByText(`연수강좌 ${suffix}`)).toBeVisible();
  const [download] = await Promise.all([
    member.waitForEvent("download"),
    credits.getByRole("link", { name: "참석확인서" }).click(),
  ]);
  const pdfPath = testInfo.outputPath("certificate.pdf");
  await download.saveAs(pdfPath);
  const bytes = fs.readFileSync(pdfPath);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

  // Page 1 drawn by pdf.js in Chromium: the embedded Korean glyphs must paint.
  const pdfjs = path.resolve("node_modules/pdfjs-dist/build");
  const viewer = await context.newPage();
  await viewer.route("http://certificate.test/**", (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === "index.html") {
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><canvas id="c"></canvas><script type="module">
          import * as pdfjs from "./pdf.min.mjs";
          pdfjs.GlobalWorkerOptions.workerSrc = "./pdf.worker.min.mjs";
          const doc = await pdfjs.getDocument("./certificate.pdf").promise;
          const pdfPage = await doc.getPage(1);
          const viewport = pdfPage.getViewport({ scale: 1.5 });
          const canvas = document.getElementById("c");
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          await pdfPage.render({ canvas, canvasContext: canvas.getContext("2d"), viewport }).promise;
          const text = await pdfPage.getTextContent();
          window.certificateText = text.items.map((i) => i.str).join(" ");
        </script>`,
      });
    }
    if (name === "certificate.pdf")
      return route.fulfill({ contentType: "application/pdf", body: bytes });
    return route.fulfill({
      contentType: "text/javascript",
      body: fs.readFileSync(path.join(pdfjs, name)),
    });
  });
  await viewer.goto("http://certificate.test/index.html");
  await viewer.waitForFunction(
    () => typeof (window as { certificateText?: string }).certificateText === "string",
  );
  const text = await viewer.evaluate(
    () => (window as { certificateText?: string }).certificateText,
  );
  expect(text).toContain(doctor.name);
  expect(text).toContain("5점");
  const png = testInfo.outputPath("certificate-page-1.png");
  await viewer.locator("#c").screenshot({ path: png });
  // A blank page would be a few kilobytes; Korean text in Pretendard makes it far larger.
  expect(fs.statSync(png).size).toBeGreaterThan(30_000);
  await context.close();
});
