// Annual dues as the office and a member meet them: an administrator sets up this year's
// dues, imports the bank's .xlsx statement on /admin/dues and confirms the two proposed matches;
// the member, on a 375 px phone, sees 납부 완료 on /mypage/dues and downloads the 납부확인서, whose first
// page is rendered (pdf.js in Chromium) to a PNG in test-results/ to be looked at.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { uniqueSuffix } from "../support/http";
import {
  asAdmin,
  createApprovedMember,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  loginAs,
  open,
  toast,
  writeTempFile,
} from "./fixtures";

const YEAR = Number(
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()),
);
const FEE = 100_000;

/** A Korean-only unique name (digits would read as a depositor's suffix). */
const koreanName = (prefix: string) =>
  prefix +
  [...uniqueSuffix().slice(-5)]
    .map((c) => "가나다라마바사아자차카타파하거너더러머버"[parseInt(c, 36) % 19])
    .join("");

test("an administrator imports a bank statement and confirms two matches; the member sees 납부 완료 and downloads the receipt", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow(); // a long journey: two members, an import, four axe scans and a PDF drawn by pdf.js
  const first = await createApprovedMember({ name: koreanName("회비") });
  const second = await createApprovedMember({
    name: koreanName("납부"),
    phone: "010-2468-1357",
  });
  await asAdmin(async (admin) => {
    const year = await admin.put(`/api/admin/dues/${YEAR}`, {
      data: {
        regularFee: FEE,
        lifetimeFee: 1_000_000,
        dueDate: `${YEAR}-03-31`,
        bankAccount: "대구은행 123-45-678901 대한개원의AI마케팅학회",
      },
    });
    expect(year.status(), await year.text()).toBe(200);
    // Both become 정회원 through an approved full-membership application.
    for (const member of [first, second]) {
      const login = await request.post("/api/auth/login", {
        data: { email: member.email, password: member.password },
      });
      expect(login.status()).toBe(200);
      const applied = await request.post("/api/membership-applications", {
        data: {
          phone: member.phone,
          licenseNumber: member.licenseNumber,
          hospitalName: member.hospitalName,
          department: member.department,
          address: member.address,
        },
      });
      expect(applied.status(), await applied.text()).toBe(201);
      const { id } = (await applied.json()) as { id: string };
      const approved = await admin.patch(`/api/membership-applications/${id}`, {
        data: { status: "approved" },
      });
      expect(approved.status(), await approved.text()).toBe(200);
      await request.post("/api/auth/logout");
    }
  });

  // Before: the member on a phone sees what to pay, where, and under which depositor name.
  const context = await browser.newContext({
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    viewport: { width: 375, height: 812 },
  });
  const member = await context.newPage();
  await loginAs(member, first.email, first.password);
  await open(member, "/mypage/dues");
  const dues = member.locator("#my-dues-title").locator("..").locator("..");
  await expect(dues.getByText("미납", { exact: true })).toBeVisible();
  await expect(dues.getByText("100,000원")).toBeVisible();
  await expect(dues.getByText(`${first.name}5678`)).toBeVisible();
  await dues.screenshot({ path: testInfo.outputPath("mypage-unpaid-375.png") });
  await expectNoSeriousA11yViolations(member);

  // The bank's "엑셀 저장": title rows, the heading, deposits, a withdrawal and a totals row.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("거래내역조회");
  sheet.addRow(["대구은행 거래내역조회"]);
  sheet.addRow(["계좌번호", "123-45-678901"]);
  sheet.addRow(["거래일시", "적요", "기재내용", "찾으신금액", "맡기신금액", "거래후잔액"]);
  sheet.addRow([`${YEAR}.03.02 10:15:00`, "타행이체", first.name, 0, FEE, 2_100_000]);
  sheet.addRow([`${YEAR}.03.03 09:01:00`, "인터넷", `${second.name}1357`, 0, FEE, 2_200_000]);
  sheet.addRow([`${YEAR}.03.04 12:00:00`, "카드대금", "카드사", 30_000, 0, 2_170_000]);
  sheet.addRow([`${YEAR}.03.05 13:00:00`, "타행이체", "모르는입금", 0, FEE, 2_270_000]);
  sheet.addRow(["합계", "", "", 30_000, 3 * FEE, ""]);
  const file = writeTempFile("거래내역.xlsx", Buffer.from(await workbook.xlsx.writeBuffer()));

  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(page, `/admin/dues?year=${YEAR}`);
  await expect(page.getByRole("heading", { level: 1, name: "회비 관리" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link", { name: "회비" }),
  ).toHaveAttribute("aria-current", "page");
  // The picker speaks Korean whatever the browser's language, and names the chosen file.
  await expect(page.getByText("선택된 파일 없음")).toBeVisible();
  await page.getByLabel("거래내역 파일").setInputFiles(file);
  await expect(page.getByText("거래내역.xlsx", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "거래내역 확인" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `${YEAR}년 회비 거래내역 확인` }),
  ).toBeVisible();
  const firstRow = page.getByRole("listitem").filter({ hasText: first.name }).first();
  const secondRow = page.getByRole("listitem").filter({ hasText: `${second.name}1357` });
  await expect(firstRow.getByRole("checkbox")).toBeChecked();
  await expect(secondRow.getByRole("checkbox")).toBeChecked();
  await expect(page.getByText("카드사")).toHaveCount(0);
  // A search for the unknown depositor's member keeps what the office ticked and unticked.
  const unknownRow = page.getByRole("listitem").filter({ hasText: "모르는입금" });
  await firstRow.getByRole("checkbox").uncheck();
  await unknownRow.getByRole("searchbox").fill("2468-1357");
  await unknownRow.getByRole("button", { name: "회원 찾기" }).click();
  await expect(unknownRow.getByRole("radio", { name: new RegExp(second.name) })).toBeVisible();
  await expect(unknownRow.getByRole("radio", { name: "기록하지 않음" })).toBeChecked();
  await expect(firstRow.getByRole("checkbox")).not.toBeChecked();
  await expect(secondRow.getByRole("checkbox")).toBeChecked();
  await firstRow.getByRole("checkbox").check();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath("import-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "선택한 거래를 납부로 기록" }).click();
  await expect(toast(page, "거래내역 기록 완료")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "회비 관리" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("admin-dues-1280.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await open(page, `/admin/members/${first.id}`);
  const record = page.getByRole("heading", { level: 2, name: "회비" }).locator("..").locator("..");
  await expect(record.getByText("정회원 자격 유지")).toBeVisible();
  await expect(record.getByText("100,000원")).toBeVisible();
  await record.screenshot({ path: testInfo.outputPath("member-record-dues-1280.png") });
  await open(page, `/admin/dues?year=${YEAR}`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath("admin-dues-375.png"), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The member on the phone again: paid, the history, and the receipt.
  await open(member, "/mypage/dues");
  await expect(dues.getByText("납부 완료")).toBeVisible();
  await expect(dues.getByText(`${YEAR}년 회비 · 100,000원`)).toBeVisible();
  await expect(
    member.getByRole("banner").getByText("정회원", { exact: true }).first(),
  ).toBeAttached();
  const width = await member.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await dues.screenshot({ path: testInfo.outputPath("mypage-dues-375.png") });
  const [download] = await Promise.all([
    member.waitForEvent("download"),
    dues.getByRole("link", { name: "납부확인서" }).click(),
  ]);
  const pdfPath = testInfo.outputPath("receipt.pdf");
  await download.saveAs(pdfPath);
  const bytes = fs.readFileSync(pdfPath);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

  // Page 1 drawn by pdf.js in Chromium: the embedded Korean glyphs must paint.
  const pdfjs = path.resolve("node_modules/pdfjs-dist/build");
  const viewer = await context.newPage();
  await viewer.route("http://receipt.test/**", (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === "index.html") {
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><canvas id="c"></canvas><script type="module">
          import * as pdfjs from "./pdf.min.mjs";
          pdfjs.GlobalWorkerOptions.workerSrc = "./pdf.worker.min.mjs";
          const doc = await pdfjs.getDocument("./receipt.pdf").promise;
          const pdfPage = await doc.getPage(1);
          const viewport = pdfPage.getViewport({ scale: 1.5 });
          const canvas = document.getElementById("c");
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          await pdfPage.render({ canvas, canvasContext: canvas.getContext("2d"), viewport }).promise;
          const text = await pdfPage.getTextContent();
          window.receiptText = text.items.map((i) => i.str).join(" ");
        </script>`,
      });
    }
    if (name === "receipt.pdf")
      return route.fulfill({ contentType: "application/pdf", body: bytes });
    return route.fulfill({
      contentType: "text/javascript",
      body: fs.readFileSync(path.join(pdfjs, name)),
    });
  });
  await viewer.goto("http://receipt.test/index.html");
  await viewer.waitForFunction(
    () => typeof (window as { receiptText?: string }).receiptText === "string",
  );
  const text = await viewer.evaluate(() => (window as { receiptText?: string }).receiptText);
  expect(text).toContain(first.name);
  expect(text).toContain("100,000원");
  const png = testInfo.outputPath("receipt-page-1.png");
  await viewer.locator("#c").screenshot({ path: png });
  expect(fs.statSync(png).size).toBeGreaterThan(30_000);

  // The code on the receipt checks out at /verify.
  const code = /([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})/.exec(text ?? "")?.[1];
  expect(code).toBeTruthy();
  await open(member, `/verify/${code}`);
  await expect(member.getByText("학회가 발급한 납부확인서입니다.")).toBeVisible();
  await context.close();
});
