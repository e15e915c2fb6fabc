// What the office's review of full-membership applications shows of each applicant's dues: paid
// (in full), unpaid with what was paid toward the fee, exempt, or no fee set for the year. A
// voided payment does not count.
import { describe, expect, it } from "vitest";
import {
  exemptMember,
  recordPayment,
  setDuesYear,
  voidPayment,
  yearDuesOf,
} from "~/features/dues/dues.server";
import { insertActor } from "../support/people";

const YEAR = 2031;
const FEE = 120_000;

describe("yearDuesOf", () => {
  it("tells paid, part paid, voided, exempt and a year without a fee apart", async () => {
    const admin = await insertActor({ role: "admin" });
    await setDuesYear(admin, YEAR, {
      regularFee: FEE,
      lifetimeFee: 1_000_000,
      dueDate: `${YEAR}-03-31`,
      bankAccount: "대구은행 123-45-678901 대한개원의AI마케팅학회",
    });
    // One at a time: the helper's e-mail addresses are unique per call, not per instant.
    const people = [];
    for (const name of ["납부", "일부", "취소", "면제", "미납"]) {
      people.push(await insertActor({ name }));
    }
    const [paid, part, voided, exempt, none] = people;
    const pay = (userId: string, amount: number) =>
      recordPayment(admin, {
        userId,
        year: YEAR,
        amount,
        method: "계좌이체",
        paidAt: `${YEAR}-03-02`,
      });
    await pay(paid!.user.id, FEE);
    await pay(part!.user.id, 50_000);
    const cancelled = await pay(voided!.user.id, FEE);
    await voidPayment(admin, cancelled!.id, "잘못 기록한 납부");
    await exemptMember(admin, YEAR, exempt!.user.id, "학회 임원 면제");

    const ids = [paid, part, voided, exempt, none].map((actor) => actor!.user.id);
    const dues = await yearDuesOf([...ids, "not-an-id"], YEAR);
    expect(ids.map((id) => dues.get(id))).toEqual([
      { year: YEAR, status: "paid", fee: FEE, paid: FEE },
      { year: YEAR, status: "unpaid", fee: FEE, paid: 50_000 },
      { year: YEAR, status: "unpaid", fee: FEE, paid: 0 },
      { year: YEAR, status: "exempt", fee: FEE, paid: 0 },
      { year: YEAR, status: "unpaid", fee: FEE, paid: 0 },
    ]);
    expect(dues.has("not-an-id")).toBe(false);

    const unset = await yearDuesOf([paid!.user.id], YEAR + 1);
    expect(unset.get(paid!.user.id)).toEqual({
      year: YEAR + 1,
      status: "not_set",
      fee: null,
      paid: 0,
    });
    expect((await yearDuesOf([], YEAR)).size).toBe(0);
  });
});
