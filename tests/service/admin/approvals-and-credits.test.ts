// Sign-up approval and the credit sheet decide who may use them: a member's actor is refused with
// the administrators-only 403 before anything changes; an administrator's approves.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { approveMember, rejectMember, reopenMember } from "~/features/accounts/accounts.server";
import {
  correctCredits,
  exportCreditsCsv,
  lockCreditSheet,
  sendCreditSheet,
} from "~/features/seminars/credits.server";
import { users } from "~db/schema";
import { insertActor } from "../support/people";
import { expectAdminOnly, UNKNOWN_ID } from "../support/refusals";

describe("approval and the credit sheet", () => {
  it("refuse a member's actor and leave the pending doctor pending", async () => {
    const member = await insertActor();
    const pending = await insertActor({ isApproved: false });
    await expectAdminOnly({
      approve: () => approveMember(member, pending.user.id),
      reject: () => rejectMember(member, pending.user.id, "면허 확인 불가"),
      reopen: () => reopenMember(member, pending.user.id),
      correct: () => correctCredits(UNKNOWN_ID, UNKNOWN_ID, { reason: "정정", credits: 1 }, member),
      send: () => sendCreditSheet(UNKNOWN_ID, { objectionDays: 7 }, member),
      lock: () => lockCreditSheet(UNKNOWN_ID, {}, member),
      export: () => exportCreditsCsv(UNKNOWN_ID, member, "평점 신고"),
    });
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, pending.user.id));
    expect(row).toMatchObject({ isApproved: false, rejectedAt: null });
  });

  it("lets an administrator approve", async () => {
    const admin = await insertActor({ role: "admin" });
    const pending = await insertActor({ isApproved: false });
    await approveMember(admin, pending.user.id);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, pending.user.id));
    expect(row?.isApproved).toBe(true);
  });
});
