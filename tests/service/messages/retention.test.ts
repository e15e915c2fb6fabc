// What was sent is kept as long as the privacy policy says (개인정보처리방침, 보유 기간): a mail 90
// days, a text message's number and text a year. Mail and messages still waiting are never
// touched, and the office's send log keeps its outcomes with the numbers cleared.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { purgeSentMail } from "~/features/mail/mail.server";
import { purgeSentMessages } from "~/features/messages/messages.server";
import { mailQueue, messageBatches, messageQueue } from "~db/schema";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2027-06-01T00:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe("keeping what was sent", () => {
  it("deletes mail done with for more than 90 days, and keeps the rest", async () => {
    const db = await getDb();
    const mail = (createdAt: Date, extra: Partial<typeof mailQueue.$inferInsert> = {}) => ({
      to: "doctor@example.org",
      subject: "안내",
      text: "본문",
      html: "<p>본문</p>",
      createdAt,
      ...extra,
    });
    const rows = await db
      .insert(mailQueue)
      .values([
        mail(daysAgo(91), { sentAt: daysAgo(91) }),
        mail(daysAgo(91), { attempts: 5 }),
        mail(daysAgo(91)),
        mail(daysAgo(89), { sentAt: daysAgo(89) }),
      ])
      .returning({ id: mailQueue.id });
    const [oldSent, oldFailed, oldWaiting, recentSent] = rows.map((r) => r.id);

    expect(await purgeSentMail(now)).toBe(2);
    const left = await db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        inArray(
          mailQueue.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([oldWaiting, recentSent].sort());
    expect(left.map((r) => r.id)).not.toContain(oldSent);
    expect(left.map((r) => r.id)).not.toContain(oldFailed);
    expect(await purgeSentMail(now)).toBe(0);
  });

  it("deletes a member's messages after a year and clears the numbers of the office's sends", async () => {
    const db = await getDb();
    const [batch] = await db
      .insert(messageBatches)
      .values({ kind: "notice", body: "총회 안내", text: "총회 안내", filters: {}, recipients: 2 })
      .returning({ id: messageBatches.id });
    if (!batch) throw new Error("the batch was not written");
    const message = (
      createdAt: Date,
      status: string,
      extra: Partial<typeof messageQueue.$inferInsert> = {},
    ) => ({
      to: "01012345678",
      template: "notice",
      channel: "alimtalk",
      text: "안내",
      status,
      createdAt,
      ...extra,
    });
    const rows = await db
      .insert(messageQueue)
      .values([
        message(daysAgo(366), "sent"),
        message(daysAgo(366), "queued"),
        message(daysAgo(364), "failed"),
        message(daysAgo(366), "fallback", { batchId: batch.id, lastError: "알림톡 거부" }),
        message(daysAgo(366), "failed", { batchId: batch.id }),
      ])
      .returning({ id: messageQueue.id });
    const [oldSent, oldQueued, recentFailed, batchFallback, batchFailed] = rows.map(
      (r) => r.id,
    ) as [string, string, string, string, string];

    expect(await purgeSentMessages(now)).toEqual({ deleted: 1, cleared: 2 });
    const left = new Map(
      (
        await db
          .select({ id: messageQueue.id, to: messageQueue.to, status: messageQueue.status })
          .from(messageQueue)
          .where(
            inArray(
              messageQueue.id,
              rows.map((r) => r.id),
            ),
          )
      ).map((r) => [r.id, r]),
    );
    expect(left.has(oldSent)).toBe(false);
    expect(left.get(oldQueued)?.to).toBe("01012345678");
    expect(left.get(recentFailed)?.to).toBe("01012345678");
    expect(left.get(batchFallback)).toMatchObject({ to: "", status: "fallback" });
    expect(left.get(batchFailed)).toMatchObject({ to: "", status: "failed" });
    const [cleared] = await db
      .select({ lastError: messageQueue.lastError })
      .from(messageQueue)
      .where(eq(messageQueue.id, batchFallback));
    expect(cleared?.lastError).toBeNull();
    expect(await purgeSentMessages(now)).toEqual({ deleted: 0, cleared: 0 });
  });
});
