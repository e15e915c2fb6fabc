// The administrator's approval calls over HTTP: GET /api/users/pending and
// POST /api/users/{id}/approve and /reject, for every actor (visitor, unapproved, member,
// administrator), with unknown and malformed ids, and what approval and rejection change.
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  createAdmin,
  createMember,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  logIn,
  postJson,
  signUp,
  userRow,
} from "../support/accounts";
import { queueRowsTo } from "../support/mail";
import { setupTestServer } from "../support/test-server";

type PendingUser = Record<string, unknown> & { id: string; email: string };

let admin: LoggedIn;
let member: LoggedIn;
const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await createMember(server);
});

async function pendingList(cookie = admin.cookie) {
  const res = await get(server, "/api/users/pending", { cookie });
  expect(res.status).toBe(200);
  return json<PendingUser[]>(res);
}

function approve(id: string, cookie?: string) {
  return postJson(server, `/api/users/${id}/approve`, undefined, { cookie });
}

function reject(id: string, cookie?: string) {
  return postJson(server, `/api/users/${id}/reject`, undefined, { cookie });
}

async function expectStatus(res: Response, status: number) {
  expect(res.status).toBe(status);
  const body = await json<ErrorBody>(res);
  expectKoreanMessages(body);
  return body;
}

describe("who may call them", () => {
  let target: Account;
  beforeAll(async () => {
    target = await signUp(server);
  });

  it("a visitor gets 401 on every call", async () => {
    await expectStatus(await get(server, "/api/users/pending"), 401);
    await expectStatus(await approve(target.id), 401);
    await expectStatus(await reject(target.id), 401);
    // Even for an id that does not exist: the guard comes first.
    await expectStatus(await approve("not-an-id"), 401);
  });

  it("an account awaiting approval has no session, so it is a visitor: 401", async () => {
    const unapproved = await signUp(server);
    const login = await logIn(server, unapproved.email, unapproved.password);
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie().some((c) => /^sid=[^;]/.test(c))).toBe(false);
    await expectStatus(await get(server, "/api/users/pending"), 401);
    await expectStatus(await approve(unapproved.id), 401);
    expect((await userRow(server, unapproved.id))?.isApproved).toBe(false);
  });

  it("an approved member gets 403 on every call, and nothing changes", async () => {
    await expectStatus(await get(server, "/api/users/pending", { cookie: member.cookie }), 403);
    await expectStatus(await approve(target.id, member.cookie), 403);
    await expectStatus(await reject(target.id, member.cookie), 403);
    // A member cannot approve themself either.
    await expectStatus(await approve(member.id, member.cookie), 403);
    const row = await userRow(server, target.id);
    expect(row?.isApproved).toBe(false);
    expect(row?.rejectedAt).toBeNull();
  });

  it("an administrator gets 200", async () => {
    expect((await get(server, "/api/users/pending", { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("GET /api/users/pending", () => {
  it("is a bare array of accounts awaiting approval, oldest first, without password hashes", async () => {
    const first = await signUp(server, { name: "첫번째" });
    const second = await signUp(server, { name: "두번째" });
    const list = await pendingList();
    expect(Array.isArray(list)).toBe(true);
    const ids = list.map((u) => u.id);
    expect(ids).toContain(first.id);
    expect(ids).toContain(second.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));

    const entry = list.find((u) => u.id === first.id);
    // The fields the dashboard's table and licence viewer show (SPEC.md §2).
    expect(entry).toMatchObject({
      id: first.id,
      email: first.email,
      name: "첫번째",
      phone: "010-1234-5678",
      hospitalName: "서울내과의원",
      department: "내과",
      licenseNumber: "123456",
      address: "서울특별시 강남구 테헤란로 1",
      licenseImageUrl: first.licenseImageUrl,
      role: "member",
      isApproved: false,
    });
    expect(entry?.createdAt).toBeTruthy();
    for (const user of list) {
      expect(user).not.toHaveProperty("passwordHash");
      expect(JSON.stringify(user)).not.toContain("argon2");
    }
  });

  it("lists neither approved members, nor administrators, nor rejected accounts", async () => {
    const rejected = await signUp(server);
    expect((await reject(rejected.id, admin.cookie)).status).toBe(200);
    const ids = (await pendingList()).map((u) => u.id);
    expect(ids).not.toContain(member.id);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(rejected.id);
    for (const user of await pendingList()) expect(user.isApproved).toBe(false);
  });
});

describe("POST /api/users/{id}/approve", () => {
  it("approves: the account leaves the pending list and can log in", async () => {
    const doctor = await signUp(server);
    expect((await logIn(server, doctor.email, doctor.password)).status).toBe(403);
    const res = await approve(doctor.id, admin.cookie);
    expect(res.status).toBe(200);
    const body = await json<{ message: string; id: string }>(res);
    expect(body.id).toBe(doctor.id);
    expect(body.message).toMatch(/[\uAC00-\uD7A3]/);
    expect((await userRow(server, doctor.id))?.isApproved).toBe(true);
    expect((await pendingList()).map((u) => u.id)).not.toContain(doctor.id);

    const login = await logIn(server, doctor.email, doctor.password);
    expect(login.status).toBe(200);
    expect(await json(login)).toMatchObject({ id: doctor.id, isApproved: true, role: "member" });
  });

  it("answers 404 with a Korean message for an unknown or malformed id", async () => {
    for (const id of [
      crypto.randomUUID(),
      "00000000-0000-0000-0000-000000000000",
      "not-an-id",
      "1",
      "' or 1=1 --",
      `${member.id}x`,
    ]) {
      const res = await approve(encodeURIComponent(id), admin.cookie);
      expect(res.status, id).toBe(404);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
  });

  it("does not approve through a GET", async () => {
    const doctor = await signUp(server);
    const res = await get(server, `/api/users/${doctor.id}/approve`, { cookie: admin.cookie });
    expect(res.status).not.toBe(200);
    expect(res.status).toBeLessThan(500);
    expect((await userRow(server, doctor.id))?.isApproved).toBe(false);
  });
});

describe("POST /api/users/{id}/reject", () => {
  it("keeps the record, marks it rejected, removes it from the pending list and refuses its login", async () => {
    const doctor = await signUp(server);
    const res = await reject(doctor.id, admin.cookie);
    expect(res.status).toBe(200);
    const body = await json<{ message: string; id: string }>(res);
    expect(body.id).toBe(doctor.id);
    expect(body.message).toMatch(/[\uAC00-\uD7A3]/);

    const row = await userRow(server, doctor.id);
    expect(row).toBeDefined();
    expect(row?.rejectedAt).toBeInstanceOf(Date);
    expect(row?.isApproved).toBe(false);
    expect((await pendingList()).map((u) => u.id)).not.toContain(doctor.id);

    const login = await logIn(server, doctor.email, doctor.password);
    expect(login.status).toBe(403);
    const loginBody = await json<ErrorBody>(login);
    expect(loginBody.message).toContain("승인되지 않았습니다");
    expectKoreanMessages(loginBody);
  });

  it("answers 404 with a Korean message for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id", "123"]) {
      const res = await reject(id, admin.cookie);
      expect(res.status, id).toBe(404);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
    // A NUL is no address at all: refused before any route, in Korean too.
    const nul = await reject("%00", admin.cookie);
    expect(nul.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(nul));
  });

  it("an approved member cannot be rejected (409, as from a tab opened before the approval): no mail, still logged in", async () => {
    const other = await createMember(server);
    const mailsBefore = (await queueRowsTo(server, other.email)).length;
    const res = await reject(other.id, admin.cookie);
    expect(res.status).toBe(409);
    const body = await json<ErrorBody>(res);
    expectKoreanMessages(body);
    expect(body.message).toContain("이용 정지");
    expect((await get(server, "/api/auth/me", { cookie: other.cookie })).status).toBe(200);
    const row = await userRow(server, other.id);
    expect(row?.isApproved).toBe(true);
    expect(row?.rejectedAt).toBeNull();
    expect((await queueRowsTo(server, other.email)).length).toBe(mailsBefore);
  });

  it("an administrator account cannot be rejected (409), and stays logged in", async () => {
    const res = await reject(admin.id, admin.cookie);
    expect(res.status).toBe(409);
    expectKoreanMessages(await json<ErrorBody>(res));
    expect((await get(server, "/api/auth/me", { cookie: admin.cookie })).status).toBe(200);
  });

  it("a rejected account approved afterwards can log in again", async () => {
    const doctor = await signUp(server);
    expect((await reject(doctor.id, admin.cookie)).status).toBe(200);
    expect((await approve(doctor.id, admin.cookie)).status).toBe(200);
    const row = await userRow(server, doctor.id);
    expect(row?.rejectedAt).toBeNull();
    expect(row?.isApproved).toBe(true);
    expect((await logIn(server, doctor.email, doctor.password)).status).toBe(200);
  });
});
