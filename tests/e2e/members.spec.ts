// What an approved member gains (announcement detail, the charter, the full-membership
// application) and the locks a visitor meets.
import { type APIRequestContext, expect, test } from "@playwright/test";
import {
  createApprovedMember,
  header,
  headerUserName,
  loginAs,
  open,
  submitLogin,
  toast,
} from "./fixtures";

type ListedAnnouncement = { id: string; title: string; excerpt: string; createdAt: string };

/** The oldest announcement: demo content, never one another spec creates and deletes meanwhile. */
async function oldestAnnouncement(request: APIRequestContext): Promise<ListedAnnouncement> {
  const list = (await (await request.get("/api/announcements")).json()) as ListedAnnouncement[];
  expect(list.length).toBeGreaterThan(0);
  const oldest = [...list].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0];
  if (!oldest) throw new Error("no announcement");
  return oldest;
}

test("a member who clicks an announcement logs in and lands on it, reading its body", async ({
  page,
  request,
}) => {
  const member = await createApprovedMember();
  const target = await oldestAnnouncement(request);

  await open(page, "/announcements");
  const card = page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: target.title, exact: true }) });
  await card.getByRole("link", { name: target.title, exact: true }).click();

  await expect(page).toHaveURL(
    `/login?redirectTo=${encodeURIComponent(`/announcements/${target.id}`)}`,
  );
  await expect(page.getByRole("heading", { name: "로그인", level: 1 })).toBeVisible();
  await submitLogin(page, member.email, member.password);

  await expect(page).toHaveURL(`/announcements/${target.id}`);
  await expect(toast(page, "로그인 성공")).toBeVisible();
  await expect(headerUserName(page, member.name)).toBeVisible();
  const article = page.getByRole("main").getByRole("article");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(target.title);
  // The body: its text begins as the list's plain-text excerpt does.
  await expect(article).toContainText(target.excerpt.slice(0, 30));
  await expect(page.getByText("로그인이 필요합니다")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "목록으로" })).toHaveAttribute(
    "href",
    "/announcements",
  );

  // Back on the list, a member's card leads straight to the detail.
  await page.getByRole("link", { name: "목록으로" }).click();
  await expect(page).toHaveURL("/announcements");
  await expect(
    page
      .getByRole("main")
      .getByRole("article")
      .getByRole("link", { name: target.title, exact: true }),
  ).toHaveAttribute("href", `/announcements/${target.id}`);
});

test("a member reads the charter: 7 chapters, 19 articles and a table of contents", async ({
  page,
}) => {
  const member = await createApprovedMember();
  await loginAs(page, member.email, member.password);
  await open(page, "/charter");

  await expect(page.getByRole("heading", { name: "학회 정관", level: 1 })).toBeVisible();
  await expect(page.getByText("회원 전용 콘텐츠입니다")).toHaveCount(0);

  const chapters = ["총칙", "회원", "임원", "조직", "사업 및 재정", "포상 및 윤리", "부칙"];
  const toc = page.getByRole("navigation", { name: "목차" });
  const tocLinks = toc.getByRole("link");
  await expect(tocLinks).toHaveText(chapters.map((title, i) => `제${i + 1}장 ${title}`));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: /^제\d+장 / })).toHaveText(
    chapters.map((title, i) => `제${i + 1}장 ${title}`),
  );
  await expect(main.getByRole("heading", { level: 3, name: /^제\d+조\(/ })).toHaveCount(19);
  // The four member types of SPEC.md §1 are named in the charter.
  for (const type of ["정회원", "준회원", "명예회원", "평생회원"]) {
    await expect(main).toContainText(type);
  }

  // Each table-of-contents entry links to its chapter.
  await toc.getByRole("link", { name: "제5장 사업 및 재정" }).click();
  await expect(page).toHaveURL(/\/charter#chapter-5$/);
  await expect(
    main.getByRole("heading", { name: "제5장 사업 및 재정", level: 2 }),
  ).toBeInViewport();
});

test("a member applies for full membership through the confirm dialog and sees the status", async ({
  page,
}) => {
  const member = await createApprovedMember();
  await loginAs(page, member.email, member.password);
  await open(page, "/membership");

  const apply = page.getByRole("button", { name: "정회원 가입 신청" });
  // Cancelling the confirm dialog stays on the page.
  await apply.click();
  let dialog = page.getByRole("alertdialog", { name: "정회원 가입 신청" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("연회비를 납부하셨습니까?");
  await expect(dialog).toContainText("계속 진행하시겠습니까?");
  await dialog.getByRole("button", { name: "취소" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/membership");

  await apply.click();
  dialog = page.getByRole("alertdialog", { name: "정회원 가입 신청" });
  await dialog.getByRole("button", { name: "계속" }).click();
  await expect(page).toHaveURL("/membership/apply");

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "정회원 가입 신청", level: 1 })).toBeVisible();
  const name = main.getByRole("textbox", { name: "이름", exact: true });
  const email = main.getByRole("textbox", { name: "이메일", exact: true });
  await expect(name).toHaveValue(member.name);
  await expect(name).toHaveAttribute("readonly", "");
  await expect(email).toHaveValue(member.email);
  await expect(email).toHaveAttribute("readonly", "");
  // The rest is filled from the account and stays editable.
  await expect(main.getByRole("textbox", { name: "연락처" })).toHaveValue(member.phone);
  await expect(main.getByRole("textbox", { name: "의사 면허번호" })).toHaveValue(
    member.licenseNumber,
  );
  await expect(main.getByRole("textbox", { name: "병원명" })).toHaveValue(member.hospitalName);
  await expect(main.getByRole("textbox", { name: "진료과목" })).toHaveValue(member.department);
  await expect(main.getByRole("textbox", { name: "병원 주소" })).toHaveValue(member.address);
  // 취소 is a link back to the membership page, so it works before (or without) JavaScript.
  await expect(main.getByRole("link", { name: "취소" })).toHaveAttribute("href", "/membership");

  await main.getByRole("button", { name: "신청하기" }).click();
  await expect(
    main.getByRole("heading", { name: "정회원 가입 신청이 완료되었습니다" }),
  ).toBeVisible();
  await expect(main).toContainText("3-5영업일");
  await expect(toast(page, "신청 완료")).toBeVisible();
  await expect(main.getByRole("link", { name: "홈으로" })).toHaveAttribute("href", "/");

  // Coming back shows the status card instead of a second form.
  await open(page, "/membership/apply");
  await expect(main.getByRole("heading", { name: "정회원 가입 신청 현황" })).toBeVisible();
  await expect(main.getByText("검토 중", { exact: true })).toBeVisible();
  await expect(main).toContainText("신청일");
  await expect(main).toContainText("결과는 이메일로 안내해 드립니다");
  await expect(main.getByRole("button", { name: "신청하기" })).toHaveCount(0);
});

test.describe("a visitor meets the locks", () => {
  test("/membership/apply: the '로그인 필요' toast, then the login page", async ({ page }) => {
    await page.goto("/membership/apply");
    await expect(toast(page, "로그인 필요")).toBeVisible();
    await expect(toast(page, "로그인 필요")).toContainText(
      "회원 가입 신청을 위해서는 먼저 로그인해야 합니다.",
    );
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole("heading", { name: "로그인", level: 1 })).toBeVisible();
  });

  test("/membership offers a visitor the sign-up-first button", async ({ page }) => {
    await open(page, "/membership");
    await expect(page.getByRole("button", { name: "정회원 가입 신청" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "회원가입 먼저 하기" })).toHaveAttribute(
      "href",
      "/signup",
    );
  });

  test("/charter: '회원 전용 콘텐츠입니다' with login and sign-up buttons, no charter text", async ({
    page,
  }) => {
    const response = await page.goto("/charter");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByText("회원 전용 콘텐츠입니다")).toBeVisible();
    await expect(main).toContainText("학회 정관은 승인된 회원만 열람할 수 있습니다.");
    await expect(main.getByRole("link", { name: "로그인" })).toHaveAttribute(
      "href",
      /^\/login(\?|$)/,
    );
    await expect(main.getByRole("link", { name: "회원가입" })).toHaveAttribute("href", "/signup");
    await expect(main.getByRole("navigation", { name: "목차" })).toHaveCount(0);
    await expect(main).not.toContainText("제1장");
    expect(await response?.text()).not.toContain("제1조");
  });

  test("an announcement detail shows the login-required card, never the body", async ({
    page,
    request,
  }) => {
    const target = await oldestAnnouncement(request);
    await open(page, `/announcements/${target.id}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "로그인이 필요합니다" })).toBeVisible();
    await expect(main).toContainText(
      "공지사항 전문은 승인된 회원으로 로그인한 뒤 열람할 수 있습니다.",
    );
    await expect(main.getByRole("link", { name: "로그인" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(`/announcements/${target.id}`)}`,
    );
    await expect(main.getByRole("link", { name: "목록으로" })).toHaveAttribute(
      "href",
      "/announcements",
    );
    await expect(main).not.toContainText(target.excerpt.slice(0, 30));
    await expect(header(page).getByRole("link", { name: "로그인" })).toBeVisible();
  });
});
