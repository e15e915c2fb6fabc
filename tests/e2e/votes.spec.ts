// The general meeting's secret ballot on a 375 px phone: the office publishes a resolution, a
// member opens it from /votes, chooses, confirms, and is shown the receipt once; the office sees
// the turnout and who voted on /admin/votes, never the choice.
import { type Browser, expect, test } from "@playwright/test";
import { PNG, uniqueSuffix } from "../support/http";
import {
  asAdmin,
  createApprovedMember,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  horizontalOverflow,
  loginAs,
  open,
  writeTempFile,
} from "./fixtures";

const PHONE = { width: 375, height: 812 };

async function phone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
  });
  return context.newPage();
}

/** The office on a phone, signed in, on `url`. */
async function adminOnPhone(browser: Browser, baseURL: string, url: string) {
  const admin = await phone(browser, baseURL);
  await loginAs(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(admin, url);
  return admin;
}

/** A resolution open now for an hour, published by the office: its id. */
async function openResolution(title: string, description = "") {
  return asAdmin(async (admin) => {
    const res = await admin.post("/api/admin/votes", {
      data: {
        title,
        description,
        kind: "resolution",
        electorate: "members",
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        closesAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  });
}

test("a member votes on a phone and gets a receipt; the office sees only the turnout", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const suffix = uniqueSuffix().slice(-6);
  const title = `정관 개정안 ${suffix}`;
  const member = await createApprovedMember();
  const voteId = await openResolution(title, "제3조 개정");

  const page = await phone(browser, baseURL!);
  await loginAs(page, member.email, member.password);
  await open(page, "/votes");
  await expect(page.getByRole("heading", { level: 1, name: "총회 투표" })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "선택 확인" }).click();
  await expect(page.getByRole("button", { name: "투표 제출" })).toHaveCount(0);
  await expect(page.getByText("선택지를 골라주세요")).toBeVisible();
  await page.getByRole("radio", { name: "반대" }).check();
  await page.getByRole("button", { name: "선택 확인" }).click();
  const confirm = page.getByRole("alertdialog", { name: "이대로 투표할까요?" });
  await expect(confirm).toBeVisible();
  // The step that appeared has the focus: a keyboard or screen reader is taken to it.
  await expect(confirm).toBeFocused();
  await expect(confirm).toContainText("반대");
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await confirm.getByRole("button", { name: "투표 제출" }).click();
  await expect(page.getByRole("heading", { name: "투표가 접수되었습니다" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "투표가 접수되었습니다" })).toBeFocused();
  const receipt = await page.locator("[data-receipt]").getAttribute("data-receipt");
  expect(receipt).toMatch(/^[0-9a-f]{32}$/);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  // Shown once: a reload says the member voted, and no receipt.
  await page.reload();
  await expect(page.getByText("투표하셨습니다.", { exact: false })).toBeVisible();
  await expect(page.locator("[data-receipt]")).toHaveCount(0);
  await page.context().close();

  const admin = await adminOnPhone(browser, baseURL!, `/admin/votes?id=${voteId}`);
  await expect(
    admin.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link", { name: "투표" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(admin.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(admin.getByText(/명 중 1명 투표/)).toBeVisible();
  await expect(admin.getByText("반대", { exact: true })).toHaveCount(0);
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();
});

test("publishing a vote is confirmed first: the dialog says the roll is fixed and voters told; an empty form is refused without it", async ({
  browser,
  baseURL,
}) => {
  const admin = await adminOnPhone(browser, baseURL!, "/admin/votes");
  const confirm = admin.getByRole("alertdialog", { name: "투표를 게시할까요?" });
  // An empty form is not confirmed for nothing: it is refused at once, the focus on its first
  // field, which names its message.
  await admin.getByRole("button", { name: "투표 등록" }).click();
  const title = admin.getByLabel("제목");
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription(/.+/);
  await expect(confirm).toBeHidden();

  const posted: string[] = [];
  admin.on("request", (request) => {
    if (request.method() === "POST") posted.push(request.url());
  });
  await title.fill("확인 대화상자 시험");
  const local = (offset: number) => {
    const at = new Date(Date.now() + 9 * 3600_000 + offset);
    return at.toISOString().slice(0, 16);
  };
  await admin.getByLabel("시작").fill(local(24 * 3600_000));
  await admin.getByLabel("종료").fill(local(48 * 3600_000));
  await admin.getByRole("button", { name: "투표 등록" }).click();
  await expect(confirm).toContainText("선거인 명부가 확정되고");
  await confirm.getByRole("button", { name: "취소" }).click();
  await expect(confirm).toBeHidden();
  expect(posted).toEqual([]);

  // Confirmed, it is published, and the form starts over: the last vote is not one tap from
  // being published twice.
  await admin.getByRole("button", { name: "투표 등록" }).click();
  await confirm.getByRole("button", { name: "게시" }).click();
  await expect(admin).toHaveURL(/\/admin\/votes\?id=/);
  await expect(admin.getByRole("link", { name: "확인 대화상자 시험" }).first()).toBeVisible();
  await expect(title).toHaveValue("");
  await expect(admin.getByLabel("시작")).toHaveValue("");
  await admin.context().close();
});

test("a candidate's photo uploaded on the office's form goes into the candidate's line", async ({
  browser,
  baseURL,
}) => {
  const admin = await adminOnPhone(browser, baseURL!, "/admin/votes");
  const lines = admin.getByLabel("선택지 또는 후보 (한 줄에 하나)");
  await lines.fill("김후보 | | 성실히 일하겠습니다\n이후보 | | 안녕하세요");
  // The cursor in the first candidate's name: the photo takes that line's photo place.
  await lines.evaluate((element) => (element as HTMLTextAreaElement).setSelectionRange(2, 2));
  await admin.getByLabel("후보 사진 올리기 (선택)").setInputFiles(writeTempFile("kim.png", PNG));
  await expect(admin.getByText("업로드됨")).toBeVisible();
  await expect(lines).toHaveValue(
    /^김후보 \| \/objects\/[0-9a-f-]{36} \| 성실히 일하겠습니다\n이후보 \| \| 안녕하세요$/,
  );
  await admin.context().close();
});

test("a ballot refused because the vote was annulled meanwhile shows the vote as it now is", async ({
  browser,
  baseURL,
}) => {
  const title = `무효될 안건 ${uniqueSuffix().slice(-6)}`;
  const member = await createApprovedMember();
  const voteId = await openResolution(title);
  const page = await phone(browser, baseURL!);
  await loginAs(page, member.email, member.password);
  await open(page, `/votes/${voteId}`);
  await page.getByRole("radio", { name: "찬성" }).check();
  await page.getByRole("button", { name: "선택 확인" }).click();
  const confirm = page.getByRole("alertdialog", { name: "이대로 투표할까요?" });
  await expect(confirm).toBeVisible();
  // The office annuls it while the member reads the confirmation.
  await asAdmin(async (admin) => {
    const res = await admin.post(`/api/admin/votes/${voteId}/annul`, {
      data: { reason: "안건 상정 절차 오류" },
    });
    expect(res.status(), await res.text()).toBe(200);
  });
  await confirm.getByRole("button", { name: "투표 제출" }).click();
  await expect(page.getByText(/무효/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "투표 제출" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "선택 확인" })).toHaveCount(0);
  await page.context().close();
});
