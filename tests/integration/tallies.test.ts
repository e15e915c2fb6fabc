// The counts the administrator's badges, the roster's totals and the board's totals read
// (`tallies`, kept by the triggers of migrations 0012 and 0016): after every kind of write — sign-up, approval, rejection,
// suspension, member type, role, deletion, applications decided, several rows in one statement,
// writers at the same time, an operator's SQL — each tally equals a fresh COUNT of the rows, and
// the pages and calls that show them agree.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { announcements, membershipApplications, users } from "~db/schema";
import { createAdmin, json, type LoggedIn } from "../support/accounts";
import { applyOverHttp, insertPendingUser } from "../support/admin";
import { mainText } from "../support/html";
import { insertMember, sendJson } from "../support/members";
import { resetRateLimits, setupTestServer } from "../support/test-server";

let admin: LoggedIn;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});

const call = (method: string, path: string, body?: unknown) =>
  sendJson(server, method, path, body, { cookie: admin.cookie });

type Counts = Record<string, number>;

async function rows(query: ReturnType<typeof sql>): Promise<Counts> {
  // node-postgres and PGlite both answer `{ rows }`.
  const { rows: list } = (await server.db.execute(query)) as unknown as {
    rows: Array<{ name: string; value: string | number }>;
  };
  const counts: Counts = {};
  for (const row of list) if (Number(row.value) !== 0) counts[row.name] = Number(row.value);
  return counts;
}

/**
 * Every tally equals a fresh COUNT of the rows it counts; none is left over. (The `versions:`
 * rows of migration 0031 count writes, not rows: admin-dashboard.test.ts tests what they keep.)
 */
async function expectExactTallies() {
  const kept = await rows(sql`select name, value from tallies where name not like 'versions:%'`);
  const counted = await rows(sql`
    select member_tally(is_approved, rejected_at, suspended_at, member_type, role) as name,
           count(*) as value
      from users group by 1
    union all
    select 'applications:' || status, count(*) from membership_applications group by 1
    union all
    select 'announcements:' || category, count(*) from announcements group by 1`);
  expect(kept).toEqual(counted);
}

async function rosterTotal(query: string) {
  const res = await call("GET", `/api/admin/members?${query}`);
  expect(res.status).toBe(200);
  return (await json<{ total: number }>(res)).total;
}

describe("tallies stay exact", () => {
  it("through sign-ups, decisions, suspensions, types, roles and deletions over HTTP", async () => {
    await expectExactTallies();
    const pending = await Promise.all(
      Array.from({ length: 6 }, (_, i) => insertPendingUser(server, { name: `집계대기${i}` })),
    );
    await expectExactTallies();

    await resetRateLimits(server);
    const approved = await call("POST", "/api/admin/members/approve", {
      ids: pending.slice(0, 3).map((u) => u.id),
    });
    expect(approved.status).toBe(200);
    const rejected = await call("POST", `/api/users/${pending[3]!.id}/reject`, { reason: "서류" });
    expect(rejected.status).toBe(200);
    await expectExactTallies();

    const suspended = await call("POST", `/api/admin/members/${pending[0]!.id}/suspend`, {
      reason: "회비 분쟁",
    });
    expect(suspended.status).toBe(200);
    await expectExactTallies();
    expect((await call("POST", `/api/admin/members/${pending[0]!.id}/reinstate`)).status).toBe(200);
    expect(
      (await call("PATCH", `/api/admin/members/${pending[1]!.id}`, { memberType: "honorary" }))
        .status,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/admin/members/${pending[2]!.id}`, { role: "admin" })).status,
    ).toBe(200);
    await expectExactTallies();

    // A login touches the user's row (last login) but not its tally.
    const member = await insertMember(server);
    await expectExactTallies();
    await server.db.delete(users).where(eq(users.id, member.id));
    await expectExactTallies();
  });

  it("through applications sent and decided", async () => {
    const applicants = await Promise.all([insertMember(server), insertMember(server)]);
    const ids = [];
    for (const applicant of applicants) ids.push(await applyOverHttp(server, applicant.cookie));
    await expectExactTallies();
    const before = await call("GET", "/api/membership-applications");
    expect(before.status).toBe(200);

    expect(
      (await call("PATCH", `/api/membership-applications/${ids[0]}`, { status: "approved" }))
        .status,
    ).toBe(200);
    expect(
      (
        await call("PATCH", `/api/membership-applications/${ids[1]}`, {
          status: "rejected",
          rejectionReason: "면허 사본이 흐립니다",
        })
      ).status,
    ).toBe(200);
    await expectExactTallies();
  });

  it("through statements that change many rows, and writers at the same time", async () => {
    const batch = await Promise.all(
      Array.from({ length: 12 }, (_, i) => insertPendingUser(server, { name: `집계일괄${i}` })),
    );
    const ids = batch.map((u) => u.id);
    // One statement, several tallies moved at once (an operator's SQL, too, is counted).
    await server.db
      .update(users)
      .set({ isApproved: true, approvedAt: new Date() })
      .where(inArray(users.id, ids.slice(0, 8)));
    await expectExactTallies();
    await Promise.all([
      server.db
        .update(users)
        .set({ suspendedAt: new Date(), suspensionReason: "동시" })
        .where(inArray(users.id, ids.slice(0, 4))),
      server.db
        .update(users)
        .set({ rejectedAt: new Date() })
        .where(inArray(users.id, ids.slice(8))),
      server.db.update(users).set({ memberType: "lifetime" }).where(eq(users.id, ids[5]!)),
      ...Array.from({ length: 5 }, () => insertPendingUser(server)),
    ]);
    await expectExactTallies();
    await server.db.delete(membershipApplications);
    await server.db.delete(users).where(inArray(users.id, ids));
    await expectExactTallies();
  });
});

describe("the announcements per category", () => {
  it("stay exact through writing, moving between categories and deleting, and the board agrees", async () => {
    await expectExactTallies();
    const created: string[] = [];
    for (const category of ["학술", "학술", "행사"]) {
      const res = await call("POST", "/api/announcements", {
        title: `집계 공지 ${category}`,
        content: "<p>집계를 확인하는 공지입니다.</p>",
        category,
      });
      expect(res.status).toBe(201);
      created.push((await json<{ id: string }>(res)).id);
    }
    await expectExactTallies();
    expect(
      (await call("PATCH", `/api/announcements/${created[0]}`, { category: "행사" })).status,
    ).toBe(200);
    await expectExactTallies();
    // Several rows in one statement, as an operator's SQL would.
    await server.db
      .update(announcements)
      .set({ category: "일반" })
      .where(inArray(announcements.id, created));
    await expectExactTallies();
    expect((await call("DELETE", `/api/announcements/${created[1]}`)).status).toBe(204);
    await expectExactTallies();

    const [all] = await server.db.select({ value: sql<number>`count(*)::int` }).from(announcements);
    const [general] = await server.db
      .select({ value: sql<number>`count(*)::int` })
      .from(announcements)
      .where(eq(announcements.category, "일반"));
    const list = await call("GET", "/api/announcements?page=1&pageSize=5");
    expect(list.headers.get("x-total-count")).toBe(String(all!.value));
    // The board's "전체 N건" and a category's, from the tallies.
    const board = await (await server.fetch("/announcements?category=%EC%9D%BC%EB%B0%98")).text();
    expect(mainText(board)).toContain(
      `일반 분류 검색 결과 ${general!.value.toLocaleString("ko-KR")}건`,
    );
  });
});

describe("what reads the tallies", () => {
  it("the roster's totals, the pending list's total and the badges agree with the rows", async () => {
    await insertPendingUser(server, { name: "배지대기" });
    const [pending] = await server.db
      .select({ value: sql<number>`count(*)::int` })
      .from(users)
      .where(
        sql`not ${users.isApproved} and ${users.rejectedAt} is null and ${users.suspendedAt} is null`,
      );
    const [all] = await server.db.select({ value: sql<number>`count(*)::int` }).from(users);
    const [lifetime] = await server.db
      .select({ value: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.isApproved} and ${users.memberType} = 'lifetime'`);
    const [admins] = await server.db
      .select({ value: sql<number>`count(*)::int` })
      .from(users)
      .where(
        sql`${users.role} = 'admin' and ${users.suspendedAt} is null and ${users.rejectedAt} is null and ${users.isApproved}`,
      );

    expect(await rosterTotal("")).toBe(all!.value);
    expect(await rosterTotal("status=pending")).toBe(pending!.value);
    expect(await rosterTotal("type=lifetime")).toBe(lifetime!.value);
    expect(await rosterTotal("status=approved&role=admin")).toBe(admins!.value);

    const list = await call("GET", "/api/users/pending?page=1&pageSize=5");
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe(String(pending!.value));

    const dashboard = await sendJson(server, "GET", "/admin/dashboard?tab=executives", undefined, {
      cookie: admin.cookie,
    });
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    // The administrator navigation's badge: "<n><span class="sr-only">명 승인 대기</span>".
    expect(html).toContain(`${pending!.value}<span class="sr-only">명 승인 대기</span>`);
  });

  it("a total read again right after a write counts it (on PGlite they are kept until the next write)", async () => {
    const before = await rosterTotal("status=pending");
    // The same total twice in a row: the second may be the kept one, and must still be right.
    expect(await rosterTotal("status=pending")).toBe(before);
    const fresh = await insertPendingUser(server, { name: "다음요청" });
    expect(await rosterTotal("status=pending")).toBe(before + 1);
    // An operator's SQL is a write too.
    await server.db.update(users).set({ rejectedAt: new Date() }).where(eq(users.id, fresh.id));
    expect(await rosterTotal("status=pending")).toBe(before);
    expect(await rosterTotal("status=rejected")).toBeGreaterThan(0);
    await expectExactTallies();
  });
});
