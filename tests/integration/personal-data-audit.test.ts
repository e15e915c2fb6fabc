// The administrators' audit trail: one audit_log row — who
// (administrator id and e-mail), when, from where (IP), what, whose data — for every audited
// action, over the API and the dashboard; nothing for refused or failed attempts or an owner
// viewing their own image; never a password, hash, session id or image bytes. /admin/audit (401,
// 403, newest first, Korean labels, filters by administrator and action) and the CSV exports of
// members and applications (401, 403, UTF-8 with BOM, Korean header, formula escaping, audited).
import { asc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "~db/schema";
import {
  createAdmin,
  createMember,
  get,
  type LoggedIn,
  PASSWORD,
  PNG,
  postJson,
  sessionIdOf,
  signUp,
  uploadImage,
} from "../support/accounts";
import {
  announcementInput,
  applyOverHttp,
  dashboardAction,
  executiveInput,
  expectError,
  expectSuccess,
  historyInput,
  insertPendingUser,
  seminarInput,
  UNKNOWN_ID,
} from "../support/admin";
import { decodeEntities, mainText, tags } from "../support/html";
import { waitForQueueDrained } from "../support/mail";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const DENIED = "접근 권한이 없습니다";
const LOOPBACK = /^(127\.0\.0\.1|::ffff:127\.0\.0\.1|::1)$/;
const MEMBERS_HEADER =
  '"이름","이메일","휴대전화번호","의사 면허번호","병원명","진료과목","병원 주소","권한","상태","가입일","회원 구분","승인일","최근 로그인"';
const APPLICATIONS_HEADER =
  '"이름","이메일","연락처","의사 면허번호","병원명","진료과목","병원 주소","상태","거부 사유","신청일"';
const FORMULA_NAME = '=HYPERLINK("http://x")';
const ESCAPED_FORMULA_NAME = '"\'=HYPERLINK(""http://x"")"';

let admin: LoggedIn;
let admin2: LoggedIn;
let member: LoggedIn;
/** Every session cookie used in this file, to check that no session id reaches the log. */
const cookies: string[] = [];

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  admin2 = await createAdmin(server);
  member = await createMember(server, { name: "감사대상회원" });
  cookies.push(admin.cookie, admin2.cookie, member.cookie);
});
afterAll(async () => {
  // Decisions queue e-mails; let them go out before the database closes.
  await waitForQueueDrained(server);
});

type AuditRow = typeof auditLog.$inferSelect;

async function allAuditRows(): Promise<AuditRow[]> {
  return server.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
}

/** Runs `act` and answers the audit rows it added. */
async function auditedBy<T>(act: () => Promise<T>): Promise<{ result: T; rows: AuditRow[] }> {
  const before = new Set((await allAuditRows()).map((row) => row.id));
  const result = await act();
  const rows = (await allAuditRows()).filter((row) => !before.has(row.id));
  return { result, rows };
}

/** Exactly one row, by `actor`, of `action`, about `subject`, from the loopback IP, just now. */
function expectOneRow(
  rows: AuditRow[],
  expected: {
    action: string;
    actor: { id: string; email: string };
    subjectId?: string | null;
    label?: string | RegExp | null;
  },
) {
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  const row = rows[0]!;
  expect(row.action).toBe(expected.action);
  expect(row.actorId).toBe(expected.actor.id);
  expect(row.actorEmail).toBe(expected.actor.email);
  if (expected.subjectId !== undefined) expect(row.subjectId).toBe(expected.subjectId);
  if (expected.label instanceof RegExp) expect(row.subjectLabel).toMatch(expected.label);
  else if (expected.label !== undefined) expect(row.subjectLabel).toBe(expected.label);
  expect(row.ip).not.toBeNull();
  expect(row.ip).toMatch(LOOPBACK);
  expect(row.createdAt).toBeInstanceOf(Date);
  expect(Math.abs(Date.now() - row.createdAt.getTime())).toBeLessThan(60_000);
  return row;
}

const call = (method: string, path: string, body?: unknown, cookie: string | null = admin.cookie) =>
  sendJson(server, method, path, body, { cookie });

// ---------------------------------------------------------------------------------------------

describe("audit rows for sign-up decisions", () => {
  it("records approve_member over the API, naming whom", async () => {
    const pending = await signUp(server, { name: "승인대상" });
    const { result, rows } = await auditedBy(() =>
      postJson(server, `/api/users/${pending.id}/approve`, undefined, { cookie: admin.cookie }),
    );
    expect(result.status).toBe(200);
    expectOneRow(rows, {
      action: "approve_member",
      actor: admin,
      subjectId: pending.id,
      label: `승인대상 <${pending.email}>`,
    });
  });

  it("records reject_member over the API", async () => {
    const pending = await signUp(server, { name: "거부대상" });
    const { result, rows } = await auditedBy(() =>
      postJson(server, `/api/users/${pending.id}/reject`, undefined, { cookie: admin2.cookie }),
    );
    expect(result.status).toBe(200);
    expectOneRow(rows, {
      action: "reject_member",
      actor: admin2,
      subjectId: pending.id,
      label: `거부대상 <${pending.email}>`,
    });
  });

  it("records approve_member and reject_member from the dashboard", async () => {
    const first = await insertPendingUser(server);
    const approved = await auditedBy(() =>
      dashboardAction(server, { intent: "approve-member", id: first.id }, admin.cookie),
    );
    expectSuccess(approved.result, "승인 완료");
    expectOneRow(approved.rows, {
      action: "approve_member",
      actor: admin,
      subjectId: first.id,
      label: `${first.name} <${first.email}>`,
    });

    const second = await insertPendingUser(server);
    const rejected = await auditedBy(() =>
      dashboardAction(
        server,
        { intent: "reject-member", id: second.id, reason: "서류 미비" },
        admin.cookie,
      ),
    );
    expectSuccess(rejected.result, "거부 완료");
    expectOneRow(rejected.rows, {
      action: "reject_member",
      actor: admin,
      subjectId: second.id,
      label: `${second.name} <${second.email}>`,
    });
  });

  it("records nothing for a refused or failed attempt", async () => {
    const pending = await insertPendingUser(server);
    const { rows } = await auditedBy(async () => {
      await expectError(await postJson(server, `/api/users/${pending.id}/approve`), 401);
      await expectError(
        await postJson(server, `/api/users/${pending.id}/approve`, undefined, {
          cookie: member.cookie,
        }),
        403,
      );
      await expectError(
        await postJson(server, `/api/users/${UNKNOWN_ID}/reject`, undefined, {
          cookie: admin.cookie,
        }),
        404,
      );
    });
    expect(rows).toEqual([]);
  });
});

describe("audit rows for viewing licence images", () => {
  it("records view_license_image when an administrator opens a member's private image", async () => {
    const pending = await signUp(server, { name: "면허열람대상" });
    const { result, rows } = await auditedBy(() =>
      get(server, pending.licenseImageUrl, { cookie: admin.cookie }),
    );
    expect(result.status).toBe(200);
    expect(Buffer.from(await result.arrayBuffer())).toEqual(PNG);
    const row = expectOneRow(rows, {
      action: "view_license_image",
      actor: admin,
      subjectId: pending.id,
      label: `면허열람대상 <${pending.email}>`,
    });
    expect(row.detail).toEqual({ objectId: pending.licenseImageUrl.replace("/objects/", "") });
  });

  it("records each viewing, by whichever administrator", async () => {
    const { rows } = await auditedBy(async () => {
      expect((await get(server, member.licenseImageUrl, { cookie: admin.cookie })).status).toBe(
        200,
      );
      expect((await get(server, member.licenseImageUrl, { cookie: admin2.cookie })).status).toBe(
        200,
      );
    });
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.actorEmail).sort()).toEqual([admin.email, admin2.email].sort());
    for (const row of rows) {
      expect(row.action).toBe("view_license_image");
      expect(row.subjectId).toBe(member.id);
    }
  });

  it("records nothing when the owner views their own image or others are refused", async () => {
    const other = await createMember(server);
    cookies.push(other.cookie);
    const { rows } = await auditedBy(async () => {
      expect((await get(server, member.licenseImageUrl, { cookie: member.cookie })).status).toBe(
        200,
      );
      expect((await get(server, member.licenseImageUrl, { cookie: other.cookie })).status).toBe(
        404,
      );
      expect((await get(server, member.licenseImageUrl)).status).toBe(404);
    });
    expect(rows).toEqual([]);
  });

  it("records nothing when an administrator opens a public image", async () => {
    const publicImage = await uploadImage(server, { cookie: admin.cookie });
    const { rows } = await auditedBy(async () => {
      expect((await get(server, publicImage, { cookie: admin2.cookie })).status).toBe(200);
    });
    expect(rows).toEqual([]);
  });
});

describe("audit rows for full-membership applications", () => {
  it("records view_application for GET /api/membership-applications/{id}", async () => {
    const applicant = await createMember(server, { name: "신청열람대상" });
    cookies.push(applicant.cookie);
    const id = await applyOverHttp(server, applicant.cookie);
    const { result, rows } = await auditedBy(() =>
      get(server, `/api/membership-applications/${id}`, { cookie: admin.cookie }),
    );
    expect(result.status).toBe(200);
    expect(await result.json()).toMatchObject({ id, userId: applicant.id });
    expectOneRow(rows, {
      action: "view_application",
      actor: admin,
      subjectId: applicant.id,
      label: `신청열람대상 <${applicant.email}>`,
    });

    // A member asking for it is refused, and nothing is recorded; nor for an unknown id.
    const refused = await auditedBy(async () => {
      await expectError(
        await get(server, `/api/membership-applications/${id}`, { cookie: applicant.cookie }),
        403,
      );
      await expectError(await get(server, `/api/membership-applications/${id}`), 401);
      await expectError(
        await get(server, `/api/membership-applications/${UNKNOWN_ID}`, { cookie: admin.cookie }),
        404,
      );
    });
    expect(refused.rows).toEqual([]);
  });

  it("records approve_application and reject_application over the API", async () => {
    const first = await createMember(server, { name: "정회원승인대상" });
    const second = await createMember(server, { name: "정회원거부대상" });
    cookies.push(first.cookie, second.cookie);
    const firstId = await applyOverHttp(server, first.cookie);
    const secondId = await applyOverHttp(server, second.cookie);

    const approved = await auditedBy(() =>
      call("PATCH", `/api/membership-applications/${firstId}`, { status: "approved" }),
    );
    expect(approved.result.status).toBe(200);
    const approvedRow = expectOneRow(approved.rows, {
      action: "approve_application",
      actor: admin,
      subjectId: first.id,
      label: `정회원승인대상 <${first.email}>`,
    });
    expect(approvedRow.detail).toEqual({ applicationId: firstId });

    const rejected = await auditedBy(() =>
      call(
        "PATCH",
        `/api/membership-applications/${secondId}`,
        { status: "rejected", rejectionReason: "서류가 부족합니다." },
        admin2.cookie,
      ),
    );
    expect(rejected.result.status).toBe(200);
    expectOneRow(rejected.rows, {
      action: "reject_application",
      actor: admin2,
      subjectId: second.id,
      label: `정회원거부대상 <${second.email}>`,
    });

    // Deciding again is a 409 and records nothing.
    const again = await auditedBy(() =>
      call("PATCH", `/api/membership-applications/${firstId}`, { status: "approved" }),
    );
    expect(again.result.status).toBe(409);
    expect(again.rows).toEqual([]);
  });

  it("records approve_application and reject_application from the dashboard", async () => {
    const first = await createMember(server);
    const second = await createMember(server);
    cookies.push(first.cookie, second.cookie);
    const firstId = await applyOverHttp(server, first.cookie);
    const secondId = await applyOverHttp(server, second.cookie);

    const approved = await auditedBy(() =>
      dashboardAction(server, { intent: "approve-application", id: firstId }, admin.cookie),
    );
    expectSuccess(approved.result, "승인 완료");
    expectOneRow(approved.rows, {
      action: "approve_application",
      actor: admin,
      subjectId: first.id,
    });

    const rejected = await auditedBy(() =>
      dashboardAction(
        server,
        { intent: "reject-application", id: secondId, rejectionReason: "면허 확인 불가" },
        admin.cookie,
      ),
    );
    expectSuccess(rejected.result, "거부 완료");
    expectOneRow(rejected.rows, {
      action: "reject_application",
      actor: admin,
      subjectId: second.id,
    });
  });
});

describe("audit rows for role changes", () => {
  it("records role_change when an existing account is made an administrator", async () => {
    const promoted = await createMember(server, { name: "승격대상" });
    cookies.push(promoted.cookie);
    const { createAdministrator } = await import("~/features/accounts/accounts.server");
    const { result, rows } = await auditedBy(() =>
      createAdministrator({ email: promoted.email, password: PASSWORD, name: "승격대상" }),
    );
    expect(result).toEqual({ id: promoted.id, created: false });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.action).toBe("role_change");
    expect(row.subjectId).toBe(promoted.id);
    expect(row.subjectLabel).toBe(promoted.email);
    expect(row.detail).toMatchObject({ role: "admin" });
    // The command line has no administrator session and no address: it is recorded as 'system'.
    expect(row.actorId).toBeNull();
    expect(row.actorEmail).toBe("system");
    expect(row.createdAt).toBeInstanceOf(Date);
    const [account] = await server.db.select().from(users).where(eq(users.id, promoted.id));
    expect(account?.role).toBe("admin");
  });

  it("records nothing when a new administrator is created (no one's role changed)", async () => {
    const { rows } = await auditedBy(() => createAdmin(server));
    expect(rows.filter((r) => r.action === "role_change")).toEqual([]);
  });
});

describe("audit rows for content changes", () => {
  type Kind = {
    name: string;
    collection: string;
    create: Record<string, unknown>;
    patch: Record<string, unknown>;
    label: (body: Record<string, unknown>) => unknown;
  };
  const kinds: Kind[] = [
    {
      name: "announcement",
      collection: "/api/announcements",
      create: announcementInput({ title: "감사 기록 공지" }),
      patch: { title: "감사 기록 공지 (수정)" },
      label: (body) => body.title,
    },
    {
      name: "seminar",
      collection: "/api/seminars",
      create: seminarInput({ title: "감사 기록 세미나" }),
      patch: { title: "감사 기록 세미나 (수정)" },
      label: (body) => body.title,
    },
    {
      name: "executive",
      collection: "/api/executives",
      create: executiveInput({ name: "감사임원" }),
      patch: { name: "감사임원수정" },
      label: (body) => body.name,
    },
    {
      name: "history",
      collection: "/api/history",
      create: historyInput({ title: "감사 기록 연혁" }),
      patch: { title: "감사 기록 연혁 (수정)" },
      label: (body) => body.title,
    },
  ];

  it.each(kinds)("records $name create, update and delete over the API", async (kind) => {
    const created = await auditedBy(() => call("POST", kind.collection, kind.create));
    expect(created.result.status, await created.result.clone().text()).toBe(201);
    const body = (await created.result.json()) as Record<string, unknown> & { id: string };
    expectOneRow(created.rows, {
      action: `${kind.name}_create`,
      actor: admin,
      subjectId: body.id,
      label: String(kind.label(kind.create)),
    });

    const updated = await auditedBy(() =>
      call("PATCH", `${kind.collection}/${body.id}`, kind.patch, admin2.cookie),
    );
    expect(updated.result.status).toBe(200);
    expectOneRow(updated.rows, {
      action: `${kind.name}_update`,
      actor: admin2,
      subjectId: body.id,
      label: String(kind.label(kind.patch)),
    });

    const deleted = await auditedBy(() => call("DELETE", `${kind.collection}/${body.id}`));
    expect(deleted.result.status).toBe(204);
    expectOneRow(deleted.rows, {
      action: `${kind.name}_delete`,
      actor: admin,
      subjectId: body.id,
      label: String(kind.label(kind.patch)),
    });

    // Refused and failed attempts record nothing.
    const refused = await auditedBy(async () => {
      await expectError(await call("POST", kind.collection, kind.create, member.cookie), 403);
      await expectError(await call("POST", kind.collection, kind.create, null), 401);
      await expectError(await call("DELETE", `${kind.collection}/${body.id}`), 404);
      await expectError(await call("PATCH", `${kind.collection}/${UNKNOWN_ID}`, kind.patch), 404);
    });
    expect(refused.rows).toEqual([]);
  });

  it("records content changes made from the dashboard", async () => {
    const created = await auditedBy(() =>
      dashboardAction(
        server,
        {
          intent: "save-announcement",
          title: "대시보드 감사 공지",
          content: "<p>본문</p>",
          category: "공지",
          imageUrl: "",
          linkUrl: "",
        },
        admin2.cookie,
      ),
    );
    expectSuccess(created.result, "공지사항 등록 완료");
    const row = expectOneRow(created.rows, {
      action: "announcement_create",
      actor: admin2,
      label: "대시보드 감사 공지",
    });
    const deleted = await auditedBy(() =>
      dashboardAction(
        server,
        { intent: "delete-announcement", id: row.subjectId ?? "" },
        admin2.cookie,
      ),
    );
    expectSuccess(deleted.result, "공지사항 삭제 완료");
    expectOneRow(deleted.rows, {
      action: "announcement_delete",
      actor: admin2,
      subjectId: row.subjectId,
      label: "대시보드 감사 공지",
    });
  });

  it("records reordering an executive from the dashboard as an update", async () => {
    const ids: string[] = [];
    for (const name of ["순서임원가", "순서임원나"]) {
      const res = await call("POST", "/api/executives", executiveInput({ name, order: 90 }));
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const moved = await auditedBy(() =>
      dashboardAction(
        server,
        { intent: "move-executive", id: ids[1]!, direction: "up" },
        admin.cookie,
      ),
    );
    expectSuccess(moved.result, "순서 변경 완료");
    // Reordering changes the executives (their order): it is a content update like any other.
    const updates = moved.rows.filter((r) => r.action === "executive_update");
    expect(updates.length, JSON.stringify(moved.rows)).toBeGreaterThan(0);
    expect(updates.some((r) => r.subjectId === ids[1])).toBe(true);
    for (const row of updates) {
      expect(row.actorId).toBe(admin.id);
      expect(row.ip).toMatch(LOOPBACK);
    }
  });

  it("does not take the IP from an X-Forwarded-For header it has no reason to trust", async () => {
    const { rows } = await auditedBy(() =>
      server.fetch("/admin/export/members.csv?purpose=IP-check", {
        headers: { Cookie: admin.cookie, "X-Forwarded-For": "203.0.113.9" },
      }),
    );
    const row = expectOneRow(rows, { action: "export_members", actor: admin });
    expect(row.ip).not.toBe("203.0.113.9");
  });
});

// ---------------------------------------------------------------------------------------------

describe("CSV exports", () => {
  let formula: Member;

  beforeAll(async () => {
    formula = await insertMember(server, {
      name: FORMULA_NAME,
      phone: "+82-10-1234-5678",
      hospitalName: "@악성병원",
      address: "-1+1 대구광역시",
      department: '내과, "특수" 진료',
    });
    cookies.push(formula.cookie);
    const applicationId = await applyOverHttp(server, formula.cookie);
    const res = await call("PATCH", `/api/membership-applications/${applicationId}`, {
      status: "rejected",
      rejectionReason: "=1+1 서류 미비",
    });
    expect(res.status).toBe(200);
  });

  /** Every export states its purpose; this one is the tests'. */
  const PURPOSE = "감사 기록 점검";
  async function download(path: string, cookie: string | null = admin.cookie) {
    const res = await server.fetch(`${path}?purpose=${encodeURIComponent(PURPOSE)}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { res, bytes, text: bytes.toString("utf8") };
  }

  for (const path of ["/admin/export/members.csv", "/admin/export/applications.csv"]) {
    it(`refuses ${path} to a visitor (401) and a member (403), recording nothing`, async () => {
      const { rows } = await auditedBy(async () => {
        await expectError(await server.fetch(path), 401);
        await expectError(await server.fetch(path, { headers: { Cookie: member.cookie } }), 403);
      });
      expect(rows).toEqual([]);
    });
  }

  it("exports members as UTF-8 CSV with a BOM, a Korean header and escaped cells; audited", async () => {
    const { result, rows } = await auditedBy(() => download("/admin/export/members.csv"));
    const { res, bytes, text } = result;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv;\s*charset=utf-8$/i);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const body = text.slice(1);
    expect(body.endsWith("\r\n")).toBe(true);
    expect(body.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    const lines = body.split("\r\n").slice(0, -1);
    expect(lines[0]).toBe(MEMBERS_HEADER);

    // The formula-looking member, escaped cell by cell.
    const line = lines.find((l) => l.includes(formula.email));
    expect(line).toBeDefined();
    expect(line!.startsWith(`${ESCAPED_FORMULA_NAME},`)).toBe(true);
    expect(line).toContain(`"${formula.email}"`);
    expect(line).toContain('"\'+82-10-1234-5678"');
    expect(line).toContain('"\'@악성병원"');
    expect(line).toContain('"\'-1+1 대구광역시"');
    expect(line).toContain('"내과, ""특수"" 진료"');
    expect(line).toContain('"회원","승인"');
    // No cell starts a formula.
    for (const l of lines) expect(l).not.toMatch(/(^|,)"[=+\-@]/);

    // Korean text intact; members and administrators listed; no password hash.
    expect(text).toContain("감사대상회원");
    expect(lines.find((l) => l.includes(admin.email))).toContain('"관리자","승인"');
    expect(lines.find((l) => l.includes(member.email))).toContain('"회원","승인"');
    expect(text).not.toContain("$argon2");
    const total = (await server.db.select({ id: users.id }).from(users)).length;
    expect(lines).toHaveLength(total + 1);

    const row = expectOneRow(rows, { action: "export_members", actor: admin, subjectId: null });
    expect(row.detail).toEqual({ purpose: PURPOSE, rows: total });
  });

  it("exports applications the same way; audited", async () => {
    const { result, rows } = await auditedBy(() =>
      download("/admin/export/applications.csv", admin2.cookie),
    );
    const { res, bytes, text } = result;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv;\s*charset=utf-8$/i);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).split("\r\n").slice(0, -1);
    expect(lines[0]).toBe(APPLICATIONS_HEADER);
    const line = lines.find((l) => l.includes(formula.email));
    expect(line).toBeDefined();
    expect(line!.startsWith(`${ESCAPED_FORMULA_NAME},`)).toBe(true);
    expect(line).toContain('"거부됨"');
    expect(line).toContain('"\'=1+1 서류 미비"');
    for (const l of lines) expect(l).not.toMatch(/(^|,)"[=+\-@]/);
    expect(text).toContain("정회원승인대상");
    expect(text).toContain("승인됨");

    expectOneRow(rows, { action: "export_applications", actor: admin2, subjectId: null });
  });

  it("adds one audit row for each export", async () => {
    const { rows } = await auditedBy(async () => {
      for (let i = 0; i < 3; i += 1) {
        expect((await download("/admin/export/members.csv")).res.status).toBe(200);
      }
      expect((await download("/admin/export/applications.csv")).res.status).toBe(200);
    });
    expect(rows.map((r) => r.action).sort()).toEqual([
      "export_applications",
      "export_members",
      "export_members",
      "export_members",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

type PageRow = { time: string; actor: string; action: string; subject: string; ip: string };

/** The rows of the audit table, as shown. */
function tableRows(html: string): PageRow[] {
  const body = html.match(/<tbody\b[^>]*>([\s\S]*?)<\/tbody>/i)?.[1] ?? "";
  const rows: PageRow[] = [];
  for (const [, row] of body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = Array.from(row!.matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/gi), ([, cell]) =>
      decodeEntities(cell!.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]*>/g, "")).trim(),
    );
    if (cells.length < 5) continue;
    const time = tags(row!, "time")[0]?.datetime ?? "";
    rows.push({ time, actor: cells[1]!, action: cells[2]!, subject: cells[3]!, ip: cells[4]! });
  }
  return rows;
}

async function auditPage(query = "", cookie: string | null = admin.cookie) {
  const res = await server.fetch(`/admin/audit${query}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, rows: tableRows(html) };
}

describe("/admin/audit", () => {
  it("answers 401 to a visitor and 403 to a member, showing no entries", async () => {
    const visitor = await auditPage("", null);
    expect(visitor.status).toBe(401);
    expect(mainText(visitor.html)).toContain(DENIED);
    expect(visitor.rows).toEqual([]);
    expect(visitor.html).not.toContain(admin.email);

    const asMember = await auditPage("", member.cookie);
    expect(asMember.status).toBe(403);
    expect(mainText(asMember.html)).toContain(DENIED);
    expect(asMember.rows).toEqual([]);
    expect(asMember.html).not.toContain(admin.email);
  });

  it("shows the log newest first with Korean action labels, who, whom and from where", async () => {
    const page = await auditPage();
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/no-store/);
    expect(mainText(page.html)).toContain("감사 기록");
    const total = (await allAuditRows()).length;
    expect(page.rows).toHaveLength(Math.min(total, 50));
    expect(page.rows.length).toBeGreaterThan(10);

    const times = page.rows.map((r) => Date.parse(r.time));
    for (const time of times) expect(Number.isNaN(time)).toBe(false);
    const sorted = [...times].sort((a, b) => b - a);
    expect(times).toEqual(sorted);
    // The newest entry of the database is the first row.
    const newest = (await allAuditRows()).at(-1)!;
    expect(page.rows[0]?.time).toBe(newest.createdAt.toISOString());

    const labels = new Set(page.rows.map((r) => r.action));
    for (const label of labels) expect(label).toMatch(/[\uAC00-\uD7A3]/);
    expect(labels).toContain("회원 목록 내보내기");
    expect(labels).toContain("신청 목록 내보내기");
    for (const key of ["export_members", "view_license_image", "approve_member"]) {
      expect(labels.has(key)).toBe(false);
    }
    for (const row of page.rows) {
      expect([admin.email, admin2.email, "system"]).toContain(row.actor);
      if (row.actor !== "system") expect(row.ip).toMatch(LOOPBACK);
    }
  });

  it("labels every kind of action in Korean", async () => {
    const expected: Record<string, string> = {
      approve_member: "준회원 승인",
      reject_member: "준회원 거부",
      view_license_image: "면허증 열람",
      view_application: "정회원 신청 상세 열람",
      approve_application: "정회원 승인",
      reject_application: "정회원 거부",
      role_change: "권한 변경",
      announcement_create: "공지사항 등록",
      seminar_update: "학술 활동 수정",
      executive_delete: "임원 삭제",
      history_create: "연혁 등록",
    };
    for (const [action, label] of Object.entries(expected)) {
      const page = await auditPage(`?action=${action}`);
      expect(page.rows.length, action).toBeGreaterThan(0);
      for (const row of page.rows) expect(row.action).toBe(label);
    }
  });

  it("filters by administrator", async () => {
    const all = await allAuditRows();
    const page = await auditPage(`?actor=${admin2.id}`);
    expect(page.status).toBe(200);
    const expected = all.filter((r) => r.actorId === admin2.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(page.rows).toHaveLength(expected.length);
    for (const row of page.rows) expect(row.actor).toBe(admin2.email);
    // The filter offers the administrators who appear in the log.
    const options = tags(page.html, "option").map((o) => o.value);
    expect(options).toEqual(expect.arrayContaining([admin.id, admin2.id]));
  });

  it("filters by action, and by both", async () => {
    const all = await allAuditRows();
    const byAction = await auditPage("?action=export_members");
    const exports = all.filter((r) => r.action === "export_members");
    expect(byAction.rows).toHaveLength(exports.length);
    for (const row of byAction.rows) expect(row.action).toBe("회원 목록 내보내기");

    const both = await auditPage(`?actor=${admin2.id}&action=view_license_image`);
    const expected = all.filter(
      (r) => r.actorId === admin2.id && r.action === "view_license_image",
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(both.rows).toHaveLength(expected.length);
    for (const row of both.rows) {
      expect(row.actor).toBe(admin2.email);
      expect(row.action).toBe("면허증 열람");
      expect(row.subject).toContain("<");
    }
  });

  it("ignores an unknown action or a malformed administrator id", async () => {
    const all = (await allAuditRows()).length;
    for (const query of ["?action=drop_table", "?actor=not-a-uuid", "?action=&actor="]) {
      const page = await auditPage(query);
      expect(page.status, query).toBe(200);
      expect(page.rows).toHaveLength(Math.min(all, 50));
    }
    const nobody = await auditPage(`?actor=${UNKNOWN_ID}`);
    expect(nobody.status).toBe(200);
    expect(nobody.rows).toEqual([]);
    expect(mainText(nobody.html)).toContain("기록이 없습니다.");
  });

  it("is linked from the dashboard, which keeps its six tabs", async () => {
    const res = await get(server, "/admin/dashboard", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(tags(html, "a").some((a) => a.href === "/admin/audit")).toBe(true);
    expect(tags(html, "a").filter((a) => a.role === "tab")).toHaveLength(6);
    // And the audit page links to both exports.
    const page = await auditPage();
    // (Forms that ask for the purpose first.)
    const actions = tags(page.html, "form").map((form) => form.action);
    expect(actions).toContain("/admin/export/members.csv");
    expect(actions).toContain("/admin/export/applications.csv");
  });

  it("pages through more than fifty entries, newest first", async () => {
    const base = Date.now() - 60 * 60 * 1000;
    await server.db.insert(auditLog).values(
      Array.from({ length: 60 }, (_, i) => ({
        actorId: admin2.id,
        actorEmail: admin2.email,
        action: "view_application",
        subjectLabel: `페이지 ${i}`,
        ip: "127.0.0.1",
        createdAt: new Date(base + i * 1000),
      })),
    );
    const query = `?actor=${admin2.id}&action=view_application`;
    const total = (await allAuditRows()).filter(
      (r) => r.actorId === admin2.id && r.action === "view_application",
    ).length;
    expect(total).toBeGreaterThan(50);
    const first = await auditPage(query);
    const second = await auditPage(`${query}&page=2`);
    expect(first.rows).toHaveLength(50);
    expect(second.rows).toHaveLength(total - 50);
    const last = Date.parse(first.rows.at(-1)!.time);
    for (const row of second.rows) expect(Date.parse(row.time)).toBeLessThanOrEqual(last);
  });
});

// ---------------------------------------------------------------------------------------------

describe("what the audit log never holds", () => {
  it("holds no password, password hash, session id or image bytes", async () => {
    const rows = await allAuditRows();
    expect(rows.length).toBeGreaterThan(20);
    const hashes = (await server.db.select({ hash: users.passwordHash }).from(users)).map(
      (u) => u.hash,
    );
    const sessionIds = cookies.map(sessionIdOf);
    const forbidden = [
      PASSWORD,
      ...hashes,
      ...sessionIds,
      ...cookies,
      PNG.toString("base64"),
      PNG.toString("base64").slice(0, 16),
      PNG.toString("hex").slice(0, 16),
      PNG.toString("latin1").slice(0, 8),
    ];
    for (const row of rows) {
      const text = JSON.stringify(row);
      for (const secret of forbidden) expect(text, row.action).not.toContain(secret);
      expect(text).not.toMatch(/\$argon2/);
      expect(text).not.toMatch(/password|token|sid=/i);
      const detailKeys = Object.keys((row.detail as Record<string, unknown> | null) ?? {});
      // `reason`: the office's own words for a rejection (required since issue 39).
      for (const key of detailKeys)
        expect([
          "objectId",
          "rows",
          "applicationId",
          "role",
          "by",
          "move",
          "purpose",
          "reason",
        ]).toContain(key);
    }
    // Every row has an actor e-mail; rows from a request have an actor id and an IP.
    const fromRequests = await server.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["export_members", "view_license_image"]));
    for (const row of fromRequests) {
      expect(row.actorId).not.toBeNull();
      expect(row.ip).not.toBeNull();
    }
    expect(
      (await server.db.select().from(auditLog).where(isNull(auditLog.actorId))).every(
        (r) => r.actorEmail === "system",
      ),
    ).toBe(true);
  });
});
