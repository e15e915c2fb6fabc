// The demo society of a fresh `npm start` (features/demo), as the office and a member meet it on
// the seeded server: every administrator page says the site holds demo data, the roster and the
// member record mark demo members 데모, and nobody but administrators sees either. The society
// looks in use: a full seminar ahead takes only waitlist requests.
import { expect, test } from "@playwright/test";
import { createApprovedMember, DEMO_ADMIN, loginAs, open } from "./fixtures";

const NOTICE = "데모 데이터로 채워진 사이트입니다.";

test("the office is told on every admin page, and the roster marks demo members 데모", async ({
  page,
}) => {
  const real = await createApprovedMember();
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const path of ["/admin/dashboard", "/admin/seminars", "/admin/dues", "/admin/library"]) {
    await page.goto(path);
    await expect(page.getByRole("complementary", { name: "데모 데이터 안내" }), path).toContainText(
      NOTICE,
    );
  }

  await open(page, "/admin/members");
  const notice = page.getByRole("complementary", { name: "데모 데이터 안내" });
  await expect(notice).toContainText("실제 운영은 새 데이터베이스로 시작하세요.");
  await expect(notice.getByText("docs/operations.md")).toBeHidden();
  await notice.getByText("자세히").click();
  await expect(notice).toContainText("docs/operations.md");
  await expect(notice).toContainText("SEED_DEMO=0");

  // 명예회원 come only from the demo society (other specs sign up doctors of their own, who fill
  // the roster's first pages in a whole run): every one of them carries the mark.
  const roster = page.getByRole("table", { name: "회원 목록" });
  const rows = roster.locator("tbody tr");
  const demoRows = rows.filter({ has: page.getByText("데모", { exact: true }) });
  await page.goto("/admin/members?type=honorary");
  await expect(demoRows.first()).toBeVisible();
  expect(await demoRows.count()).toBeGreaterThanOrEqual(3);
  expect(await demoRows.count()).toBe(await rows.count());
  // Neither the administrator nor a doctor who signed up for real carries the mark.
  await expect(
    rows.filter({ hasText: DEMO_ADMIN.email }).getByText("데모", { exact: true }),
  ).toHaveCount(0);
  await page.goto(`/admin/members?q=${encodeURIComponent(real.email)}`);
  await expect(rows.filter({ hasText: real.email })).toHaveCount(1);
  await expect(rows.getByText("데모", { exact: true })).toHaveCount(0);

  // Every standing is there: suspended, rejected and waiting members among the demo ones.
  for (const status of ["suspended", "rejected", "pending"]) {
    await page.goto(`/admin/members?status=${status}`);
    await expect(demoRows.first(), status).toBeVisible();
  }

  // A demo member's record carries the mark beside the name.
  await page.goto("/admin/members?status=suspended");
  await demoRows.first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("데모", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("정지", { exact: true }).first()).toBeVisible();
});

test("a member sees no demo mark or notice, and the full workshop ahead takes waitlist requests", async ({
  page,
}) => {
  const member = await createApprovedMember();
  await loginAs(page, member.email, member.password);
  for (const path of ["/", "/community", "/activities", "/mypage"]) {
    await page.goto(path);
    await expect(page.getByText(NOTICE), path).toHaveCount(0);
    await expect(page.getByText("데모", { exact: true }), path).toHaveCount(0);
  }
  // The board is alive: posts with comments by demo members.
  await page.goto("/community");
  await expect(page.getByRole("link", { name: /네이버 플레이스 리뷰 답글/ })).toBeVisible();

  await page.goto("/activities");
  await page
    .getByRole("link", { name: /소그룹 실습: 진료실 AI 문서 도구/ })
    .first()
    .click();
  await expect(page.getByText(/잔여 0석/)).toBeVisible();
  await expect(page.getByRole("button", { name: "대기 신청" })).toBeVisible();

  // An administrator page refuses a member, with no notice on the refusal.
  await page.goto("/admin/members");
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});
