import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

// Helpers for the public-page specs (navigation, SEO, accessibility, empty states). The server
// addresses live in ./support.ts.
export { EMPTY_BASE_URL } from "./support";

/**
 * The header's four sections and their pages (issue 15's grouping of SPEC.md §2's links), with
 * each page's main heading. The logo is the link home.
 */
type MenuPage = { label: string; href: string; heading: string | null };
export const NAV_SECTIONS: ReadonlyArray<{ label: string; links: ReadonlyArray<MenuPage> }> = [
  {
    label: "학회소개",
    links: [
      { label: "인사말", href: "/about", heading: "학회 소개" },
      { label: "연혁", href: "/history", heading: "연혁" },
      { label: "임원진", href: "/executives", heading: "임원진" },
      { label: "회칙", href: "/charter", heading: "학회 정관" },
      { label: "오시는 길", href: "/location", heading: "오시는 길" },
    ],
  },
  {
    label: "학술활동",
    links: [
      { label: "세미나", href: "/activities", heading: "학술 활동" },
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
      { label: "회원 안내", href: "/membership", heading: "정회원 안내" },
      { label: "정회원 신청", href: "/membership/apply", heading: null },
      { label: "마이페이지", href: "/mypage", heading: null },
    ],
  },
];

/** Every page of the header's menu, in order. */
export const NAVIGATION = NAV_SECTIONS.flatMap((section) => section.links);

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

/** The violations recorded on the current page (see recordCspViolations). */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
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
