// The office's own lists and sends decide for themselves who may use them: a member's actor is
// refused by the service (whatever the route), nothing is queued or audited; the administrator's
// actor gets the answer. (The HTTP side: messages-office, seminar-office, admin-dashboard tests.)
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import {
  listOfficeMessages,
  officeMessageLog,
  previewOfficeMessage,
  sendOfficeMessage,
} from "~/features/admin/office-messages.server";
import { officeSummary } from "~/features/admin/summary.server";
import { findDepositors } from "~/features/dues/import.server";
import { officeSeminars } from "~/features/seminars/office-list.server";
import { auditLog, messageBatches } from "~db/schema";
import { insertActor } from "../support/people";
import { expectAdminOnly, UNKNOWN_ID } from "../support/refusals";

describe("the office's lists, numbers and texts", () => {
  it("refuse a member's actor: nothing is sent, queued or audited", async () => {
    const member = await insertActor();
    const db = await getDb();
    const batchesBefore = (await db.select().from(messageBatches)).length;
    await expectAdminOnly({
      officeSeminars: () => officeSeminars(member),
      officeSummary: () => officeSummary(member),
      findDepositors: () => findDepositors(member, "홍길동"),
      previewOfficeMessage: () => previewOfficeMessage(member, {}, "notice"),
      sendOfficeMessage: () =>
        sendOfficeMessage(member, { filters: {}, text: "공지", kind: "notice" }),
      listOfficeMessages: () => listOfficeMessages(member),
      officeMessageLog: () => officeMessageLog(member, UNKNOWN_ID),
    });
    expect((await db.select().from(messageBatches)).length).toBe(batchesBefore);
    const audited = await db.select().from(auditLog).where(eq(auditLog.actorId, member.user.id));
    expect(audited).toEqual([]);
  });

  it("answer an administrator's actor", async () => {
    const admin = await insertActor({ role: "admin" });
    expect(await officeSeminars(admin)).toMatchObject({ page: 1, pageSize: 20 });
    expect(await officeSummary(admin)).toHaveProperty("pendingMembers");
    const sent = await sendOfficeMessage(admin, { filters: {}, text: "공지", kind: "notice" });
    expect(sent.recipients).toBeGreaterThanOrEqual(1);
    expect((await listOfficeMessages(admin)).items.map((b) => b.id)).toContain(sent.id);
  });
});
