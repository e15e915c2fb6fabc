// The roster's pages: /admin/members and /admin/members/{id} as a browser without
// JavaScript uses them (GET forms, form posts, redirects), the administrator navigation, and the
// streamed CSV export that honours the roster's filters.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, membershipApplications, users } from "~db/schema";
import { createAdmin, type LoggedIn, postForm, sessionRows, userRow } from "../support/accounts";
import { insertPendingUser, UNKNOWN_ID } from "../support/admin";
import { decodeEntities, mainText } from "../support/html";
import { insertMember, type Member, page } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { name: "보통회원" });
});

const DENIED = "접근 권한이 없습니다";

/** The ids of the members linked from a roster page, in order. */
const linkedIds = (html: string) =>
  [...html.matchAll(/href="\/admin\/members\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);

describe("who may see the pages", () => {
  it("a visitor and a member get the access-denied card, never a member's data", async () => {
    const pending = await insertPendingUser(server, { name: "보이면안되는의사" });
    for (const path of ["/admin/members", `/admin/members/${pending.id}`, "/admin/members?q=김"]) {
      const visitor = await page(server, path);
      expect(visitor.status, path).toBe(401);
      expect(mainText(visitor.html)).toContain(DENIED);
      const asMember = await page(server, path, member.cookie);
      expect(asMember.status, path).toBe(403);
      expect(mainText(asMember.html)).toContain(DENIED);
      for (const html of [visitor.html, asMember.html]) {
        expect(html).not.toContain("보이면안되는의사");
        expect(html).not.toContain(pending.email);
        expect(html).not.toContain('aria-label="관리자 메뉴"');
      }
    }
  });

  it("form posts from a visitor or a member change nothing", async () => {
    const pending = await insertPendingUser(server);
    for (const cookie of [null, member.cookie]) {
      const bulk = await postForm(server, "/admin/members", { ids: pending.id }, { cookie });
      expect([401, 403]).toContain(bulk.status);
      const record = await postForm(
        server,
        `/admin/members/${pending.id}`,
        { intent: "approve" },
        { cookie },
      );
      expect(record.status).toBe(cookie ? 403 : 401);
    }
    expect((await userRow(server, pending.id))?.isApproved).toBe(false);
  });
});

describe("the administrator navigation", () => {
  it("is on every administrator page, with the current page marked and the pending count", async () => {
    await insertPendingUser(server);
    for (const [path, current] of [
      ["/admin/dashboard", "/admin/dashboard"],
      ["/admin/members", "/admin/members"],
      ["/admin/audit", "/admin/audit"],
      ["/admin/community", "/admin/community"],
      ["/admin/dues", "/admin/dues"],
      [`/admin/members/${member.id}`, "/admin/members"],
    ] as const) {
      const { status, html } = await page(server, path, admin.cookie);
      expect(status, path).toBe(200);
      const nav = html.match(/<nav aria-label="관리자 메뉴"[\s\S]*?<\/nav>/)?.[0] ?? "";
      expect(mainText(nav), path).toMatch(
        /대시보드\s*회원\s*\d+\s*명 승인 대기\s*세미나\s*회비\s*결제\s*문자\s*게시판\s*자료실\s*투표\s*감사 기록/,
      );
      const currentLinks = (nav.match(/<a\b[^>]*>/g) ?? []).filter((tag) =>
        tag.includes('aria-current="page"'),
      );
      expect(currentLinks, path).toHaveLength(1);
      expect(currentLinks[0], path).toContain(`href="${current}"`);
    }
  });
});

describe("tap-to-call", () => {
  it("links each phone number on the roster and the member record to tel:", async () => {
    const doctor = await insertMember(server, { name: "전화회원", phone: "010-7777-1234" });
    const roster = await page(
      server,
      `/admin/members?q=${encodeURIComponent("전화회원")}`,
      admin.cookie,
    );
    expect(roster.html).toContain('href="tel:01077771234"');
    const record = await page(server, `/admin/members/${doctor.id}`, admin.cookie);
    expect(record.html).toContain('href="tel:01077771234"');
  });
});

describe("/admin/members", () => {
  let tag: string;
  beforeAll(async () => {
    tag = `명부${Date.now().toString(36)}`;
    for (let i = 0; i < 53; i++) {
      await insertPendingUser(server, {
        name: i < 2 ? `김${tag}${i}` : `이${tag}${String(i).padStart(2, "0")}`,
        hospitalName: `${tag}의원`,
      });
    }
  });

  it("searches on the server, Korean included, keeping the query in the form", async () => {
    const { status, html } = await page(
      server,
      `/admin/members?q=${encodeURIComponent(`김${tag}`)}`,
      admin.cookie,
    );
    expect(status).toBe(200);
    const text = mainText(html);
    expect(text).toMatch(/총\s*2\s*명/);
    expect(text).toContain(`김${tag}0`);
    expect(text).not.toContain(`이${tag}02`);
    expect(decodeEntities(html)).toContain(`value="김${tag}"`);
  });

  it("shows 50 a page with numbered page links that keep the filters", async () => {
    const first = await page(
      server,
      `/admin/members?q=${encodeURIComponent(tag)}&sort=name&order=asc`,
      admin.cookie,
    );
    expect(mainText(first.html)).toMatch(/총\s*53\s*명/);
    expect(new Set(linkedIds(first.html)).size).toBe(50);
    const nextTag = (decodeEntities(first.html).match(/<a\b[^>]*>/g) ?? []).find((tag) =>
      tag.includes('rel="next"'),
    );
    const next = nextTag?.match(/href="([^"]*)"/)?.[1];
    expect(next).toContain("page=2");
    expect(next).toBeDefined();
    expect(next).toContain(`q=${encodeURIComponent(tag)}`);
    expect(next).toContain("sort=name");
    const second = await page(server, next!, admin.cookie);
    expect(new Set(linkedIds(second.html)).size).toBe(3);
    expect(mainText(second.html)).toContain(`이${tag}52`);
    expect(new Set([...linkedIds(first.html), ...linkedIds(second.html)]).size).toBe(53);
    // Past the last page (the list shrank under the office): the last page, said as such.
    const past = await page(
      server,
      `/admin/members?q=${encodeURIComponent(tag)}&sort=name&order=asc&page=99`,
      admin.cookie,
    );
    expect(mainText(past.html)).toMatch(/총\s*53\s*명\s*·\s*2\s*\/\s*2\s*페이지/);
    expect(new Set(linkedIds(past.html)).size).toBe(3);
  });

  it("ignores filter values it cannot read instead of failing", async () => {
    const { status, html } = await page(
      server,
      `/admin/members?q=${encodeURIComponent(tag)}&status=nonsense&page=abc&pageSize=9999`,
      admin.cookie,
    );
    expect(status).toBe(200);
    expect(mainText(html)).toMatch(/총\s*53\s*명/);
  });

  it("says so when nothing matches", async () => {
    const { html } = await page(server, "/admin/members?q=없는사람이름xyz", admin.cookie);
    expect(mainText(html)).toContain("조건에 맞는 회원이 없습니다.");
  });

  it("approves the ticked pending sign-ups in one form post (no JavaScript)", async () => {
    const picked = await Promise.all([1, 2, 3].map(() => insertPendingUser(server)));
    const body = new URLSearchParams({ intent: "approve" });
    for (const p of picked) body.append("ids", p.id);
    const res = await server.fetch("/admin/members?status=pending", {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/members?status=pending");
    expect(decodeURIComponent(res.headers.get("set-cookie") ?? "")).toContain(
      "3명의 가입을 승인했습니다.",
    );
    for (const p of picked) {
      expect((await userRow(server, p.id))?.isApproved).toBe(true);
      const entries = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, p.id), eq(auditLog.action, "approve_member")));
      expect(entries).toHaveLength(1);
    }
  });

  it("returns to the same list after a bulk approval posted by the page's script (.data)", async () => {
    const picked = await insertPendingUser(server);
    const res = await server.fetch("/admin/members.data?status=pending", {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "approve", ids: picked.id }).toString(),
      redirect: "manual",
    });
    // A data request's redirect travels in the body; it names the page, never the .data address.
    expect(res.status).toBe(202);
    const body = await res.text();
    expect(body).toContain('"/admin/members?status=pending"');
    expect(body).not.toContain(".data");
    expect((await userRow(server, picked.id))?.isApproved).toBe(true);
  });

  it("refuses a bulk post with nothing ticked or with fields it does not take", async () => {
    const none = await postForm(server, "/admin/members", { intent: "approve" }, admin);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("승인할 회원을 선택해주세요.");
    const odd = await postForm(server, "/admin/members", { isApproved: "true" }, admin);
    expect(odd.status).toBe(400);
  });
});

describe("/admin/members/{id}", () => {
  it("shows the record: fields, standing, consent, sessions, application and audit", async () => {
    const doctor = await insertMember(server, {
      name: "기록볼회원",
      privacyConsentVersion: "2026-11",
      privacyConsentAt: new Date("2026-11-01T01:00:00Z"),
      licenseImageUrl: "/objects/11111111-1111-4111-8111-111111111111",
    });
    const { status, html } = await page(server, `/admin/members/${doctor.id}`, admin.cookie);
    expect(status).toBe(200);
    const text = mainText(html);
    for (const expected of [
      "기록볼회원",
      doctor.email,
      "승인",
      "준회원",
      "가입 및 상태",
      "개인정보 동의",
      "버전 2026-11",
      "로그인 세션1개",
      "정회원 가입 신청이 없습니다.",
      "관리 기록",
      "면허증 이미지 보기",
      "회원 정지",
      "관리자로 지정",
    ]) {
      expect(text.replace(/\s+/g, ""), expected).toContain(expected.replace(/\s+/g, ""));
    }
    // The licence image is a link (its viewing is audited when opened), not loaded with the page.
    expect(html).not.toMatch(/<img[^>]+\/objects\/11111111/);
    expect(html).not.toMatch(/argon2|passwordHash/);
  });

  it("answers 404 with a Korean message for an unknown or malformed id", async () => {
    for (const id of [UNKNOWN_ID, "not-a-uuid"]) {
      const { status, html } = await page(server, `/admin/members/${id}`, admin.cookie);
      expect(status).toBe(404);
      expect(mainText(html)).toContain("회원을 찾을 수 없습니다.");
    }
  });

  it("an administrator's page about a thing that does not exist says so inside the admin area", async () => {
    const pages = {
      "/admin/seminars/": ["학술 활동을 찾을 수 없습니다.", "학술 활동 목록으로"],
      "/admin/dues/imports/": ["거래내역을 찾을 수 없습니다.", "회비 관리로"],
      "/admin/messages/": ["보낸 문자를 찾을 수 없습니다.", "문자 보내기로"],
    };
    for (const [path, [said, back]] of Object.entries(pages)) {
      for (const id of [UNKNOWN_ID, "abc"]) {
        const { status, html } = await page(server, `${path}${id}`, admin.cookie);
        expect(status, path + id).toBe(404);
        expect(mainText(html), path + id).toContain(said!);
        expect(mainText(html), path + id).toContain(back!);
        // With the area's menu, and a title of its own.
        expect(html, path + id).toContain('aria-label="관리자 메뉴"');
        expect(html, path + id).toMatch(/<title>[^<]*찾을 수 없습니다[^<]*<\/title>/);
      }
    }
  });

  const act = (id: string, fields: Record<string, string>) =>
    server.fetch(`/admin/members/${id}`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  it("suspends with a reason and reinstates through its forms", async () => {
    const doctor = await insertMember(server);
    const refused = await act(doctor.id, { intent: "suspend", reason: "" });
    expect(refused.status).toBe(400);
    expect(mainText(await refused.text())).toContain("정지 사유를 입력해주세요.");
    expect((await userRow(server, doctor.id))?.suspendedAt).toBeNull();

    const suspended = await act(doctor.id, { intent: "suspend", reason: "면허 정지 처분" });
    expect(suspended.status).toBe(302);
    expect(suspended.headers.get("location")).toBe(`/admin/members/${doctor.id}`);
    expect((await userRow(server, doctor.id))?.suspensionReason).toBe("면허 정지 처분");
    expect(await sessionRows(server, doctor.id)).toHaveLength(0);
    const shown = mainText((await page(server, `/admin/members/${doctor.id}`, admin.cookie)).html);
    expect(shown).toContain("면허 정지 처분");
    expect(shown).toContain("정지 해제");

    expect((await act(doctor.id, { intent: "reinstate" })).status).toBe(302);
    expect((await userRow(server, doctor.id))?.suspendedAt).toBeNull();
  });

  it("the type form makes a 정회원 명예회원 without a reason, and asks one only for 준회원", async () => {
    const doctor = await insertMember(server, { memberType: "regular" });
    const shown = mainText((await page(server, `/admin/members/${doctor.id}`, admin.cookie)).html);
    expect(shown).toContain("사유 (준회원으로 변경 시 필수, 메일에 포함됩니다)");
    const honoured = await act(doctor.id, {
      intent: "set-type",
      memberType: "honorary",
      reason: "",
    });
    expect(honoured.status).toBe(302);
    expect((await userRow(server, doctor.id))?.memberType).toBe("honorary");

    const other = await insertMember(server, { memberType: "regular" });
    const refused = await act(other.id, {
      intent: "set-type",
      memberType: "associate",
      reason: "",
    });
    expect(refused.status).toBe(400);
    expect(mainText(await refused.text())).toContain("정회원 자격을 해제하는 사유를 입력해주세요.");
    expect((await userRow(server, other.id))?.memberType).toBe("regular");
    const lifetime = await act(other.id, { intent: "set-type", memberType: "lifetime" });
    expect(lifetime.status).toBe(302);
    expect((await userRow(server, other.id))?.memberType).toBe("lifetime");
  });

  it("the type form does not make 정회원 without an approved full-membership application", async () => {
    const doctor = await insertMember(server);
    const refused = await act(doctor.id, { intent: "set-type", memberType: "regular" });
    expect(refused.status).toBe(409);
    expect(mainText(await refused.text())).toContain(
      "정회원은 정회원 가입 신청 승인으로 부여됩니다.",
    );
    expect((await userRow(server, doctor.id))?.memberType).toBe("associate");
    const api = await server.fetch(`/api/admin/members/${doctor.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Cookie: admin.cookie },
      body: JSON.stringify({ memberType: "regular" }),
    });
    expect(api.status).toBe(409);
    expect((await userRow(server, doctor.id))?.memberType).toBe("associate");

    // A member whose application was approved may be given 정회원 back (a mistaken change).
    const row = (await userRow(server, doctor.id))!;
    await server.db.insert(membershipApplications).values({
      userId: doctor.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      licenseNumber: row.licenseNumber,
      hospitalName: row.hospitalName,
      department: row.department,
      address: row.address,
      status: "approved",
    });
    const restored = await act(doctor.id, { intent: "set-type", memberType: "regular" });
    expect(restored.status).toBe(302);
    expect((await userRow(server, doctor.id))?.memberType).toBe("regular");
  });

  it("saves corrected fields; a taken e-mail keeps the page with a Korean message", async () => {
    const doctor = await insertMember(server);
    const fields = {
      intent: "update",
      name: "고친이름",
      email: doctor.email,
      phone: "010-1111-2222",
      licenseNumber: "L-9999",
      hospitalName: "고친의원",
      department: "내과",
      address: "대구광역시 수성구 1",
    };
    expect((await act(doctor.id, fields)).status).toBe(302);
    expect((await userRow(server, doctor.id))?.name).toBe("고친이름");
    const taken = await act(doctor.id, { ...fields, email: member.email });
    expect(taken.status).toBe(409);
    expect(mainText(await taken.text())).toContain("이미 가입된 이메일입니다.");
    const bad = await act(doctor.id, { ...fields, phone: "전화" });
    expect(bad.status).toBe(400);
    expect(mainText(await bad.text())).toContain("올바른 휴대전화번호를 입력해주세요");
  });

  it("rejects a pending sign-up with its reason, and refuses unknown intents", async () => {
    const pending = await insertPendingUser(server);
    expect((await act(pending.id, { intent: "reject", reason: "서류 미비" })).status).toBe(302);
    const row = await userRow(server, pending.id);
    expect(row?.rejectedAt).toBeInstanceOf(Date);
    expect(row?.rejectionReason).toBe("서류 미비");
    expect((await act(pending.id, { intent: "delete-everything" })).status).toBe(400);
  });

  it("reopens a rejected sign-up back to pending; a pending one is a 409", async () => {
    const pending = await insertPendingUser(server);
    expect((await act(pending.id, { intent: "reopen" })).status).toBe(409);
    expect((await act(pending.id, { intent: "reject", reason: "면허 불일치" })).status).toBe(302);
    const record = await server.fetch(`/admin/members/${pending.id}`, {
      headers: { Cookie: admin.cookie },
    });
    expect(mainText(await record.text())).toContain("다시 대기 상태로");
    expect((await act(pending.id, { intent: "reopen" })).status).toBe(302);
    const row = await userRow(server, pending.id);
    expect(row?.rejectedAt).toBeNull();
    expect(row?.isApproved).toBe(false);
    const list = await server.fetch("/api/users/pending", { headers: { Cookie: admin.cookie } });
    const ids = ((await list.json()) as Array<{ id: string }>).map((user) => user.id);
    expect(ids).toContain(pending.id);
  });
});

describe("GET /admin/export/members.csv", () => {
  const HEADER =
    '"이름","이메일","휴대전화번호","의사 면허번호","병원명","진료과목","병원 주소","권한","상태","가입일","회원 구분","승인일","최근 로그인"';

  it("honours the roster's filters and says which in its audit entry", async () => {
    const tag = `내보내기${Date.now().toString(36)}`;
    await insertPendingUser(server, { name: `${tag}대기`, hospitalName: tag });
    await insertPendingUser(server, {
      name: `${tag}명예`,
      hospitalName: tag,
      isApproved: true,
      memberType: "honorary",
    });
    const res = await server.fetch(
      `/admin/export/members.csv?q=${encodeURIComponent(tag)}&status=approved&purpose=명부`,
      { headers: { Cookie: admin.cookie } },
    );
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n").slice(0, -1);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${tag}명예"`);
    expect(lines[1]).toContain('"회원","승인"');
    expect(lines[1]).toContain('"명예회원"');
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "export_members"))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry?.detail).toEqual({ purpose: "명부", rows: 1, q: tag, status: "approved" });
  });

  it("streams thousands of members in batches, each exactly once, even with equal join times", async () => {
    const tag = `대량${Date.now().toString(36)}`;
    // 2,500 sign-ups, many sharing one instant (a bulk import): the batches must neither repeat
    // nor skip a member where join times tie.
    await server.db.execute(sql`
      insert into users (email, password_hash, name, phone, license_number, hospital_name,
                         department, address, created_at)
      select ${tag} || '-' || n || '@example.com', 'x', ${tag} || n, '010-0000-0000', 'L' || n,
             ${tag}, '내과', '대구', timestamptz '2026-01-01 09:00:00.123456+09' + (n / 100) * interval '1 microsecond'
      from generate_series(1, 2500) as n`);
    const res = await server.fetch(
      `/admin/export/members.csv?q=${encodeURIComponent(tag)}&purpose=대량`,
      {
        headers: { Cookie: admin.cookie },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBeNull();
    // (Response.text() drops the BOM itself.)
    const lines = (await res.text()).split("\r\n").slice(0, -1);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(2501);
    const emails = lines.slice(1).map((line) => line.split(",")[1]);
    expect(new Set(emails).size).toBe(2500);
    await server.db.delete(users).where(eq(users.hospitalName, tag));
  });
});

describe("a one- or two-character search at scale", () => {
  it("counts up to 1,000 on the page and says so; the call counts exactly", async () => {
    const syllable = "곽";
    await server.db.execute(sql`
      insert into users (email, password_hash, name, phone, license_number, hospital_name,
                         department, address)
      select 'kwak-' || n || '@example.com', 'x', ${syllable} || '의사' || n, '010-0000-0000',
             'K' || n, '곽곽의원', '내과', '대구'
      from generate_series(1, 1005) as n`);
    try {
      const { html } = await page(server, `/admin/members?q=${syllable}`, admin.cookie);
      expect(mainText(html)).toMatch(/총\s*1,000\s*명\s*이상/);
      const res = await server.fetch(`/api/admin/members?q=${encodeURIComponent(syllable)}`, {
        headers: { Cookie: admin.cookie },
      });
      const body = (await res.json()) as { total: number; totalCapped?: boolean };
      expect(body.total).toBe(1005);
      expect(body.totalCapped).toBeUndefined();
    } finally {
      await server.db.delete(users).where(eq(users.hospitalName, "곽곽의원"));
    }
  });
});

describe("a search's count, kept between pages until the next write", () => {
  it("shows every write on the next request, for short and long searches and the call", async () => {
    const total = async (query: string) =>
      mainText((await page(server, `/admin/members?${query}`, admin.cookie)).html).match(
        /총\s*([\d,]+)\s*명/,
      )?.[1];
    const called = async (query: string) => {
      const res = await server.fetch(`/api/admin/members?${query}`, {
        headers: { Cookie: admin.cookie },
      });
      return ((await res.json()) as { total: number }).total;
    };
    const first = await insertMember(server, { name: "퀑퀑퀑일" });
    await insertMember(server, { name: "퀑퀑퀑이" });
    try {
      for (const query of ["q=퀑", "q=퀑&page=2", "q=퀑퀑퀑"]) expect(await total(query)).toBe("2");
      expect(await called("q=퀑퀑퀑")).toBe(2);

      await insertMember(server, { name: "퀑퀑퀑삼" });
      for (const query of ["q=퀑", "q=퀑&page=2", "q=퀑퀑퀑"]) expect(await total(query)).toBe("3");
      expect(await called("q=퀑퀑퀑")).toBe(3);

      expect(await total("q=퀑&status=suspended")).toBe("0");
      await server.db
        .update(users)
        .set({ suspendedAt: new Date(), suspensionReason: "테스트" })
        .where(eq(users.id, first.id));
      expect(await total("q=퀑&status=suspended")).toBe("1");
      expect(await total("q=퀑")).toBe("3");
    } finally {
      await server.db.delete(users).where(sql`${users.name} like '퀑퀑퀑%'`);
    }
    expect(await total("q=퀑")).toBe("0");
  });
});
