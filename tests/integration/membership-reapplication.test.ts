// Re-application after a rejection: one open application at
// a time. A rejected applicant may apply again and the earlier application and its decision stay
// on record; GET /api/membership-applications/me answers the latest; a second application while
// one is pending or approved is still 409 (also when sent at once); the administrator sees the
// history on the application's detail and on the member record; the page offers the new form.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  postForm,
  postJson,
} from "../support/accounts";
import { mainText } from "../support/html";
import {
  applicationPayload,
  applicationRows,
  insertMember,
  type Member,
  page,
  sendJson,
} from "../support/members";
import { setupTestServer } from "../support/test-server";

const PATH = "/api/membership-applications";

type Application = {
  id: string;
  status: string;
  rejectionReason: string | null;
  hospitalName: string;
  otherApplications?: Array<{ id: string; status: string; rejectionReason: string | null }>;
};

let admin: LoggedIn;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});

const apply = (member: Member, overrides: Record<string, unknown> = {}) =>
  postJson(server, PATH, applicationPayload(overrides), { cookie: member.cookie });
const mine = (member: Member) => get(server, `${PATH}/me`, { cookie: member.cookie });
const decide = (id: string, body: unknown, cookie: string | null = admin.cookie) =>
  sendJson(server, "PATCH", `${PATH}/${id}`, body, { cookie });

async function applied(member: Member, overrides: Record<string, unknown> = {}) {
  const res = await apply(member, overrides);
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

async function rejected(member: Member, reason = "세미나 참석 확인이 되지 않았습니다.") {
  const id = await applied(member, { hospitalName: "첫신청의원" });
  expect((await decide(id, { status: "rejected", rejectionReason: reason })).status).toBe(200);
  return id;
}

describe("applying again after a rejection", () => {
  it("creates a second application; the first and its reason stay on record", async () => {
    const member = await insertMember(server);
    const first = await rejected(member, "연회비 미납");
    const second = await applied(member, { hospitalName: "재신청의원" });
    expect(second).not.toBe(first);
    const rows = await applicationRows(server, member.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === first)).toMatchObject({
      status: "rejected",
      rejectionReason: "연회비 미납",
      hospitalName: "첫신청의원",
    });
    expect(rows.find((row) => row.id === second)).toMatchObject({
      status: "pending",
      rejectionReason: null,
      hospitalName: "재신청의원",
    });
  });

  it("GET .../me answers the latest application, after each step", async () => {
    const member = await insertMember(server);
    const first = await rejected(member);
    expect(await json<Application>(await mine(member))).toMatchObject({
      id: first,
      status: "rejected",
    });
    const second = await applied(member);
    const res = await mine(member);
    expect(res.status).toBe(200);
    expect(await json<Application>(res)).toMatchObject({
      id: second,
      status: "pending",
      rejectionReason: null,
    });
    expect((await decide(second, { status: "approved" })).status).toBe(200);
    expect(await json<Application>(await mine(member))).toMatchObject({
      id: second,
      status: "approved",
    });
  });

  it("can be rejected and applied again more than once", async () => {
    const member = await insertMember(server);
    await rejected(member, "첫 거부");
    const second = await applied(member);
    expect(
      (await decide(second, { status: "rejected", rejectionReason: "두 번째 거부" })).status,
    ).toBe(200);
    const third = await applied(member);
    expect((await json<Application>(await mine(member))).id).toBe(third);
    expect(await applicationRows(server, member.id)).toHaveLength(3);
  });
});

describe("one open application at a time", () => {
  it("answers 409 in Korean while the latest is pending, and keeps it", async () => {
    const member = await insertMember(server);
    await rejected(member);
    const open = await applied(member);
    const res = await apply(member, { hospitalName: "또신청의원" });
    expect(res.status).toBe(409);
    expectKoreanMessages(await json<ErrorBody>(res));
    const rows = await applicationRows(server, member.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.status === "pending").map((row) => row.id)).toEqual([open]);
  });

  it("answers 409 once approved: a full member does not apply again", async () => {
    const member = await insertMember(server);
    const id = await applied(member);
    expect((await decide(id, { status: "approved" })).status).toBe(200);
    const res = await apply(member);
    expect(res.status).toBe(409);
    expectKoreanMessages(await json<ErrorBody>(res));
    expect(await applicationRows(server, member.id)).toHaveLength(1);
  });

  it("lets only one of simultaneous re-applications through; the others are 409, never 500", async () => {
    const member = await insertMember(server);
    await rejected(member);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => apply(member, { licenseNumber: `재신청-${n}` })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await applicationRows(server, member.id);
    expect(rows.filter((row) => row.status === "pending")).toHaveLength(1);
  });

  it("the page's form post after a rejection works; a second post while pending is 409", async () => {
    const member = await insertMember(server);
    await rejected(member);
    const fields = Object.fromEntries(
      Object.entries(applicationPayload({ hospitalName: "폼재신청의원" })).map(([k, v]) => [
        k,
        String(v),
      ]),
    );
    const ok = await postForm(server, "/membership/apply", fields, { cookie: member.cookie });
    expect(ok.status).toBe(200);
    expect(mainText(await ok.text())).toMatch(/3-5\s*영업일/);
    const again = await postForm(server, "/membership/apply", fields, { cookie: member.cookie });
    expect(again.status).toBe(409);
    expect(await applicationRows(server, member.id)).toHaveLength(2);
  });
});

describe("what the applicant and the office see", () => {
  it("the page shows the rejection, its reason, the office's contact and a new form", async () => {
    const member = await insertMember(server);
    await rejected(member, "면허 정보가 일치하지 않습니다.");
    const { status, html } = await page(server, "/membership/apply", member.cookie);
    expect(status).toBe(200);
    const text = mainText(html);
    expect(text).toContain("거부됨");
    expect(text).toContain("면허 정보가 일치하지 않습니다.");
    expect(text).toContain("다시 신청하기");
    expect(text).toContain("문의: 학회 사무국");
    // The new form starts from the rejected application's answers.
    expect(html).toMatch(
      /name="hospitalName"[^>]*value="첫신청의원"|value="첫신청의원"[^>]*name="hospitalName"/,
    );
  });

  it("the application's detail lists the member's other applications, for administrators only", async () => {
    const member = await insertMember(server);
    const first = await rejected(member, "서류 미비");
    const second = await applied(member);
    const res = await get(server, `${PATH}/${second}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const detail = await json<Application>(res);
    expect(detail.otherApplications).toEqual([
      expect.objectContaining({ id: first, status: "rejected", rejectionReason: "서류 미비" }),
    ]);
    expect((await get(server, `${PATH}/${second}`, { cookie: member.cookie })).status).toBe(403);
    expect((await get(server, `${PATH}/${second}`)).status).toBe(401);
  });

  it("the detail shows the licence number approved at sign-up beside the one applied with", async () => {
    const member = await insertMember(server);
    const [account] = await server.db
      .select({ licenseNumber: users.licenseNumber })
      .from(users)
      .where(eq(users.id, member.id));
    const id = await applied(member, { licenseNumber: "999999" });
    const detail = await json<Application & { account: { licenseNumber: string } }>(
      await get(server, `${PATH}/${id}`, { cookie: admin.cookie }),
    );
    expect(detail.account.licenseNumber).toBe(account!.licenseNumber);
    expect(detail.account.licenseNumber).not.toBe("999999");
  });

  it("the member record shows the latest application and the earlier ones with their reasons", async () => {
    const member = await insertMember(server, { name: "재신청기록" });
    await rejected(member, "세미나 미참석으로 거부");
    await applied(member);
    const { status, html } = await page(server, `/admin/members/${member.id}`, admin.cookie);
    expect(status).toBe(200);
    const text = mainText(html);
    expect(text).toContain("이전 신청 1건");
    expect(text).toContain("세미나 미참석으로 거부");
  });
});
