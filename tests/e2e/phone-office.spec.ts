// Issue 39's phone items, at 375 px and at 1280 px where it matters: 마이페이지 in pages with a tab
// row that shows it scrolls (and an old mail's /mypage#payments going on to its page); the
// roster's filters folded behind 필터 on a phone and open on a desktop; the member record's
// actions at the top; the door's check-in screen without the site's header and footer, in reach
// of one thumb. With DOCS_SCREENS=1 the screenshots also go to docs/screens/39-*.png.
import path from "node:path";
import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { signUp, uniqueSuffix } from "../support/http";
import {
  asAdmin,
  createApprovedMember,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  horizontalOverflow,
  loginAs,
  open,
  signUpDetails,
  site,
  toast,
} from "./fixtures";

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

/** A viewport screenshot into the test's output, and into docs/screens with DOCS_SCREENS=1. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const file = `39-${name}-${page.viewportSize()?.width}.png`;
  await page.screenshot({ path: testInfo.outputPath(file) });
  if (process.env.DOCS_SCREENS) {
    await page.screenshot({ path: path.join("docs", "screens", file) });
  }
}

/** Whether `inner` lies wholly inside `outer`'s box (a tab inside its scrolling row). */
async function within(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
}

test.describe("마이페이지 in pages", () => {
  test("on a phone the tab row scrolls, shows its current tab and leads to each page", async ({
    page,
  }, testInfo) => {
    const member = await createApprovedMember();
    await page.setViewportSize(PHONE);
    await loginAs(page, member.email, member.password);
    await open(page, "/mypage");
    const tabs = page.getByRole("navigation", { name: "마이페이지 메뉴" });
    const row = tabs.getByRole("list");
    await expect(tabs.getByRole("link", { name: "회원 정보" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The row is wider than the phone and says so: it scrolls, and its edge fades out.
    const { scrollWidth, clientWidth, mask } = await row.evaluate((ul) => ({
      scrollWidth: ul.scrollWidth,
      clientWidth: ul.clientWidth,
      mask: getComputedStyle(ul).maskImage,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(mask).toContain("linear-gradient");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expect(page.getByRole("heading", { name: "회원 정보", level: 2 })).toBeVisible();

    // The last tab's page opens with its tab scrolled into view, from the server's HTML alone.
    await open(page, "/mypage/security");
    const current = tabs.getByRole("link", { name: "보안·탈퇴" });
    await expect(current).toHaveAttribute("aria-current", "page");
    expect(await within(current, row)).toBe(true);
    await expect(page.getByRole("heading", { name: "로그인된 기기" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "회원 정보", level: 2 })).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, testInfo, "mypage-security");

    // A tap on a tab opens its page.
    await tabs.getByRole("link", { name: "세미나·평점" }).click();
    await expect(page).toHaveURL(/\/mypage\/seminars$/);
    await expect(page.getByRole("heading", { name: "세미나 신청 내역" })).toBeVisible();
    await tabs.getByRole("link", { name: "게시판" }).click();
    await expect(page).toHaveURL(/\/mypage\/board$/);
    await expect(page.getByRole("heading", { name: "내가 쓴 글" })).toBeVisible();
    await shoot(page, testInfo, "mypage-board");

    // An old mail's link to a part of the one long page goes on to the page that has it.
    await page.goto("/mypage#payments");
    await expect(page).toHaveURL(/\/mypage\/dues#payments$/);
    await expect(page.getByRole("heading", { name: "결제 내역" })).toBeVisible();
    await page.goto("/mypage#seminars");
    await expect(page).toHaveURL(/\/mypage\/seminars$/);
    await shoot(page, testInfo, "mypage-seminars");
  });

  test("on a phone a form works on its own page (the profile), with its toast", async ({
    page,
  }) => {
    const member = await createApprovedMember();
    await page.setViewportSize(PHONE);
    await loginAs(page, member.email, member.password);
    await open(page, "/mypage");
    await page.getByLabel("병원명").fill("탭분리내과의원");
    await page.getByRole("button", { name: "정보 수정" }).click();
    await expect(toast(page, "회원 정보 수정 완료")).toBeVisible();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByLabel("병원명")).toHaveValue("탭분리내과의원");
  });

  test("on a desktop the tabs stand in a column beside the page", async ({ page }, testInfo) => {
    const member = await createApprovedMember();
    await page.setViewportSize(DESKTOP);
    await loginAs(page, member.email, member.password);
    await open(page, "/mypage/dues");
    const tabs = page.getByRole("navigation", { name: "마이페이지 메뉴" });
    const first = await tabs.getByRole("link", { name: "회원 정보" }).boundingBox();
    const last = await tabs.getByRole("link", { name: "보안·탈퇴" }).boundingBox();
    expect(last!.y).toBeGreaterThan(first!.y);
    expect(Math.abs(last!.x - first!.x)).toBeLessThan(2);
    await expect(tabs.getByRole("link", { name: "회비·결제" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await shoot(page, testInfo, "mypage-dues");
  });
});

test.describe("the roster's filters", () => {
  const FILTERED = "/admin/members?status=approved&type=associate";

  test("fold behind 필터 on a phone, with how many are set", async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await open(page, FILTERED);
    const search = page.getByRole("search", { name: "회원 검색" });
    await expect(search.getByRole("searchbox")).toBeVisible();
    const summary = search.locator("summary");
    await expect(summary).toContainText("필터");
    await expect(summary).toContainText("2개 적용");
    expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(search.getByLabel("상태")).toBeHidden();
    // The list starts on the first screen (its first rows, not a share of a long table).
    const table = await page.getByRole("table").boundingBox();
    expect(table!.y).toBeLessThan(page.viewportSize()!.height - 120);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, testInfo, "roster-filters-folded");
    await expectNoSeriousA11yViolations(page);

    await summary.click();
    await expect(search.getByLabel("상태")).toBeVisible();
    await expect(search.getByLabel("상태")).toHaveValue("approved");
    await search.getByLabel("회원 구분").selectOption("");
    await search.getByRole("button", { name: "필터 적용" }).click();
    await expect(page).toHaveURL(/status=approved/);
    await expect(page).not.toHaveURL(/type=associate/);
    await expect(page.getByRole("search", { name: "회원 검색" }).locator("summary")).toContainText(
      "1개 적용",
    );
  });

  test("stand open on a desktop", async ({ page }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await open(page, FILTERED);
    const search = page.getByRole("search", { name: "회원 검색" });
    await expect(search.getByLabel("상태")).toBeVisible();
    await expect(search.getByLabel("가입일 (까지)")).toBeVisible();
    await expect(search.getByRole("button", { name: "필터 적용" })).toBeVisible();
    await shoot(page, testInfo, "roster-filters");
  });
});

test.describe("the member record", () => {
  test("puts the actions at the top on a phone, folded to a row each", async ({
    page,
  }, testInfo) => {
    const pending = await signUp(site, signUpDetails());
    const approved = await createApprovedMember();
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    // A pending sign-up: approval in reach without scrolling.
    await open(page, `/admin/members/${pending.id}`);
    await expect(page.getByRole("button", { name: "가입 승인" })).toBeInViewport();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, testInfo, "member-pending");

    // An approved member: each action a row at the top; suspension opens to its reason.
    await open(page, `/admin/members/${approved.id}`);
    const actions = page.getByRole("region", { name: "회원 처리" });
    for (const title of ["회원 정지", "회원 구분", "권한", "로그인 세션"]) {
      await expect(actions.getByRole("heading", { name: title })).toBeInViewport();
    }
    await expect(actions.getByLabel("정지 사유")).toBeHidden();
    await actions.getByRole("heading", { name: "회원 정지" }).click();
    await expect(actions.getByLabel("정지 사유")).toBeVisible();
    await expect(actions.getByRole("button", { name: "회원 정지" })).toBeInViewport();
    await shoot(page, testInfo, "member-actions");
    await expectNoSeriousA11yViolations(page);
  });

  test("keeps the actions in a column beside the record on a desktop, all open", async ({
    page,
  }, testInfo) => {
    const approved = await createApprovedMember();
    await page.setViewportSize(DESKTOP);
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await open(page, `/admin/members/${approved.id}`);
    const actions = page.getByRole("region", { name: "회원 처리" });
    await expect(actions.getByLabel("정지 사유")).toBeVisible();
    const record = await page.getByRole("heading", { name: "회원 정보", level: 2 }).boundingBox();
    const side = await actions.boundingBox();
    expect(side!.x).toBeGreaterThan(record!.x + 300);
    await shoot(page, testInfo, "member-actions");
  });
});

test.describe("the door's check-in", () => {
  async function seminarWith(memberName: string) {
    const member = await createApprovedMember({ name: memberName });
    const seminar = await asAdmin(async (admin) => {
      const response = await admin.post("/api/seminars", {
        data: {
          title: `문앞 세미나 ${uniqueSuffix().slice(-6)}`,
          description: "현장 출결 화면을 시험하는 세미나입니다.",
          speaker: "김연자 원장",
          date: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
          location: "학회 세미나실",
          capacity: 30,
          cmeCredits: 2,
        },
      });
      expect(response.status()).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const added = await admin.post(`/api/admin/seminars/${id}/registrations`, {
        data: { email: member.email },
      });
      expect(added.status()).toBeLessThan(300);
      return { id };
    });
    return { member, seminar };
  }

  test("on a phone: no site header or footer, big targets in reach of the thumb", async ({
    page,
  }, testInfo) => {
    const name = `문앞${uniqueSuffix().slice(-4)}`;
    const { seminar } = await seminarWith(name);
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await open(page, `/admin/seminars/${seminar.id}/check-in`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Door mode: the screen is the door's.
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "관리자 메뉴" })).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The search box and the direction sit in the bottom half, where the thumb is.
    const box = page.getByRole("searchbox", { name: "이름 또는 전화번호" });
    const searchBox = (await box.boundingBox())!;
    expect(searchBox.y).toBeGreaterThan(PHONE.height / 2);
    expect(searchBox.y + searchBox.height).toBeLessThanOrEqual(PHONE.height);
    expect(searchBox.height).toBeGreaterThanOrEqual(48);
    for (const direction of ["입장", "퇴장"]) {
      const radio = page
        .locator("label")
        .filter({ has: page.getByRole("radio", { name: direction }) });
      const target = (await radio.boundingBox())!;
      expect(target.height).toBeGreaterThanOrEqual(48);
      expect(target.y).toBeGreaterThan(PHONE.height / 2);
    }
    const fontSize = await box.evaluate((input) =>
      Number.parseFloat(getComputedStyle(input).fontSize),
    );
    expect(fontSize).toBeGreaterThanOrEqual(18);

    // A name finds the registrant; the button is big and on screen, above the box.
    await box.fill(name);
    const record = page.getByRole("button", { name: `입장 기록 (${name})` });
    await expect(record).toBeInViewport({ ratio: 1 });
    const button = (await record.boundingBox())!;
    expect(button.height).toBeGreaterThanOrEqual(48);
    expect(button.y).toBeGreaterThan(PHONE.height / 2);
    await shoot(page, testInfo, "door-found");
    await expectNoSeriousA11yViolations(page);
    await record.click();
    await expect(page.getByRole("listitem").filter({ hasText: `${name}님 입장` })).toBeVisible({
      timeout: 15_000,
    });
    await shoot(page, testInfo, "door-recorded");

    // The way back to the seminar, at the top, and the site's header is back there.
    const back = page.getByRole("link", { name: "세미나 관리로 돌아가기" });
    expect((await back.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/admin/seminars/${seminar.id}$`));
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("on a desktop the door screen stays one column, still without the site's frame", async ({
    page,
  }, testInfo) => {
    const name = `문앞넓은${uniqueSuffix().slice(-4)}`;
    const { seminar } = await seminarWith(name);
    await page.setViewportSize(DESKTOP);
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await open(page, `/admin/seminars/${seminar.id}/check-in`);
    await expect(page.getByRole("banner")).toHaveCount(0);
    await page.getByRole("searchbox", { name: "이름 또는 전화번호" }).fill(name);
    await expect(page.getByRole("button", { name: `입장 기록 (${name})` })).toBeVisible();
    await shoot(page, testInfo, "door-found");
  });
});
