// Helpers that only the browser suite needs: the servers of playwright.config.ts, the demo
// administrator's request context, logins into a page's browser context, toasts, the dashboard's
// tables, and the public pages' menus, accessibility and hydration. Requests, uploads, sign-up,
// login and applications over plain HTTP are tests/support/http.ts's, shared with the integration
// tests; the e2e server serves every test and worker at once, so its doctors are made distinct.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import {
  applyOverHttp,
  logInCookie,
  postJson,
  type Registration,
  registration,
  type SignedUp,
  signUp,
  siteAt,
  uniqueSuffix,
} from "../support/http";

// ---------------------------------------------------------------------------------------------
// The servers

const SEEDED_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The seeded server of playwright.config.ts (the default baseURL). */
export const BASE_URL = `http://localhost:${SEEDED_PORT}`;

/** The empty server of playwright.config.ts (SEED_DEMO=0), for the empty states. */
export const EMPTY_BASE_URL = `http://localhost:${SEEDED_PORT + 1}`;

/** The seeded server over plain HTTP, for tests/support/http.ts's helpers. */
export const site = siteAt(BASE_URL);

/** The demo administrator created on the seeded server's first start (DEMO_ADMIN_PASSWORD). */
export const DEMO_ADMIN = { email: "admin@example.org", password: "e2e-admin-password" };

/** English default messages of validation libraries, which must never reach a user. */
export const ENGLISH_DEFAULTS = /\b(Required|Invalid|Expected|received|input|must)\b/;

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

// ---------------------------------------------------------------------------------------------
// Doctors and the office

/**
 * Sign-up details of a doctor no other test shares (a name, licence number and hospital of their
 * own), so that a search on the shared server finds this one.
 */
export function signUpDetails(overrides: Partial<Registration> = {}): Registration {
  const suffix = uniqueSuffix();
  return registration({
    name: `김의사${suffix.slice(-5)}`,
    licenseNumber: `L${suffix}`.slice(0, 20),
    hospitalName: `서울내과의원 ${suffix}`,
    ...overrides,
  });
}

async function expectStatus(response: APIResponse, status: number, what: string) {
  if (response.status() !== status) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
}

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

/** Approves a pending member as the demo administrator. */
export async function approveThroughApi(userId: string) {
  const cookie = await logInCookie(site, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const response = await postJson(site, `/api/users/${userId}/approve`, undefined, { cookie });
  if (response.status !== 200) {
    throw new Error(`POST /api/users/${userId}/approve answered ${response.status}`);
  }
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

/** A doctor of their own, signed up through the API and approved by the demo administrator. */
export async function createApprovedMember(
  overrides: Partial<Registration> = {},
): Promise<SignedUp> {
  const account = await signUp(site, signUpDetails(overrides));
  await approveThroughApi(account.id);
  return account;
}

/** The member applies for full membership with the details they signed up with; answers its id. */
export async function applyThroughApi(account: SignedUp): Promise<string> {
  const cookie = await logInCookie(site, account.email, account.password);
  const { phone, licenseNumber, hospitalName, department, address } = account;
  return applyOverHttp(site, cookie, { phone, licenseNumber, hospitalName, department, address });
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

/** Types a doctor's details into the sign-up form (not the image, nor the consents). */
export async function fillSignUp(page: Page, doctor: Registration) {
  await page.getByLabel("이메일").fill(doctor.email);
  await page.getByRole("textbox", { name: "비밀번호", exact: true }).fill(doctor.password);
  await page.getByLabel("비밀번호 확인").fill(doctor.password);
  await page.getByLabel("이름").fill(doctor.name);
  await page.getByLabel("휴대전화번호").fill(doctor.phone);
  await page.getByLabel("의사 면허번호").fill(doctor.licenseNumber);
  await page.getByLabel("진료과목").fill(doctor.department);
  await page.getByLabel("병원명").fill(doctor.hospitalName);
  await page.getByLabel("병원 주소").fill(doctor.address);
}

/**
 * Holds the pages' scripts back until `release()` is called: on a slow phone the JavaScript comes
 * after the first paint (decision 012), and a visitor may tap, type or choose first.
 */
export async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
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

// ---------------------------------------------------------------------------------------------
// The public pages

/**
 * The header's four sections and their pages (SPEC.md §2's links, grouped), with
 * each page's main heading. The logo is the link home.
 */
type MenuPage = { label: string; href: string; heading: string | null };
export const NAV_SECTIONS: ReadonlyArray<{ label: string; links: ReadonlyArray<MenuPage> }> = [
  {
    label: "학회소개",
    links: [
      { label: "학회 소개", href: "/about", heading: "학회 소개" },
      { label: "연혁", href: "/history", heading: "연혁" },
      { label: "임원진", href: "/executives", heading: "임원진" },
      { label: "학회 정관", href: "/charter", heading: "학회 정관" },
      { label: "오시는 길", href: "/location", heading: "오시는 길" },
    ],
  },
  {
    label: "학술활동",
    links: [
      { label: "학술 활동", href: "/activities", heading: "학술 활동" },
      { label: "자료실", href: "/library", heading: "자료실" },
    ],
  },
  {
    label: "소식",
    links: [
      { label: "공지사항", href: "/announcements", heading: "공지사항" },
      { label: "회원 게시판", href: "/community", heading: "회원 게시판" },
    ],
  },
  {
    label: "회원",
    links: [
      { label: "정회원 안내", href: "/membership", heading: "정회원 안내" },
      // A visitor's menu leads to 정회원 안내's sign-up steps; a member's to /membership/apply.
      { label: "정회원 신청", href: "/membership#join", heading: null },
      { label: "마이페이지", href: "/mypage", heading: null },
    ],
  },
];

/** Every page of the header's menu, in order. */
export const NAVIGATION = NAV_SECTIONS.flatMap((section) => section.links);

/** The society name as the page shows it in the header (never hard-coded in the tests). */
export async function societyName(page: Page): Promise<string> {
  const logo = page.getByRole("banner").getByRole("link", { name: /.\s홈$/ });
  const label = (await logo.textContent())?.replace(/\s+/g, " ") ?? "";
  expect(label, "the header logo link names the society").toMatch(/.\s홈$/);
  const name = label!.replace(/\s홈$/, "").trim();
  expect(name.length).toBeGreaterThan(1);
  await expect(logo).toContainText(name);
  return name;
}

/** Asserts axe-core finds no violation of impact serious or critical on the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  const report = serious
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`)
          .join("\n")}`,
    )
    .join("\n");
  expect(serious, `axe violations on ${page.url()}:\n${report}`).toEqual([]);
}

/** How many CSS pixels the page is wider than the viewport (0 when there is no horizontal scroll). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    return Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth;
  });
}

/** The phone menu: a <details> in the header (below the md breakpoint). */
export function mobileMenu(page: Page): Locator {
  return page.getByRole("banner").locator("details").first();
}

/** The phone menu's toggle: the <summary> "메뉴" (the browser opens it, with or without JavaScript). */
export function menuToggle(page: Page): Locator {
  return mobileMenu(page).locator("> summary");
}

/** Opens or closes the phone menu and waits until it is so. */
export async function setMobileMenu(page: Page, expanded: boolean) {
  const menu = mobileMenu(page);
  await expect(async () => {
    const open = await menu.evaluate((node) => (node as HTMLDetailsElement).open);
    if (open !== expanded) await menuToggle(page).click();
    expect(await menu.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(expanded);
  }).toPass({ timeout: 10_000 });
}

export type ApiAnnouncement = {
  id: string;
  title: string;
  category: string;
  excerpt: string;
  views: number;
  createdAt: string;
};

export type ApiSeminar = {
  id: string;
  title: string;
  description: string;
  speaker: string;
  date: string;
  location: string;
  registrationUrl: string | null;
  status: string;
  /** Where the seminar stands in time when the list was read (issue 39). */
  phase: "upcoming" | "ongoing" | "past";
};

export type ApiHistoryEvent = {
  id: string;
  year: number;
  month: number | null;
  title: string;
  description: string;
};

export type ApiExecutive = {
  id: string;
  name: string;
  position: string;
  title: string;
  credentials: string;
  imageUrl: string | null;
  order: number;
};

/** Announcements as the JSON API lists them, newest first by their creation time. */
export function newestFirst(list: ApiAnnouncement[]): ApiAnnouncement[] {
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** "2026년 11월 21일": a date in Korean locale. */
export const KOREAN_DATE = /^\d{4}년 \d{1,2}월 \d{1,2}일$/;

/**
 * Asserts a link leads to the login page; a `redirectTo` it may carry must point back to `back`.
 */
export async function expectLoginLink(link: Locator, back: string) {
  await expect(link).toHaveAttribute("href", /^\/login(\?|$)/);
  const href = new URL((await link.getAttribute("href"))!, "http://localhost");
  expect(href.pathname).toBe("/login");
  const redirectTo = href.searchParams.get("redirectTo");
  if (redirectTo !== null) expect(redirectTo, "the login link returns to this page").toBe(back);
}

/** From the next page load on, notes every Content-Security-Policy violation the page reports. */
export async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
}

/**
 * The page's script errors and the site's own console errors (a hydration mismatch is one), as
 * they happen: the list it returns fills while the test runs. Third-party frames (the embedded
 * map) are left out.
 */
export function recordPageProblems(page: Page, siteOrigin: string): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    const from = message.location().url;
    if (message.type() === "error" && (!from || from.startsWith(siteOrigin))) {
      problems.push(`${page.url()}: ${message.text()}`);
    }
  });
  return problems;
}

/** The violations recorded on the current page (see recordCspViolations). */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/**
 * Waits until React has hydrated the page shell (the footer, the last part of the tree, carries
 * React's internal fiber key; on a page without the site's frame, the door's check-in, the main
 * element does), then lets one frame pass so errors raised by
 * hydration are reported.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const last = document.querySelector("footer") ?? document.getElementById("main");
    return !!last && Object.keys(last).some((key) => key.startsWith("__reactFiber$"));
  });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}
