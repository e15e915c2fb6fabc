// The administrator dashboard as the demo administrator: approvals, applications,
// announcements written with the editor's toolbar, seminars, executives and history, and the
// access-denied state for a member.
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { PNG, signUp, uniqueSuffix } from "../support/http";
import {
  applyThroughApi,
  asAdmin,
  createApprovedMember,
  DEMO_ADMIN,
  headerUserName,
  holdScripts,
  loginAs,
  open,
  openDashboard,
  signUpDetails,
  site,
  tableRow,
  toast,
  waitForHydration,
  writeTempFile,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
});

/** A page of its own (a fresh browser context), logged in as `account` when given. */
async function newPage(
  browser: Browser,
  baseURL: string | undefined,
  account?: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "ko-KR", timezoneId: "Asia/Seoul" });
  const page = await context.newPage();
  if (account) await loginAs(page, account.email, account.password);
  return page;
}

/** Waits until an <img> has loaded with a real picture (naturalWidth > 0). */
async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test.describe("tab 1: associate approval", () => {
  test("approve one pending member, reject another, view a licence image", async ({
    page,
    request,
  }) => {
    const approved = await signUp(site, signUpDetails());
    const rejected = await signUp(site, signUpDetails());
    await openDashboard(page, "준회원 승인");
    await expect(page.getByRole("tab", { name: /^준회원 승인/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    const caption = "승인 대기 회원";
    let row = await tableRow(page, caption, approved.email);
    await expect(row).toHaveCount(1);
    for (const value of [
      approved.name,
      approved.phone,
      approved.hospitalName,
      approved.department,
      approved.licenseNumber,
    ]) {
      await expect(row).toContainText(value);
    }
    await expect(row).toContainText(/\d{4}년 \d{1,2}월 \d{1,2}일/);

    // The licence image viewer.
    await row.getByRole("button", { name: "면허증 보기" }).click();
    const viewer = page.getByRole("dialog", { name: "의사 면허증 확인" });
    await expect(viewer).toBeVisible();
    const image = viewer.getByRole("img", { name: `${approved.name}님의 의사 면허증` });
    await expectImageLoaded(image);
    const newTab = viewer.getByRole("link", { name: /새 탭에서 열기/ });
    await expect(newTab).toHaveAttribute("target", "_blank");
    const href = await newTab.getAttribute("href");
    expect(href).toMatch(/^\/objects\//);
    expect(await image.getAttribute("src")).toBe(href);
    const served = await page.request.get(href ?? "");
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    for (const value of [
      approved.name,
      approved.licenseNumber,
      approved.hospitalName,
      approved.department,
    ]) {
      await expect(viewer).toContainText(value);
    }
    await viewer.getByRole("button", { name: "닫기" }).click();
    await expect(viewer).toBeHidden();

    row = await tableRow(page, caption, approved.email);
    await row.getByRole("button", { name: /^승인 \(/ }).click();
    await expect(toast(page, "승인 완료")).toBeVisible();
    await expect(await tableRow(page, caption, approved.email)).toHaveCount(0);
    // The row and its button are gone: the focus is on the list, not lost to the page.
    const listHeading = page.getByRole("heading", { name: "승인 대기 중인 준회원" });
    await expect(listHeading).toBeFocused();

    row = await tableRow(page, caption, rejected.email);
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: /^거부 \(/ }).click();
    const rejection = page.getByRole("dialog", { name: "준회원 가입 거부" });
    await rejection.getByLabel(/거부 사유/).fill("면허 정보를 확인할 수 없습니다.");
    await rejection.getByRole("button", { name: "거부", exact: true }).click();
    await expect(toast(page, "거부 완료")).toBeVisible();
    await expect(await tableRow(page, caption, rejected.email)).toHaveCount(0);
    await expect(listHeading).toBeFocused();

    // The approved member can log in now; the rejected one cannot.
    const approvedLogin = await request.post("/api/auth/login", {
      data: { email: approved.email, password: approved.password },
    });
    expect(approvedLogin.status()).toBe(200);
    const rejectedLogin = await request.post("/api/auth/login", {
      data: { email: rejected.email, password: rejected.password },
    });
    expect(rejectedLogin.status()).toBe(403);
  });
});

// A finished form's message comes across the redirect as a flash: the page draws it as a status
// message in its HTML, and once the page runs the toast shows it instead, never both.
test.describe("the message after an approval", () => {
  /** The status message a page drew from the flash (no JavaScript, or before it ran). */
  const flashStatus = (page: Page) => page.locator("main [role=status][data-flash]");
  const APPROVED = "승인 완료 · 준회원 가입을 승인했습니다.";

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the administrator reads it on the dashboard, once", async ({ page }) => {
      const doctor = await signUp(site);
      await page.goto("/admin/dashboard");
      const row = page
        .getByRole("table", { name: "승인 대기 회원" })
        .getByRole("row")
        .filter({ hasText: doctor.email });
      await row.getByRole("button", { name: /^승인 \(/ }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard/);
      await expect(page.getByRole("status").filter({ hasText: "승인 완료" })).toHaveText(APPROVED);
      await expect(row).toHaveCount(0);
      // Spent: the next page has no message.
      await page.reload();
      await expect(page.getByRole("heading", { name: "관리자 대시보드", level: 1 })).toBeVisible();
      await expect(flashStatus(page)).toHaveCount(0);
    });
  });

  test("with JavaScript it is the toast alone", async ({ page }) => {
    const doctor = await signUp(site);
    await openDashboard(page, "준회원 승인");
    const row = await tableRow(page, "승인 대기 회원", doctor.email);
    await row.getByRole("button", { name: /^승인 \(/ }).click();
    await expect(toast(page, "승인 완료")).toBeVisible();
    await expect(toast(page, "승인 완료")).toHaveCount(1);
    await expect(flashStatus(page)).toHaveCount(0);
    await expect(await tableRow(page, "승인 대기 회원", doctor.email)).toHaveCount(0);
  });

  test("a form sent before the page ran: the status message until it runs, then the toast", async ({
    page,
  }) => {
    const doctor = await signUp(site);
    // The page's scripts held back until the form is sent: the dashboard is its plain HTML, with
    // plain forms. (Released only once the form's POST leaves: the page starts its scripts after
    // the first paint, and released earlier they could still arrive before the click.)
    let held = true;
    await page.route("**/assets/*.js", (route) => (held ? route.abort() : route.continue()));
    page.on("request", (request) => {
      if (request.method() === "POST") held = false;
    });
    await page.goto("/admin/dashboard");
    const row = page
      .getByRole("table", { name: "승인 대기 회원" })
      .getByRole("row")
      .filter({ hasText: doctor.email });
    const landed = page.waitForResponse(
      (response) =>
        response.request().resourceType() === "document" &&
        response.request().method() === "GET" &&
        new URL(response.url()).pathname === "/admin/dashboard",
    );
    await row.getByRole("button", { name: /^승인 \(/ }).click();
    const html = await (await landed).text();
    expect(html).toContain("data-flash");
    expect(html).toContain("준회원 가입을 승인했습니다.");
    await waitForHydration(page);
    await expect(toast(page, "승인 완료")).toBeVisible();
    await expect(toast(page, "승인 완료")).toHaveCount(1);
    await expect(flashStatus(page)).toHaveCount(0);
  });
});

test.describe("tab 2: full-member approval", () => {
  test("approve after the confirm naming the applicant; reject with a reason", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // a long journey through several pages and contexts
    const first = await createApprovedMember();
    const second = await createApprovedMember();
    await applyThroughApi(first);
    await applyThroughApi(second);
    // The demo society asks this year's dues: the first applicant has paid them, so the
    // approval makes them 정회원 in standing (the header's mark below).
    await asAdmin(async (admin) => {
      const year = new Intl.DateTimeFormat("en-CA", {
        timeZone: "Asia/Seoul",
        year: "numeric",
      }).format(new Date());
      const settings = await admin.get(`/api/admin/dues/${year}`);
      if (settings.status() !== 200) return; // no dues this year: approval alone is standing
      const { regularFee } = (await settings.json()) as { regularFee: number };
      const paid = await admin.post("/api/admin/payments", {
        data: {
          userId: first.id,
          year: Number(year),
          amount: regularFee,
          method: "계좌이체",
          paidAt: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date()),
        },
      });
      expect(paid.status(), await paid.text()).toBe(201);
    });

    const panel = await openDashboard(page, "정회원 승인");
    const countCard = (label: string) =>
      panel.getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) });
    const count = async (label: string) =>
      Number(await countCard(label).getByRole("paragraph").nth(1).textContent());
    const approvedBefore = await count("승인됨");
    const rejectedBefore = await count("거부됨");
    expect(await count("대기중")).toBeGreaterThanOrEqual(2);

    const caption = "정회원 가입 신청 목록";
    let row = await tableRow(page, caption, first.email);
    await expect(row).toHaveCount(1);
    for (const value of [
      first.name,
      first.phone,
      first.licenseNumber,
      first.hospitalName,
      first.department,
    ]) {
      await expect(row).toContainText(value);
    }
    await expect(row.getByText("대기중", { exact: true })).toBeVisible();

    // Approve: a confirm prompt naming the applicant.
    await row.getByRole("button", { name: /^승인 \(/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "정회원 승인" });
    await expect(confirm).toContainText(`${first.name}님의 정회원 가입 신청을 승인하시겠습니까?`);
    await confirm.getByRole("button", { name: "승인" }).click();
    await expect(toast(page, "승인 완료")).toBeVisible();
    row = await tableRow(page, caption, first.email);
    await expect(row.getByText("승인됨", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /^승인 \(/ })).toHaveCount(0);
    await expect(row.getByRole("button", { name: /^거부 \(/ })).toHaveCount(0);
    await expect(countCard("승인됨")).toContainText(String(approvedBefore + 1));
    expect(await count("승인됨")).toBe(approvedBefore + 1);

    // Reject: the reason dialog opens on its reason; a blank one is refused at the field, which
    // says why and takes the focus back ('거부 사유 필요').
    row = await tableRow(page, caption, second.email);
    await row.getByRole("button", { name: /^거부 \(/ }).click();
    const reject = page.getByRole("dialog", { name: "정회원 신청 거부" });
    await expect(reject).toContainText(`${second.name}님의 신청을 거부하는 사유를 입력해주세요.`);
    const reason = reject.getByRole("textbox", { name: "거부 사유" });
    await expect(reason).toBeFocused();
    const submit = reject.getByRole("button", { name: "거부", exact: true });
    await reason.fill("   ");
    await submit.click();
    await expect(toast(page, "거부 사유 필요")).toBeVisible();
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toHaveAccessibleDescription("거부 사유를 입력해주세요.");
    await expect(reject).toBeVisible();
    const why = "연회비 입금이 확인되지 않았습니다.";
    await reason.fill(why);
    await expect(reason).not.toHaveAttribute("aria-invalid", "true");
    await submit.click();
    await expect(toast(page, "거부 완료")).toBeVisible();
    await expect(reject).toBeHidden();
    row = await tableRow(page, caption, second.email);
    await expect(row.getByText("거부됨", { exact: true })).toBeVisible();
    await expect(countCard("거부됨")).toContainText(String(rejectedBefore + 1));
    expect(await count("거부됨")).toBe(rejectedBefore + 1);
    expect(await count("승인됨")).toBe(approvedBefore + 1);

    // The detail dialog shows the reason.
    await row.getByRole("button", { name: "상세" }).click();
    const detail = page.getByRole("dialog", { name: "정회원 가입 신청 상세" });
    await expect(detail).toContainText(why);
    await expect(detail).toContainText(second.address);
    await detail.getByRole("button", { name: "닫기" }).click();

    // The applicants see the outcome: a 정회원 mark, and the rejection with its reason.
    const firstPage = await newPage(browser, baseURL, first);
    await open(firstPage, "/membership/apply");
    await expect(firstPage.getByRole("main").getByText("승인됨", { exact: true })).toBeVisible();
    await expect(firstPage.getByRole("banner").getByText("정회원").first()).toBeVisible();
    await expect(headerUserName(firstPage, first.name)).toBeVisible();
    await firstPage.context().close();

    const secondPage = await newPage(browser, baseURL, second);
    await open(secondPage, "/membership/apply");
    const main = secondPage.getByRole("main");
    await expect(main.getByText("거부됨", { exact: true })).toBeVisible();
    await expect(main).toContainText(why);
    await secondPage.context().close();
  });
});

test.describe("tab 3: announcements", () => {
  test("write one with the editor's toolbar, see it public and as a member, edit, delete", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.slow(); // a long journey through several pages and contexts
    const title = `E2E 공지 ${uniqueSuffix()}`;
    const editedTitle = `${title} (수정)`;
    const link = "https://example.org/e2e-link";
    try {
      await openDashboard(page, "공지사항");
      await page.getByRole("button", { name: "공지사항 작성" }).click();
      const form = page.getByRole("dialog", { name: "공지사항 작성" });
      await expect(form).toBeVisible();
      await form.getByRole("textbox", { name: "제목" }).fill(title);
      const category = form.getByRole("combobox", { name: "분류" });
      await expect(category).toHaveValue("일반");
      await category.selectOption("학술");

      const editor = form.getByRole("textbox", { name: "공지사항 내용" });
      const toolbar = form.getByRole("toolbar", { name: "서식 도구" });
      await expect(editor).toBeVisible();
      await editor.click();
      await page.keyboard.type("This announcement was written by the end-to-end test. ");
      const bold = toolbar.getByRole("button", { name: "굵게" });
      await bold.click();
      await expect(bold).toHaveAttribute("aria-pressed", "true");
      // The toolbar leaves the focus in the text: what is typed next is bold.
      await expect(editor).toBeFocused();
      await page.keyboard.type("Important");
      await bold.click();
      await expect(bold).toHaveAttribute("aria-pressed", "false");
      await page.keyboard.type(
        " words come in bold, and this sentence makes the text longer than one hundred characters.",
      );
      await page.keyboard.press("Enter");
      const bullets = toolbar.getByRole("button", { name: "글머리 기호 목록" });
      await bullets.click();
      await expect(bullets).toHaveAttribute("aria-pressed", "true");
      await page.keyboard.type("First item");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Second item");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter"); // an empty item leaves the list
      await expect(bullets).toHaveAttribute("aria-pressed", "false");
      await page.keyboard.type("Read more: ");

      // The link button asks in the site's own dialog (not window.prompt): an address
      // without http(s) is refused under the field...
      const linkButton = toolbar.getByRole("button", { name: "링크" });
      await linkButton.click();
      const linkDialog = page.getByRole("dialog", { name: "링크 넣기" });
      await linkDialog.getByLabel("링크 주소").fill("example.org/without-scheme");
      await linkDialog.getByRole("button", { name: "적용" }).click();
      await expect(linkDialog).toContainText("링크는 http:// 또는 https://로 시작해야 합니다");
      await expect(toast(page, "잘못된 URL")).toBeVisible();
      await expect(editor.locator("a")).toHaveCount(0);
      // ...an https address is inserted as a link, and the editor has the focus again.
      await linkDialog.getByLabel("링크 주소").fill(link);
      await linkDialog.getByLabel("링크 주소").press("Enter");
      await expect(linkDialog).toBeHidden();
      await expect(editor.locator(`a[href="${link}"]`)).toHaveText(link);

      // The image button opens the editor's hidden file input.
      await page.keyboard.press("End");
      await page.keyboard.press("Enter");
      const chooser = page.waitForEvent("filechooser");
      await toolbar.getByRole("button", { name: "이미지" }).click();
      await (await chooser).setFiles(writeTempFile("editor-image.png", PNG));
      await expect(toast(page, "업로드 완료")).toBeVisible();
      await expect(editor.locator("img")).toHaveCount(1);

      await expect(editor.locator("strong")).toHaveText("Important");
      await expect(editor.locator("ul > li")).toHaveText(["First item", "Second item"]);

      await form.getByRole("button", { name: "등록" }).click();
      await expect(toast(page, "공지사항 등록 완료")).toBeVisible();
      await expect(form).toBeHidden();
      let row = await tableRow(page, "공지사항 목록", title);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("학술");

      // On the public list, as a visitor: title, category, and the text without markup.
      const visitor = await newPage(browser, baseURL);
      await open(visitor, "/announcements");
      const card = visitor
        .getByRole("main")
        .getByRole("article")
        .filter({ has: visitor.getByRole("heading", { name: title, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card.getByText("학술", { exact: true })).toBeVisible();
      await expect(card).toContainText("This announcement was written by the end-to-end test.");
      await expect(card).not.toContainText("<strong>");
      await visitor.context().close();

      // As an approved member, in the detail page: bold, the list, the link and the image.
      const listed = (await (await request.get("/api/announcements")).json()) as Array<{
        id: string;
        title: string;
      }>;
      const id = listed.find((a) => a.title === title)?.id;
      expect(id).toBeTruthy();
      const member = await createApprovedMember();
      const reader = await newPage(browser, baseURL, member);
      await open(reader, `/announcements/${id}`);
      const article = reader.getByRole("main").getByRole("article");
      await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(article.locator("strong")).toHaveText("Important");
      await expect(article.locator("ul > li")).toHaveText(["First item", "Second item"]);
      const bodyLink = article.getByRole("link", { name: link });
      await expect(bodyLink).toHaveAttribute("href", link);
      const bodyImage = article.locator("img");
      await expect(bodyImage).toHaveCount(1);
      await expectImageLoaded(bodyImage);

      // Edit the title.
      row = await tableRow(page, "공지사항 목록", title);
      await row.getByRole("button", { name: `${title} 수정` }).click();
      const edit = page.getByRole("dialog", { name: "공지사항 수정" });
      const titleField = edit.getByRole("textbox", { name: "제목" });
      await expect(titleField).toHaveValue(title);
      await expect(
        edit.getByRole("textbox", { name: "공지사항 내용" }).locator("strong"),
      ).toHaveText("Important");
      await titleField.fill(editedTitle);
      await edit.getByRole("button", { name: "수정" }).click();
      await expect(toast(page, "공지사항 수정 완료")).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(await tableRow(page, "공지사항 목록", editedTitle)).toHaveCount(1);
      await open(reader, `/announcements/${id}`);
      await expect(article.getByRole("heading", { level: 1 })).toHaveText(editedTitle);
      await expect(article.locator("strong")).toHaveText("Important");

      // Delete it after the confirm.
      row = await tableRow(page, "공지사항 목록", editedTitle);
      await row.getByRole("button", { name: `${editedTitle} 삭제` }).click();
      const confirm = page.getByRole("alertdialog", { name: "공지사항 삭제" });
      await expect(confirm).toContainText(editedTitle);
      await confirm.getByRole("button", { name: "삭제" }).click();
      await expect(toast(page, "공지사항 삭제 완료")).toBeVisible();
      await expect(await tableRow(page, "공지사항 목록", editedTitle)).toHaveCount(0);
      const after = (await (await request.get("/api/announcements")).json()) as Array<{
        id: string;
      }>;
      expect(after.some((a) => a.id === id)).toBe(false);
      const gone = await reader.goto(`/announcements/${id}`);
      expect(gone?.status()).toBe(404);
      await reader.context().close();
    } finally {
      await removeAnnouncements([title, editedTitle]);
    }
  });
});

test("the announcement form refuses a link that is not http(s), with a failure toast", async ({
  page,
  request,
}) => {
  const title = `E2E 링크 ${uniqueSuffix()}`;
  try {
    await openDashboard(page, "공지사항");
    await page.getByRole("button", { name: "공지사항 작성" }).click();
    const form = page.getByRole("dialog", { name: "공지사항 작성" });
    await form.getByRole("textbox", { name: "제목" }).fill(title);
    await form.getByRole("textbox", { name: "공지사항 내용" }).click();
    await page.keyboard.type("Body text.");
    const linkField = form.getByRole("textbox", { name: "관련 링크 (선택)" });
    await linkField.fill("ftp://example.org/file");
    await form.getByRole("button", { name: "등록" }).click();
    await expect(toast(page, "공지사항 저장 실패")).toBeVisible();
    await expect(linkField).toHaveAccessibleDescription(
      "링크는 http:// 또는 https://로 시작해야 합니다",
    );
    await expect(form).toBeVisible();
    const listed = (await (await request.get("/api/announcements")).json()) as Array<{
      title: string;
    }>;
    expect(listed.some((a) => a.title === title)).toBe(false);
  } finally {
    await removeAnnouncements([title]);
  }
});

test.describe("tab 4: academic activities", () => {
  test("create a seminar, close it (see '신청 마감' on /activities), delete it", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // a long journey through several pages and contexts
    const title = `E2E 세미나 ${uniqueSuffix()}`;
    const registrationUrl = "https://example.org/register";
    try {
      await openDashboard(page, "학술 활동");
      await page.getByRole("button", { name: "학술 활동 등록" }).click();
      const form = page.getByRole("dialog", { name: "학술 활동 등록" });
      await form.getByRole("textbox", { name: "제목" }).fill(title);
      await form
        .getByRole("textbox", { name: "설명" })
        .fill("끝에서 끝까지 시험하는 세미나입니다.");
      await form.getByRole("textbox", { name: "연자" }).fill("홍길동 원장");
      await form.getByLabel("일시").fill("2031-05-20T19:30");
      await form.getByRole("textbox", { name: "장소" }).fill("대구 수성구 학회 세미나실");
      await expect(form.getByRole("combobox", { name: "상태" })).toHaveValue("open");
      await form.getByRole("textbox", { name: "신청 링크 (선택)" }).fill(registrationUrl);
      await form.getByRole("button", { name: "등록" }).click();
      await expect(toast(page, "학술 활동 등록 완료")).toBeVisible();
      await expect(form).toBeHidden();
      let row = await tableRow(page, "학술 활동 목록", title);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("홍길동 원장");
      await expect(row).toContainText("2031");
      await expect(row.getByText("접수중", { exact: true })).toBeVisible();

      const visitor = await newPage(browser, baseURL);
      await open(visitor, "/activities");
      const card = visitor
        .getByRole("main")
        .getByRole("article")
        .filter({ has: visitor.getByRole("heading", { name: title, exact: true }) });
      await expect(card.getByText("접수중", { exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: /참가 신청/ })).toHaveAttribute(
        "href",
        registrationUrl,
      );

      // Close it.
      await row.getByRole("button", { name: `${title} 수정` }).click();
      const edit = page.getByRole("dialog", { name: "학술 활동 수정" });
      await expect(edit.getByRole("textbox", { name: "제목" })).toHaveValue(title);
      await expect(edit.getByLabel("일시")).toHaveValue("2031-05-20T19:30");
      await edit
        .getByRole("combobox", { name: "상태" })
        .selectOption({ label: "마감 (신청 불가)" });
      await edit.getByRole("button", { name: "수정" }).click();
      await expect(toast(page, "학술 활동 수정 완료")).toBeVisible();
      row = await tableRow(page, "학술 활동 목록", title);
      await expect(row.getByText("마감", { exact: true })).toBeVisible();

      await open(visitor, "/activities");
      await expect(card.getByText("마감", { exact: true })).toBeVisible();
      await expect(card.getByRole("button", { name: "신청 마감" })).toBeDisabled();
      await expect(card.getByRole("link", { name: /참가 신청/ })).toHaveCount(0);

      // Cancelling it mails every registrant and refunds every fee: asked first, in a dialog.
      await row.getByRole("button", { name: `${title} 수정` }).click();
      await edit
        .getByRole("combobox", { name: "상태" })
        .selectOption({ label: "취소 (신청자에게 안내 메일, 결제한 등록비 전액 환불)" });
      const posted: string[] = [];
      const countPosts = (request: import("@playwright/test").Request) => {
        if (request.method() === "POST") posted.push(request.url());
      };
      page.on("request", countPosts);
      await edit.getByRole("button", { name: "수정" }).click();
      const cancelling = page.getByRole("alertdialog", { name: "세미나 취소" });
      await expect(cancelling).toContainText("결제한 등록비는 전액 환불되며, 되돌릴 수 없습니다");
      await cancelling.getByRole("button", { name: "닫기" }).click();
      await expect(cancelling).toBeHidden();
      // Nothing was sent: the edit stays open as it was.
      await expect(edit).toBeVisible();
      page.off("request", countPosts);
      expect(posted).toEqual([]);
      await edit.getByRole("button", { name: "수정" }).click();
      await cancelling.getByRole("button", { name: "세미나 취소" }).click();
      await expect(toast(page, "학술 활동 수정 완료")).toBeVisible();
      row = await tableRow(page, "학술 활동 목록", title);
      await expect(row.getByText("취소", { exact: true })).toBeVisible();

      // Delete it.
      await row.getByRole("button", { name: `${title} 삭제` }).click();
      const confirm = page.getByRole("alertdialog", { name: "학술 활동 삭제" });
      await expect(confirm).toContainText(title);
      await confirm.getByRole("button", { name: "삭제" }).click();
      await expect(toast(page, "학술 활동 삭제 완료")).toBeVisible();
      await expect(await tableRow(page, "학술 활동 목록", title)).toHaveCount(0);
      await open(visitor, "/activities");
      await expect(card).toHaveCount(0);
      await visitor.context().close();
    } finally {
      await removeSeminars([title]);
    }
  });
});

test.describe("tabs 5 and 6: executives and history", () => {
  test("edit an executive's position and see it on /executives", async ({ page }) => {
    const name = `시험임원${uniqueSuffix().slice(-6)}`;
    const position = "E2E 이사";
    const newPosition = "E2E 부회장";
    const created = await asAdmin(async (admin) => {
      const response = await admin.post("/api/executives", {
        data: {
          name,
          position,
          title: "시험의원 대표원장",
          credentials: "끝에서 끝까지 시험",
          order: 9000,
        },
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: string };
    });
    try {
      await openDashboard(page, "임원진");
      const row = await tableRow(page, "임원진 목록", name);
      await expect(row).toContainText(position);
      await row.getByRole("button", { name: `${name} 수정` }).click();
      const form = page.getByRole("dialog", { name: "임원 정보 수정" });
      const field = form.getByRole("textbox", { name: "직위" });
      await expect(field).toHaveValue(position);
      await field.fill(newPosition);
      await form.getByRole("button", { name: "수정" }).click();
      await expect(toast(page, "임원 정보 수정 완료")).toBeVisible();
      await expect(form).toBeHidden();
      await expect(await tableRow(page, "임원진 목록", name)).toContainText(newPosition);

      await open(page, "/executives");
      const card = page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name, exact: true }) });
      await expect(card).toContainText(newPosition);
      await expect(card).not.toContainText(position);
    } finally {
      await asAdmin((admin) => admin.delete(`/api/executives/${created.id}`));
    }
  });

  test("edit a history event's title and see it on /history", async ({ page }) => {
    const title = `E2E 연혁 ${uniqueSuffix()}`;
    const newTitle = `${title} 수정됨`;
    const created = await asAdmin(async (admin) => {
      const response = await admin.post("/api/history", {
        data: { year: 2030, month: 3, title, description: "끝에서 끝까지 시험하는 연혁입니다." },
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: string };
    });
    try {
      await openDashboard(page, "연혁");
      const row = await tableRow(page, "연혁 목록", title);
      await expect(row).toContainText("2030");
      await expect(row).toContainText("3월");
      await row.getByRole("button", { name: `${title} 수정` }).click();
      const form = page.getByRole("dialog", { name: "연혁 수정" });
      // The title field must be labelled '제목'. (Its id, "history-title", is also the id of the
      // tab's heading, so the label points at the heading: reported; go on by the field's name.)
      await expect
        .soft(form.getByRole("textbox", { name: "제목" }), "the title field is labelled '제목'")
        .toHaveCount(1);
      const field = form.locator('input[name="title"]');
      await expect(field).toHaveValue(title);
      await field.fill(newTitle);
      await form.getByRole("button", { name: "수정" }).click();
      await expect(toast(page, "연혁 수정 완료")).toBeVisible();
      await expect(form).toBeHidden();
      await expect(await tableRow(page, "연혁 목록", newTitle)).toHaveCount(1);

      await open(page, "/history");
      const entry = page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: newTitle, exact: true }) });
      await expect(entry).toContainText("2030년 3월");
      await expect(page.getByRole("heading", { name: title, exact: true })).toHaveCount(0);
    } finally {
      await asAdmin((admin) => admin.delete(`/api/history/${created.id}`));
    }
  });
});

test.describe("access", () => {
  test("a member who opens the dashboard sees '접근 권한이 없습니다'", async ({
    browser,
    baseURL,
  }) => {
    const member = await createApprovedMember();
    const page = await newPage(browser, baseURL, member);
    const response = await page.goto("/admin/dashboard");
    expect(response?.status()).toBe(403);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "접근 권한이 없습니다" })).toBeVisible();
    await expect(main.getByRole("link", { name: "홈으로" })).toHaveAttribute("href", "/");
    await expect(main.getByRole("tab")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "관리자" })).toHaveCount(0);
    await page.context().close();
  });

  test("the administrator gets the six tabs and the header link", async ({ page }) => {
    await open(page, "/admin/dashboard");
    await expect(page.getByRole("tab")).toHaveText([
      /^준회원 승인/,
      /^정회원 승인/,
      "공지사항",
      "학술 활동",
      "임원진",
      "연혁",
    ]);
    await expect(
      page.getByRole("navigation", { name: "주 메뉴" }).getByRole("link", { name: "관리자" }),
    ).toHaveAttribute("href", "/admin/dashboard");
  });
});

/** Deletes leftover announcements with these titles (after a failure half-way). */
async function removeAnnouncements(titles: string[]) {
  await removeLeftovers("/api/announcements", titles);
}

/** Deletes leftover seminars with these titles (after a failure half-way). */
async function removeSeminars(titles: string[]) {
  await removeLeftovers("/api/seminars", titles);
}

/** Deletes the items of a collection whose title is one of `titles`, as administrator. */
async function removeLeftovers(collection: string, titles: string[]) {
  await asAdmin(async (admin) => {
    const list = (await (await admin.get(collection)).json()) as Array<{
      id: string;
      title: string;
    }>;
    for (const item of list.filter((i) => titles.includes(i.title))) {
      await admin.delete(`${collection}/${item.id}`);
    }
  });
}

test("문자 보내기: a changed condition applies at once, and the text written stays", async ({
  page,
}) => {
  await open(page, "/admin/messages");
  await waitForHydration(page);
  await page.getByLabel("보낼 내용").fill("총회 안내입니다");
  // No 받는 사람 확인: choosing is applying, so the send can never go to the old conditions.
  await page.getByLabel("회원 구분").selectOption({ label: "명예회원" });
  await expect(page).toHaveURL(/type=honorary/);
  await page.getByRole("radio", { name: /광고/ }).check();
  await expect(page).toHaveURL(/kind=advertisement/);
  await expect(page).toHaveURL(/type=honorary/);
  await expect(page.getByLabel("보낼 내용")).toHaveValue("총회 안내입니다");
  // The preview follows the kind: an advertisement in its legal frame.
  await expect(page.locator("pre")).toContainText("(광고)");
  const count = Number(
    ((await page.getByText(/^받는 사람 \d+명/).textContent()) ?? "").match(/(\d+)명/)?.[1],
  );
  await expect(page.getByText(`${count}명에게 보내기`)).toBeVisible();
});

test("문자 보내기: a condition and a text chosen before the JavaScript arrives apply when the page hydrates", async ({
  page,
}) => {
  // On a slow connection the scripts come after the first paint (decision 012): the office may
  // choose first. The send must follow what the form shows, never the page's first conditions.
  const release = await holdScripts(page);
  await page.goto("/admin/messages", { waitUntil: "domcontentloaded" });
  await page.getByLabel("회원 구분").selectOption({ label: "명예회원" });
  await page.getByRole("radio", { name: /광고/ }).check();
  await page.getByLabel("보낼 내용").fill("가을 학술대회 안내");
  release();
  await waitForHydration(page);
  await expect(page).toHaveURL(/type=honorary/);
  await expect(page).toHaveURL(/kind=advertisement/);
  await expect(page.locator("input[type=hidden][name=kind]")).toHaveValue("advertisement");
  await expect(page.getByLabel("보낼 내용")).toHaveValue("가을 학술대회 안내");
  await expect(page.locator("pre")).toContainText("(광고)");
  await expect(page.locator("pre")).toContainText("가을 학술대회 안내");
});
