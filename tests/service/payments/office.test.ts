// The payments' office calls decide who may use them: a member's actor is refused before anything
// is read or returned, whatever route called; an administrator's lists and refuses what is not
// there. (The outcomes of payments themselves are tested over HTTP: tests/integration/payments.)
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { listPayments, paymentsCsv, refundByOffice } from "~/features/payments/payments.server";
import { paymentListSchema } from "~/features/payments/validation";
import { paymentRefunds } from "~db/schema";
import { insertActor } from "../support/people";
import { expectAdminOnly, expectRefused } from "../support/refusals";

const everything = paymentListSchema.parse({});

describe("the office's payment calls", () => {
  it("refuse a member's actor: the list, the CSV and a refund", async () => {
    const member = await insertActor();
    await expectAdminOnly({
      list: () => listPayments(member, everything),
      csv: () => paymentsCsv(member, everything, "회계 감사"),
      refund: () => refundByOffice(member, "pay-anything", { reason: "본인 환불" }),
    });
    const db = await getDb();
    expect(await db.select().from(paymentRefunds)).toEqual([]);
  });

  it("answer an administrator: an empty list, and a 404 for a payment that does not exist", async () => {
    const admin = await insertActor({ role: "admin" });
    await expect(listPayments(admin, everything)).resolves.toMatchObject({
      total: 0,
      items: [],
      page: 1,
    });
    await expectRefused(
      () => refundByOffice(admin, "pay-unknown", { reason: "없는 결제" }),
      404,
      "결제 내역을 찾을 수 없습니다.",
    );
  });
});
