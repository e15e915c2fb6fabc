// Money paid online through the test gateway (PAYMENTS_PROVIDER=test, playwright.config.ts): on
// a 375 px phone a member registers for a paid seminar, pays by card on the checkout and holds a
// confirmed seat with its ticket; a 정회원 pays the year's dues by 가상계좌 with a 현금영수증 and,
// once the deposit is in, sees 납부 완료 and the 납부확인서; the office refunds part of a payment
// on /admin/payments. Screenshots of the three screens at 375 px and desktop land in
// test-results/ to be looked at.
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { SignedUp } from "../support/http";
import { uniqueSuffix } from "../support/http";
import {
  applyThroughApi,
  asAdmin,
  createApprovedMember,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  loginAs,
  open,
  tableRow,
  toast,
} from "./fixtures";

const YEAR = Number(
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()),
);
// The same year as dues.spec.ts sets on the same server, so the two agree whichever runs first.
const DUES = {
  regularFee: 100_000,
  lifetimeFee: 1_000_000,
  dueDate: `${YEAR}-03-31`,
  bankAccount: "대구은행 123-45-678901 대한개원의AI마케팅학회",
};
const NOTICE = "테스트 결제 — 실제로 결제되지 않습니다";

async function phone(browser: Browser) {
  const context = await browser.newContext({
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    viewport: { width: 375, height: 812 },
  });
  return context.newPage();
}

/**
 * Screenshots of the page's URL at 375 px and at desktop width, for looking at: the whole page, or
 * the part `selector` names.
 */
async function shoot(page: Page, name: string, path: (file: string) => string, selector?: string) {
  const storageState = await page.context().storageState();
  for (const [label, width] of [
    ["375", 375],
    ["desktop", 1280],
  ] as const) {
    const context = await page
      .context()
      .browser()!
      .newContext({
        locale: "ko-KR",
        timezoneId: "Asia/Seoul",
        viewport: { width, height: 900 },
        storageState,
      });
    const shown = await context.newPage();
    await shown.goto(page.url());
    const file = path(`${name}-${label}.png`);
    if (selector) await shown.locator(selector).screenshot({ path: file });
    else await shown.screenshot({ path: file, fullPage: true });
    await context.close();
  }
}

async function paidSeminar(title: string) {
  return asAdmin(async (admin) => {
    const response = await admin.post("/api/seminars", {
      data: {
        title,
        description: "등록비를 온라인으로 받는 세미나입니다.",
        speaker: "김연자 원장",
        date: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
        location: "학회 세미나실",
        capacity: 10,
        fees: { full: 30_000, other: 50_000 },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string };
  });
}

test.beforeAll(async () => {
  await asAdmin(async (admin) => {
    const year = await admin.put(`/api/admin/dues/${YEAR}`, { data: DUES });
    expect(year.status(), await year.text()).toBe(200);
  });
});

test("at 375 px a member registers for a paid seminar, pays by card and gets the ticket; the office refunds part of it", async ({
  browser,
  page,
}, testInfo) => {
  test.slow();
  const title = `유료 세미나 ${uniqueSuffix()}`;
  const seminar = await paidSeminar(title);
  const member = await createApprovedMember({
    name: `결제회원${uniqueSuffix().slice(-4)}`,
  });

  const phonePage = await phone(browser);
  await loginAs(phonePage, member.email, member.password);
  await open(phonePage, `/activities/${seminar.id}`);
  // The fee table and what this 준회원 pays, with the test gateway's notice.
  await expect(phonePage.getByRole("note").filter({ hasText: NOTICE })).toBeVisible();
  const fees = phonePage.getByRole("table", { name: "회원 구분별 등록비" });
  await expect(fees.getByRole("row", { name: /정회원.*30,000원/ })).toBeVisible();
  await expect(fees.getByRole("row", { name: /준회원·비회원.*50,000원/ })).toBeVisible();
  await expect(phonePage.getByText("회원님의 등록비 (준회원): 50,000원")).toBeVisible();
  await shoot(phonePage, "seminar-page", testInfo.outputPath.bind(testInfo));

  await phonePage.getByRole("button", { name: "신청하고 결제하기" }).click();
  await expect(phonePage).toHaveURL(/\/mypage\/payments\/[^/]+$/);
  await expect(toast(phonePage, "좌석을 잡아 두었습니다. 결제해주세요")).toBeVisible();
  await expect(phonePage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(phonePage.getByText("결제 대기", { exact: true })).toBeVisible();
  await expect(phonePage.getByRole("radio", { name: "신용·체크카드" })).toBeChecked();
  // A seat is held for minutes: no 가상계좌 for a seminar.
  await expect(phonePage.getByRole("radio", { name: "가상계좌" })).toHaveCount(0);
  await shoot(phonePage, "checkout", testInfo.outputPath.bind(testInfo));
  await expectNoSeriousA11yViolations(phonePage);

  await phonePage.getByRole("button", { name: "50,000원 결제하기" }).click();
  await expect(toast(phonePage, "결제가 완료되었습니다")).toBeVisible();
  await expect(phonePage.getByText("결제 완료", { exact: true })).toBeVisible();
  await expect(phonePage.getByText("신용·체크카드")).toBeVisible();

  await open(phonePage, `/activities/${seminar.id}`);
  await expect(phonePage.getByText("신청이 확정되었습니다")).toBeVisible();
  await phonePage.getByRole("link", { name: "QR 티켓 보기" }).click();
  await expect(phonePage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(
    phonePage.getByRole("img", { name: `${member.name}님의 입장 QR 코드` }),
  ).toBeVisible();

  // The money story told the same way: 회원 안내, the application's dialog and a 준회원's
  // /mypage/dues show the year's fee, the ways to pay and the account.
  await open(phonePage, "/membership");
  const story = phonePage.getByRole("region", { name: "연회비와 납부 방법" });
  await expect(story.getByText("100,000원")).toBeVisible();
  await expect(story.getByText(DUES.bankAccount)).toBeVisible();
  // The account number stays on one line at 375 px: the member copies it to pay.
  const number = story.getByText("123-45-678901", { exact: true });
  const lines = await number.evaluate((element) => element.getClientRects().length);
  expect(lines).toBe(1);
  await expect(story.getByText(/신용·체크카드, 계좌이체, 가상계좌, 간편결제/)).toBeVisible();
  await shoot(
    phonePage,
    "membership-dues",
    testInfo.outputPath.bind(testInfo),
    "section:has(#membership-dues-title)",
  );
  await phonePage.getByRole("button", { name: "정회원 가입 신청" }).click();
  const dialog = phonePage.getByRole("alertdialog", { name: "정회원 가입 신청" });
  await expect(dialog).toContainText("연회비를 납부하셨습니까?");
  await expect(dialog).toContainText("100,000원");
  await expect(dialog).toContainText(DUES.bankAccount);
  await dialog.getByRole("button", { name: "취소" }).click();
  await open(phonePage, "/mypage/dues");
  const dues = phonePage.locator("#mypage-dues");
  await expect(dues.getByText("정회원 신청 시 납부", { exact: true })).toBeVisible();
  await expect(dues.getByText(DUES.bankAccount)).toBeVisible();
  await expect(dues.getByRole("button", { name: "온라인으로 납부하기" })).toBeVisible();

  // The member's payments on /mypage/dues.
  await open(phonePage, "/mypage/dues#payments");
  const payments = phonePage.locator("#payments");
  const item = payments.getByRole("listitem").filter({ hasText: title });
  await expect(item.getByText("결제 완료", { exact: true })).toBeVisible();
  await expect(item.getByText("50,000원")).toBeVisible();
  await phonePage.context().close();

  // The office: the payment in the list, refunded in part with a reason.
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(page, "/admin/payments");
  await expect(page.getByRole("heading", { level: 1, name: "결제 관리" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link", { name: "결제" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("note").filter({ hasText: NOTICE })).toBeVisible();
  await page.getByLabel("검색어", { exact: true }).fill(member.name);
  await page.getByLabel("구분").selectOption({ label: "세미나 등록비" });
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/purpose=seminar/);
  await expect(page.getByText("총 1건")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: title });
  await row.getByText("환불하기").click();
  await row.getByLabel("환불 금액(원)").fill("10000");
  await row.getByLabel("환불 사유").fill("세미나 자료집 미제공분 환불");
  await row.getByRole("button", { name: "환불", exact: true }).click();
  // Money leaves at once: the office confirms first.
  const confirm = page.getByRole("alertdialog", { name: "환불할까요?" });
  await expect(confirm).toContainText("되돌릴 수 없습니다");
  // It names the amount typed, not "입력한 금액".
  await expect(confirm).toContainText("10,000원을 결제한 수단으로 바로 환불합니다.");
  await confirm.getByRole("button", { name: "환불", exact: true }).click();
  await expect(toast(page, "환불 완료")).toBeVisible();
  await expect(row.getByText("부분 환불", { exact: true })).toBeVisible();
  await expect(row.getByText("10,000원")).toBeVisible();
  await expect(row.getByText("(환불 가능 40,000원)")).toBeVisible();

  // Asking for more than is left is refused beside the form, with no dialog confirming a refund
  // that cannot happen, and nothing changes.
  await row.getByText("환불하기").click();
  await row.getByLabel("환불 금액(원)").fill("90000");
  await row.getByLabel("환불 사유").fill("잘못된 금액");
  await row.getByRole("button", { name: "환불", exact: true }).click();
  await expect(row.getByText("환불 금액은 1원 이상 40,000원 이하로 입력해주세요.")).toBeVisible();
  await expect(page.getByRole("alertdialog", { name: "환불할까요?" })).toHaveCount(0);
  await expect(row.getByText("(환불 가능 40,000원)")).toBeVisible();

  // The member applies: the office's review shows this year's dues unpaid, with the fee.
  await applyThroughApi(member);
  await open(page, `/admin/dashboard?tab=applications&q=${encodeURIComponent(member.name)}`);
  const application = await tableRow(page, "정회원 가입 신청 목록", member.name);
  await expect(application.getByText("미납", { exact: true })).toBeVisible();
  await expect(application.getByText("100,000원")).toBeVisible();

  // The CSV asks for its purpose and takes the list's filters.
  await open(page, `/admin/payments?purpose=seminar&q=${encodeURIComponent(member.name)}`);
  await page.getByText("검색 결과 CSV 내보내기").click();
  // Spaces alone are no purpose: the browser holds the form, as the server would refuse it.
  const purpose = page.getByLabel("내려받는 목적");
  await purpose.fill("  ");
  await page.getByRole("button", { name: "내려받기" }).click();
  expect(await purpose.evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(false);
  await expect(page).toHaveURL(/\/admin\/payments/);
  await purpose.fill("세미나 등록비 정산");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "내려받기" }).click();
  const csv = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let body = "";
    csv.on("data", (chunk) => {
      body += chunk;
    });
    csv.on("end", () => resolve(body));
  });
  expect(text).toContain(title);
  expect(text).toContain("부분 환불");
  await shoot(page, "admin-payments", testInfo.outputPath.bind(testInfo));
});

test("a 정회원 pays the year's dues by 가상계좌 with a 현금영수증, deposits, and sees 납부 완료 and the receipt", async ({
  browser,
}, testInfo) => {
  test.slow();
  const member: SignedUp = await createApprovedMember({
    name: `회비회원${uniqueSuffix().slice(-4)}`,
  });
  const applicationId = await applyThroughApi(member);
  await asAdmin(async (admin) => {
    const approved = await admin.patch(`/api/membership-applications/${applicationId}`, {
      data: { status: "approved" },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  });

  const phonePage = await phone(browser);
  await loginAs(phonePage, member.email, member.password);
  await open(phonePage, "/mypage/dues");
  const dues = phonePage.locator("#mypage-dues");
  await expect(dues.getByText("미납", { exact: true })).toBeVisible();
  // Both ways stay in sight: online, and the bank account for a transfer.
  await expect(dues.getByText(DUES.bankAccount)).toBeVisible();
  await shoot(phonePage, "mypage-dues-unpaid", testInfo.outputPath.bind(testInfo), "#mypage-dues");
  await dues.getByRole("button", { name: "온라인으로 납부하기" }).click();

  await expect(phonePage).toHaveURL(/\/mypage\/payments\/[^/]+$/);
  await expect(
    phonePage.getByRole("heading", { level: 1, name: `${YEAR}년 연회비` }),
  ).toBeVisible();
  await phonePage.getByRole("radio", { name: "가상계좌" }).check();
  await phonePage.getByRole("radio", { name: "소득공제" }).check();
  // Their own number is offered; a 사업자등록번호 starts empty, and the number comes back after.
  await expect(phonePage.getByLabel("휴대전화 번호")).toHaveValue(member.phone);
  await phonePage.getByRole("radio", { name: "지출증빙" }).check();
  await expect(phonePage.getByLabel("사업자등록번호")).toHaveValue("");
  await phonePage.getByRole("radio", { name: "소득공제" }).check();
  await expect(phonePage.getByLabel("휴대전화 번호")).toHaveValue(member.phone);
  // A wrong number is refused at its field: focused, with its message as its description, once.
  await phonePage.getByLabel("휴대전화 번호").fill("1");
  await phonePage.getByRole("button", { name: "가상계좌 발급받기" }).click();
  const wrongNumber = "소득공제용 현금영수증은 휴대전화 번호를 입력해주세요. (예: 010-1234-5678)";
  await expect(phonePage.getByLabel("휴대전화 번호")).toBeFocused();
  await expect(phonePage.getByLabel("휴대전화 번호")).toHaveAccessibleDescription(wrongNumber);
  await expect(phonePage.getByText(wrongNumber)).toHaveCount(1);
  await phonePage.getByLabel("휴대전화 번호").fill("010-2468-1357");
  await phonePage.getByRole("button", { name: "가상계좌 발급받기" }).click();
  await expect(toast(phonePage, "가상계좌가 발급되었습니다")).toBeVisible();
  await expect(phonePage.getByText("입금 대기", { exact: true })).toBeVisible();
  await expect(phonePage.getByText("계좌번호")).toBeVisible();
  await shoot(phonePage, "checkout-vbank", testInfo.outputPath.bind(testInfo));

  await phonePage.getByRole("button", { name: "입금 완료 (테스트)" }).click();
  await expect(toast(phonePage, "입금이 확인되었습니다")).toBeVisible();
  await expect(phonePage.getByText("결제 완료", { exact: true })).toBeVisible();
  await expect(phonePage.getByText(/^소득공제/)).toBeVisible();
  const receipt = phonePage.getByRole("link", { name: "납부확인서 내려받기" });
  await expect(receipt).toBeVisible();
  const pdf = await phonePage.request.get((await receipt.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");

  await open(phonePage, "/mypage/dues");
  await expect(dues.getByText("납부 완료", { exact: true })).toBeVisible();
  const item = phonePage
    .locator("#payments")
    .getByRole("listitem")
    .filter({ hasText: `${YEAR}년 연회비` });
  await expect(item.getByText("가상계좌")).toBeVisible();
  await expect(item.getByRole("link", { name: "납부확인서" })).toBeVisible();
  await shoot(phonePage, "mypage-payments", testInfo.outputPath.bind(testInfo), "#payments");
  await shoot(phonePage, "mypage-dues-paid", testInfo.outputPath.bind(testInfo), "#mypage-dues");
  await expectNoSeriousA11yViolations(phonePage);
  await phonePage.context().close();
});
