// Without PAYMENTS_PROVIDER, online payment is off: bank transfer and the statement import work as
// before, the calls that take money answer 409 in Korean, the test gateway does not exist, and a
// seminar cannot be given a fee nobody could pay.
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin, json, type LoggedIn } from "../support/accounts";
import { insertMember, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
const YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();

const server = setupTestServer({ env: { PAYMENTS_PROVIDER: "" } });
beforeAll(async () => {
  admin = await createAdmin(server);
});

describe("payments off", () => {
  it("refuses to take money online and keeps the test gateway away", async () => {
    await sendJson(
      server,
      "PUT",
      `/api/admin/dues/${YEAR}`,
      {
        regularFee: 100_000,
        lifetimeFee: 1_000_000,
        dueDate: `${YEAR}-12-31`,
        bankAccount: "대구은행 123-45-678901 학회",
      },
      { cookie: admin.cookie },
    );
    const member = await insertMember(server, { memberType: "regular" });
    const res = await sendJson(server, "POST", `/api/me/dues/${YEAR}/payments`, undefined, {
      cookie: member.cookie,
    });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toContain("계좌로 입금");
    const gateway = await sendJson(server, "POST", "/api/payments/test/pay-anything", {
      outcome: "paid",
    });
    expect(gateway.status).toBe(404);
    const seminar = await sendJson(
      server,
      "POST",
      "/api/seminars",
      {
        title: "유료",
        description: "설명",
        speaker: "연자",
        date: new Date(Date.now() + 86_400_000 * 10).toISOString(),
        location: "대구",
        fees: { full: 10_000, other: 20_000 },
      },
      { cookie: admin.cookie },
    );
    expect(seminar.status).toBe(400);
    expect((await json(seminar)).message).toContain("등록비");
  });
});
