// The dashboard's growing tabs page and search on the server: `?tab=…&q=…&page=…`,
// 20 rows a page, a GET search form that works without JavaScript, page links that keep the tab
// and the search, badges counted with COUNT queries, and only the active tab's list loaded. The
// executives and history tabs stay whole.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  announcements,
  executives,
  historyEvents,
  membershipApplications,
  seminars,
  users,
} from "~db/schema";
import { createAdmin, type LoggedIn } from "../support/accounts";
import { dashboardAction, expectSuccess, hydrationData, insertPendingUser } from "../support/admin";
import { attributes, mainText, tags } from "../support/html";
import { insertMember, type Member, page } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
let member: Member;

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const start = Date.now() - 10 * DAY;

type Row = { id: string } & Record<string, unknown>;
type ListPage = { items: Row[]; total: number; page: number; pageSize: number };
type Dashboard = {
  tab: string;
  q: string;
  badges: { members: number; applications: number };
  applicationCounts: { pending: number; approved: number; rejected: number };
  members: ListPage | null;
  applications: ListPage | null;
  announcements: ListPage | null;
  seminars: ListPage | null;
  executives: Row[] | null;
  history: Row[] | null;
  editing: Row | null;
};

/** 25 sign-ups waiting, oldest first: 대기01 … 대기25; three of them named 김…. */
const PENDING = 25;
const pendingName = (n: number) =>
  ({ 3: "김수성", 17: "김달서", 24: "김동구" })[n] ?? `대기${String(n).padStart(2, "0")}`;
const pendingIds: string[] = [];

const server = setupTestServer({ seed: false });
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { name: "일반회원" });

  for (let n = 1; n <= PENDING; n++) {
    const user = await insertPendingUser(server, {
      name: pendingName(n),
      email: `waiting${n}@example.com`,
      phone: `010-4000-${String(n).padStart(4, "0")}`,
      licenseNumber: `LIC-${1000 + n}`,
      hospitalName: n === 5 ? "수성연세내과의원" : "대기내과의원",
      createdAt: new Date(start + n * MINUTE),
    });
    pendingIds.push(user.id);
  }
  // A rejected sign-up is not waiting: never listed nor counted.
  await insertPendingUser(server, { name: "김거부", rejectedAt: new Date() });

  // 23 applications, newest first 신청23 … 신청01: 3 approved, 2 rejected, 18 pending.
  for (let n = 1; n <= 23; n++) {
    const applicant = await insertPendingUser(server, {
      isApproved: true,
      name: `신청${String(n).padStart(2, "0")}`,
      createdAt: new Date(start - DAY),
    });
    await server.db.insert(membershipApplications).values({
      userId: applicant.id,
      name: applicant.name,
      email: applicant.email,
      phone: applicant.phone,
      licenseNumber: applicant.licenseNumber,
      hospitalName: n === 7 ? "달서우리정형외과" : "신청내과의원",
      department: "내과",
      address: "대구광역시 중구 국채보상로 1",
      status: n <= 3 ? "approved" : n <= 5 ? "rejected" : "pending",
      createdAt: new Date(start + n * MINUTE),
    });
  }

  // 25 announcements, newest first 공지25 … 공지01; every fifth one is 학술.
  await server.db.insert(announcements).values(
    Array.from({ length: 25 }, (_, i) => ({
      title: `대시보드 공지 ${String(i + 1).padStart(2, "0")}`,
      content: `<p>본문 ${i + 1}</p>`,
      category: (i + 1) % 5 === 0 ? "학술" : "공지",
      createdAt: new Date(start + (i + 1) * MINUTE),
    })),
  );

  // 22 seminars, one a day: the table shows the latest first.
  await server.db.insert(seminars).values(
    Array.from({ length: 22 }, (_, i) => ({
      title: `대시보드 세미나 ${String(i + 1).padStart(2, "0")}`,
      description: "설명",
      speaker: i === 10 ? "김연자 원장" : "홍길동 원장",
      location: "대구 수성구 세미나실",
      date: new Date(start + (i + 1) * DAY),
    })),
  );

  // Executives and history: small lists that stay whole, 12 of each.
  await server.db.insert(executives).values(
    Array.from({ length: 12 }, (_, i) => ({
      name: `대시보드임원${i + 1}`,
      position: "이사",
      title: "원장",
      credentials: "이력",
      order: i + 1,
    })),
  );
  await server.db.insert(historyEvents).values(
    Array.from({ length: 12 }, (_, i) => ({
      year: 2010 + i,
      title: `대시보드 연혁 ${i + 1}`,
      description: "설명",
    })),
  );
});

async function dashboard(query: string, cookie: string | null = admin.cookie) {
  const answer = await page(server, `/admin/dashboard${query}`, cookie);
  expect(answer.status, query).toBe(200);
  const data = hydrationData(answer.html).loaderData?.["routes/admin-dashboard"] as Dashboard;
  return { ...answer, data, text: mainText(answer.html) };
}

const names = (list: ListPage | null) => (list?.items ?? []).map((row) => row.name ?? row.title);

/** The rows of the table named `caption`: each row's visible text. */
function tableRows(html: string, caption: string) {
  const table = [...html.matchAll(/<table\b[\s\S]*?<\/table>/g)]
    .map(([t]) => t)
    .find((t) => t.includes(`<caption class="sr-only">${caption}</caption>`));
  const body = table?.match(/<tbody\b[\s\S]*?<\/tbody>/)?.[0] ?? "";
  return [...body.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map(([row]) => mainText(row));
}

/** The numbered page links of the pager named `label`, as [text, href]. */
function pagerLinks(html: string, label: string) {
  const nav = html.match(new RegExp(`<nav aria-label="${label}"[\\s\\S]*?</nav>`))?.[0] ?? "";
  return tags(nav, "a").map((a) => [a["aria-label"] ?? a.rel, a.href]);
}

/** The search form of the active tab: its attributes and the fields it sends. */
function searchForm(html: string) {
  const form = html.match(/<form\b[^>]*role="search"[^>]*>[\s\S]*?<\/form>/)?.[0];
  expect(form, "a search form").toBeDefined();
  const inputs = tags(form ?? "", "input");
  return {
    form: attributes(form?.match(/<form\b[^>]*>/)?.[0] ?? ""),
    hidden: inputs.filter((i) => i.type === "hidden"),
    search: inputs.find((i) => i.type === "search"),
  };
}

const pendingRange = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => pendingName(from + i));

describe("associate approval: the queue, 20 a page", () => {
  it("loads only the first page of the active tab; the badges are counts", async () => {
    const { data, html } = await dashboard("");
    expect(data.tab).toBe("members");
    expect(names(data.members)).toEqual(pendingRange(1, 20));
    expect(data.members?.total).toBe(PENDING);
    expect(data.badges).toEqual({ members: PENDING, applications: 18 });
    // No other tab's list is in the page.
    for (const other of ["applications", "announcements", "seminars", "executives", "history"]) {
      expect(data[other as keyof Dashboard], other).toBeNull();
    }
    expect(html).not.toContain("대시보드 공지");
    expect(html).not.toContain("신청01");
    expect(tableRows(html, "승인 대기 회원")).toHaveLength(20);
    expect(pagerLinks(html, "승인 대기 회원 페이지")).toEqual([
      ["1 페이지", "/admin/dashboard"],
      ["2 페이지", "/admin/dashboard?page=2"],
      ["next", "/admin/dashboard?page=2"],
    ]);
  });

  it("page 2 shows the rest; the links keep the tab", async () => {
    const { data, html } = await dashboard("?tab=members&page=2");
    expect(names(data.members)).toEqual(pendingRange(21, 25));
    expect(data.members?.page).toBe(2);
    const rows = tableRows(html, "승인 대기 회원");
    expect(rows).toHaveLength(5);
    expect(rows[0]).toContain("waiting21@example.com");
    expect(pagerLinks(html, "승인 대기 회원 페이지")).toEqual([
      ["prev", "/admin/dashboard?tab=members"],
      ["1 페이지", "/admin/dashboard?tab=members"],
      ["2 페이지", "/admin/dashboard?tab=members&page=2"],
    ]);
  });

  it("a bad page number shows page 1; a page past the last shows the last", async () => {
    for (const raw of ["0", "abc", "-2", "02", "1.5"]) {
      const { data } = await dashboard(`?tab=members&page=${raw}`);
      expect(names(data.members), raw).toEqual(pendingRange(1, 20));
    }
    const { data } = await dashboard("?tab=members&page=9");
    expect(data.members?.page).toBe(2);
    expect(names(data.members)).toEqual(pendingRange(21, 25));
  });

  it("searches on the server: Korean substrings, e-mail, phone, hospital, licence", async () => {
    const cases: Array<[string, string[]]> = [
      ["김", ["김수성", "김달서", "김동구"]],
      ["달서", ["김달서"]],
      ["waiting12@", [pendingName(12)]],
      ["4000-0007", [pendingName(7)]],
      ["수성연세", [pendingName(5)]],
      ["LIC-1009", [pendingName(9)]],
      ["WAITING2", [pendingName(2), ...pendingRange(20, 25)]],
      // LIKE's wildcards are taken literally.
      ["%", []],
      ["_", []],
      ["없는사람", []],
    ];
    for (const [q, expected] of cases) {
      const { data, html } = await dashboard(`?tab=members&q=${encodeURIComponent(q)}`);
      expect(names(data.members), q).toEqual(expected);
      expect(data.members?.total, q).toBe(expected.length);
      expect(data.q).toBe(q);
      expect(mainText(html), q).toContain(`‘${q}’ 검색 결과 ${expected.length}건`);
      if (expected.length === 0) expect(mainText(html)).toContain("검색 결과가 없습니다.");
    }
  });

  it("the search is a GET form to the page itself: it works without JavaScript", async () => {
    const { html } = await dashboard("?tab=members&q=%EA%B9%80&page=1");
    const { form, hidden, search } = searchForm(html);
    expect(form.method).toBe("get");
    expect(form.action).toBe("/admin/dashboard");
    expect(hidden.map((i) => [i.name, i.value])).toEqual([["tab", "members"]]);
    expect(search?.name).toBe("q");
    expect(search?.value).toBe("김");
    // What a browser without JavaScript sends: the form's fields as the query.
    const { data, html: results } = await dashboard("?tab=members&q=%EA%B9%80");
    expect(names(data.members)).toEqual(["김수성", "김달서", "김동구"]);
    expect(tableRows(results, "승인 대기 회원").map((r) => r.slice(0, 3))).toEqual([
      "김수성",
      "김달서",
      "김동구",
    ]);
    // A link clears the search and stays on the tab.
    const clear = results.match(/<a\b[^>]*>검색 초기화<\/a>/)?.[0] ?? "";
    expect(attributes(clear).href).toBe("/admin/dashboard?tab=members");
  });

  it("search results page too, and the page links keep the search", async () => {
    const { data, html } = await dashboard("?tab=members&q=waiting");
    expect(data.members?.total).toBe(PENDING);
    expect(names(data.members)).toEqual(pendingRange(1, 20));
    expect(pagerLinks(html, "승인 대기 회원 페이지")).toContainEqual([
      "2 페이지",
      "/admin/dashboard?tab=members&q=waiting&page=2",
    ]);
    const second = await dashboard("?tab=members&q=waiting&page=2");
    expect(names(second.data.members)).toEqual(pendingRange(21, 25));
    const fewer = await dashboard("?tab=members&q=%EB%8C%80%EA%B8%B00");
    expect(names(fewer.data.members)).toEqual(
      pendingRange(1, 9).filter((name) => name.startsWith("대기")),
    );
  });

  it("approving from a later page leaves the queue and the badge one shorter", async () => {
    const extra = await insertPendingUser(server, { name: "마지막대기", createdAt: new Date() });
    const before = await dashboard("?tab=members&page=2");
    expect(names(before.data.members)).toContain("마지막대기");
    expectSuccess(
      await dashboardAction(server, { intent: "approve-member", id: extra.id }, admin.cookie),
      "승인 완료",
    );
    const after = await dashboard("?tab=members&page=2");
    expect(names(after.data.members)).not.toContain("마지막대기");
    expect(after.data.badges.members).toBe(before.data.badges.members - 1);
    expect(after.data.badges.members).toBe(PENDING);
    await server.db.delete(users).where(eq(users.id, extra.id));
  });
});

describe("the other paged tabs", () => {
  it("applications: newest first, 20 a page; the count cards count every application", async () => {
    const { data, html, text } = await dashboard("?tab=applications");
    expect(data.applicationCounts).toEqual({ pending: 18, approved: 3, rejected: 2 });
    expect(data.badges.applications).toBe(18);
    expect(data.members).toBeNull();
    const newestFirst = Array.from(
      { length: 23 },
      (_, i) => `신청${String(23 - i).padStart(2, "0")}`,
    );
    expect(names(data.applications)).toEqual(newestFirst.slice(0, 20));
    expect(tableRows(html, "정회원 가입 신청 목록")).toHaveLength(20);
    expect(text).toMatch(/대기중 18 승인됨 3 거부됨 2/);
    const second = await dashboard("?tab=applications&page=2");
    expect(names(second.data.applications)).toEqual(newestFirst.slice(20));
    // The counts are of every application, whatever the page or the search.
    const searched = await dashboard("?tab=applications&q=%EB%8B%AC%EC%84%9C");
    expect(names(searched.data.applications)).toEqual(["신청07"]);
    expect(searched.data.applicationCounts).toEqual({ pending: 18, approved: 3, rejected: 2 });
    expect(searchForm(searched.html).hidden.map((i) => i.value)).toEqual(["applications"]);
  });

  it("announcements: newest first, 20 a page, searched by title or category", async () => {
    const { data, html } = await dashboard("?tab=announcements");
    const titles = Array.from(
      { length: 25 },
      (_, i) => `대시보드 공지 ${String(25 - i).padStart(2, "0")}`,
    );
    expect(names(data.announcements)).toEqual(titles.slice(0, 20));
    expect(data.announcements?.total).toBe(25);
    expect(tableRows(html, "공지사항 목록")).toHaveLength(20);
    const second = await dashboard("?tab=announcements&page=2");
    expect(names(second.data.announcements)).toEqual(titles.slice(20));
    const byCategory = await dashboard("?tab=announcements&q=%ED%95%99%EC%88%A0");
    expect(names(byCategory.data.announcements)).toEqual([
      "대시보드 공지 25",
      "대시보드 공지 20",
      "대시보드 공지 15",
      "대시보드 공지 10",
      "대시보드 공지 05",
    ]);
    const byTitle = await dashboard("?tab=announcements&q=%EA%B3%B5%EC%A7%80%2013");
    expect(names(byTitle.data.announcements)).toEqual(["대시보드 공지 13"]);
  });

  it("announcements: the rows carry no bodies; `edit=<id>` adds one announcement in full", async () => {
    const { data, html } = await dashboard("?tab=announcements");
    expect(data.announcements?.items[0]).not.toHaveProperty("content");
    expect(html).not.toContain("본문 25");
    expect(data.editing).toBeNull();
    const [row] = await server.db
      .select()
      .from(announcements)
      .where(eq(announcements.title, "대시보드 공지 25"));
    const editing = await dashboard(`?tab=announcements&edit=${row!.id}`);
    expect(editing.data.editing).toMatchObject({ id: row!.id, content: "<p>본문 25</p>" });
    // Only on its tab, and only a well-formed id.
    expect((await dashboard(`?tab=members&edit=${row!.id}`)).data.editing).toBeNull();
    expect((await dashboard("?tab=announcements&edit=not-a-uuid")).data.editing).toBeNull();
    expect(
      (await dashboard("?tab=announcements&edit=00000000-0000-4000-8000-000000000000")).data
        .editing,
    ).toBeNull();
  });

  it("seminars: latest first, 20 a page, searched by title, speaker or location", async () => {
    const { data, html } = await dashboard("?tab=seminars");
    const latestFirst = Array.from(
      { length: 22 },
      (_, i) => `대시보드 세미나 ${String(22 - i).padStart(2, "0")}`,
    );
    expect(names(data.seminars)).toEqual(latestFirst.slice(0, 20));
    expect(tableRows(html, "학술 활동 목록")).toHaveLength(20);
    expect(names((await dashboard("?tab=seminars&page=2")).data.seminars)).toEqual(
      latestFirst.slice(20),
    );
    const bySpeaker = await dashboard("?tab=seminars&q=%EA%B9%80%EC%97%B0%EC%9E%90");
    expect(names(bySpeaker.data.seminars)).toEqual(["대시보드 세미나 11"]);
    const byPlace = await dashboard("?tab=seminars&q=%EC%88%98%EC%84%B1%EA%B5%AC");
    expect(byPlace.data.seminars?.total).toBe(22);
  });

  it("executives and history stay whole (small by nature), searched in the browser", async () => {
    const execs = await dashboard("?tab=executives");
    expect(execs.data.executives).toHaveLength(12);
    expect(execs.data.members).toBeNull();
    const history = await dashboard("?tab=history&q=anything&page=2");
    expect(history.data.history).toHaveLength(12);
    // No server search form on these tabs.
    expect(history.html).not.toMatch(/role="search"/);
  });

  it("an unknown tab is the default one", async () => {
    const { data } = await dashboard("?tab=drop-tables&q=%EA%B9%80");
    expect(data.tab).toBe("members");
    expect(names(data.members)).toEqual(["김수성", "김달서", "김동구"]);
  });

  it("a visitor and a member are still refused, whatever the query", async () => {
    for (const [cookie, status] of [
      [null, 401],
      [member.cookie, 403],
    ] as const) {
      const answer = await page(server, "/admin/dashboard?tab=applications&q=%EA%B9%80", cookie);
      expect(answer.status).toBe(status);
      expect(answer.html).not.toContain("신청07");
      expect(answer.html).not.toContain("김수성");
    }
  });
});
