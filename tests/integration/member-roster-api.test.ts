// The office's member roster calls: GET /api/admin/members with search, filters, sorts
// and paging; the member record; PATCH; suspend, reinstate, end sessions; bulk approval; the
// optional rejection reason. Each action's audit entry and mail, the last-administrator rule,
// and each call's permission for a visitor, a member and an administrator.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  membershipApplications,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import {
  createAdmin,
  json,
  type LoggedIn,
  logIn,
  PASSWORD,
  sessionRows,
  userRow,
} from "../support/accounts";
import { ENGLISH_DEFAULTS, insertPendingUser, UNKNOWN_ID } from "../support/admin";
import { postForm } from "../support/http";
import { queueRowsTo } from "../support/mail";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

type RosterItem = {
  id: string;
  name: string;
  email: string;
  phone: string;
  licenseNumber: string;
  hospitalName: string;
  department: string;
  status: string;
  memberType: string | null;
  role: string;
  createdAt: string;
  approvedAt: string | null;
  lastLoginAt: string | null;
};
type RosterPage = { items: RosterItem[]; total: number; page: number; pageSize: number };

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { name: "일반회원" });
});

const call = (method: string, path: string, body?: unknown, cookie: string | null = admin.cookie) =>
  sendJson(server, method, path, body, { cookie });

async function roster(query: string, cookie: string | null = admin.cookie) {
  const res = await call("GET", `/api/admin/members?${query}`, undefined, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<RosterPage>(res);
}

async function auditFor(subjectId: string, action: string) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));
}

/** A fresh tag so each test searches only its own members. */
let tagCounter = 0;
function freshTag() {
  tagCounter += 1;
  return `태그${Date.now().toString(36)}${tagCounter}`;
}

describe("who may call", () => {
  const calls: Array<[string, string, unknown?]> = [
    ["GET", "/api/admin/members"],
    ["GET", `/api/admin/members/${UNKNOWN_ID}`],
    ["PATCH", `/api/admin/members/${UNKNOWN_ID}`, { name: "x" }],
    ["POST", `/api/admin/members/${UNKNOWN_ID}/suspend`, { reason: "x" }],
    ["POST", `/api/admin/members/${UNKNOWN_ID}/reinstate`],
    ["POST", `/api/admin/members/${UNKNOWN_ID}/end-sessions`],
    ["POST", "/api/admin/members/approve", { ids: [UNKNOWN_ID] }],
  ];
  for (const [method, path, body] of calls) {
    it(`${method} ${path}: 401 for a visitor, 403 for a member, in Korean`, async () => {
      const visitor = await call(method, path, body, null);
      expect(visitor.status).toBe(401);
      expect((await json(visitor)).message).toBe("로그인이 필요합니다.");
      const asMember = await call(method, path, body, member.cookie);
      expect(asMember.status).toBe(403);
      expect((await json(asMember)).message).toBe("관리자만 이용할 수 있습니다.");
    });
  }

  it("unknown ids are 404 and malformed ids 404, never 500", async () => {
    for (const id of [UNKNOWN_ID, "not-a-uuid", "1%27%20or%201%3D1"]) {
      for (const [method, path, body] of [
        ["GET", `/api/admin/members/${id}`],
        ["PATCH", `/api/admin/members/${id}`, { name: "새이름" }],
        ["POST", `/api/admin/members/${id}/suspend`, { reason: "사유" }],
        ["POST", `/api/admin/members/${id}/reinstate`],
        ["POST", `/api/admin/members/${id}/end-sessions`],
      ] as const) {
        const res = await call(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await json(res)).message).toBe("회원을 찾을 수 없습니다.");
      }
    }
  });
});

describe("GET /api/admin/members: search", () => {
  let tag: string;
  beforeAll(async () => {
    tag = freshTag();
    await insertPendingUser(server, { name: "김하늘", hospitalName: `${tag} 하늘의원` });
    await insertPendingUser(server, { name: "김바다", hospitalName: `${tag} 바다의원` });
    await insertPendingUser(server, {
      name: "이산",
      hospitalName: `${tag} 산정형외과`,
      address: "대구광역시 수성구 범어로 10",
      phone: "010-4321-9876",
      licenseNumber: "LIC-77821",
      email: `lee.mountain.${tag.length}@example.kr`,
    });
    await insertPendingUser(server, {
      name: "최들",
      hospitalName: `${tag} 들의원`,
      // Typed without dashes at sign-up.
      phone: "01055501234",
    });
    await insertPendingUser(server, {
      name: "박강",
      hospitalName: `${tag} 강내과 100%`,
      address: "대구광역시 중구 국채보상로 2",
    });
  });

  it("a single Korean syllable finds every member whose name has it", async () => {
    const page = await roster(`q=${encodeURIComponent("김")}&pageSize=100`);
    const names = page.items.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(["김하늘", "김바다"]));
    expect(names).not.toContain("이산");
    expect(page.items.every((m) => `${m.name}${m.email}${m.hospitalName}`.includes("김"))).toBe(
      true,
    );
  });

  it("finds by hospital address, hospital name, phone, licence number and e-mail", async () => {
    const byAddress = await roster(`q=${encodeURIComponent("수성")}&pageSize=100`);
    expect(byAddress.items.map((m) => m.name)).toContain("이산");
    expect(byAddress.items.map((m) => m.name)).not.toContain("박강");
    for (const q of [`${tag} 산정형`, "4321-98", "77821", "lee.mountain", "LEE.MOUNTAIN"]) {
      const found = await roster(`q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((m) => m.name),
        q,
      ).toEqual(["이산"]);
    }
  });

  it("finds a phone number however it was typed, digits to digits", async () => {
    for (const q of ["01043219876", "010 4321 9876", "43219876"]) {
      const found = await roster(`q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((m) => m.name),
        q,
      ).toEqual(["이산"]);
    }
    for (const q of ["010-5550-1234", "5550-1234"]) {
      const found = await roster(`q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((m) => m.name),
        q,
      ).toEqual(["최들"]);
    }
  });

  it("searches the words as typed: % and _ are not patterns", async () => {
    const percent = await roster(`q=${encodeURIComponent("100%")}`);
    expect(percent.items.map((m) => m.name)).toEqual(["박강"]);
    expect((await roster(`q=${encodeURIComponent("%")}`)).items.map((m) => m.name)).toEqual([
      "박강",
    ]);
    expect((await roster(`q=${encodeURIComponent("_")}`)).total).toBe(0);
  });

  it("items carry the roster's fields and never a password hash", async () => {
    const page = await roster(`q=${encodeURIComponent(tag)}`);
    expect(page.total).toBe(5);
    for (const item of page.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "approvedAt",
          "createdAt",
          "department",
          "email",
          "hospitalName",
          "id",
          "isDemo",
          "lastLoginAt",
          "licenseNumber",
          "memberType",
          "name",
          "phone",
          "role",
          "status",
        ].sort(),
      );
      expect(item.status).toBe("pending");
      expect(item.memberType).toBeNull();
    }
  });
});

describe("GET /api/admin/members: filters, sorts and paging", () => {
  let tag: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    tag = freshTag();
    const base = { hospitalName: `${tag} 의원` };
    ids.pending = (await insertPendingUser(server, { ...base, name: "가대기" })).id;
    ids.rejected = (
      await insertPendingUser(server, { ...base, name: "나거부", rejectedAt: new Date() })
    ).id;
    ids.suspended = (
      await insertPendingUser(server, {
        ...base,
        name: "다정지",
        isApproved: true,
        suspendedAt: new Date(),
        suspensionReason: "회비 미납",
      })
    ).id;
    ids.honorary = (
      await insertPendingUser(server, {
        ...base,
        name: "라명예",
        isApproved: true,
        memberType: "honorary",
        createdAt: new Date("2025-03-01T00:30:00+09:00"),
      })
    ).id;
    ids.regular = (
      await insertPendingUser(server, {
        ...base,
        name: "마정회원",
        isApproved: true,
        memberType: "regular",
        role: "admin",
        createdAt: new Date("2025-02-28T23:30:00+09:00"),
        lastLoginAt: new Date("2026-01-01T00:00:00Z"),
      })
    ).id;
  });
  const q = () => `q=${encodeURIComponent(tag)}`;

  it("filters by each status", async () => {
    for (const status of ["pending", "rejected", "suspended"] as const) {
      const page = await roster(`${q()}&status=${status}`);
      expect(
        page.items.map((m) => m.id),
        status,
      ).toEqual([ids[status]]);
      expect(page.items[0]!.status).toBe(status);
    }
    const approved = await roster(`${q()}&status=approved`);
    expect(approved.items.map((m) => m.id).sort()).toEqual([ids.honorary, ids.regular].sort());
  });

  it("filters by member type and role; the type is null until approval", async () => {
    expect((await roster(`${q()}&type=honorary`)).items.map((m) => m.id)).toEqual([ids.honorary]);
    expect((await roster(`${q()}&type=regular`)).items.map((m) => m.id)).toEqual([ids.regular]);
    expect((await roster(`${q()}&role=admin`)).items.map((m) => m.id)).toEqual([ids.regular]);
    const pending = (await roster(`${q()}&status=pending`)).items[0]!;
    expect(pending.memberType).toBeNull();
    const suspended = (await roster(`${q()}&status=suspended`)).items[0]!;
    expect(suspended.memberType).toBe("associate");
  });

  it("filters by join date in Seoul days, both ends included", async () => {
    const march = await roster(`${q()}&joinedFrom=2025-03-01&joinedTo=2025-03-01`);
    expect(march.items.map((m) => m.id)).toEqual([ids.honorary]);
    const feb = await roster(`${q()}&joinedTo=2025-02-28`);
    expect(feb.items.map((m) => m.id)).toEqual([ids.regular]);
    const both = await roster(`${q()}&joinedFrom=2025-02-28&joinedTo=2025-03-01`);
    expect(both.total).toBe(2);
  });

  it("sorts by name, join date and last login, both ways", async () => {
    const byName = await roster(`${q()}&sort=name&order=asc`);
    expect(byName.items.map((m) => m.name)).toEqual([
      "가대기",
      "나거부",
      "다정지",
      "라명예",
      "마정회원",
    ]);
    const byNameDesc = await roster(`${q()}&sort=name&order=desc`);
    expect(byNameDesc.items.map((m) => m.name)).toEqual(
      [...byName.items.map((m) => m.name)].reverse(),
    );
    const oldestFirst = await roster(`${q()}&sort=createdAt&order=asc`);
    expect(oldestFirst.items.slice(0, 2).map((m) => m.id)).toEqual([ids.regular, ids.honorary]);
    const byLogin = await roster(`${q()}&sort=lastLoginAt&order=desc`);
    expect(byLogin.items[0]!.id).toBe(ids.regular);
  });

  it("pages: each page has its members once, in order, with the total", async () => {
    const first = await roster(`${q()}&sort=name&pageSize=2&page=1`);
    const second = await roster(`${q()}&sort=name&pageSize=2&page=2`);
    const third = await roster(`${q()}&sort=name&pageSize=2&page=3`);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([first.page, second.page, third.page, first.pageSize]).toEqual([1, 2, 3, 2]);
    const names = [...first.items, ...second.items, ...third.items].map((m) => m.name);
    expect(names).toEqual(["가대기", "나거부", "다정지", "라명예", "마정회원"]);
    const past = await roster(`${q()}&pageSize=2&page=9`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(5);
  });

  it("answers 400 in Korean for bad values, never 500", async () => {
    for (const query of [
      "pageSize=101",
      "pageSize=0",
      "page=0",
      "page=abc",
      "status=deleted",
      "type=vip",
      "role=root",
      "sort=password",
      "order=up",
      "joinedFrom=2025-13-45",
      "joinedFrom=2026-02-30",
      "joinedTo=yesterday",
      "joinedFrom=0001-01-01",
      "joinedTo=2101-01-01",
      `q=${"가".repeat(101)}`,
    ]) {
      const res = await call("GET", `/api/admin/members?${query}`);
      expect(res.status, query).toBe(400);
      const body = await json(res);
      expect(body.message, query).toMatch(/[가-힣]/);
      expect(body.message, query).not.toMatch(ENGLISH_DEFAULTS);
    }
  });
});

describe("a member's contact follows into their seminar registrations", () => {
  it("an e-mail the office corrects and a number the member changes reach the door and the seminar's mails", async () => {
    const doctor = await insertMember(server, { name: "연락처변경", phone: "010-2345-6789" });
    const [seminar] = await server.db
      .insert(seminars)
      .values({
        title: "연락처 세미나",
        description: "설명",
        speaker: "연자",
        date: new Date(Date.now() + 10 * 24 * 3600_000),
        location: "세미나실",
      })
      .returning();
    const registered = await sendJson(
      server,
      "POST",
      `/api/seminars/${seminar!.id}/registrations`,
      undefined,
      { cookie: doctor.cookie },
    );
    expect(registered.status, await registered.clone().text()).toBe(201);
    const registration = async () =>
      (
        await server.db
          .select()
          .from(seminarRegistrations)
          .where(eq(seminarRegistrations.userId, doctor.id))
      )[0];

    const newEmail = `changed-${doctor.id.slice(0, 8)}@example.net`;
    const patched = await call("PATCH", `/api/admin/members/${doctor.id}`, { email: newEmail });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await registration()).toMatchObject({ email: newEmail, name: "연락처변경" });

    const profile = await postForm(
      server,
      "/mypage",
      {
        intent: "profile",
        phone: "010-9876-5432",
        hospitalName: "새병원",
        department: "내과",
        address: "대구광역시 수성구",
      },
      { cookie: doctor.cookie },
    );
    expect(profile.status, await profile.clone().text()).toBeLessThan(400);
    expect((await registration())?.phone).toBe("010-9876-5432");
  });
});

describe("the member record", () => {
  it("GET shows account, standing, consent, application, sessions and audit entries; no hash", async () => {
    const doctor = await insertMember(server, { name: "기록회원" });
    await call("PATCH", `/api/admin/members/${doctor.id}`, { department: "피부과" });
    const res = await call("GET", `/api/admin/members/${doctor.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.clone().text();
    expect(text).not.toMatch(/passwordHash|argon2/);
    const record = await json<Record<string, unknown>>(res);
    expect(record).toMatchObject({
      id: doctor.id,
      name: "기록회원",
      email: doctor.email,
      department: "피부과",
      status: "approved",
      memberType: "associate",
      role: "member",
      application: null,
      activeSessions: 1,
    });
    expect(record.auditEntries).toEqual([
      expect.objectContaining({ action: "member_update", actorEmail: admin.email }),
    ]);
  });
});

describe("PATCH /api/admin/members/{id}", () => {
  it("corrects fields including e-mail and licence number, audited", async () => {
    const doctor = await insertMember(server);
    const res = await call("PATCH", `/api/admin/members/${doctor.id}`, {
      email: `Fixed.${doctor.email}`,
      licenseNumber: "NEW-12345",
      hospitalName: "고친의원",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const updated = await json<RosterItem>(res);
    expect(updated.email).toBe(`fixed.${doctor.email}`);
    expect(updated.licenseNumber).toBe("NEW-12345");
    const row = await userRow(server, doctor.id);
    expect(row?.hospitalName).toBe("고친의원");
    const [entry] = await auditFor(doctor.id, "member_update");
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.detail).toEqual({ fields: "email,licenseNumber,hospitalName" });
    // The member logs in with the corrected address.
    expect((await logIn(server, `fixed.${doctor.email}`, PASSWORD)).status).toBe(200);
    // Both addresses hear of it: a change the owner did not ask for is seen at the old one.
    const [toOld] = await queueRowsTo(server, doctor.email);
    expect(toOld?.subject).toMatch(/로그인 이메일이 변경되었습니다$/);
    expect(toOld?.text).toContain(`fixed.${doctor.email} 주소로 변경했습니다`);
    expect(toOld?.text).toContain("요청하지 않은 변경이라면");
    const [toNew] = await queueRowsTo(server, `fixed.${doctor.email}`);
    expect(toNew?.subject).toMatch(/이 주소가 학회 로그인 이메일로 등록되었습니다$/);
    expect(toNew?.text).toContain(doctor.email);
  });

  it("mails nobody about an e-mail when only other fields change", async () => {
    const doctor = await insertMember(server);
    const res = await call("PATCH", `/api/admin/members/${doctor.id}`, {
      hospitalName: "다른의원",
      email: doctor.email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    expect(await queueRowsTo(server, doctor.email)).toEqual([]);
  });

  it("a taken e-mail is a 409 in Korean and changes nothing", async () => {
    const one = await insertMember(server);
    const two = await insertMember(server);
    const res = await call("PATCH", `/api/admin/members/${two.id}`, {
      email: one.email.toUpperCase(),
      name: "바뀌면안됨",
    });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe("이미 가입된 이메일입니다.");
    expect((await userRow(server, two.id))?.name).not.toBe("바뀌면안됨");
  });

  it("refuses unknown fields and bad values with 400, changing nothing", async () => {
    const doctor = await insertMember(server);
    for (const body of [
      { passwordHash: "x" },
      { isApproved: true },
      { email: "not-an-email" },
      { name: "" },
      { memberType: "vip" },
      { role: "root" },
      { name: "가".repeat(51) },
      // Not a mobile number: the member could not save their own record with it afterwards.
      { phone: "(((((((((((" },
      { phone: "053-000-0000" },
      { phone: "010-12-34" },
    ]) {
      const res = await call("PATCH", `/api/admin/members/${doctor.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).message).toMatch(/[가-힣]/);
    }
    const res = await sendJson(server, "PATCH", `/api/admin/members/${doctor.id}`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
  });

  it("sets 명예회원 and 평생회원, audited and mailed", async () => {
    const doctor = await insertMember(server);
    const res = await call("PATCH", `/api/admin/members/${doctor.id}`, { memberType: "honorary" });
    expect(res.status).toBe(200);
    expect((await json<RosterItem>(res)).memberType).toBe("honorary");
    const [entry] = await auditFor(doctor.id, "member_type_change");
    expect(entry?.detail).toMatchObject({ from: "associate", to: "honorary" });
    const mail = (await queueRowsTo(server, doctor.email)).at(-1);
    expect(mail?.subject).toContain("회원 구분이 변경되었습니다");
    expect(mail?.text).toContain("준회원에서 명예회원으로 변경되었습니다");
  });

  it("정회원 follows an approved application and is revoked only with a reason", async () => {
    const doctor = await insertMember(server);
    const applied = await sendJson(
      server,
      "POST",
      "/api/membership-applications",
      {
        phone: "010-9876-5432",
        licenseNumber: "98765",
        hospitalName: "수성정형외과의원",
        department: "정형외과",
        address: "대구광역시 수성구 달구벌대로 2",
      },
      { cookie: doctor.cookie },
    );
    expect(applied.status, await applied.clone().text()).toBe(201);
    const { id: applicationId } = await json<{ id: string }>(applied);
    const approved = await call("PATCH", `/api/membership-applications/${applicationId}`, {
      status: "approved",
    });
    expect(approved.status).toBe(200);
    expect((await userRow(server, doctor.id))?.memberType).toBe("regular");

    const withoutReason = await call("PATCH", `/api/admin/members/${doctor.id}`, {
      memberType: "associate",
    });
    expect(withoutReason.status).toBe(400);
    expect((await json(withoutReason)).message).toBe("정회원 자격을 해제하는 사유를 입력해주세요.");
    expect((await userRow(server, doctor.id))?.memberType).toBe("regular");

    const revoked = await call("PATCH", `/api/admin/members/${doctor.id}`, {
      memberType: "associate",
      reason: "회비 3년 미납",
    });
    expect(revoked.status).toBe(200);
    expect((await userRow(server, doctor.id))?.memberType).toBe("associate");
    const [entry] = await auditFor(doctor.id, "member_type_change");
    expect(entry?.detail).toMatchObject({
      from: "regular",
      to: "associate",
      reason: "회비 3년 미납",
    });
    const mail = (await queueRowsTo(server, doctor.email)).at(-1);
    expect(mail?.text).toContain("사유: 회비 3년 미납");
    // The application itself stays approved: the record shows both.
    const [application] = await server.db
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.userId, doctor.id));
    expect(application?.status).toBe("approved");
  });

  it("a 정회원 becomes 명예회원 or 평생회원 without a reason: honours, not revocations", async () => {
    for (const memberType of ["honorary", "lifetime"] as const) {
      const doctor = await insertMember(server, { memberType: "regular" });
      const res = await call("PATCH", `/api/admin/members/${doctor.id}`, { memberType });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await userRow(server, doctor.id))?.memberType).toBe(memberType);
      const [entry] = await auditFor(doctor.id, "member_type_change");
      expect(entry?.detail).toMatchObject({ from: "regular", to: memberType, reason: null });
      const mail = (await queueRowsTo(server, doctor.email)).at(-1);
      expect(mail?.text).not.toContain("사유:");
    }
    // 정회원 → 준회원 is the one change that still needs a reason.
    const doctor = await insertMember(server, { memberType: "regular" });
    for (const reason of [undefined, "", "   "]) {
      const res = await call("PATCH", `/api/admin/members/${doctor.id}`, {
        memberType: "associate",
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe("정회원 자격을 해제하는 사유를 입력해주세요.");
    }
    expect((await userRow(server, doctor.id))?.memberType).toBe("regular");
  });

  it("a pending sign-up has no member type to set", async () => {
    const pending = await insertPendingUser(server);
    const res = await call("PATCH", `/api/admin/members/${pending.id}`, { memberType: "lifetime" });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe("승인된 회원만 회원 구분을 바꿀 수 있습니다.");
  });

  it("makes and unmakes administrators, never the last one", async () => {
    const doctor = await insertMember(server);
    const made = await call("PATCH", `/api/admin/members/${doctor.id}`, { role: "admin" });
    expect(made.status).toBe(200);
    expect((await userRow(server, doctor.id))?.role).toBe("admin");
    expect((await auditFor(doctor.id, "role_change"))[0]?.detail).toEqual({ role: "admin" });
    // The new administrator's existing session now opens administrator calls.
    expect((await call("GET", "/api/admin/members", undefined, doctor.cookie)).status).toBe(200);
    const unmade = await call("PATCH", `/api/admin/members/${doctor.id}`, { role: "member" });
    expect(unmade.status).toBe(200);
    expect((await call("GET", "/api/admin/members", undefined, doctor.cookie)).status).toBe(403);

    // With every other administrator demoted, the last one keeps the role: 409 in Korean.
    const others = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "admin"));
    const demoted: string[] = [];
    for (const { id } of others) {
      if (id === admin.id) continue;
      await server.db.update(users).set({ role: "member" }).where(eq(users.id, id));
      demoted.push(id);
    }
    try {
      const last = await call("PATCH", `/api/admin/members/${admin.id}`, { role: "member" });
      expect(last.status).toBe(409);
      expect((await json(last)).message).toBe(
        "마지막 관리자입니다. 다른 관리자를 먼저 지정해주세요.",
      );
      expect((await userRow(server, admin.id))?.role).toBe("admin");
    } finally {
      for (const id of demoted)
        await server.db.update(users).set({ role: "admin" }).where(eq(users.id, id));
    }
  });

  it("only an approved member can be made an administrator", async () => {
    const pending = await insertPendingUser(server);
    const res = await call("PATCH", `/api/admin/members/${pending.id}`, { role: "admin" });
    expect(res.status).toBe(409);
    expect((await userRow(server, pending.id))?.role).toBe("member");
  });
});

describe("suspension", () => {
  it("without a reason is a 400 that changes nothing", async () => {
    const doctor = await insertMember(server);
    for (const body of [undefined, {}, { reason: "" }, { reason: "   " }]) {
      const res = await call("POST", `/api/admin/members/${doctor.id}/suspend`, body);
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe("정지 사유를 입력해주세요.");
    }
    expect((await userRow(server, doctor.id))?.suspendedAt).toBeNull();
    expect(await sessionRows(server, doctor.id)).toHaveLength(1);
  });

  it("ends the member's sessions at once, refuses login with 403, and is audited and mailed", async () => {
    const doctor = await insertMember(server, { name: "정지될회원" });
    expect((await call("GET", "/api/auth/me", undefined, doctor.cookie)).status).toBe(200);

    const res = await call("POST", `/api/admin/members/${doctor.id}/suspend`, {
      reason: "의료법 위반 조사 중",
    });
    expect(res.status).toBe(200);
    expect((await json<RosterItem>(res)).status).toBe("suspended");
    expect(await sessionRows(server, doctor.id)).toHaveLength(0);

    // The session they had is gone: members-only calls and pages refuse them.
    expect((await call("GET", "/api/auth/me", undefined, doctor.cookie)).status).toBe(401);
    const mine = await call("GET", "/api/membership-applications/me", undefined, doctor.cookie);
    expect(mine.status).toBe(401);

    const login = await logIn(server, doctor.email, PASSWORD);
    expect(login.status).toBe(403);
    const { message } = await json(login);
    expect(message).toContain("계정이 정지되어 로그인할 수 없습니다.");
    expect(message).toContain("학회 사무국");
    expect(login.headers.get("set-cookie") ?? "").not.toMatch(/sid=[^;]/);
    // A wrong password says nothing about the suspension.
    expect((await logIn(server, doctor.email, "wrong-password-123")).status).toBe(401);

    const [entry] = await auditFor(doctor.id, "member_suspend");
    expect(entry).toMatchObject({ actorId: admin.id, detail: { reason: "의료법 위반 조사 중" } });
    const mail = (await queueRowsTo(server, doctor.email)).at(-1);
    expect(mail?.subject).toContain("회원 자격이 정지되었습니다");
    expect(mail?.text).toContain("정지 사유: 의료법 위반 조사 중");

    const reinstated = await call("POST", `/api/admin/members/${doctor.id}/reinstate`);
    expect(reinstated.status).toBe(200);
    expect((await json<RosterItem>(reinstated)).status).toBe("approved");
    expect((await logIn(server, doctor.email, PASSWORD)).status).toBe(200);
    expect(await auditFor(doctor.id, "member_reinstate")).toHaveLength(1);
    expect((await queueRowsTo(server, doctor.email)).at(-1)?.subject).toContain(
      "정지가 해제되었습니다",
    );
  });

  it("a suspended member's session that survived (another instance) still opens nothing", async () => {
    const doctor = await insertMember(server);
    await server.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, doctor.id));
    expect((await call("GET", "/api/auth/me", undefined, doctor.cookie)).status).toBe(401);
  });

  it("an administrator cannot suspend themselves or the last administrator", async () => {
    const self = await call("POST", `/api/admin/members/${admin.id}/suspend`, { reason: "실수" });
    expect(self.status).toBe(409);
    expect((await userRow(server, admin.id))?.suspendedAt).toBeNull();
  });
});

describe("sessions and bulk approval", () => {
  it("ends every session of a member, audited", async () => {
    const doctor = await insertMember(server);
    await logIn(server, doctor.email, PASSWORD);
    expect((await sessionRows(server, doctor.id)).length).toBe(2);
    const res = await call("POST", `/api/admin/members/${doctor.id}/end-sessions`);
    expect(res.status).toBe(200);
    expect(await sessionRows(server, doctor.id)).toHaveLength(0);
    expect((await call("GET", "/api/auth/me", undefined, doctor.cookie)).status).toBe(401);
    expect(await auditFor(doctor.id, "member_end_sessions")).toHaveLength(1);
  });

  it("approves several pending sign-ups at once, each audited and mailed", async () => {
    const pending = await Promise.all([1, 2, 3].map(() => insertPendingUser(server)));
    const approvedAlready = await insertMember(server);
    const res = await call("POST", "/api/admin/members/approve", {
      ids: [...pending.map((p) => p.id), approvedAlready.id, UNKNOWN_ID],
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ approved: 3 });
    for (const p of pending) {
      expect((await userRow(server, p.id))?.isApproved).toBe(true);
      expect(await auditFor(p.id, "approve_member")).toHaveLength(1);
      expect((await queueRowsTo(server, p.email)).map((m) => m.subject)).toEqual([
        expect.stringContaining("회원가입이 승인되었습니다"),
      ]);
    }
    expect(await auditFor(approvedAlready.id, "approve_member")).toHaveLength(0);
  });

  it("refuses an empty or malformed selection with 400", async () => {
    for (const body of [{}, { ids: [] }, { ids: ["x"] }, { ids: "abc" }]) {
      const res = await call("POST", "/api/admin/members/approve", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).message).toMatch(/[가-힣]/);
    }
  });
});

describe("POST /api/users/{id}/reject with a reason", () => {
  it("stores the reason, audits it and puts it in the mail", async () => {
    const pending = await insertPendingUser(server);
    const res = await call("POST", `/api/users/${pending.id}/reject`, {
      reason: "면허 정보 확인 불가",
    });
    expect(res.status).toBe(200);
    expect((await userRow(server, pending.id))?.rejectionReason).toBe("면허 정보 확인 불가");
    expect((await auditFor(pending.id, "reject_member"))[0]?.detail).toEqual({
      reason: "면허 정보 확인 불가",
    });
    const mail = (await queueRowsTo(server, pending.email)).at(-1);
    expect(mail?.text).toContain("거부 사유: 면허 정보 확인 불가");
  });

  it("still works without a body, and the mail then names no reason", async () => {
    const pending = await insertPendingUser(server);
    const res = await sendJson(server, "POST", `/api/users/${pending.id}/reject`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const mail = (await queueRowsTo(server, pending.email)).at(-1);
    expect(mail?.text).not.toContain("거부 사유");
    expect(mail?.text).toContain("자세한 사유는 학회 사무국");
  });

  it("a reason over 1,000 characters is a 400", async () => {
    const pending = await insertPendingUser(server);
    const res = await call("POST", `/api/users/${pending.id}/reject`, {
      reason: "가".repeat(1001),
    });
    expect(res.status).toBe(400);
    expect((await userRow(server, pending.id))?.rejectedAt).toBeNull();
  });
});

describe("last login", () => {
  it("is recorded at each login and shown in the roster", async () => {
    const doctor = await insertMember(server);
    const row = await userRow(server, doctor.id);
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
    const page = await roster(`q=${encodeURIComponent(doctor.email)}`);
    expect(page.items[0]?.lastLoginAt).toBe(row?.lastLoginAt?.toISOString());
  });
});
