// Outgoing mail. Every message is saved in `mail_queue` first, so the action that caused it never
// waits for or fails with the mail server; the queue sends it within seconds and retries a few
// times with backoff. Without SMTP_URL, messages are written as .eml files to DATA_DIR/outbox.
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, gte, isNotNull, lt, or, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { getDb, rowsOf } from "~/db.server";
import { env } from "~/env.server";
import { logger } from "~/logger.server";
import { KEEPS_KEPT_READS } from "~db/client.server";
import { mailQueue, users } from "~db/schema";
import { societyConfig } from "../society/config.server";

/** An attachment kept in the queue as text: binary content (an image) is base64 with `encoding`. */
export type MailAttachment = {
  filename: string;
  contentType: string;
  content: string;
  encoding?: "base64";
};
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

export const MAX_ATTEMPTS = 5;
const BATCH = 20;
/** A claimed message is not picked again by another worker for this long. */
const LEASE_MS = 5 * 60 * 1000;
const POLL_MS = 15_000;

export const OUTBOX_DIR = () => path.join(env.DATA_DIR, "outbox");

/** How long a mail that went (or failed for good) is kept: 개인정보처리방침, 보유 기간. */
export const SENT_MAIL_RETENTION_DAYS = 90;

/** Deletes the mails done with for longer than the keeping time (the daily retention job). */
export async function purgeSentMail(now = new Date()) {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(mailQueue)
    .where(
      and(
        lt(mailQueue.createdAt, cutoff),
        or(isNotNull(mailQueue.sentAt), gte(mailQueue.attempts, MAX_ATTEMPTS)),
      ),
    )
    .returning({ id: mailQueue.id });
  return deleted.length;
}

let transporter: Transporter | undefined;
function transport(): Transporter {
  transporter ??= env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

const from = () => env.MAIL_FROM ?? `"${societyConfig.name}" <${societyConfig.email}>`;

/**
 * Saves messages for sending; failures to save are logged, never thrown at the caller. With
 * `notBefore`, the queue holds them until then (a digest that must wait for its hour).
 */
export async function enqueueMail(
  messages: MailMessage | MailMessage[],
  options: { notBefore?: Date } = {},
) {
  const list = (Array.isArray(messages) ? messages : [messages]).filter((m) => m.to);
  if (list.length === 0) return;
  try {
    const db = await getDb();
    // Due by this process's clock, as the worker's claim (sendDue) compares: the column's default,
    // the database's now(), has microseconds, and a claim in the same millisecond would find the
    // message not yet due and leave it for the next poll, 15 s later.
    const due = options.notBefore ?? new Date();
    await db.insert(mailQueue).values(list.map((m) => ({ ...m, nextAttemptAt: due })));
    setImmediate(() => {
      processMailQueue().catch((error: unknown) =>
        logger.error({ err: error }, "Mail round failed"),
      );
    });
  } catch (error) {
    logger.error({ err: error }, "Could not queue mail");
  }
}

/** Messages to every approved administrator. */
export async function toAdministrators(message: Omit<MailMessage, "to">): Promise<MailMessage[]> {
  const db = await getDb();
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isApproved, true)));
  return admins.map((admin) => ({ ...message, to: admin.email }));
}

async function deliver(message: QueuedMail) {
  const info = await transport().sendMail({
    from: from(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments ?? undefined,
  });
  if (!env.SMTP_URL) {
    const dir = OUTBOX_DIR();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.id}.eml`,
    );
    await fs.writeFile(file, info.message as Buffer);
    logger.info({ file, subject: message.subject }, "Mail written to the outbox (no SMTP_URL)");
  }
}

let running: Promise<number> | undefined;
let again = false;

/**
 * Sends what is due; answers how many were sent. Calls made while a round is running ask for one
 * more round, so mail queued meanwhile goes out at once too. Several instances may run it.
 */
export function processMailQueue(now: () => Date = () => new Date()): Promise<number> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let sent = 0;
    try {
      do {
        again = false;
        sent += await sendDue(now);
      } while (again);
      return sent;
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/** A message as the worker claims it from the queue. */
type QueuedMail = Pick<
  typeof mailQueue.$inferSelect,
  "id" | "to" | "subject" | "text" | "html" | "attachments" | "attempts"
>;

// The worker's statements write only the queue, which no kept read depends on, so they start with
// KEEPS_KEPT_READS: otherwise every poll (a transaction) and every message sent would make every
// member's kept session and the page cache's version be read again on the embedded database.
async function sendDue(now: () => Date) {
  const db = await getDb();
  // Claim a batch by pushing its next attempt into the future, so no other worker takes it: one
  // statement, its rows locked and skipped by a worker claiming at the same moment.
  const lease = new Date(now().getTime() + LEASE_MS);
  const result =
    await db.execute(sql`${sql.raw(KEEPS_KEPT_READS)} update mail_queue set next_attempt_at = ${lease}
    where id in (
      select id from mail_queue
      where sent_at is null and next_attempt_at <= ${now()} and attempts < ${MAX_ATTEMPTS}
      order by created_at limit ${BATCH}
      for update skip locked)
    returning id, "to", subject, text, html, attachments, attempts, created_at`);
  // RETURNING keeps no order: oldest first, as they were queued.
  const claimed: QueuedMail[] = rowsOf<QueuedMail & { created_at: Date | string }>(result)
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
    .map(({ created_at: _createdAt, ...message }) => message);

  let sent = 0;
  for (const message of claimed) {
    try {
      await deliver(message);
      await db.execute(
        sql`${sql.raw(KEEPS_KEPT_READS)} update mail_queue set sent_at = ${now()}, last_error = null where id = ${message.id}`,
      );
      sent += 1;
    } catch (error) {
      const attempts = message.attempts + 1;
      // 30 s, 1 min, 2 min, 4 min … between attempts.
      const delay = 30_000 * 2 ** (attempts - 1);
      const lastError = (error as Error).message.slice(0, 500);
      await db.execute(
        sql`${sql.raw(KEEPS_KEPT_READS)} update mail_queue set attempts = ${attempts}, next_attempt_at = ${new Date(now().getTime() + delay)}, last_error = ${lastError} where id = ${message.id}`,
      );
      const level = attempts >= MAX_ATTEMPTS ? "error" : "warn";
      logger[level](
        { mailId: message.id, attempts, err: (error as Error).message },
        attempts >= MAX_ATTEMPTS ? "Mail failed for good" : "Mail failed; will retry",
      );
    }
  }
  return sent;
}

let timer: NodeJS.Timeout | undefined;

/** Polls the queue for retries (and for mail queued by other instances). */
export function startMailWorker() {
  if (timer) return;
  const round = () =>
    processMailQueue().catch((error: unknown) => logger.error({ err: error }, "Mail round failed"));
  timer = setInterval(round, POLL_MS);
  timer.unref();
  void round();
}

/** Stops polling and waits for a round in progress, so the database can close after it. */
export async function stopMailWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running?.catch(() => undefined);
}
