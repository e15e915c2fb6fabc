// Two members use the members' board on 375 px phones: one writes a post with a link
// and an image, the other comments and reports it, the author edits it (수정됨) and both see the
// result. A visitor meanwhile gets only the locked notice.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { PNG, uniqueSuffix } from "../support/http";
import {
  createApprovedMember,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  horizontalOverflow,
  loginAs,
  open,
  toast,
  writeTempFile,
} from "./fixtures";

const PHONE = { width: 375, height: 812 };

async function phoneOf(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
) {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
  });
  const page = await context.newPage();
  await loginAs(page, account.email, account.password);
  return page;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await horizontalOverflow(page),
    `no horizontal scroll on ${page.url()}`,
  ).toBeLessThanOrEqual(0);
}

/** A text as shown on the page, not the same words waiting in an edit box. */
const shownText = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).and(page.locator(":not(textarea)"));

test("two members: a post with an image, a comment, a report and an edit, at 375 px", async ({
  browser,
  baseURL,
}) => {
  const suffix = uniqueSuffix().slice(-6);
  const writer = await createApprovedMember({ name: `글쓴이${suffix}` });
  const reader = await createApprovedMember({ name: `읽는이${suffix}` });
  const title = `마케팅 도구 추천 부탁드립니다 ${suffix}`;

  // The writer posts from their phone.
  const a = await phoneOf(browser, baseURL!, writer);
  await open(a, "/community");
  await expect(a.getByRole("heading", { level: 1, name: "회원 게시판" })).toBeVisible();
  await expectNoSidewaysScroll(a);
  await a.getByRole("link", { name: "글쓰기" }).click();
  await expect(a).toHaveURL(/\/community\/new$/);
  await a.getByRole("button", { name: "등록" }).click();
  await expect(a.getByText("제목을 입력해주세요.")).toBeVisible();
  await a.getByLabel("제목").fill(title);
  await a
    .getByLabel("내용")
    .fill(
      "병원 블로그 관리 도구를 찾고 있습니다.\n참고: https://example.com/tools\n<b>굵게</b>는 글자 그대로",
    );
  await a.getByLabel("이미지 1").setInputFiles(writeTempFile("clinic.png", PNG));
  await expect(a.getByText("업로드됨")).toBeVisible();
  await expectNoSidewaysScroll(a);
  await a.getByRole("button", { name: "등록" }).click();
  await expect(a).toHaveURL(/\/community\/[0-9a-f-]{36}$/);
  await expect(toast(a, "게시물을 등록했습니다.")).toBeVisible();
  await expect(a.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(a.getByText("<b>굵게</b>는 글자 그대로")).toBeVisible();
  const link = a.getByRole("link", { name: "https://example.com/tools" });
  await expect(link).toHaveAttribute("rel", "nofollow noopener ugc");
  const image = a.getByRole("img", { name: "첨부 이미지 1" });
  await expect(image).toBeVisible();
  // Visible comes before decoded: wait until the picture itself has arrived.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSidewaysScroll(a);
  const postUrl = a.url();

  // The reader finds it in the list, comments and reports it.
  const b = await phoneOf(browser, baseURL!, reader);
  await open(b, `/community?q=${encodeURIComponent(suffix)}`);
  await b.getByRole("link", { name: title }).click();
  await expect(b.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(b.getByRole("img", { name: "첨부 이미지 1" })).toBeVisible();
  await b.getByLabel("댓글 쓰기").fill("저도 궁금합니다. 좋은 질문 감사합니다!");
  await b.getByRole("button", { name: "댓글 등록" }).click();
  await expect(toast(b, "댓글을 등록했습니다.")).toBeVisible();
  await expect(shownText(b, "저도 궁금합니다. 좋은 질문 감사합니다!")).toBeVisible();
  await expect(b.getByRole("heading", { name: "댓글 1" })).toBeVisible();
  // The comment box is empty again, ready for the next one.
  await expect(b.getByLabel("댓글 쓰기")).toHaveValue("");
  // The reader fixes their own comment.
  const comments = b.getByRole("region", { name: "댓글 1" });
  await comments.getByText("수정", { exact: true }).click();
  await expect(comments.getByLabel("댓글 수정")).toHaveValue(
    "저도 궁금합니다. 좋은 질문 감사합니다!",
  );
  await comments.getByLabel("댓글 수정").fill("저도 궁금합니다. 좋은 질문 감사합니다.");
  await expectNoSidewaysScroll(b);
  await comments.getByRole("button", { name: "수정하기" }).click();
  await expect(toast(b, "댓글을 수정했습니다.")).toBeVisible();
  await expect(shownText(b, "저도 궁금합니다. 좋은 질문 감사합니다.")).toBeVisible();
  await expect(comments.getByText(/수정됨/)).toBeVisible();

  await b.getByRole("article").getByText("신고", { exact: true }).click();
  await b.getByLabel("신고 사유").first().fill("광고성 글로 보입니다");
  await expectNoSidewaysScroll(b);
  await b.getByRole("button", { name: "신고하기" }).first().click();
  await expect(toast(b, "신고가 접수되었습니다.")).toBeVisible();
  // One report of three: still shown.
  await expect(b.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The writer sees the comment and edits the post.
  await open(a, postUrl);
  await expect(shownText(a, "저도 궁금합니다. 좋은 질문 감사합니다.")).toBeVisible();
  // Another's comment offers the writer no 수정.
  await expect(
    a.getByRole("region", { name: "댓글 1" }).getByText("수정", { exact: true }),
  ).toHaveCount(0);
  await expect(a.getByText(/^수정됨/)).toHaveCount(0);
  await a.getByRole("link", { name: "수정" }).click();
  await expect(a).toHaveURL(/\/edit$/);
  await expect(a.getByLabel("제목")).toHaveValue(title);
  await a.getByLabel("제목").fill(`${title} (해결)`);
  await a.getByRole("button", { name: "수정 완료" }).click();
  await expect(toast(a, "게시물을 수정했습니다.")).toBeVisible();
  await expect(a.getByRole("heading", { level: 1, name: `${title} (해결)` })).toBeVisible();
  await expect(a.getByText(/^수정됨/)).toBeVisible();
  await expect(a.getByRole("img", { name: "첨부 이미지 1" })).toBeVisible();

  // The reader sees the edit; the writer cannot report their own post, the reader cannot edit it.
  await open(b, postUrl);
  await expect(b.getByRole("heading", { level: 1, name: `${title} (해결)` })).toBeVisible();
  await expect(b.getByText(/^수정됨/)).toBeVisible();
  await expect(b.getByRole("link", { name: "수정" })).toHaveCount(0);
  await expect(a.getByRole("article").getByText("신고", { exact: true })).toHaveCount(0);
  await expectNoSidewaysScroll(b);

  // A visitor on the same address sees the lock, not the post.
  const visitor = await browser.newContext({ viewport: PHONE, baseURL });
  const v = await visitor.newPage();
  await v.goto(postUrl);
  await expect(v.getByText("회원 전용 게시판입니다")).toBeVisible();
  await expect(v.getByText(title)).toHaveCount(0);

  await Promise.all([a.context().close(), b.context().close(), visitor.close()]);
});

test("the board's pages have no serious accessibility violation (axe), as visitor, member and administrator", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const member = await createApprovedMember({ name: `접근성${uniqueSuffix().slice(-5)}` });
  const page = await phoneOf(browser, baseURL!, member);
  const created = await page.request.post("/api/community/posts", {
    data: { title: "접근성 확인용 글", body: "본문입니다.\nhttps://example.com" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const comment = await page.request.post(`/api/community/posts/${id}/comments`, {
    data: { body: "댓글입니다." },
  });
  expect(comment.status()).toBe(201);
  for (const path of [
    "/community",
    `/community/${id}`,
    "/community/new",
    `/community/${id}/edit`,
  ]) {
    await open(page, path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  // A disclosure form opened (deleting one's own post asks first).
  await open(page, `/community/${id}`);
  await page.getByRole("article").locator("summary", { hasText: "삭제" }).click();
  await expect(page.getByText("이 게시물을 삭제할까요?")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.context().close();

  const visitorContext = await browser.newContext({ baseURL, viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/community");
  await expect(visitor.getByText("회원 전용 게시판입니다")).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await visitorContext.close();

  const admin = await phoneOf(browser, baseURL!, DEMO_ADMIN);
  await open(admin, "/admin/community");
  await expect(admin.getByRole("heading", { level: 1, name: "게시판 관리" })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();
});
