// Helpers for the account, members-only and administrator specs: accounts created through the
// real API (upload, sign-up, approval), logins, toasts, and the dashboard's tables.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import { waitForHydration } from "./public-support";
import { DEMO_ADMIN } from "./support";

export { waitForHydration } from "./public-support";
export { DEMO_ADMIN, EMPTY_BASE_URL } from "./support";

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export const PASSWORD = "correct-horse-9";

/** English default messages of validation libraries, which must never reach a user. */
export const ENGLISH_DEFAULTS = /\b(Required|Invalid|Expected|received|input|must)\b/;

let counter = 0;
/** A fresh e-mail address on every call, unique across workers and runs. */
export function uniqueEmail(prefix = "doctor") {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}-${random}@example.com`;
}

/** A short unique suffix for titles and names. */
export function uniqueSuffix() {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/**
 * Writes `content` to a new file in a temporary folder and answers its path, for setInputFiles
 * with a real file on disk.
 */
export function writeTempFile(name: string, content: Buffer | string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-e2e-file-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

export type SignUpDetails = {
  email: string;
  password: string;
  name: string;
  phone: string;
  licenseNumber: string;
  hospitalName: string;
  department: string;
  address: string;
};

/** A complete set of sign-up details with a unique e-mail and a unique name. */
export function signUpDetails(overrides: Partial<SignUpDetails> = {}): SignUpDetails {
  const suffix = uniqueSuffix();
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    name: `김의사${suffix.slice(-5)}`,
    phone: "010-1234-5678",
    licenseNumber: `L${suffix}`.slice(0, 20),
    hospitalName: `서울내과의원 ${suffix}`,
    department: "내과",
    address: "서울특별시 강남구 테헤란로 1",
    ...overrides,
  };
}

async function expectStatus(response: APIResponse, status: number, what: string) {
  if (response.status() !== status) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
}

/** POST /api/objects/upload-public, then PUT a real PNG to the signed URL: the object path. */
export async function uploadPublicImage(request: APIRequestContext): Promise<string> {
  const grant = await request.post("/api/objects/upload-public");
  await expectStatus(grant, 200, "POST /api/objects/upload-public");
  const { uploadURL, objectPath } = (await grant.json()) as {
    uploadURL: string;
    objectPath: string;
  };
  expect(uploadURL).toBeTruthy();
  expect(objectPath).toBeTruthy();
  const put = await request.put(uploadURL, {
    headers: { "Content-Type": "image/png" },
    data: PNG,
  });
  expect(put.ok(), `PUT to the signed URL answered ${put.status()}`).toBe(true);
  return objectPath;
}

export type Account = SignUpDetails & { id: string };

/**
 * Signs a doctor up through the real API (upload-public, PUT the image, register with consent):
 * a pending member. Answers its credentials and id.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  overrides: Partial<SignUpDetails> = {},
): Promise<Account> {
  const details = signUpDetails(overrides);
  const licenseImageUrl = await uploadPublicImage(request);
  const response = await request.post("/api/auth/register", {
    data: { ...details, licenseImageUrl, privacyConsent: true },
  });
  await expectStatus(response, 201, "POST /api/auth/register");
  const { id } = (await response.json()) as { id: string };
  expect(id).toBeTruthy();
  return { ...details, id };
}

/** The seeded server of playwright.config.ts (the default baseURL). */
export const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3210)}`;

/** A request context of its own, logged in as the demo administrator. Dispose it when done. */
export async function adminRequest(): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await context.post("/api/auth/login", { data: DEMO_ADMIN });
  await expectStatus(login, 200, "administrator login");
  return context;
}

/** Runs `use` with a request context logged in as the demo administrator. */
export async function asAdmin<T>(use: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  const admin = await adminRequest();
  try {
    return await use(admin);
  } finally {
    await admin.dispose();
  }
}

/**
 * Approves a pending member as the demo administrator, on a request context of its own so that
 * `request` (the test's, perhaps a visitor's) keeps its own session.
 */
export async function approveThroughApi(_request: APIRequestContext, userId: string) {
  await asAdmin(async (admin) => {
    const response = await admin.post(`/api/users/${userId}/approve`);
    await expectStatus(response, 200, `POST /api/users/${userId}/approve`);
  });
}

/** The id of a pending member, looked up by e-mail in GET /api/users/pending as administrator. */
export async function pendingUserId(email: string): Promise<string> {
  return asAdmin(async (admin) => {
    const response = await admin.get("/api/users/pending");
    await expectStatus(response, 200, "GET /api/users/pending");
    const users = (await response.json()) as Array<{ id: string; email: string }>;
    const user = users.find((u) => u.email === email.toLowerCase());
    if (!user) throw new Error(`${email} is not in the pending list`);
    return user.id;
  });
}

/** An approved member, created and approved through the API. */
export async function createApprovedMember(
  request: APIRequestContext,
  overrides: Partial<SignUpDetails> = {},
): Promise<Account> {
  const account = await signUpThroughApi(request, overrides);
  await approveThroughApi(request, account.id);
  return account;
}

/**
 * Logs the page's browser context in through POST /api/auth/login (page.request shares the
 * context's cookies), as Epic Stack's loginAs does it without the form.
 */
export async function loginAs(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  await expectStatus(response, 200, `login of ${email}`);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name === "sid" && cookie.value)).toBe(true);
}

/** Opens a path and waits until React has hydrated it, so clicks reach their handlers. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** Fills the login form and submits it (the page must be /login). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("main").getByRole("button", { name: "로그인" }).click();
}

/**
 * The toast area (Radix toast viewport, F8). While a modal dialog is open, Radix hides everything
 * outside it from the accessibility tree, the toast area included, hence `includeHidden`:
 * visibility is still checked on screen by the assertions.
 */
export function toastArea(page: Page): Locator {
  return page.getByRole("region", { name: /F8/, includeHidden: true });
}

/** The toast whose title is `title`. */
export function toast(page: Page, title: string): Locator {
  return toastArea(page)
    .getByRole("listitem", { includeHidden: true })
    .filter({ has: page.getByText(title, { exact: true }) });
}

/** The header (banner) of the page. */
export function header(page: Page): Locator {
  return page.getByRole("banner");
}

/** The user's name as the header shows it (the closed mobile menu holds a hidden copy). */
export function headerUserName(page: Page, name: string): Locator {
  return header(page).getByText(name, { exact: true }).filter({ visible: true });
}

// ---------------------------------------------------------------------------------------------
// The administrator dashboard

export const DASHBOARD_TABS = [
  "준회원 승인",
  "정회원 승인",
  "공지사항",
  "학술 활동",
  "임원진",
  "연혁",
] as const;

/** Opens /admin/dashboard on a tab, as the page's current (administrator) session. */
export async function openDashboard(page: Page, tab: (typeof DASHBOARD_TABS)[number]) {
  await open(page, "/admin/dashboard");
  await expect(page.getByRole("heading", { name: "관리자 대시보드", level: 1 })).toBeVisible();
  const trigger = page.getByRole("tab", { name: new RegExp(`^${tab}`) });
  await trigger.click();
  await expect(trigger).toHaveAttribute("aria-selected", "true");
  return page.getByRole("tabpanel");
}

/**
 * The row of a dashboard table that contains `text`, searched for so the row is on screen. The
 * growing tabs (members, applications, announcements, seminars) search on the server: their box
 * (`name="q"`) is submitted and the search lands in the URL. The small tables (executives,
 * history) page by ten in the browser and offer a search box once they grow past a page.
 */
export async function tableRow(page: Page, caption: string, text: string): Promise<Locator> {
  const search = page.getByRole("searchbox", { name: `${caption} 검색` });
  if ((await search.count()) > 0 && (await search.inputValue()) !== text) {
    await search.fill(text);
    if ((await search.getAttribute("name")) === "q") {
      await search.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === text);
    }
  }
  return page.getByRole("table", { name: caption }).getByRole("row").filter({ hasText: text });
}

/** Applies for full membership through POST /api/membership-applications as `account`. */
export async function applyThroughApi(account: Account): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const login = await context.post("/api/auth/login", {
      data: { email: account.email, password: account.password },
    });
    await expectStatus(login, 200, `login of ${account.email}`);
    const response = await context.post("/api/membership-applications", {
      data: {
        phone: account.phone,
        licenseNumber: account.licenseNumber,
        hospitalName: account.hospitalName,
        department: account.department,
        address: account.address,
      },
    });
    await expectStatus(response, 201, "POST /api/membership-applications");
    return ((await response.json()) as { id: string }).id;
  } finally {
    await context.dispose();
  }
}
