// Every list stays small: the public /announcements shows 20 a page with numbered links
// and rel=prev/next, a bad page number shows page 1 and a page past the last is a 404; visitors'
// later pages come from the page cache under their one canonical URL and nothing else is stored;
// SPEC.md's list calls answer the whole list as a bare array without `page`, and one page with
// `?page=&pageSize=` (≤ 100), with `X-Total-Count` either way.
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  announcements,
  executives,
  historyEvents,
  membershipApplications,
  seminars,
} from "~db/schema";
import { createAdmin, HANGUL, type LoggedIn } from "../support/accounts";
import { expectError, insertPendingUser } from "../support/admin";
import { mainText, meta, tags, title } from "../support/html";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;

const MINUTE = 60 * 1000;
const start = Date.now() - 1000 * MINUTE;
/** 45 announcements: "목록 공지 01" is the newest, "목록 공지 45" the oldest. */
const COUNT = 45;
const announcementTitle = (n: number) => `목록 공지 ${String(n).padStart(2, "0")}`;

const server = setupTestServer({ seed: false });
beforeAll(async () => {
  admin = await createAdmin(server);
  await server.db.insert(announcements).values(
    Array.from({ length: COUNT }, (_, i) => ({
      title: announcementTitle(i + 1),
      content: `<p>${i + 1}번째 본문입니다.</p>`,
      category: "공지",
      createdAt: new Date(start + (COUNT - i) * MINUTE),
    })),
  );
});

async function visit(path: string, cookie?: string) {
  const res = await server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  return {
    res,
    status: res.status,
    state: res.headers.get("x-page-cache"),
    html: await res.text(),
  };
}

/** The announcement titles a list page shows, in order. */
function titlesOn(html: string) {
  return [...mainText(html).matchAll(/목록 공지 (\d\d)/g)].map(([text]) => text);
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => announcementTitle(from + i));

/** The href of `<link rel=…>` in the head, made relative to the site. */
function headLink(html: string, rel: string) {
  const found = tags(html, "link").filter((link) => link.rel === rel);
  expect(found.length, `<link rel=${rel}>`).toBeLessThanOrEqual(1);
  const href = found[0]?.href;
  return href === undefined ? undefined : href.replace(server.baseUrl, "");
}

/** The hrefs of the page links `<a rel=…>` of the pager. */
function pagerLinks(html: string, rel: string) {
  return tags(html, "a")
    .filter((a) => a.rel === rel)
    .map((a) => a.href);
}

describe("/announcements, 20 a page", () => {
  it("page 1 lists the 20 newest, links to page 2 and has no previous page", async () => {
    const { status, html } = await visit("/announcements");
    expect(status).toBe(200);
    expect(titlesOn(html)).toEqual(range(1, 20));
    expect(headLink(html, "prev")).toBeUndefined();
    expect(headLink(html, "next")).toBe("/announcements?page=2");
    expect(headLink(html, "canonical")).toBe("/announcements");
    expect(pagerLinks(html, "next")).toEqual(["/announcements?page=2"]);
    expect(pagerLinks(html, "prev")).toEqual([]);
    // Numbered links, the current one marked.
    const numbered = tags(html, "a").filter((a) => /^\d+ 페이지$/.test(a["aria-label"] ?? ""));
    expect(numbered.map((a) => [a["aria-label"], a.href])).toEqual([
      ["1 페이지", "/announcements"],
      ["2 페이지", "/announcements?page=2"],
      ["3 페이지", "/announcements?page=3"],
    ]);
    expect(numbered[0]?.["aria-current"]).toBe("page");
  });

  it("page 2 lists items 21–40 with rel=prev/next in the head and on the links", async () => {
    const { status, html } = await visit("/announcements?page=2");
    expect(status).toBe(200);
    expect(titlesOn(html)).toEqual(range(21, 40));
    expect(headLink(html, "prev")).toBe("/announcements");
    expect(headLink(html, "next")).toBe("/announcements?page=3");
    expect(pagerLinks(html, "prev")).toEqual(["/announcements"]);
    expect(pagerLinks(html, "next")).toEqual(["/announcements?page=3"]);
    // Its own canonical address, link preview address and title.
    expect(headLink(html, "canonical")).toBe("/announcements?page=2");
    expect(meta(html, "og:url")).toBe(`${server.baseUrl}/announcements?page=2`);
    expect(title(html)).toMatch(/^공지사항 2페이지 \| /);
    const current = tags(html, "a").find(
      (a) => a["aria-current"] === "page" && /페이지$/.test(a["aria-label"] ?? ""),
    );
    expect(current?.href).toBe("/announcements?page=2");
  });

  it("the last page lists the rest and has no next page", async () => {
    const { status, html } = await visit("/announcements?page=3");
    expect(status).toBe(200);
    expect(titlesOn(html)).toEqual(range(41, 45));
    expect(headLink(html, "prev")).toBe("/announcements?page=2");
    expect(headLink(html, "next")).toBeUndefined();
    expect(pagerLinks(html, "next")).toEqual([]);
  });

  it("a page past the last one answers 404", async () => {
    for (const path of ["/announcements?page=4", "/announcements?page=9999999"]) {
      const { status, html, res } = await visit(path);
      expect(status, path).toBe(404);
      expect(mainText(html)).toContain("404 Page Not Found");
      expect(titlesOn(html)).toEqual([]);
      expect(tags(html, "meta").find((m) => m.name === "robots")?.content).toBe("noindex");
      expect(res.headers.get("x-page-cache")).toBeNull();
    }
  });

  it("a bad page number shows page 1", async () => {
    for (const raw of ["", "0", "-1", "abc", "02", "1.5", "1e1", "99999999", "%EA%B9%80"]) {
      const { status, html } = await visit(`/announcements?page=${raw}`);
      expect(status, raw).toBe(200);
      expect(titlesOn(html), raw).toEqual(range(1, 20));
      // Its canonical address is the first page's.
      expect(headLink(html, "canonical"), raw).toBe("/announcements");
    }
  });

  it("an approved member gets the same pages, rendered for them", async () => {
    const { status, state, html } = await visit("/announcements?page=2", admin.cookie);
    expect(status).toBe(200);
    // Never the visitors' stored page.
    expect(state).not.toBe("hit");
    expect(html).toContain('href="/admin/dashboard"');
    expect(titlesOn(html)).toEqual(range(21, 40));
    expect((await visit("/announcements?page=4", admin.cookie)).status).toBe(404);
  });
});

describe("the page cache and the later pages", () => {
  /** Visits until the page comes from the store. */
  async function stored(path: string) {
    await visit(path);
    const again = await visit(path);
    expect(again.state, path).toBe("hit");
    return again;
  }

  it("serves a visitor's page 2 and 3 from the store, each its own page", async () => {
    const first = await stored("/announcements");
    const second = await stored("/announcements?page=2");
    const third = await stored("/announcements?page=3");
    expect(titlesOn(first.html)).toEqual(range(1, 20));
    expect(titlesOn(second.html)).toEqual(range(21, 40));
    expect(titlesOn(third.html)).toEqual(range(41, 45));
    // Stored pages carry no nonce: the policy lists the scripts' hashes.
    const csp = String(second.res.headers.get("content-security-policy"));
    expect(csp).not.toMatch(/'nonce-/);
    expect(csp).toMatch(/'sha256-/);
    const head = await server.fetch("/announcements?page=2", { method: "HEAD" });
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("stores nothing under any other spelling of a page", async () => {
    for (const path of [
      "/announcements?page=02",
      "/announcements?page=2&x=1",
      "/announcements?x=1&page=2",
      "/announcements?page=1",
      "/announcements?page=",
      "/announcements?page=2&page=2",
      "/announcements?PAGE=2",
      "/announcements?page=%32",
      "/about?page=2",
    ]) {
      const first = await visit(path);
      const again = await visit(path);
      expect(first.status, path).toBe(200);
      expect(first.state, path).toBeNull();
      expect(again.state, path).toBeNull();
    }
    // The non-canonical spellings still show the page they mean, or page 1.
    expect(titlesOn((await visit("/announcements?page=2&x=1")).html)).toEqual(range(21, 40));
    expect(titlesOn((await visit("/announcements?page=02")).html)).toEqual(range(1, 20));
  });

  it("never stores a page past the last one", async () => {
    for (let i = 0; i < 3; i++) {
      const { status, state } = await visit("/announcements?page=4");
      expect(status).toBe(404);
      expect(state).toBeNull();
    }
  });

  it("a new announcement moves every page on at the next request", async () => {
    await stored("/announcements?page=2");
    const [added] = await server.db
      .insert(announcements)
      .values({ title: "목록 공지 00", content: "<p>새 공지</p>", createdAt: new Date() })
      .returning({ id: announcements.id });
    try {
      const next = await visit("/announcements?page=2");
      expect(next.state).toBe("miss");
      // Everything moved down by one: page 2 now starts with the old 20th.
      expect(titlesOn(next.html)).toEqual(range(20, 39));
      const last = await visit("/announcements?page=3");
      expect(titlesOn(last.html)).toEqual(range(40, 45));
    } finally {
      await server.db.delete(announcements).where(inArray(announcements.id, [added!.id]));
    }
  });

  it("a page stored before the list shrank is not served after it is gone", async () => {
    await stored("/announcements?page=3");
    const oldest = await server.db
      .select({ id: announcements.id })
      .from(announcements)
      .where(inArray(announcements.title, range(41, 45)));
    const removed = await server.db
      .delete(announcements)
      .where(
        inArray(
          announcements.id,
          oldest.map((row) => row.id),
        ),
      )
      .returning();
    try {
      for (let i = 0; i < 2; i++) {
        const gone = await visit("/announcements?page=3");
        expect(gone.status).toBe(404);
        expect(gone.state).toBeNull();
      }
      expect(titlesOn((await visit("/announcements?page=2")).html)).toEqual(range(21, 40));
    } finally {
      await server.db.insert(announcements).values(removed);
    }
    expect(titlesOn((await stored("/announcements?page=3")).html)).toEqual(range(41, 45));
  });
});

// ---------------------------------------------------------------------------------------------
// The list calls

type ListCall = {
  path: string;
  /** Sends the administrator's cookie (the call is for administrators). */
  admin: boolean;
};

const CALLS: ListCall[] = [
  { path: "/api/announcements", admin: false },
  { path: "/api/seminars", admin: false },
  { path: "/api/executives", admin: false },
  { path: "/api/history", admin: false },
  { path: "/api/users/pending", admin: true },
  { path: "/api/membership-applications", admin: true },
];

describe("SPEC.md's list calls, whole or a page at a time", () => {
  beforeAll(async () => {
    const day = 24 * 60 * MINUTE;
    await server.db.insert(seminars).values(
      Array.from({ length: 7 }, (_, i) => ({
        title: `목록 세미나 ${i + 1}`,
        description: "설명",
        speaker: "연자",
        location: "대구",
        date: new Date(Date.now() + (i - 3) * day),
      })),
    );
    await server.db.insert(executives).values(
      Array.from({ length: 6 }, (_, i) => ({
        name: `임원${i + 1}`,
        position: "이사",
        title: "원장",
        credentials: "이력",
        order: i + 1,
      })),
    );
    await server.db.insert(historyEvents).values(
      Array.from({ length: 6 }, (_, i) => ({
        year: 2020 + i,
        month: i % 2 ? 3 : null,
        title: `목록 연혁 ${i + 1}`,
        description: "설명",
      })),
    );
    for (let i = 0; i < 7; i++) {
      const user = await insertPendingUser(server, {
        createdAt: new Date(start + i * MINUTE),
      });
      // Applications from some of them (an application is the user's own row, any status).
      if (i < 5) {
        await server.db.insert(membershipApplications).values({
          userId: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
          licenseNumber: user.licenseNumber,
          hospitalName: user.hospitalName,
          department: user.department,
          address: user.address,
          status: i === 0 ? "approved" : "pending",
          createdAt: new Date(start + i * MINUTE),
        });
      }
    }
  });

  const call = (path: string, admin: boolean) =>
    server.fetch(path, { headers: adminCookie(admin) });
  const adminCookie = (asAdmin: boolean): Record<string, string> =>
    asAdmin ? { Cookie: admin.cookie } : {};

  async function list(path: string, asAdmin: boolean) {
    const res = await call(path, asAdmin);
    const text = await res.text();
    expect(res.status, `${path}: ${text}`).toBe(200);
    const body = JSON.parse(text) as Array<{ id: string }>;
    expect(Array.isArray(body), path).toBe(true);
    return { body, total: res.headers.get("x-total-count") };
  }

  it.each(CALLS)("$path: no page → the whole list, its length in X-Total-Count", async (c) => {
    const whole = await list(c.path, c.admin);
    expect(whole.body.length).toBeGreaterThanOrEqual(5);
    expect(whole.total).toBe(String(whole.body.length));
  });

  it.each(CALLS)("$path: pages of the same order, the total in X-Total-Count", async (c) => {
    const whole = (await list(c.path, c.admin)).body.map((item) => item.id);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 2); page++) {
      const { body, total } = await list(`${c.path}?page=${page}&pageSize=2`, c.admin);
      expect(total).toBe(String(whole.length));
      expect(body.length).toBeLessThanOrEqual(2);
      pages.push(...body.map((item) => item.id));
    }
    expect(pages).toEqual(whole);
    // Past the end: an empty page, the same total.
    const past = await list(`${c.path}?page=1000&pageSize=2`, c.admin);
    expect(past.body).toEqual([]);
    expect(past.total).toBe(String(whole.length));
    // Only one of the two: the other takes its default (page 1, 20 a page).
    expect((await list(`${c.path}?page=1`, c.admin)).body.map((i) => i.id)).toEqual(
      whole.slice(0, 20),
    );
    expect((await list(`${c.path}?pageSize=3`, c.admin)).body.map((i) => i.id)).toEqual(
      whole.slice(0, 3),
    );
    expect((await list(`${c.path}?page=1&pageSize=100`, c.admin)).body.length).toBe(
      Math.min(100, whole.length),
    );
  });

  it.each(CALLS)("$path: a bad page or page size is a 400 in Korean", async (c) => {
    const cases: Array<[string, string, string]> = [
      ["page=1&pageSize=101", "pageSize", "페이지 크기는 100 이하여야 합니다."],
      ["page=0&pageSize=20", "page", "페이지 번호는 1 이상이어야 합니다."],
      ["page=-3", "page", "페이지 번호는 1 이상이어야 합니다."],
      ["page=abc", "page", "페이지 번호가 올바르지 않습니다."],
      ["page=1.5", "page", "페이지 번호가 올바르지 않습니다."],
      ["page=1&pageSize=0", "pageSize", "페이지 크기는 1 이상이어야 합니다."],
      ["page=1&pageSize=many", "pageSize", "페이지 크기가 올바르지 않습니다."],
      ["page=", "page", "페이지 번호는 1 이상이어야 합니다."],
    ];
    for (const [query, field, message] of cases) {
      const body = await expectError(await call(`${c.path}?${query}`, c.admin), 400);
      expect(body.message, query).toBe(message);
      expect(body.errors?.[field], query).toBe(message);
      expect(body.message).toMatch(HANGUL);
    }
  });

  it("the administrators' lists still refuse a visitor first, whatever the page", async () => {
    for (const c of CALLS.filter((c) => c.admin)) {
      for (const query of ["", "?page=2&pageSize=2", "?pageSize=101"]) {
        const res = await server.fetch(`${c.path}${query}`);
        expect(res.status, `${c.path}${query}`).toBe(401);
        await res.body?.cancel();
      }
    }
  });

  it("the pages keep each list's order: announcements and applications newest first", async () => {
    const first = await list("/api/announcements?page=1&pageSize=3", false);
    expect(first.body.map((a) => (a as unknown as { title: string }).title)).toEqual(range(1, 3));
    const second = await list("/api/announcements?page=2&pageSize=3", false);
    expect(second.body.map((a) => (a as unknown as { title: string }).title)).toEqual(range(4, 6));
    const applications = (await list("/api/membership-applications?page=1&pageSize=5", true))
      .body as unknown as Array<{ createdAt: string }>;
    const dates = applications.map((a) => Date.parse(a.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // Pending sign-ups are a queue: oldest first, as the whole list has them.
    const pending = (await list("/api/users/pending?page=1&pageSize=5", true))
      .body as unknown as Array<{ createdAt: string }>;
    const signedUp = pending.map((u) => Date.parse(u.createdAt));
    expect(signedUp).toEqual([...signedUp].sort((a, b) => a - b));
  });
});
