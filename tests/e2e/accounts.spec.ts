// Sign-up with a licence image, the pending state, approval, login, logout, and the
// Korean validation messages of both forms.
import { expect, test } from "@playwright/test";
import { PNG, signUp } from "../support/http";
import {
  approveThroughApi,
  asAdmin,
  createApprovedMember,
  DEMO_ADMIN,
  ENGLISH_DEFAULTS,
  fillSignUp,
  header,
  headerUserName,
  holdScripts,
  open,
  pendingUserId,
  signUpDetails,
  site,
  submitLogin,
  toast,
  waitForHydration,
  writeTempFile,
} from "./fixtures";

test("a doctor signs up with a licence image, waits for approval, logs in and out", async ({
  page,
}) => {
  test.slow(); // a long journey: sign-up, pending login, approval, login, logout
  const doctor = signUpDetails();

  await open(page, "/signup");
  await expect(page.getByRole("heading", { name: "회원가입", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "비밀번호", exact: true })).toHaveAttribute(
    "placeholder",
    "최소 8자 이상",
  );
  await fillSignUp(page, doctor);

  // A real PNG file from disk, through the upload-public flow.
  const licence = writeTempFile("licence.png", PNG);
  // Chosen from the keyboard: the focus stays on the field through the upload.
  await page.getByLabel("의사 면허증 이미지").focus();
  await page.getByLabel("의사 면허증 이미지").setInputFiles(licence);
  await expect(toast(page, "업로드 완료")).toBeVisible();
  await expect(page.getByLabel("의사 면허증 이미지")).toBeFocused();
  await expect(toast(page, "업로드 완료")).toContainText("의사 자격증 이미지가 업로드되었습니다.");
  await expect(page.getByText("업로드됨")).toBeVisible();
  await expect(page.getByRole("img", { name: "업로드한 이미지 미리보기" })).toBeVisible();

  // The upload filled the field: no 'please upload' error may be left on screen. (A stale one
  // vanishes at the next focus change and shifts the form under the pointer, so the user's next
  // click, e.g. on the consent checkbox, is lost.)
  await expect
    .soft(
      page.getByText("의사 면허증 이미지를 업로드해주세요"),
      "no stale licence error after upload",
    )
    .toHaveCount(0);

  const consent = page.getByRole("checkbox", { name: /개인정보 수집·이용에 동의합니다/ });
  await expect(
    page.getByRole("main").getByRole("link", { name: "개인정보처리방침" }),
  ).toHaveAttribute("href", "/privacy");
  await expect(page.getByRole("main").getByRole("link", { name: "이용약관" })).toHaveAttribute(
    "href",
    "/terms",
  );
  await consent.focus(); // lets a layout shift of the bug above settle before the click
  await consent.check();
  // Without the terms consent the sign-up stops at its checkbox, with the Korean message.
  await page.getByRole("button", { name: "회원가입", exact: true }).click();
  const terms = page.getByRole("checkbox", { name: /이용약관에 동의합니다/ });
  await expect(terms).toHaveAccessibleDescription("이용약관에 동의해주세요");
  await expect(page).toHaveURL(/\/signup/);
  await terms.check();
  await page.getByRole("button", { name: "회원가입", exact: true }).click();

  await expect(page).toHaveURL(/\/login\?signup=received$/);
  await expect(toast(page, "회원가입 완료")).toBeVisible();
  // A note that lasts (and survives a reload), not only the toast.
  const received = page.getByRole("region", { name: "회원가입 신청이 접수되었습니다" });
  await expect(received).toContainText("3-5영업일");
  await expect(received).toContainText("이메일로 안내 메일");
  await page.reload();
  await expect(received).toBeVisible();

  // Not approved yet: the pending toast, and no session.
  await waitForHydration(page);
  await submitLogin(page, doctor.email, doctor.password);
  await expect(toast(page, "승인 대기 중")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole("link", { name: "로그인" })).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name === "sid" && c.value)).toEqual([]);

  // The administrator approves the account through the API.
  await approveThroughApi(await pendingUserId(doctor.email));

  await open(page, "/login");
  await submitLogin(page, doctor.email, doctor.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "로그인 성공")).toBeVisible();
  await expect(headerUserName(page, doctor.name)).toBeVisible();
  await expect(header(page).getByRole("link", { name: "로그인" })).toBeHidden();
  // Members do not get the administrator's link.
  await expect(header(page).getByRole("link", { name: "관리자" })).toHaveCount(0);

  await header(page).getByRole("button", { name: "로그아웃" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole("link", { name: "로그인" })).toBeVisible();
  await expect(header(page).getByText(doctor.name, { exact: true })).toHaveCount(0);
  const me = await page.request.get("/api/auth/me");
  expect(me.status()).toBe(401);
});

test("the administrator logs in through the form and lands on the dashboard", async ({ page }) => {
  await open(page, "/login");
  await submitLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(toast(page, "로그인 성공")).toBeVisible();
  await expect(page.getByRole("heading", { name: "관리자 대시보드", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "주 메뉴" }).getByRole("link", { name: "관리자" }),
  ).toHaveAttribute("href", "/admin/dashboard");
});

test("a redirectTo that leaves the site is ignored", async ({ page }) => {
  const member = await createApprovedMember();
  await open(page, `/login?redirectTo=${encodeURIComponent("//evil.example/")}`);
  await submitLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await expect(headerUserName(page, member.name)).toBeVisible();
});

test("a rejected doctor's login shows the 반려 status page with a Korean message and whom to contact", async ({
  page,
}) => {
  const doctor = await signUp(site, signUpDetails());
  await asAdmin(async (admin) => {
    const response = await admin.post(`/api/users/${doctor.id}/reject`);
    expect(response.status()).toBe(200);
  });
  await open(page, "/login");
  await submitLogin(page, doctor.email, doctor.password);
  const refused = toast(page, "회원가입 반려");
  await expect(refused).toBeVisible();
  await expect(refused).toContainText("회원가입이 승인되지 않았습니다.");
  await expect(refused).toContainText("학회 사무국");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "반려", level: 1 })).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name === "sid" && c.value)).toEqual([]);
});

test("a sign-up with a taken e-mail (in other letter case) shows '회원가입 실패'", async ({
  page,
}) => {
  const taken = await signUp(site, signUpDetails());
  const doctor = signUpDetails({ email: taken.email.toUpperCase() });
  await open(page, "/signup");
  // The image first: the fields filled afterwards let the form settle (see the first test).
  await page.getByLabel("의사 면허증 이미지").setInputFiles(writeTempFile("licence.png", PNG));
  await expect(page.getByText("업로드됨")).toBeVisible();
  await fillSignUp(page, doctor);
  await page.getByRole("checkbox", { name: /이용약관에 동의합니다/ }).check();
  await page.getByRole("checkbox", { name: /개인정보 수집·이용에 동의합니다/ }).check();
  await page.getByRole("button", { name: "회원가입", exact: true }).click();

  const failed = toast(page, "회원가입 실패");
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(/[가-힣]/);
  await expect(failed).not.toContainText(ENGLISH_DEFAULTS);
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel("이메일")).toHaveAttribute("aria-invalid", "true");
});

test("wrong credentials show '로그인 실패'", async ({ page }) => {
  await open(page, "/login");
  await submitLogin(page, signUpDetails().email, "not-the-password");
  await expect(toast(page, "로그인 실패")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("Korean validation messages", () => {
  test("an empty login form shows the e-mail and password messages", async ({ page }) => {
    await open(page, "/login");
    await page.getByRole("main").getByRole("button", { name: "로그인" }).click();
    const email = page.getByLabel("이메일");
    const password = page.getByLabel("비밀번호");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("올바른 이메일 주소를 입력해주세요");
    await expect(password).toHaveAccessibleDescription("비밀번호를 입력해주세요");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("main")).not.toContainText(ENGLISH_DEFAULTS);

    // An address that is not an e-mail gets the same message.
    await email.fill("not-an-email");
    await password.fill("x");
    await page.getByRole("main").getByRole("button", { name: "로그인" }).click();
    await expect(email).toHaveAccessibleDescription("올바른 이메일 주소를 입력해주세요");
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
  });

  test("an empty sign-up form shows the spec's messages and no English default", async ({
    page,
  }) => {
    await open(page, "/signup");
    await page.getByRole("button", { name: "회원가입", exact: true }).click();
    const main = page.getByRole("main");
    await expect(page.getByLabel("이메일")).toHaveAccessibleDescription(
      "올바른 이메일 주소를 입력해주세요",
    );
    await expect(
      page.getByRole("textbox", { name: "비밀번호", exact: true }),
    ).toHaveAccessibleDescription("비밀번호는 최소 8자 이상이어야 합니다");
    await expect(page.getByLabel("비밀번호 확인")).toHaveAccessibleDescription(
      "비밀번호가 일치하지 않습니다",
    );
    await expect(page.getByLabel("의사 면허증 이미지")).toHaveAccessibleDescription(
      "의사 면허증 이미지를 업로드해주세요",
    );
    await expect(
      page.getByRole("checkbox", { name: /개인정보 수집·이용에 동의합니다/ }),
    ).toHaveAccessibleDescription("개인정보 수집·이용에 동의해주세요");
    await expect(
      page.getByRole("checkbox", { name: /이용약관에 동의합니다/ }),
    ).toHaveAccessibleDescription("이용약관에 동의해주세요");
    for (const [label, message] of [
      ["이름", "이름을 입력해주세요"],
      ["휴대전화번호", "휴대전화번호를 입력해주세요"],
      ["의사 면허번호", "의사 면허번호를 입력해주세요"],
      ["진료과목", "진료과목을 입력해주세요"],
      ["병원명", "병원명을 입력해주세요"],
      ["병원 주소", "병원 주소를 입력해주세요"],
    ] as const) {
      await expect(
        page.getByRole("textbox", { name: label, exact: true }),
      ).toHaveAccessibleDescription(message);
    }
    await expect(main).not.toContainText(ENGLISH_DEFAULTS);
    await expect(page).toHaveURL(/\/signup$/);

    // A short password.
    await page.getByRole("textbox", { name: "비밀번호", exact: true }).fill("short");
    await page.getByRole("button", { name: "회원가입", exact: true }).click();
    await expect(
      page.getByRole("textbox", { name: "비밀번호", exact: true }),
    ).toHaveAccessibleDescription("비밀번호는 최소 8자 이상이어야 합니다");
    await expect(main).not.toContainText(ENGLISH_DEFAULTS);
  });

  test("a confirmation that differs gets '비밀번호가 일치하지 않습니다' on the confirmation", async ({
    page,
  }) => {
    const doctor = signUpDetails();
    await open(page, "/signup");
    await page.getByLabel("의사 면허증 이미지").setInputFiles(writeTempFile("licence.png", PNG));
    await expect(page.getByText("업로드됨")).toBeVisible();
    await page.getByLabel("이메일").fill(doctor.email);
    await page.getByRole("textbox", { name: "비밀번호", exact: true }).fill("long-enough-1");
    await page.getByLabel("비밀번호 확인").fill("long-enough-2");
    await page.getByLabel("이름").fill(doctor.name);
    await page.getByLabel("휴대전화번호").fill(doctor.phone);
    await page.getByLabel("의사 면허번호").fill(doctor.licenseNumber);
    await page.getByLabel("진료과목").fill(doctor.department);
    await page.getByLabel("병원명").fill(doctor.hospitalName);
    await page.getByLabel("병원 주소").fill(doctor.address);
    await page.getByRole("checkbox", { name: /이용약관에 동의합니다/ }).check();
    await page.getByRole("checkbox", { name: /개인정보 수집·이용에 동의합니다/ }).check();

    await page.getByRole("button", { name: "회원가입", exact: true }).click();
    await expect(page.getByLabel("비밀번호 확인")).toHaveAccessibleDescription(
      "비밀번호가 일치하지 않습니다",
    );
    await expect(page.getByRole("textbox", { name: "비밀번호", exact: true })).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByRole("main")).not.toContainText(ENGLISH_DEFAULTS);
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe("the licence upload", () => {
  test("refuses a file that is not an image ('잘못된 파일 형식')", async ({ page }) => {
    await open(page, "/signup");
    // The browser checks the MIME type: a text file is refused before any upload.
    const text = writeTempFile("licence.txt", "This is not an image.\n");
    let uploadRequested = false;
    page.on("request", (req) => {
      if (req.url().includes("/api/objects/upload")) uploadRequested = true;
    });
    await page.getByLabel("의사 면허증 이미지").setInputFiles(text);
    await expect(toast(page, "잘못된 파일 형식")).toBeVisible();
    await expect(toast(page, "잘못된 파일 형식")).toContainText("이미지 파일만 업로드 가능합니다.");
    await expect(page.getByText("업로드됨")).toHaveCount(0);
    expect(uploadRequested).toBe(false);
  });

  test("the server refuses a non-image that claims to be a PNG ('잘못된 파일 형식')", async ({
    page,
  }) => {
    await open(page, "/signup");
    // Named .png, so the browser calls it image/png; the server reads the bytes and refuses it.
    const fake = writeTempFile("licence.png", "This is plain text pretending to be a PNG.\n");
    await page.getByLabel("의사 면허증 이미지").setInputFiles(fake);
    // The bytes decide, not the name: SPEC.md's title for a wrong type, with its message.
    const refused = toast(page, "잘못된 파일 형식");
    await expect(refused).toBeVisible();
    await expect(refused).toContainText("이미지 파일만 업로드 가능합니다.");
    await expect(page.getByText("업로드됨")).toHaveCount(0);
  });

  test("a licence chosen before the JavaScript arrives is uploaded when the page hydrates, and the sign-up goes through", async ({
    page,
  }) => {
    // On a slow phone the scripts come after the first paint (decision 012): the doctor may pick
    // the image first, while nothing listens to the input.
    const release = await holdScripts(page);
    await page.goto("/signup", { waitUntil: "domcontentloaded" });
    await page.getByLabel("의사 면허증 이미지").setInputFiles(writeTempFile("licence.png", PNG));
    release();
    await waitForHydration(page);
    await expect(page.getByText("업로드됨")).toBeVisible();

    const doctor = signUpDetails();
    await fillSignUp(page, doctor);
    await page.getByRole("checkbox", { name: /이용약관에 동의합니다/ }).check();
    await page.getByRole("checkbox", { name: /개인정보 수집·이용에 동의합니다/ }).check();
    await page.getByRole("button", { name: "회원가입", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?signup=received$/);
    expect(await pendingUserId(doctor.email)).toMatch(/\S/);
  });
});
