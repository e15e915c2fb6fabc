// The mail outbox mode: without SMTP_URL (the embedded default), every message is written as an
// .eml file under DATA_DIR/outbox within seconds, a complete RFC 5322 message that parses, from
// the society's own address, so a newcomer sees exactly what would have been sent.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type LoggedIn, postJson, signUp } from "../support/accounts";
import { outboxDir, queueRowsTo, readOutbox, waitForOutboxMessagesTo } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const SOCIETY_NAME = "대한개원의AI마케팅학회";
const SOCIETY_EMAIL = "office@example.org";

let admin: LoggedIn;

beforeAll(() => {
  // Neither SMTP_URL nor MAIL_FROM is set: the embedded default.
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});
// PUBLIC_URL unset, as an operator who never set it runs the server.
const server = setupTestServer({ env: { PUBLIC_URL: "" } });
beforeAll(async () => {
  admin = await createAdmin(server);
});

describe("the outbox (no SMTP_URL)", () => {
  it("starts empty: nothing is written before anything happens", async () => {
    expect(await readOutbox()).toEqual([]);
  });

  it("writes a new sign-up's notice as an .eml file under DATA_DIR/outbox within seconds", async () => {
    const dataDir = process.env.DATA_DIR!;
    const started = Date.now();
    const doctor = await signUp(server, { name: "문지호" });

    const [mail, ...more] = await waitForOutboxMessagesTo(admin.email, 1, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(more).toEqual([]);

    // A file of its own, directly in DATA_DIR/outbox.
    expect(mail!.file).toBeDefined();
    expect(path.dirname(mail!.file!)).toBe(path.join(dataDir, "outbox"));
    expect(mail!.file!.endsWith(".eml")).toBe(true);
    expect(fs.statSync(mail!.file!).size).toBeGreaterThan(0);

    // A whole message that parses: headers, Korean subject, plain text and HTML.
    expect(mail!.to).toEqual([admin.email]);
    expect(mail!.from).toEqual({ address: SOCIETY_EMAIL, name: SOCIETY_NAME });
    expect(mail!.subject).toBe("[개원의AI마케팅학회] 새 회원가입 승인 요청");
    expect(mail!.parsed.date).toBeInstanceOf(Date);
    expect(mail!.parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(mail!.text).toContain("이름: 문지호");
    expect(mail!.text).toContain(`이메일: ${doctor.email}`);
    expect(mail!.html).toContain("문지호");
    expect(mail!.html).toContain(doctor.email);

    // The queue knows it went out.
    const [row] = await queueRowsTo(server, admin.email);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
  });

  it("writes the doctor's approval next to it, with a /login link (PUBLIC_URL's default)", async () => {
    const doctor = await signUp(server, { name: "배수아" });
    const res = await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);

    // The sign-up's 접수 mail, then the approval.
    const [received, mail, ...more] = await waitForOutboxMessagesTo(doctor.email, 2, 5_000);
    expect(more).toEqual([]);
    expect(received!.subject).toBe("[개원의AI마케팅학회] 회원가입 신청이 접수되었습니다");
    expect(mail!.subject).toBe("[개원의AI마케팅학회] 회원가입이 승인되었습니다");
    expect(mail!.text).toContain("배수아님, 안녕하세요.");
    // PUBLIC_URL is unset in the test server, so links use http://localhost:$PORT.
    expect(mail!.text).toMatch(/로그인하기: http:\/\/localhost:\d+\/login/);

    // One file per message: two sign-ups' notices and 접수 mails, and this approval.
    const all = await readOutbox();
    expect(all.length).toBe(5);
    expect(new Set(all.map((m) => m.file)).size).toBe(5);
    expect(fs.readdirSync(outboxDir()).filter((name) => name.endsWith(".eml"))).toHaveLength(5);
  });

  it("sends without disturbing what the embedded database keeps: the write counter stays put", async () => {
    // On PGlite a member's session and the page cache's version are kept until the counter
    // moves (decision 010). The worker writes only its own queue, so neither its claim, nor a
    // message marked sent, nor an idle poll may move it (with PostgreSQL nothing is kept: null).
    const { enqueueMail, processMailQueue } = await import("~/features/mail/mail.server");
    const { writeGeneration } = await import("~/db.server");
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await enqueueMail(
      {
        to: "waiting@example.org",
        subject: "한 시간 뒤에 보낼 안내",
        text: "본문",
        html: "<p>본문</p>",
      },
      { notBefore: later },
    );
    await processMailQueue();
    expect((await queueRowsTo(server, "waiting@example.org"))[0]?.sentAt).toBeNull();

    const before = await writeGeneration();
    expect(await processMailQueue()).toBe(0);
    expect(await processMailQueue(() => new Date(later.getTime() + 1_000))).toBe(1);
    expect(await writeGeneration()).toBe(before);

    const [row] = await queueRowsTo(server, "waiting@example.org");
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
    const [mail] = await waitForOutboxMessagesTo("waiting@example.org", 1, 5_000);
    expect(mail?.subject).toBe("한 시간 뒤에 보낼 안내");
  });

  it("queues a message due at a whole millisecond of the server's clock, as the worker's claim compares", async () => {
    // The column's default (the database's now()) has microseconds: a claim by the worker in the
    // same millisecond, with the clock it compares by, found the message not yet due and left it
    // for the next poll, 15 s later (a flaky test on a fast machine showed it).
    const { enqueueMail } = await import("~/features/mail/mail.server");
    const before = Date.now();
    await enqueueMail({
      to: "same-millisecond@example.org",
      subject: "바로 보낼 안내",
      text: "본문",
      html: "<p>본문</p>",
    });
    const result = await server.db.execute(sql`
      select (extract(microseconds from next_attempt_at)::bigint % 1000)::int as "subMillisecond",
        (extract(epoch from next_attempt_at) * 1000)::bigint as "dueMs"
      from mail_queue where "to" = 'same-millisecond@example.org'`);
    const [row] = (result as unknown as { rows: Array<{ subMillisecond: number; dueMs: string }> })
      .rows;
    expect(row?.subMillisecond).toBe(0);
    // The worker, woken by the enqueue, may have claimed it already: a claim moves it on by the
    // worker's five-minute lease, from the same whole-millisecond clock.
    const due = Number(row?.dueMs);
    const enqueuedDue = due > Date.now() ? due - 5 * 60 * 1000 : due;
    expect(enqueuedDue).toBeGreaterThanOrEqual(before);
    expect(enqueuedDue).toBeLessThanOrEqual(Date.now());
    await waitForOutboxMessagesTo("same-millisecond@example.org", 1, 5_000);
  });
});
