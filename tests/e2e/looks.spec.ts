import { expect, type Page, test } from "@playwright/test";
import { PNG, signUp } from "../support/http";
import {
  adminRequest,
  applyThroughApi,
  asAdmin,
  createApprovedMember,
  DEMO_ADMIN,
  expectNoSeriousA11yViolations,
  fillSignUp,
  horizontalOverflow,
  loginAs,
  open,
  openDashboard,
  setMobileMenu,
  signUpDetails,
  site,
  tableRow,
  toast,
  writeTempFile,
} from "./fixtures";

// Flows without dead ends, in the browser: re-application after a rejection, and the
// administrator's pending list on a phone.

test("a rejected applicant reads the reason, applies again, and the office sees the history", async ({
  page,
}) => {
  const member = await createApprovedMember();
  const first = await applyThroughApi(member);
  const admin = await adminRequest();
  try {
    const reject = await admin.patch(`/api/membership-applications/${first}`, {
      data: { status: "rejected", rejectionReason: "세미나 참석 기록이 확인되지 않았습니다." },
    });
    expect(reject.status()).toBe(200);
  } finally {
    await admin.dispose();
  }

  await loginAs(page, member.email, member.password);
  await open(page, "/membership/apply");
  const main = page.getByRole("main");
  await expect(main).toContainText("거부됨");
  await expect(main).toContainText("세미나 참석 기록이 확인되지 않았습니다.");
  await expect(main).toContainText("문의: 학회 사무국");
  await expect(main.getByRole("heading", { name: "다시 신청하기" })).toBeVisible();
  // The new form starts from the rejected application's answers.
  await expect(main.getByLabel("병원명")).toHaveValue(member.hospitalName);
  await main.getByLabel("병원명").fill(`${member.hospitalName} 재신청`);
  await main.getByRole("button", { name: "신청하기" }).click();
  await expect(
    main.getByRole("heading", { name: "정회원 가입 신청이 완료되었습니다" }),
  ).toBeVisible();

  const me = await page.request.get("/api/membership-applications/me");
  expect(me.status()).toBe(200);
  const latest = (await me.json()) as { id: string; status: string; hospitalName: string };
  expect(latest.id).not.toBe(first);
  expect(latest).toMatchObject({
    status: "pending",
    hospitalName: `${member.hospitalName} 재신청`,
  });
  // A second one while it is pending: 409.
  const again = await page.request.post("/api/membership-applications", {
    data: {
      phone: member.phone,
      licenseNumber: member.licenseNumber,
      hospitalName: member.hospitalName,
      department: member.department,
      address: member.address,
    },
  });
  expect(again.status()).toBe(409);

  // The office: the detail of the new application lists the rejected one.
  await page.context().clearCookies();
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await openDashboard(page, "정회원 승인");
  const row = await tableRow(page, "정회원 가입 신청 목록", `${member.hospitalName} 재신청`);
  await row.getByRole("button", { name: "상세" }).click();
  const dialog = page.getByRole("dialog", { name: "정회원 가입 신청 상세" });
  await expect(dialog).toContainText("이 회원의 다른 신청 1건");
  await expect(dialog).toContainText("세미나 참석 기록이 확인되지 않았습니다.");
});

test.describe("the administrator on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the pending list is stacked cards; approve is reachable without scrolling sideways", async ({
    page,
  }) => {
    const doctor = await signUp(site, signUpDetails());
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await openDashboard(page, "준회원 승인");
    const row = await tableRow(page, "승인 대기 회원", doctor.email);
    await expect(row).toContainText(doctor.name);
    const approve = row.getByRole("button", { name: /^승인 \(/ });
    await approve.scrollIntoViewIfNeeded();
    const box = await approve.boundingBox();
    expect(box, "the approve button is laid out").not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await approve.click();
    await expect(row).toHaveCount(0);
  });
});

test.describe("dialogs and toasts", () => {
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ]) {
    test(`a toast stays clear of a dialog's buttons; closing gives the focus back (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const member = await createApprovedMember();
      await applyThroughApi(member);
      await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

      // The announcement form: a wrong file in the editor's image button toasts while it is open.
      await openDashboard(page, "공지사항");
      const opener = page.getByRole("button", { name: "공지사항 작성" });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "공지사항 작성" });
      await expect(dialog).toBeVisible();
      await dialog
        .getByRole("button", { name: "대표 이미지 (선택) 파일 선택" })
        .setInputFiles(writeTempFile("not-an-image.txt", "plain text"));
      const shown = toast(page, "잘못된 파일 형식");
      await expect(shown).toBeVisible();
      // The dialog moves below the toast area once the area has been measured (a ResizeObserver,
      // a frame after the toast appears), so the check waits for the layout to settle.
      const coveredButtons = async () => {
        const toastBox = await shown.boundingBox();
        if (!toastBox) return ["(the toast is not laid out)"];
        const covered: string[] = [];
        const buttons = dialog.getByRole("button");
        for (let i = 0; i < (await buttons.count()); i++) {
          const button = buttons.nth(i);
          if (!(await button.isVisible())) continue;
          await button.scrollIntoViewIfNeeded();
          const box = await button.boundingBox();
          if (!box) continue;
          const overlaps =
            box.x < toastBox.x + toastBox.width &&
            toastBox.x < box.x + box.width &&
            box.y < toastBox.y + toastBox.height &&
            toastBox.y < box.y + box.height;
          if (overlaps)
            covered.push(
              (await button.getAttribute("aria-label")) ?? (await button.textContent()) ?? "",
            );
        }
        return covered;
      };
      // One round measures two dozen buttons (the editor's toolbar among them): on a busy machine
      // that alone took more than three seconds, so the poll allows several rounds.
      await expect
        .poll(coveredButtons, { message: "buttons the toast covers", timeout: 20_000 })
        .toEqual([]);
      // (Escape would close the toast first: it is the layer opened last.)
      await dialog.getByRole("button", { name: "닫기" }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      // A row's reject dialog, opened from its button, gives the focus back to that button.
      await openDashboard(page, "정회원 승인");
      const row = await tableRow(page, "정회원 가입 신청 목록", member.email);
      const reject = row.getByRole("button", { name: /^거부 \(/ });
      await reject.click();
      const reason = page.getByRole("dialog", { name: "정회원 신청 거부" });
      await expect(reason).toBeVisible();
      await reason.getByRole("button", { name: "취소" }).click();
      await expect(reason).toBeHidden();
      await expect(reject).toBeFocused();
      // And the approve prompt, closed with Escape.
      const approve = row.getByRole("button", { name: /^승인 \(/ });
      await approve.click();
      await expect(page.getByRole("alertdialog", { name: "정회원 승인" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(approve).toBeFocused();
    });
  }
});

test("the home page's quick links: 회원가입 for a visitor, 마이페이지 for a member", async ({
  page,
}) => {
  const quick = page.getByRole("navigation", { name: "바로가기" }).getByRole("link");
  await page.goto("/");
  await expect(quick).toHaveText([/회원가입/, /세미나 신청/, /정회원 신청/, /오시는 길/]);
  const member = await createApprovedMember();
  await loginAs(page, member.email, member.password);
  await page.goto("/");
  await expect(quick).toHaveText([/마이페이지/, /세미나 신청/, /정회원 신청/, /오시는 길/]);
  await expect(quick.first()).toHaveAttribute("href", "/mypage");
});

test.describe("the administrator's navigation on a phone and a tablet", () => {
  /** Whether every item of `list` is inside the viewport's width, none cut off. */
  async function allInView(list: import("@playwright/test").Locator, width: number) {
    const boxes = await list.evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return { left: box.left, right: box.right, top: box.top };
      }),
    );
    return boxes.every((box) => box.left >= 0 && box.right <= width);
  }

  test("at 375 px the sections and the tabs wrap, the current one in sight; the filters fit", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto("/admin/dashboard?tab=history");
    const sections = page.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link");
    expect(await allInView(sections, 375)).toBe(true);
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveCount(6);
    expect(await allInView(tabs, 375)).toBe(true);
    await expect(page.getByRole("tab", { name: "연혁" })).toBeInViewport();

    await page.goto("/admin/members");
    // On a phone the filters are folded behind 필터: open them.
    await page.getByRole("search", { name: "회원 검색" }).locator("summary").click();
    const form = page.locator("form").filter({ has: page.getByLabel("가입일 (까지)") });
    const formBox = await form.boundingBox();
    for (const label of ["가입일 (부터)", "가입일 (까지)"]) {
      const box = await page.getByLabel(label).boundingBox();
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(formBox!.x + formBox!.width + 0.5);
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test("at 768 px the sections stand on one line", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto("/admin/members");
    const tops = await page
      .getByRole("navigation", { name: "관리자 메뉴" })
      .getByRole("link")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // The header's 관리자 link marks the section on every administrator page.
    await expect(
      page.getByRole("banner").locator('a[href="/admin/dashboard"]').filter({ visible: true }),
    ).toHaveAttribute("aria-current", "true");
  });
});

test("the emblem is in the header, the footer and the favicon; the Open Graph image is there", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page.getByRole("banner").locator('img[src="/emblem.svg"]')).toHaveCount(1);
  await expect(page.getByRole("contentinfo").locator('img[src="/emblem.svg"]')).toHaveCount(1);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
  for (const path of ["/emblem.svg", "/og-image.png", "/apple-touch-icon.png"]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  // The hero image: drawn in the page itself (no request), named, and 3:2 like the drawing.
  const hero = page.getByRole("img", { name: /성장 곡선 일러스트/ });
  await expect(hero.locator("svg")).toHaveAttribute("viewBox", "0 0 1200 800");
  await expect(hero.locator("svg linearGradient#hero-sky")).toHaveCount(1);
  await expect(hero.locator('svg rect[fill="url(#hero-sky)"]')).toHaveCount(1);
  const box = await hero.boundingBox();
  expect(box?.width).toBeGreaterThan(300);
  expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 1.5)).toBeLessThan(0.02);
});

test.describe("axe on /mypage, the board and the menu", () => {
  for (const width of [375, 1280]) {
    test(`a member's /mypage, the board with a search, and the drop-down open at ${width} px`, async ({
      page,
    }) => {
      // 마이페이지's five pages, the board and the home page, each checked by axe.
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      const member = await createApprovedMember();
      await loginAs(page, member.email, member.password);
      for (const path of [
        "/mypage",
        "/mypage/seminars",
        "/mypage/dues",
        "/mypage/board",
        "/mypage/security",
        `/announcements?q=${encodeURIComponent("세미나")}`,
        "/",
      ]) {
        await page.goto(path);
        await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
      if (width >= 768) {
        await page
          .getByRole("navigation", { name: "주 메뉴" })
          .getByRole("link", { name: "학회소개" })
          .hover();
      } else {
        await setMobileMenu(page, true);
      }
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("sign-up without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form sends the licence image itself and ends on the lasting page; the office sees the doctor", async ({
    page,
  }) => {
    const doctor = signUpDetails();
    await page.goto("/signup");
    await fillSignUp(page, doctor);
    await page
      .getByLabel("의사 면허증 이미지")
      .setInputFiles(writeTempFile("licence-nojs.png", PNG));
    await page.getByRole("checkbox", { name: /이용약관에 동의합니다/ }).check();
    await page.getByRole("checkbox", { name: /개인정보 수집·이용에 동의합니다/ }).check();
    await page.getByRole("button", { name: "회원가입", exact: true }).click();

    await expect(page).toHaveURL(/\/login\?signup=received$/);
    await expect(
      page.getByRole("region", { name: "회원가입 신청이 접수되었습니다" }),
    ).toContainText("3-5영업일");
    const admin = await adminRequest();
    try {
      const pending = (await (await admin.get("/api/users/pending")).json()) as Array<{
        email: string;
        licenseImageUrl: string | null;
      }>;
      const mine = pending.find((user) => user.email === doctor.email);
      expect(mine?.licenseImageUrl).toMatch(/^\/objects\//);
      const image = await admin.get(mine!.licenseImageUrl!);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    } finally {
      await admin.dispose();
    }
  });
});

test.describe("the administrator without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** A new sign-up, and its row in the dashboard's pending list as the administrator sees it. */
  async function pendingRowWithoutJavaScript(page: Page) {
    const doctor = await signUp(site, signUpDetails());
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto("/admin/dashboard");
    const row = page
      .getByRole("table", { name: "승인 대기 회원" })
      .getByRole("row")
      .filter({ hasText: doctor.email });
    return { doctor, row };
  }

  test("approves a pending sign-up from the dashboard's list", async ({ page, request }) => {
    const { doctor, row } = await pendingRowWithoutJavaScript(page);
    await row.getByRole("button", { name: /^승인 \(/ }).click();
    await expect(page.getByRole("status")).toContainText("승인 완료 · 준회원 가입을 승인했습니다.");
    await page.goto("/admin/dashboard");
    await expect(row).toHaveCount(0);
    const login = await request.post("/api/auth/login", {
      data: { email: doctor.email, password: doctor.password },
    });
    expect(login.status()).toBe(200);
  });

  test("rejects a sign-up with a reason, after being asked", async ({ page, request }) => {
    const { doctor, row } = await pendingRowWithoutJavaScript(page);
    await row.locator("summary", { hasText: "거부" }).click();
    const form = row.locator("form").filter({ hasText: "가입 신청을 거부합니다" });
    await form.getByLabel(/거부 사유/).fill("면허번호를 확인할 수 없습니다.");
    await form.getByRole("button", { name: "거부" }).click();
    await expect(page.getByRole("status")).toContainText("거부 완료");
    await expect(row).toHaveCount(0);
    const login = await request.post("/api/auth/login", {
      data: { email: doctor.email, password: doctor.password },
    });
    expect(login.status()).toBe(403);
  });

  test("opens the applications tab by its link, approves one application and rejects another with a reason", async ({
    page,
  }) => {
    const approved = await createApprovedMember();
    const rejected = await createApprovedMember();
    await applyThroughApi(approved);
    const rejectedId = await applyThroughApi(rejected);
    await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto("/admin/dashboard");
    await page.getByRole("tab", { name: /^정회원 승인/ }).click();
    await expect(page).toHaveURL(/\?tab=applications$/);
    const table = page.getByRole("table", { name: "정회원 가입 신청 목록" });

    const first = table.getByRole("row").filter({ hasText: approved.email });
    await first.locator("summary", { hasText: "승인" }).click();
    await expect(first).toContainText(`${approved.name}님의 정회원 가입 신청을 승인하시겠습니까?`);
    await first.locator("form").getByRole("button", { name: "승인" }).click();
    await expect(page.getByRole("status")).toContainText(
      `승인 완료 · ${approved.name}님을 정회원으로 승인했습니다.`,
    );
    await expect(page).toHaveURL(/\?tab=applications$/);
    await expect(table.getByRole("row").filter({ hasText: approved.email })).toContainText(
      "승인됨",
    );

    const second = table.getByRole("row").filter({ hasText: rejected.email });
    await second.locator("summary", { hasText: "거부" }).click();
    const reason = second.getByLabel("거부 사유");
    // The reason is required: the browser keeps the form until one is given.
    await expect(reason).toHaveAttribute("required", "");
    await reason.fill("세미나 참석 기록이 없습니다.");
    await second.locator("form").getByRole("button", { name: "거부" }).click();
    await expect(page.getByRole("status")).toContainText("거부 완료");
    await expect(page).toHaveURL(/\?tab=applications$/);
    await asAdmin(async (admin) => {
      const answer = await admin.get(`/api/membership-applications/${rejectedId}`);
      expect(answer.status()).toBe(200);
      const body = (await answer.json()) as { status: string; rejectionReason: string };
      expect(body.status).toBe("rejected");
      expect(body.rejectionReason).toBe("세미나 참석 기록이 없습니다.");
    });
  });
});

test.describe("a member without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("applies for full membership with the licence image sent with the form", async ({
    page,
    request,
  }) => {
    const member = await createApprovedMember();
    await loginAs(page, member.email, member.password);
    await page.goto("/membership/apply");
    const main = page.getByRole("main");
    await expect(main.getByLabel("병원명")).toHaveValue(member.hospitalName);
    await main
      .getByLabel("의사 면허증 이미지 (선택)")
      .setInputFiles(writeTempFile("licence-apply-nojs.png", PNG));
    await main.getByRole("button", { name: "신청하기" }).click();
    await expect(main).toContainText("정회원 가입 신청이 완료되었습니다");
    await asAdmin(async (admin) => {
      const list = (await (await admin.get("/api/membership-applications")).json()) as Array<{
        email: string;
        licenseImageUrl: string | null;
      }>;
      const mine = list.find((a) => a.email === member.email.toLowerCase());
      expect(mine?.licenseImageUrl).toMatch(/^\/objects\//);
      // The stored image is the one sent, and private to the office.
      const image = await admin.get(mine?.licenseImageUrl ?? "");
      expect(image.status()).toBe(200);
      expect(Buffer.from(await image.body()).equals(PNG)).toBe(true);
    });
    expect((await request.get("/api/membership-applications")).status()).toBe(401);
  });

  test("a file that is not an image is refused under its field, and nothing is applied", async ({
    page,
  }) => {
    const member = await createApprovedMember();
    await loginAs(page, member.email, member.password);
    await page.goto("/membership/apply");
    const main = page.getByRole("main");
    await main
      .getByLabel("의사 면허증 이미지 (선택)")
      .setInputFiles(writeTempFile("licence.png", Buffer.from("not an image at all")));
    await main.getByRole("button", { name: "신청하기" }).click();
    await expect(main).toContainText("이미지 파일만 업로드 가능합니다.");
    await expect(main).not.toContainText("정회원 가입 신청이 완료되었습니다");
    const mine = await page.request.get("/api/membership-applications/me");
    expect(mine.status()).toBe(404);
  });
});
