import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

// Helpers for the public-page specs (navigation, SEO, accessibility, empty states). The server
// addresses live in ./support.ts.
export { EMPTY_BASE_URL } from "./support";

/** The header navigation of SPEC.md §2, in order, with the library after 학술 활동 and the members' board after 공지사항. */
export const NAVIGATION = [
  { label: "홈", href: "/" },
  { label: "학회 소개", href: "/about" },
  { label: "연혁", href: "/history" },
  { label: "임원진", href: "/executives" },
  { label: "학회 정관", href: "/charter" },
  { label: "정회원 안내", href: "/membership" },
  { label: "학술 활동", href: "/activities" },
  { label: "자료실", href: "/library" },
  { label: "공지사항", href: "/announcements" },
  { label: "회원 게시판", href: "/community" },
  { label: "오시는 길", href: "/location" },
] as const;

/**
 * Every page a visitor can open, with its main heading (null: the home page, whose heading carries
 * the society name) and a text that must be on it.
 */
export const PUBLIC_PAGES: ReadonlyArray<{ path: string; heading: string | null; text: string }> = [
  { path: "/", heading: null, text: "최신 소식" },
  { path: "/about", heading: "학회 소개", text: "인사말" },
  { path: "/history", heading: "연혁", text: "학회가 걸어온 길을 소개합니다." },
  { path: "/executives", heading: "임원진", text: "학회를 이끄는 임원진을 소개합니다." },
  { path: "/charter", heading: "학회 정관", text: "회원 전용 콘텐츠입니다" },
  { path: "/membership", heading: "정회원 안내", text: "가입 절차" },
  { path: "/activities", heading: "학술 활동", text: "예정된 세미나" },
  { path: "/announcements", heading: "공지사항", text: "학회의 공지, 행사, 학술 소식" },
  { path: "/location", heading: "오시는 길", text: "찾아오시는 길을 안내해 드립니다." },
  { path: "/privacy", heading: "개인정보처리방침", text: "개인정보 보호책임자" },
  { path: "/login", heading: "로그인", text: "아직 회원이 아니신가요?" },
  { path: "/signup", heading: "회원가입", text: "회원가입" },
];

/** The society name as the page shows it in the header (never hard-coded in the tests). */
export async function societyName(page: Page): Promise<string> {
  const logo = page.getByRole("banner").getByRole("link", { name: /.\s홈$/ });
  const label = await logo.getAttribute("aria-label");
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

/** The header's menu toggle (below the md breakpoint). */
export function menuToggle(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: /메뉴/ });
}

/**
 * Clicks the menu toggle until it reports `expanded`. The button is server-rendered, so a click
 * that lands before hydration does nothing; retrying is how we wait for hydration.
 */
export async function setMobileMenu(page: Page, expanded: boolean) {
  const toggle = menuToggle(page);
  const wanted = String(expanded);
  await expect(async () => {
    if ((await toggle.getAttribute("aria-expanded")) !== wanted) await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", wanted, { timeout: 1_000 });
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

/**
 * Waits until React has hydrated the page shell (the footer, the last part of the tree, carries
 * React's internal fiber key), then lets one frame pass so errors raised by hydration are reported.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const footer = document.querySelector("footer");
    return !!footer && Object.keys(footer).some((key) => key.startsWith("__reactFiber$"));
  });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}
