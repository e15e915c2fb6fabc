// The full-membership application API (SPEC.md §3, §4, §5, §7; DESIGN.md "The API"):
// POST /api/membership-applications (one per user, name/e-mail/userId from the session, fields a
// user may not set ignored), GET .../me (never someone else's), PUT .../{id}/license-image (owner
// only, own uploads only), and the administrators' GET list and PATCH decisions.
import { beforeAll, describe, expect, it } from "vitest";
import { membershipApplications } from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  postJson,
  uploadImage,
} from "../support/accounts";
import {
  applicationPayload,
  applicationRows,
  insertMember,
  type Member,
  sendJson,
} from "../support/members";
import { setupTestServer } from "../support/test-server";

const REASON_REQUIRED = "거부 사유를 입력해주세요.";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const MALFORMED_IDS = ["not-a-uuid", "42"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PATH = "/api/membership-applications";

type Application = {
  id: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  licenseNumber: string;
  licenseImageUrl: string | null;
  hospitalName: string;
  department: string;
  address: string;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
  updatedAt: string;
};

let admin: LoggedIn;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});

function apply(body: unknown, cookie?: string | null, origin?: string) {
  return postJson(server, PATH, body, { cookie, origin });
}

function mine(cookie?: string) {
  return get(server, `${PATH}/me`, { cookie });
}

function decide(id: string, body: unknown, cookie?: string | null, origin?: string) {
  return sendJson(server, "PATCH", `${PATH}/${id}`, body, { cookie, origin });
}

function attachImage(id: string, body: unknown, cookie?: string | null) {
  return sendJson(server, "PUT", `${PATH}/${id}/license-image`, body, { cookie });
}

async function expectError(res: Response, status: number) {
  expect(res.status).toBe(status);
  const body = await json<ErrorBody>(res);
  expectKoreanMessages(body);
  return body;
}

/** A fresh member with an application created over the API; answers both. */
async function applicant(payload = applicationPayload()) {
  const member = await insertMember(server);
  const res = await apply(payload, member.cookie);
  expect(res.status).toBe(201);
  const { id } = await json<{ id: string }>(res);
  return { member, id };
}

async function applicationById(id: string) {
  const rows = await server.db.select().from(membershipApplications);
  return rows.find((row) => row.id === id);
}

async function countApplications() {
  return (await server.db.select().from(membershipApplications)).length;
}

describe("POST /api/membership-applications", () => {
  it("answers 401 to a visitor and stores nothing", async () => {
    const before = await countApplications();
    await expectError(await apply(applicationPayload()), 401);
    expect(await countApplications()).toBe(before);
  });

  it("refuses a cross-site request with 403", async () => {
    const member = await insertMember(server);
    await expectError(
      await apply(applicationPayload(), member.cookie, "https://evil.example"),
      403,
    );
    expect(await applicationRows(server, member.id)).toEqual([]);
  });

  it("creates the member's application: 201 {id}, identity from the session, forged fields ignored", async () => {
    const member = await insertMember(server, {
      name: "신청인김",
      email: "applicant-a@example.com",
    });
    const other = await insertMember(server);
    const started = Date.now();
    const res = await apply(
      {
        ...applicationPayload(),
        // Fields the user may not set, or that the session supplies: all ignored, not refused.
        id: UNKNOWN_ID,
        userId: other.id,
        name: "가짜 이름",
        email: "forged@evil.example",
        status: "approved",
        rejectionReason: "조작된 사유",
        createdAt: "2000-01-01T00:00:00.000Z",
        updatedAt: "2000-01-01T00:00:00.000Z",
        role: "admin",
      },
      member.cookie,
    );
    expect(res.status).toBe(201);
    const body = await json<{ id: string }>(res);
    expect(Object.keys(body)).toEqual(["id"]);
    expect(body.id).toMatch(UUID);
    expect(body.id).not.toBe(UNKNOWN_ID);

    const rows = await applicationRows(server, member.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      id: body.id,
      userId: member.id,
      name: "신청인김",
      email: "applicant-a@example.com",
      ...applicationPayload(),
      status: "pending",
      rejectionReason: null,
      licenseImageUrl: null,
    });
    expect(row.createdAt.getTime()).toBeGreaterThan(started - 60_000);
    expect(row.updatedAt.getTime()).toBeGreaterThan(started - 60_000);
    expect(await applicationRows(server, other.id)).toEqual([]);
  });

  it("answers 400 with a Korean message for each missing or blank field", async () => {
    const member = await insertMember(server);
    const fields = ["phone", "licenseNumber", "hospitalName", "department", "address"] as const;

    const empty = await expectError(await apply({}, member.cookie), 400);
    expect(Object.keys(empty.errors ?? {}).sort()).toEqual([...fields].sort());

    for (const field of fields) {
      const { [field]: _omitted, ...rest } = applicationPayload();
      const missing = await expectError(await apply(rest, member.cookie), 400);
      expect(Object.keys(missing.errors ?? {}), `missing ${field}`).toEqual([field]);
      const blank = await expectError(
        await apply(applicationPayload({ [field]: "   " }), member.cookie),
        400,
      );
      expect(Object.keys(blank.errors ?? {}), `blank ${field}`).toEqual([field]);
      const wrongType = await expectError(
        await apply(applicationPayload({ [field]: 12345 }), member.cookie),
        400,
      );
      expect(Object.keys(wrongType.errors ?? {}), `number ${field}`).toEqual([field]);
    }
    expect(await applicationRows(server, member.id)).toEqual([]);
  });

  it("answers 400 in Korean to an impossible phone number, malformed JSON and a non-object", async () => {
    const member = await insertMember(server);
    const phone = await expectError(
      await apply(applicationPayload({ phone: "전화 없음" }), member.cookie),
      400,
    );
    expect(Object.keys(phone.errors ?? {})).toEqual(["phone"]);

    const malformed = await server.fetch(PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: member.cookie },
      body: "{not json",
    });
    await expectError(malformed, 400);
    await expectError(await apply([applicationPayload()], member.cookie), 400);
    await expectError(await apply("신청합니다", member.cookie), 400);
    expect(await applicationRows(server, member.id)).toEqual([]);
  });

  it("answers one of simultaneous applications 201 and the others 409, never 500", async () => {
    const member = await insertMember(server);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        apply(applicationPayload({ licenseNumber: `동시-${n}` }), member.cookie),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409]);
    expect(await applicationRows(server, member.id)).toHaveLength(1);
  });

  it("does not need name and e-mail in the body", async () => {
    const member = await insertMember(server, { name: "본문없음박" });
    const res = await apply(applicationPayload(), member.cookie);
    expect(res.status).toBe(201);
    const [row] = await applicationRows(server, member.id);
    expect(row?.name).toBe("본문없음박");
    expect(row?.email).toBe(member.email);
  });

  it("answers 409 to a second application and keeps the first", async () => {
    const { member, id } = await applicant();
    const second = await expectError(
      await apply(applicationPayload({ hospitalName: "두번째의원" }), member.cookie),
      409,
    );
    expect(second.message).toContain("이미");
    const rows = await applicationRows(server, member.id);
    expect(rows.map((row) => row.id)).toEqual([id]);
    expect(rows[0]?.hospitalName).toBe(applicationPayload().hospitalName);
  });

  it("attaches a licence image the applicant uploaded, given with the application", async () => {
    const member = await insertMember(server);
    const objectPath = await uploadImage(server, { cookie: member.cookie });
    const res = await apply(applicationPayload({ licenseImageUrl: objectPath }), member.cookie);
    expect(res.status).toBe(201);
    const [row] = await applicationRows(server, member.id);
    expect(row?.licenseImageUrl).toBe(objectPath);
  });

  it("keeps the application when the image cannot be attached (someone else's object)", async () => {
    const owner = await insertMember(server);
    const objectPath = await uploadImage(server, { cookie: owner.cookie });
    const member = await insertMember(server);
    const res = await apply(applicationPayload({ licenseImageUrl: objectPath }), member.cookie);
    expect(res.status).toBe(201);
    const rows = await applicationRows(server, member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.licenseImageUrl).toBeNull();
  });
});

describe("GET /api/membership-applications/me", () => {
  it("answers 401 to a visitor", async () => {
    await expectError(await mine(), 401);
  });

  it("answers 404 (or an empty answer) before applying, even when others have applied", async () => {
    await applicant();
    const member = await insertMember(server);
    const res = await mine(member.cookie);
    if (res.status === 404) {
      expectKoreanMessages(await json<ErrorBody>(res));
    } else {
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^(null|\{\}|)$/);
    }
  });

  it("answers the caller's own application, never another user's", async () => {
    const a = await applicant(applicationPayload({ hospitalName: "에이의원" }));
    const b = await applicant(applicationPayload({ hospitalName: "비의원" }));
    for (const [{ member, id }, hospitalName] of [
      [a, "에이의원"],
      [b, "비의원"],
    ] as const) {
      const res = await mine(member.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/private|no-store/);
      const body = await json<Application>(res);
      expect(body.id).toBe(id);
      expect(body.status).toBe("pending");
      expect(body.rejectionReason).toBeNull();
      expect(Number.isNaN(new Date(body.createdAt).getTime())).toBe(false);
      if ("userId" in body) expect(body.userId).toBe(member.id);
      if ("email" in body) expect(body.email).toBe(member.email);
      if ("hospitalName" in body) expect(body.hospitalName).toBe(hospitalName);
    }
  });
});

describe("PUT /api/membership-applications/{id}/license-image", () => {
  let owner: Member;
  let applicationId: string;
  let stranger: Member;
  beforeAll(async () => {
    const created = await applicant();
    owner = created.member;
    applicationId = created.id;
    stranger = await insertMember(server);
  });

  it("answers 401 to a visitor", async () => {
    const objectPath = await uploadImage(server, { cookie: owner.cookie });
    await expectError(await attachImage(applicationId, { licenseImageURL: objectPath }), 401);
    expect((await applicationById(applicationId))?.licenseImageUrl).toBeNull();
  });

  it("answers 404 to another member, even with an image of their own", async () => {
    const theirs = await uploadImage(server, { cookie: stranger.cookie });
    await expectError(
      await attachImage(applicationId, { licenseImageURL: theirs }, stranger.cookie),
      404,
    );
    expect((await applicationById(applicationId))?.licenseImageUrl).toBeNull();
  });

  it("answers 400 to the owner for an object they do not own, or that does not exist", async () => {
    const strangers = await uploadImage(server, { cookie: stranger.cookie });
    const admins = await uploadImage(server, { cookie: admin.cookie });
    for (const objectPath of [strangers, admins, `/objects/${UNKNOWN_ID}`, "not-an-object-path"]) {
      await expectError(
        await attachImage(applicationId, { licenseImageURL: objectPath }, owner.cookie),
        400,
      );
    }
    await expectError(await attachImage(applicationId, {}, owner.cookie), 400);
    expect((await applicationById(applicationId))?.licenseImageUrl).toBeNull();
  });

  it("answers 404 to the owner for an unknown or malformed application id", async () => {
    const objectPath = await uploadImage(server, { cookie: owner.cookie });
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      await expectError(await attachImage(id, { licenseImageURL: objectPath }, owner.cookie), 404);
    }
  });

  it("stores the owner's own uploaded image: 200", async () => {
    const objectPath = await uploadImage(server, { cookie: owner.cookie });
    const res = await attachImage(applicationId, { licenseImageURL: objectPath }, owner.cookie);
    expect(res.status).toBe(200);
    expect((await applicationById(applicationId))?.licenseImageUrl).toBe(objectPath);
    // The private image is readable by an administrator reviewing the application.
    expect((await get(server, objectPath, { cookie: admin.cookie })).status).toBe(200);
    expect((await get(server, objectPath, { cookie: stranger.cookie })).status).not.toBe(200);
  });
});

describe("GET /api/membership-applications (administrators)", () => {
  it("answers 401 to a visitor and 403 to a member", async () => {
    const { member } = await applicant();
    await expectError(await get(server, PATH), 401);
    await expectError(await get(server, PATH, { cookie: member.cookie }), 403);
  });

  it("answers every application to an administrator", async () => {
    const a = await applicant();
    const b = await applicant();
    const res = await get(server, PATH, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const list = await json<Application[]>(res);
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBe(await countApplications());
    for (const { member, id } of [a, b]) {
      const found = list.find((item) => item.id === id);
      expect(found).toMatchObject({
        userId: member.id,
        name: member.name,
        email: member.email,
        ...applicationPayload(),
        status: "pending",
        rejectionReason: null,
      });
      expect(found).toHaveProperty("licenseImageUrl");
      expect(found).toHaveProperty("createdAt");
    }
  });
});

describe("PATCH /api/membership-applications/{id} (administrators)", () => {
  it("answers 401 to a visitor and 403 to a member, the applicant included", async () => {
    const { member, id } = await applicant();
    await expectError(await decide(id, { status: "approved" }), 401);
    await expectError(await decide(id, { status: "approved" }, member.cookie), 403);
    await expectError(
      await decide(id, { status: "rejected", rejectionReason: "본인 거부" }, member.cookie),
      403,
    );
    expect((await applicationById(id))?.status).toBe("pending");
  });

  it("refuses a cross-site request with 403", async () => {
    const { id } = await applicant();
    await expectError(
      await decide(id, { status: "approved" }, admin.cookie, "https://evil.example"),
      403,
    );
    expect((await applicationById(id))?.status).toBe("pending");
  });

  it("approves a pending application: 200 with status approved", async () => {
    const { member, id } = await applicant();
    const res = await decide(id, { status: "approved" }, admin.cookie);
    expect(res.status).toBe(200);
    expect(await json<Application>(res)).toMatchObject({ id, status: "approved" });
    const row = await applicationById(id);
    expect(row?.status).toBe("approved");
    expect(row?.rejectionReason).toBeNull();
    const me = await json<Application>(await mine(member.cookie));
    expect(me.status).toBe("approved");
  });

  it("refuses a rejection without a non-blank reason: 400 '거부 사유를 입력해주세요.'", async () => {
    const { id } = await applicant();
    for (const body of [
      { status: "rejected" },
      { status: "rejected", rejectionReason: "" },
      { status: "rejected", rejectionReason: "   \n\t " },
      { status: "rejected", rejectionReason: null },
    ]) {
      const error = await expectError(await decide(id, body, admin.cookie), 400);
      expect(error.message, JSON.stringify(body)).toBe(REASON_REQUIRED);
    }
    expect((await applicationById(id))?.status).toBe("pending");
  });

  it("rejects with a reason: 200, the reason stored and shown to the applicant", async () => {
    const { member, id } = await applicant();
    const reason = "세미나 참석 확인이 되지 않았습니다.";
    const res = await decide(id, { status: "rejected", rejectionReason: reason }, admin.cookie);
    expect(res.status).toBe(200);
    expect(await json<Application>(res)).toMatchObject({ status: "rejected" });
    const row = await applicationById(id);
    expect(row?.status).toBe("rejected");
    expect(row?.rejectionReason).toBe(reason);
    const me = await json<Application>(await mine(member.cookie));
    expect(me).toMatchObject({ id, status: "rejected", rejectionReason: reason });
  });

  it("answers 409 to any decision on a decided application, leaving it as it was", async () => {
    const approved = await applicant();
    const rejected = await applicant();
    expect((await decide(approved.id, { status: "approved" }, admin.cookie)).status).toBe(200);
    expect(
      (
        await decide(
          rejected.id,
          { status: "rejected", rejectionReason: "서류 미비" },
          admin.cookie,
        )
      ).status,
    ).toBe(200);
    for (const id of [approved.id, rejected.id]) {
      await expectError(await decide(id, { status: "approved" }, admin.cookie), 409);
      await expectError(
        await decide(id, { status: "rejected", rejectionReason: "다시 거부" }, admin.cookie),
        409,
      );
    }
    expect(await applicationById(approved.id)).toMatchObject({
      status: "approved",
      rejectionReason: null,
    });
    expect(await applicationById(rejected.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "서류 미비",
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      await expectError(await decide(id, { status: "approved" }, admin.cookie), 404);
    }
  });

  it("answers 400 in Korean to an invalid status value", async () => {
    const { id } = await applicant();
    for (const body of [
      { status: "pending" },
      { status: "APPROVED" },
      { status: "deleted" },
      { status: 1 },
      {},
      { rejectionReason: "상태 없음" },
    ]) {
      await expectError(await decide(id, body, admin.cookie), 400);
    }
    expect((await applicationById(id))?.status).toBe("pending");
  });

  it("changes nothing but the decision, whatever else the body carries", async () => {
    const { member, id } = await applicant();
    const res = await decide(
      id,
      { status: "approved", name: "변조된 이름", userId: admin.id, rejectionReason: "무시" },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    const row = await applicationById(id);
    expect(row).toMatchObject({
      status: "approved",
      name: member.name,
      userId: member.id,
      rejectionReason: null,
    });
  });
});
