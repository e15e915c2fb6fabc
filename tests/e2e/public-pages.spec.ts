import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../support/site-pages";
import {
  type ApiAnnouncement,
  type ApiExecutive,
  type ApiHistoryEvent,
  type ApiSeminar,
  cspViolations,
  expectLoginLink,
  KOREAN_DATE,
  menuToggle,
  newestFirst,
  recordCspViolations,
  recordPageProblems,
  societyName,
  waitForHydration,
} from "./fixtures";

// The public pages on the seeded server, as a visitor (logged out) sees them.

test.describe("every public route", () => {
  for (const { path, heading, text } of PUBLIC_PAGES) {
    test(`${path} answers 200 with its heading and key text`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const name = await societyName(page);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(main.getByRole("heading", { level: 1 })).toContainText(heading ?? name);
      await expect(main.getByText(text).first()).toBeVisible();
      // The shell: header, main, footer with the society's contact details.
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText(name).first()).toBeVisible();
      await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
      await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    });
  }

  test("the pages hydrate without script errors or hydration warnings", async ({
    page,
    baseURL,
  }) => {
    // The embedded map is a third-party frame; only the site's own messages count.
    const problems = recordPageProblems(page, baseURL!);
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test("the JavaScript is asked for after the first contentful paint, and then hydrates the page", async ({
    page,
  }) => {
    for (const path of ["/", "/announcements", "/about"]) {
      await page.goto(path);
      await waitForHydration(page);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(timing.paint, `${path}: first contentful paint`).toBeGreaterThan(0);
      // The entry, the framework and the page's own module at least.
      expect(timing.scripts.length, path).toBeGreaterThanOrEqual(3);
      for (const script of timing.scripts) {
        expect(script.start, `${path}: ${script.path}`).toBeGreaterThanOrEqual(timing.paint!);
      }
    }
  });

  test("the pages hydrate without Intl, whose first use costs the browser its ICU data", async ({
    page,
    request,
  }) => {
    // Each Intl constructor and each toLocale… method, counted from before the page's scripts.
    await page.addInitScript(() => {
      const uses: string[] = [];
      (window as unknown as { intlUses: string[] }).intlUses = uses;
      const intl = Intl as unknown as Record<string, object>;
      for (const name of Object.getOwnPropertyNames(Intl)) {
        if (typeof intl[name] !== "function") continue;
        intl[name] = new Proxy(intl[name], {
          construct: (target, args, newTarget) => {
            uses.push(`Intl.${name}`);
            return Reflect.construct(target as () => object, args, newTarget);
          },
          apply: (target, self, args) => {
            uses.push(`Intl.${name}`);
            return Reflect.apply(target as () => object, self, args);
          },
        });
      }
      const methods: Array<[object, string]> = [
        [Number.prototype, "toLocaleString"],
        [BigInt.prototype, "toLocaleString"],
        [Date.prototype, "toLocaleString"],
        [Date.prototype, "toLocaleDateString"],
        [Date.prototype, "toLocaleTimeString"],
        [String.prototype, "localeCompare"],
      ];
      for (const [prototype, name] of methods) {
        const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[name];
        Object.defineProperty(prototype, name, {
          configurable: true,
          writable: true,
          value(this: unknown, ...args: unknown[]) {
            uses.push(name);
            return original!.apply(this, args);
          },
        });
      }
    });
    const seminars = (await (await request.get("/api/seminars")).json()) as ApiSeminar[];
    const announcements = (await (
      await request.get("/api/announcements")
    ).json()) as ApiAnnouncement[];
    const paths = [
      ...PUBLIC_PAGES.map(({ path }) => path),
      "/forgot-password",
      `/activities/${seminars[0]!.id}`,
      `/announcements/${announcements[0]!.id}`,
    ];
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      const uses = await page.evaluate(
        () => (window as unknown as { intlUses: string[] }).intlUses,
      );
      // The dates and numbers are on these pages, written by app/lib/dates.ts and numbers.ts.
      expect(uses, path).toEqual([]);
    }
  });

  test("a stored page (page cache) runs under its hash policy: no violation, the page works", async ({
    page,
  }) => {
    await recordCspViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ["/", "/announcements", "/activities"]) {
      // Served from the store. Other workers' tests write content meanwhile, and each write
      // renders the page anew (a miss), so load until a visit is a hit.
      let response = await page.goto(path);
      await expect
        .poll(
          async () => {
            response = await page.goto(path);
            return response?.headers()["x-page-cache"];
          },
          { message: path },
        )
        .toBe("hit");
      expect(response?.headers()["content-security-policy"]).toContain("'sha256-");
      await waitForHydration(page);
      expect(await cspViolations(page)).toEqual([]);
    }
    // Hydrated: the menu opens and a link navigates on the client.
    await page.goto("/");
    await waitForHydration(page);
    await menuToggle(page).click();
    const menu = page.getByRole("navigation", { name: "모바일 메뉴" });
    await expect(menu).toBeVisible();
    await menu.locator("summary", { hasText: "소식" }).click();
    await menu.getByRole("link", { name: "공지사항" }).click();
    await expect(page).toHaveURL(/\/announcements$/);
    await expect(page.getByRole("heading", { level: 1, name: "공지사항" })).toBeVisible();
  });

  test("the forms run under their nonce policy without a violation, validating in the browser", async ({
    page,
  }) => {
    // zod probed `new Function` in the browser (for its faster object parsing); the policy forbids
    // eval, and Chrome reported it as a violation on every page with a form.
    await recordCspViolations(page);
    for (const path of ["/login", "/signup"]) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toContain("'nonce-");
      await waitForHydration(page);
      // Validated in the browser: an e-mail that is not one is refused under its field.
      const email = page.getByLabel("이메일", { exact: false }).first();
      await email.fill("not-an-email");
      await page
        .getByRole("main")
        .getByRole("button", { name: /로그인|가입/ })
        .last()
        .click();
      await expect(page.getByText("올바른 이메일 주소를 입력해주세요").first()).toBeVisible();
      expect(await cspViolations(page), path).toEqual([]);
    }
  });

  test("visitors see login and sign-up buttons in the header", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expectLoginLink(header.getByRole("link", { name: "로그인" }).first(), "/about");
    await expect(header.getByRole("link", { name: "회원가입" }).first()).toHaveAttribute(
      "href",
      "/signup",
    );
    await expect(header.getByRole("link", { name: "로그아웃" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "관리자" })).toHaveCount(0);
  });
});

test.describe("home", () => {
  test("hero, the four benefit cards and the links to membership and about", async ({ page }) => {
    await page.goto("/");
    const name = await societyName(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toContainText(name);
    await expect(main.getByRole("link", { name: "정회원 안내" })).toHaveAttribute(
      "href",
      "/membership",
    );
    await expect(main.getByRole("link", { name: "학회 소개" })).toHaveAttribute("href", "/about");
    const benefits = main.getByRole("heading", { level: 3 });
    for (const title of ["전문 교육", "네트워킹", "AI 기반 연구", "성장 지원"]) {
      await expect(benefits.filter({ hasText: title })).toHaveCount(1);
    }
  });

  test("latest news shows the 3 newest announcements with date and an 80-character preview", async ({
    page,
    request,
  }) => {
    const all = (await (await request.get("/api/announcements")).json()) as ApiAnnouncement[];
    expect(all.length).toBeGreaterThan(3);
    const newest = newestFirst(all).slice(0, 3);

    await page.goto("/");
    const news = page.getByRole("region", { name: "최신 소식" });
    const items = news.getByRole("listitem");
    await expect(items).toHaveCount(3);
    await expect(news.getByRole("heading", { level: 3 })).toHaveText(newest.map((a) => a.title));
    for (const [index, item] of (await items.all()).entries()) {
      await expect(item.locator("time")).toHaveText(KOREAN_DATE);
      const preview = (await item.getByRole("paragraph").last().textContent()) ?? "";
      const excerpt = newest[index]!.excerpt;
      if (Array.from(excerpt).length > 80) {
        expect(preview).toBe(`${Array.from(excerpt).slice(0, 80).join("")}...`);
      } else {
        // A cut excerpt ends with "..." (a short body's excerpt is half of it, decision 032).
        expect([excerpt, `${excerpt}...`]).toContain(preview);
      }
      expect(preview).not.toMatch(/<[a-z]/i);
    }
    await expect(news.getByRole("link", { name: "전체 보기" })).toHaveAttribute(
      "href",
      "/announcements",
    );
  });

  test("clicking a home announcement as a visitor leads to the login page", async ({
    page,
    request,
  }) => {
    const all = (await (await request.get("/api/announcements")).json()) as ApiAnnouncement[];
    const first = newestFirst(all)[0]!;
    await page.goto("/");
    await page
      .getByRole("region", { name: "최신 소식" })
      .getByRole("link", { name: first.title })
      .click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/announcements/${first.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "로그인" })).toBeVisible();
  });

  test("the sister-site call-to-action opens an external site in a new tab", async ({ page }) => {
    await page.goto("/");
    const cta = page.getByRole("region", { name: "AI로 마케팅하는 의사들" }).getByRole("link");
    await expect(cta).toHaveCount(1);
    await expect(cta).toHaveAttribute("target", "_blank");
    await expect(cta).toHaveAttribute("rel", "noopener noreferrer");
    const href = await cta.getAttribute("href");
    expect(href).toMatch(/^https?:\/\//);
    expect(new URL(href!).origin).not.toBe(new URL(page.url()).origin);
  });
});

test("about: greeting, purpose, vision and core values", async ({ page }) => {
  await page.goto("/about");
  const main = page.getByRole("main");
  for (const heading of ["인사말", "설립 목적", "비전", "핵심 가치"]) {
    await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(main.getByText(/^회장 /)).toBeVisible();
  await expect(
    main.getByRole("region", { name: "핵심 가치" }).getByRole("heading", { level: 3 }),
  ).toHaveCount(4);
});

test("history: the timeline in chronological order, months with '월'", async ({
  page,
  request,
}) => {
  const events = (await (await request.get("/api/history")).json()) as ApiHistoryEvent[];
  expect(events.length).toBeGreaterThan(1);

  await page.goto("/history");
  const items = page.getByRole("main").getByRole("listitem");
  await expect(items).toHaveCount(events.length);
  const stamps = await items.evaluateAll((nodes) =>
    nodes.map((node) => node.querySelector("p")?.textContent ?? ""),
  );
  const parsed = stamps.map((stamp) => {
    const match = stamp.match(/^(\d{4})년(?: (\d{1,2})월)?$/);
    expect(match, `"${stamp}" reads as "YYYY년" or "YYYY년 M월"`).not.toBeNull();
    return { year: Number(match![1]), month: match![2] ? Number(match![2]) : 0 };
  });
  for (let i = 1; i < parsed.length; i++) {
    const before = parsed[i - 1]!;
    const here = parsed[i]!;
    expect(
      here.year > before.year || (here.year === before.year && here.month >= before.month),
      `${stamps[i - 1]} comes before ${stamps[i]}`,
    ).toBe(true);
  }
  // Every event shows its title and description.
  for (const event of events) {
    const item = items.filter({ has: page.getByRole("heading", { name: event.title }) });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(event.description);
    await expect(item).toContainText(
      event.month ? `${event.year}년 ${event.month}월` : `${event.year}년`,
    );
  }
});

test("executives: cards sorted by order with name, position, title, credentials", async ({
  page,
  request,
}) => {
  const executives = (await (await request.get("/api/executives")).json()) as ApiExecutive[];
  expect(executives.length).toBeGreaterThan(0);
  const sorted = [...executives].sort((a, b) => a.order - b.order);

  await page.goto("/executives");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText(sorted.map((e) => e.name));
  const cards = main.getByRole("listitem");
  for (const [index, executive] of sorted.entries()) {
    const card = cards.nth(index);
    await expect(card).toContainText(executive.position);
    await expect(card).toContainText(executive.title);
    await expect(card).toContainText(executive.credentials);
    if (executive.imageUrl) {
      await expect(card.getByRole("img", { name: `${executive.name} 사진` })).toBeVisible();
    } else {
      await expect(card.getByRole("img", { name: "사진 없음" })).toBeVisible();
    }
  }
});

test.describe("membership", () => {
  test("requirements, benefits, contact and the five-step process", async ({ page }) => {
    await page.goto("/membership");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "가입 자격" })).toBeVisible();
    for (const requirement of [
      "관리자 승인",
      "의사 면허",
      "개원",
      "오프라인 세미나",
      "윤리",
      "연회비",
    ]) {
      await expect(
        main.getByRole("listitem").filter({ hasText: requirement }).first(),
      ).toBeVisible();
    }
    await expect(main.getByRole("heading", { name: "정회원 혜택" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "문의" })).toBeVisible();
    await expect(main.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
    const steps = main.getByRole("heading", { level: 3 });
    await expect(steps).toHaveText([
      "온라인 회원가입",
      "정회원 가입 신청",
      "오프라인 세미나 참석",
      "연회비 납부",
      "정회원 승인",
    ]);
  });

  test("a visitor is offered to sign up first, not to apply", async ({ page }) => {
    await page.goto("/membership");
    const main = page.getByRole("main");
    const signUpFirst = main.getByRole("link", { name: /회원가입 먼저/ });
    await expect(signUpFirst).toBeVisible();
    await expect(signUpFirst).toHaveAttribute("href", "/signup");
    await expect(main.getByRole("button", { name: "정회원 가입 신청" })).toHaveCount(0);
    await signUpFirst.click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe("activities", () => {
  test("seminars split into upcoming and past with their badges and buttons", async ({
    page,
    request,
  }) => {
    const seminars = (await (await request.get("/api/seminars")).json()) as ApiSeminar[];
    // Not yet over (upcoming, or under way) above, ended under 지난 세미나, by the call's phase.
    const upcoming = seminars.filter((s) => s.phase !== "past");
    const past = seminars.filter((s) => s.phase === "past");
    // The demo content covers every kind of card.
    expect(upcoming.some((s) => s.status === "open" && s.registrationUrl)).toBe(true);
    expect(upcoming.some((s) => s.status === "closed")).toBe(true);
    expect(upcoming.some((s) => s.status === "open" && !s.registrationUrl)).toBe(true);
    expect(past.length).toBeGreaterThan(0);

    await page.goto("/activities");
    const main = page.getByRole("main");
    const upcomingList = main
      .getByRole("heading", { level: 2, name: "예정된 세미나" })
      .locator("xpath=following-sibling::ul[1]");
    const pastList = main
      .getByRole("heading", { level: 2, name: "지난 세미나" })
      .locator("xpath=following-sibling::ul[1]");
    await expect(upcomingList.getByRole("article")).toHaveCount(upcoming.length);
    await expect(pastList.getByRole("article")).toHaveCount(past.length);

    for (const seminar of upcoming) {
      const card = upcomingList
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: seminar.title }) });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(seminar.description);
      await expect(card).toContainText(seminar.location);
      await expect(card).toContainText(seminar.speaker);
      await expect(card.locator("time")).toHaveText(
        /^\d{4}년 \d{1,2}월 \d{1,2}일 \(.\) 오[전후] \d{1,2}:\d{2}$/,
      );
      // 접수중 while registration is open (SPEC.md's 진행중, decision 021), 진행 중 while the
      // seminar is under way, 마감 otherwise.
      const open = seminar.status === "open" && seminar.phase === "upcoming";
      const badge = seminar.phase === "ongoing" ? "진행 중" : open ? "접수중" : "마감";
      await expect(card.getByText(badge, { exact: true })).toBeVisible();
      if (open && seminar.registrationUrl) {
        const register = card.getByRole("link", { name: /참가 신청/ });
        await expect(register).toHaveAttribute("href", seminar.registrationUrl);
        await expect(register).toHaveAttribute("target", "_blank");
        await expect(register).toHaveAttribute("rel", /noopener/);
        await expect(card.getByRole("button", { name: "신청 마감" })).toHaveCount(0);
      } else if (open) {
        // Registration on the site: the button opens the seminar's page.
        await expect(card.getByRole("link", { name: "참가 신청" })).toHaveAttribute(
          "href",
          `/activities/${seminar.id}`,
        );
        await expect(card.getByRole("button", { name: "신청 마감" })).toHaveCount(0);
      } else {
        await expect(card.getByRole("button", { name: /신청 마감/ })).toBeDisabled();
        await expect(card.getByRole("link", { name: /참가 신청/ })).toHaveCount(0);
      }
    }

    for (const seminar of past) {
      const card = pastList
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: seminar.title }) });
      await expect(card).toHaveCount(1);
      await expect(card.getByText("종료", { exact: true })).toBeVisible();
      await expect(card).toContainText(seminar.speaker);
      await expect(card.locator("time")).toHaveText(KOREAN_DATE);
      await expect(card.getByRole("link", { name: /참가 신청/ })).toHaveCount(0);
      await expect(card.getByRole("button")).toHaveCount(0);
    }
  });
});

test.describe("announcements", () => {
  test("the list is newest first with category badge, date, views and a 100-character excerpt", async ({
    page,
    request,
  }) => {
    // The list's first page (20 a page), in the call's order.
    const all = newestFirst(
      (await (
        await request.get("/api/announcements?page=1&pageSize=20")
      ).json()) as ApiAnnouncement[],
    );
    expect(all.length).toBeGreaterThan(0);

    await page.goto("/announcements");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(all.length);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(all.map((a) => a.title));

    const stamps = await cards
      .locator("time")
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute("datetime") ?? "")));
    for (let i = 1; i < stamps.length; i++) {
      expect(stamps[i]!, "newest first").toBeLessThanOrEqual(stamps[i - 1]!);
    }

    for (const [index, announcement] of all.entries()) {
      const card = cards.nth(index);
      await expect(card.getByText(announcement.category, { exact: true })).toBeVisible();
      await expect(card.locator("time")).toHaveText(KOREAN_DATE);
      await expect(card).toContainText(`조회수${announcement.views.toLocaleString("ko-KR")}`);
      const excerpt = (await card.getByRole("paragraph").last().textContent()) ?? "";
      expect(excerpt).not.toMatch(/<[a-z]/i);
      expect(Array.from(excerpt.replace(/\.\.\.$/, "")).length).toBeLessThanOrEqual(100);
      expect(excerpt.startsWith(announcement.excerpt.slice(0, 20))).toBe(true);
    }
    // The demo announcements are all longer than 100 characters.
    for (const card of await cards.all()) {
      await expect(card.getByRole("paragraph").last()).toHaveText(/\.\.\.$/);
    }
  });

  test("the categories 공지, 행사 and 학술 appear as badges", async ({ page }) => {
    await page.goto("/announcements");
    const cards = page.getByRole("main").getByRole("article");
    for (const category of ["공지", "행사", "학술"]) {
      await expect(cards.getByText(category, { exact: true }).first()).toBeVisible();
    }
  });

  test("clicking an announcement as a visitor leads to /login with redirectTo", async ({
    page,
    request,
  }) => {
    const all = newestFirst(
      (await (await request.get("/api/announcements")).json()) as ApiAnnouncement[],
    );
    const target = all[1]!;
    await page.goto("/announcements");
    await page.getByRole("main").getByRole("link", { name: target.title }).click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/announcements/${target.id}`);
  });

  test("a visitor opening an announcement gets the login-required card, never the body", async ({
    page,
    request,
  }) => {
    const [first] = newestFirst(
      (await (await request.get("/api/announcements")).json()) as ApiAnnouncement[],
    );
    const response = await page.goto(`/announcements/${first!.id}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(
      main.getByRole("heading", { level: 1, name: "로그인이 필요합니다" }),
    ).toBeVisible();
    await expect(main.getByText("승인된 회원으로 로그인")).toBeVisible();
    await expectLoginLink(
      main.getByRole("link", { name: "로그인" }),
      `/announcements/${first!.id}`,
    );
    await expect(main.getByRole("link", { name: "목록으로" })).toHaveAttribute(
      "href",
      "/announcements",
    );
    // The excerpt is the body's first words: none of it may reach a visitor on this page.
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain(first!.excerpt.slice(0, 30));
    await expect(main).not.toContainText(first!.excerpt.slice(0, 30));
  });
});

test.describe("charter", () => {
  test("a visitor sees the lock notice with login and sign-up, never the charter text", async ({
    page,
  }) => {
    const response = await page.goto("/charter");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "회원 전용 콘텐츠입니다" })).toBeVisible();
    await expect(main.getByText("학회 정관은 승인된 회원만 열람할 수 있습니다.")).toBeVisible();
    await expectLoginLink(main.getByRole("link", { name: "로그인" }), "/charter");
    await expect(main.getByRole("link", { name: "회원가입" })).toHaveAttribute("href", "/signup");
    const html = (await response?.text()) ?? "";
    for (const fragment of ["제1장", "제1조", "총칙", "부칙"]) {
      expect(html, `the charter text (${fragment}) is not sent to a visitor`).not.toContain(
        fragment,
      );
    }
  });
});

test.describe("location", () => {
  test("map frame, address, contact, subway and bus directions", async ({ page }) => {
    await page.goto("/location");
    const name = await societyName(page);
    const main = page.getByRole("main");
    await expect(main.getByText(`${name} 사무국 찾아오시는 길`)).toBeVisible();

    const map = main.locator("iframe");
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("title", new RegExp(name));
    expect((await map.boundingBox())?.height).toBe(500);

    const card = (title: string) =>
      main.locator("div", { has: page.getByRole("heading", { level: 2, name: title }) }).last();
    await expect(card("주소")).toContainText("대구광역시 수성구");
    await expect(card("연락처").locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(card("연락처").locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(card("지하철")).toContainText("1호선");
    await expect(card("지하철")).toContainText("3번 출구");
    await expect(card("지하철")).toContainText("2호선");
    await expect(card("지하철")).toContainText("2번 출구");
    for (const kind of ["급행", "간선", "지선"]) {
      await expect(card("버스")).toContainText(kind);
    }
    await expect(card("버스")).toContainText("하차");
  });
});

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/about/deeper/still", "/admin-typo?x=1"]) {
    test(`${path} answers 404 with '404 Page Not Found'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
      await expect(page.getByRole("link", { name: "홈으로" })).toHaveAttribute("href", "/");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    });
  }

  for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
    test(`/announcements/${id} answers 404 with '공지사항을 찾을 수 없습니다.'`, async ({
      page,
    }) => {
      const response = await page.goto(`/announcements/${id}`);
      expect(response?.status()).toBe(404);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(
        "공지사항을 찾을 수 없습니다.",
      );
      await expect(main.getByRole("link", { name: "목록으로" })).toHaveAttribute(
        "href",
        "/announcements",
      );
    });
  }
});

test.describe("announcement board", () => {
  test("search and category live in the URL, and the form works without waiting for JavaScript", async ({
    page,
    request,
  }) => {
    const all = (await (await request.get("/api/announcements")).json()) as ApiAnnouncement[];
    const target = all.find((a) => a.category === "학술") ?? all[0]!;
    await page.goto("/announcements");
    const board = page.getByRole("main");
    // A visitor's search looks at titles (decision 032), and the box says so.
    const box = board.getByRole("searchbox", { name: "제목 검색" });
    await expect(box).toHaveAttribute("placeholder", "제목 검색");
    await box.fill(target.title.slice(0, 6));
    await board.getByRole("button", { name: "검색" }).click();
    await expect(page).toHaveURL(/\?q=/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(target.title.slice(0, 6));
    await expect(board.getByRole("link", { name: target.title })).toBeVisible();
    await expect(board).toContainText("검색 결과");
    // A category keeps the search.
    await board
      .getByRole("navigation", { name: "분류" })
      .getByRole("link", { name: target.category })
      .click();
    await expect(page).toHaveURL(/category=/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(target.title.slice(0, 6));
    await expect(board.getByRole("link", { name: target.title })).toBeVisible();
    await board.getByRole("link", { name: "전체 목록" }).click();
    await expect(page).toHaveURL(/\/announcements$/);
  });
});
