// Helpers for the e-mail integration tests: a real SMTP peer on the loopback interface
// (smtp-server, no authentication required, no STARTTLS) that keeps every message it receives,
// decoded with mailparser, and a reader for the .eml files of the outbox mode
// (DATA_DIR/outbox when SMTP_URL is unset).
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { mailQueue } from "~db/schema";
import type { TestServer } from "./test-server";

/** A message as the peer (or the outbox) holds it: decoded, with its raw source. */
export type ReceivedMail = {
  /** Envelope recipients (RCPT TO); empty for an outbox file. */
  rcptTo: string[];
  /** Envelope sender (MAIL FROM); empty for an outbox file. */
  mailFrom: string;
  /** Every address of the To header, lower-cased. */
  to: string[];
  /** The From header's first address and display name. */
  from: { address: string; name: string };
  subject: string;
  text: string;
  html: string;
  raw: string;
  parsed: ParsedMail;
  /** The .eml file it was read from (outbox mode only). */
  file?: string;
};

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) =>
    group.value.map((entry) => (entry.address ?? "").toLowerCase()).filter(Boolean),
  );
}

/** Decodes one RFC 5322 message. */
export async function parseMail(
  raw: Buffer,
  envelope: { rcptTo?: string[]; mailFrom?: string; file?: string } = {},
): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const from = parsed.from?.value[0];
  return {
    rcptTo: (envelope.rcptTo ?? []).map((address) => address.toLowerCase()),
    mailFrom: envelope.mailFrom ?? "",
    to: addresses(parsed.to),
    from: { address: (from?.address ?? "").toLowerCase(), name: from?.name ?? "" },
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    raw: raw.toString("utf8"),
    parsed,
    file: envelope.file,
  };
}

async function poll<T>(
  read: () => T | undefined | Promise<T | undefined>,
  timeout: number,
  explain: () => string,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms: ${explain()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type SmtpPeer = {
  port: number;
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message received so far, in order of arrival. */
  messages: ReceivedMail[];
  /** Messages whose envelope or To header names `address`. */
  messagesTo: (address: string) => ReceivedMail[];
  /** Waits until at least `n` messages have arrived in all; answers all of them. */
  waitForMessages: (n: number, timeout?: number) => Promise<ReceivedMail[]>;
  /** Waits until at least `n` messages to `address` have arrived; answers those. */
  waitForMessagesTo: (address: string, n?: number, timeout?: number) => Promise<ReceivedMail[]>;
  /** Waits until at least `n` messages match `predicate`; answers those. */
  waitFor: (
    predicate: (mail: ReceivedMail) => boolean,
    n?: number,
    timeout?: number,
  ) => Promise<ReceivedMail[]>;
  stop: () => Promise<void>;
};

/**
 * Starts a real SMTP server on 127.0.0.1 (on `port`, or a free one) that accepts every message
 * without authentication and without STARTTLS, as a development mail catcher would.
 */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        parseMail(Buffer.concat(chunks), {
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        }).then(
          (mail) => {
            messages.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Connection errors of a client that goes away must not crash the test process.
  server.on("error", () => undefined);
  const actual = (server.server.address() as AddressInfo).port;

  const messagesTo = (address: string) => {
    const wanted = address.toLowerCase();
    return messages.filter((m) => m.rcptTo.includes(wanted) || m.to.includes(wanted));
  };
  const summary = () =>
    `${messages.length} message(s) received: ${JSON.stringify(
      messages.map((m) => ({ to: m.to, subject: m.subject })),
    )}`;

  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    messagesTo,
    waitForMessages: (n, timeout = 10_000) =>
      poll(
        () => (messages.length >= n ? [...messages] : undefined),
        timeout,
        () => `wanted ${n} message(s); ${summary()}`,
      ),
    waitForMessagesTo: (address, n = 1, timeout = 10_000) =>
      poll(
        () => {
          const found = messagesTo(address);
          return found.length >= n ? found : undefined;
        },
        timeout,
        () => `wanted ${n} message(s) to ${address}; ${summary()}`,
      ),
    waitFor: (predicate, n = 1, timeout = 10_000) =>
      poll(
        () => {
          const found = messages.filter(predicate);
          return found.length >= n ? found : undefined;
        },
        timeout,
        () => `wanted ${n} matching message(s); ${summary()}`,
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Outbox mode

/** DATA_DIR/outbox of the running test server (the test server sets process.env.DATA_DIR). */
export function outboxDir(dataDir = process.env.DATA_DIR): string {
  if (!dataDir) throw new Error("DATA_DIR is not set: start the test server first");
  return path.join(dataDir, "outbox");
}

/** Every .eml file in the outbox, oldest first (by name, which starts with a timestamp). */
export async function readOutbox(dir = outboxDir()): Promise<ReceivedMail[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      return parseMail(await fs.readFile(file), { file });
    }),
  );
}

/** Waits until the outbox holds at least `n` messages to `address`; answers those. */
export function waitForOutboxMessagesTo(
  address: string,
  n = 1,
  timeout = 10_000,
  dir = outboxDir(),
): Promise<ReceivedMail[]> {
  const wanted = address.toLowerCase();
  let last: ReceivedMail[] = [];
  return poll(
    async () => {
      last = await readOutbox(dir);
      const found = last.filter((m) => m.to.includes(wanted));
      return found.length >= n ? found : undefined;
    },
    timeout,
    () => `wanted ${n} outbox message(s) to ${address} in ${dir}; found ${last.length} in all`,
  );
}

// ---------------------------------------------------------------------------------------------
// The queue

/** The mail_queue rows addressed to `address`, oldest first. */
export async function queueRowsTo(server: TestServer, address: string) {
  const rows = await server.db.select().from(mailQueue).where(eq(mailQueue.to, address));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Waits until every queued message has been sent (no row with sentAt null is left). */
export async function waitForQueueDrained(server: TestServer, timeout = 10_000) {
  let pending = 0;
  await poll(
    async () => {
      pending = (await server.db.select().from(mailQueue).where(isNull(mailQueue.sentAt))).length;
      return pending === 0 ? true : undefined;
    },
    timeout,
    () => `${pending} message(s) still unsent in mail_queue`,
  );
}

/** Waits for `check` to answer a value other than undefined (e.g. a row in a certain state). */
export function waitUntil<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeout = 10_000,
): Promise<T> {
  return poll(check, timeout, () => what);
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = mail.text.match(new RegExp(`${escaped}\\S*`));
  if (!match) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return match[0];
}
