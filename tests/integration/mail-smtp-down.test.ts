// Sending never blocks or breaks the action that caused it: with SMTP_URL naming a port
// nothing listens on, an administrator's approval still answers 200 and is saved; the message
// waits in mail_queue with its attempt and error recorded and a later retry time (backoff); once
// a real SMTP peer listens on that port, the queue delivers it and marks it sent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailQueue } from "~db/schema";
import {
  type Account,
  createAdmin,
  type LoggedIn,
  postJson,
  signUp,
  userRow,
} from "../support/accounts";
import { queueRowsTo, type SmtpPeer, startSmtpPeer, waitUntil } from "../support/mail";
import { freePort } from "../support/process";
import { setupTestServer } from "../support/test-server";

const PUBLIC_URL = "http://www.society.test";

let port: number;
let peer: SmtpPeer | undefined;
let admin: LoggedIn;
let doctor: Account;

afterAll(async () => {
  await peer?.stop();
});
const server = setupTestServer(async () => {
  port = await freePort();
  return {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "학회 <no-reply@society.example>",
      PUBLIC_URL,
    },
  };
});
beforeAll(async () => {
  admin = await createAdmin(server);
  doctor = await signUp(server, { name: "오세훈" });
  // This file follows the approval's one message: the sign-up's 접수 mail is taken out.
  await server.db.delete(mailQueue).where(eq(mailQueue.to, doctor.email));
});

/** The doctor's one queued message, once the queue has tried (and failed) to send it. */
async function failedRow() {
  return waitUntil(async () => {
    const [row, ...more] = await queueRowsTo(server, doctor.email);
    expect(more).toEqual([]);
    return row && row.attempts >= 1 && row.lastError ? row : undefined;
  }, `a failed attempt recorded for the mail to ${doctor.email}`);
}

describe("an SMTP server that is down", () => {
  it("does not stop the approval: 200, the account approved, the message queued", async () => {
    const started = Date.now();
    const res = await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    // The answer does not wait for the mail server's connection to fail, let alone retries.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await userRow(server, doctor.id))?.isApproved).toBe(true);

    const rows = await queueRowsTo(server, doctor.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toContain("회원가입이 승인되었습니다");
    expect(rows[0]!.sentAt).toBeNull();
  });

  it("records the failed attempt and its error, and schedules a retry later", async () => {
    const row = await failedRow();
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.lastError).toEqual(expect.any(String));
    expect(row.lastError!.length).toBeGreaterThan(0);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Backoff: the next attempt is not immediate.
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it("retries a few times with growing delays while the server stays down", async () => {
    const { processMailQueue } = await import("~/features/mail/mail.server");
    const first = await failedRow();
    // Run the queue as if the retry time had come (the source module shares the database).
    const at = new Date(first.nextAttemptAt.getTime() + 1_000);
    await processMailQueue(() => at);
    const [second] = await queueRowsTo(server, doctor.email);
    expect(second!.sentAt).toBeNull();
    expect(second!.attempts).toBe(first.attempts + 1);
    expect(second!.lastError).toMatch(/ECONNREFUSED|connect/i);
    const firstDelay = first.nextAttemptAt.getTime() - first.createdAt.getTime();
    const secondDelay = second!.nextAttemptAt.getTime() - at.getTime();
    expect(secondDelay).toBeGreaterThan(firstDelay);
  });

  it("delivers the message once the SMTP server is back, and marks it sent", async () => {
    peer = await startSmtpPeer(port);
    expect(peer.port).toBe(port);
    const before = (await queueRowsTo(server, doctor.email))[0]!;
    // The retry is due now.
    await server.db
      .update(mailQueue)
      .set({ nextAttemptAt: new Date(Date.now() - 60_000) })
      .where(eq(mailQueue.id, before.id));

    // The source module reads SMTP_URL from the environment the test server was started with.
    const { processMailQueue } = await import("~/features/mail/mail.server");
    await processMailQueue();

    const [mail, ...more] = await peer.waitForMessagesTo(doctor.email);
    expect(more).toEqual([]);
    expect(mail!.to).toEqual([doctor.email]);
    expect(mail!.subject).toBe("[개원의AI마케팅학회] 회원가입이 승인되었습니다");
    expect(mail!.text).toContain("오세훈님, 안녕하세요.");
    expect(mail!.text).toContain(`${PUBLIC_URL}/login`);

    const sent = await waitUntil(async () => {
      const [row] = await queueRowsTo(server, doctor.email);
      return row?.sentAt ? row : undefined;
    }, "sentAt set on the delivered message");
    expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(before.createdAt.getTime());
    expect(sent.attempts).toBe(before.attempts);
    expect(sent.lastError).toBeNull();
  });
});
