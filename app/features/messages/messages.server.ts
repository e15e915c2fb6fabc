// Outgoing text messages (알림톡 with SMS/LMS fallback). Like mail, each is saved in
// `message_queue` first, so the action that caused it never waits for or fails with the provider;
// the queue sends it within seconds, retries with backoff through an outage, and survives a
// restart. Without MESSAGING_PROVIDER, each message is written as a JSON file to
// DATA_DIR/outbox/messages.
import fs from "node:fs/promises";
import path from "node:path";
import { and, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db.server";
import { env } from "~/env.server";
import { now as clockNow } from "~/lib/clock.server";
import { logger } from "~/logger.server";
import { KEEPS_KEPT_READS } from "~db/client.server";
import { messageQueue, users } from "~db/schema";
import { societyConfig } from "../society/config.server";
import { SolapiRefusal, sendThroughSolapi } from "./solapi.server";
import {
  type MessageButton,
  messageTemplates,
  mobileDigits,
  quietHoursEnd,
  SMS_MAX_BYTES,
  smsBytes,
  type TemplateName,
  type TemplateParams,
} from "./templates";

export type Channel = "alimtalk" | "sms" | "lms";
export const MAX_ATTEMPTS = 6;
const BATCH = 20;
const LEASE_MS = 5 * 60 * 1000;
const POLL_MS = 15_000;

/** How long a text message's number and text are kept: 개인정보처리방침, 보유 기간. */
export const SENT_MESSAGE_RETENTION_DAYS = 365;

/**
 * The daily retention job's part: a member's own messages done with for a year are deleted; of
 * the office's sends (a batch) only the number is cleared, so the send log keeps its outcomes.
 */
export async function purgeSentMessages(now = new Date()) {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - SENT_MESSAGE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const old = and(lt(messageQueue.createdAt, cutoff), ne(messageQueue.status, "queued"));
  const deleted = await db
    .delete(messageQueue)
    .where(and(old, isNull(messageQueue.batchId)))
    .returning({ id: messageQueue.id });
  const cleared = await db
    .update(messageQueue)
    .set({ to: "", lastError: null })
    .where(and(old, isNotNull(messageQueue.batchId), ne(messageQueue.to, "")))
    .returning({ id: messageQueue.id });
  return { deleted: deleted.length, cleared: cleared.length };
}

export const MESSAGES_OUTBOX_DIR = () => path.join(env.DATA_DIR, "outbox", "messages");

/** SMS for a short text, LMS for a longer one. */
export const textChannel = (text: string): Channel =>
  smsBytes(text) > SMS_MAX_BYTES ? "lms" : "sms";

export type QueuedMessageInput = {
  to: string;
  userId?: string | null;
  batchId?: string | null;
  template: string;
  channel: Channel;
  text: string;
  buttons?: MessageButton[] | null;
};

/** Saves messages for sending; a failure to save is logged, never thrown at the caller. */
export async function enqueueMessages(list: QueuedMessageInput[]) {
  if (list.length === 0) return;
  try {
    const db = await getDb();
    const due = new Date();
    for (let i = 0; i < list.length; i += 500) {
      await db
        .insert(messageQueue)
        .values(list.slice(i, i + 500).map((m) => ({ ...m, nextAttemptAt: due })));
    }
    setImmediate(() => {
      processMessageQueue().catch((error: unknown) =>
        logger.error({ err: error }, "Message round failed"),
      );
    });
  } catch (error) {
    logger.error({ err: error }, "Could not queue text messages");
  }
}

/**
 * A transactional message to one member: sent only when the member has a mobile number and has
 * not switched text messages off. Never throws; the caller's action does not depend on it.
 */
export function textMember<T extends TemplateName>(
  userId: string,
  template: T,
  params: TemplateParams<T>,
) {
  return textMembers(template, [{ userId, params }]);
}

/** The same message to many members (each with their own words): one read, one queue write. */
export async function textMembers<T extends TemplateName>(
  template: T,
  recipients: { userId: string; params: TemplateParams<T> }[],
) {
  if (recipients.length === 0) return;
  try {
    const db = await getDb();
    const render = messageTemplates[template] as (
      s: typeof societyConfig,
      p: TemplateParams<T>,
    ) => { text: string; buttons?: MessageButton[] };
    for (let i = 0; i < recipients.length; i += 500) {
      const part = recipients.slice(i, i + 500);
      const members = await db
        .select({ id: users.id, phone: users.phone, messagesEnabled: users.messagesEnabled })
        .from(users)
        .where(
          inArray(
            users.id,
            part.map((r) => r.userId),
          ),
        );
      const reachable = new Map(
        members
          .filter((m) => m.messagesEnabled)
          .map((m) => [m.id, mobileDigits(m.phone)] as const)
          .filter((entry): entry is [string, string] => entry[1] !== null),
      );
      const messages: QueuedMessageInput[] = [];
      for (const { userId, params } of part) {
        const to = reachable.get(userId);
        if (!to) continue;
        const { text, buttons } = render(societyConfig, params);
        messages.push({ to, userId, template, channel: "alimtalk", text, buttons });
      }
      await enqueueMessages(messages);
    }
  } catch (error) {
    logger.error({ err: error, template }, "Could not prepare text messages");
  }
}

type QueuedMessage = {
  id: string;
  user_id: string | null;
  to: string;
  template: string;
  channel: Channel;
  text: string;
  buttons: MessageButton[] | null;
  attempts: number;
  created_at: Date | string;
};

type Outcome = { status: "sent" | "fallback"; channel: Channel };

async function writeToOutbox(message: QueuedMessage): Promise<Outcome> {
  const dir = MESSAGES_OUTBOX_DIR();
  await fs.mkdir(dir, { recursive: true });
  const createdAt = new Date(message.created_at).toISOString();
  const file = path.join(dir, `${createdAt.replace(/[:.]/g, "-")}-${message.id}.json`);
  // The channel it would go by with this configuration, as sendWithSolapi decides it: a file
  // that says 알림톡 for a template without an id would not show what a live site sends.
  const channel = liveChannel(message);
  const record = {
    to: message.to,
    channel,
    template: message.template,
    text: message.text,
    buttons: message.buttons ?? [],
    createdAt,
  };
  // Written aside and renamed, so a reader of the folder never sees half a file.
  await fs.writeFile(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  await fs.rename(`${file}.tmp`, file);
  return { status: "sent", channel };
}

/** 알림톡 only for a template with an approved id and a KakaoTalk channel; otherwise SMS/LMS. */
function liveChannel(message: QueuedMessage): Channel {
  if (message.channel !== "alimtalk") return message.channel;
  return env.KAKAO_TEMPLATE_IDS[message.template] && env.KAKAO_PFID
    ? "alimtalk"
    : textChannel(message.text);
}

async function sendWithSolapi(message: QueuedMessage): Promise<Outcome> {
  const templateId = env.KAKAO_TEMPLATE_IDS[message.template];
  const fallback = textChannel(message.text);
  if (templateId && liveChannel(message) === "alimtalk") {
    try {
      await sendThroughSolapi({
        to: message.to,
        text: message.text,
        type: "ATA",
        templateId,
        buttons: message.buttons ?? undefined,
      });
      return { status: "sent", channel: "alimtalk" };
    } catch (error) {
      // A refused 알림톡 (not a KakaoTalk user, template mismatch) goes again as a text; an
      // outage is retried as it was.
      if (!(error instanceof SolapiRefusal)) throw error;
      logger.info({ messageId: message.id, code: error.code }, "알림톡 refused; sending as text");
    }
    await sendText(message, fallback);
    return { status: "fallback", channel: fallback };
  }
  const channel = liveChannel(message);
  await sendText(message, channel);
  return { status: "sent", channel };
}

function sendText(message: QueuedMessage, channel: Channel) {
  return sendThroughSolapi({
    to: message.to,
    text: message.text,
    type: channel === "lms" ? "LMS" : "SMS",
    ...(channel === "lms" ? { subject: societyConfig.shortName } : {}),
  });
}

const deliver = (message: QueuedMessage) =>
  env.MESSAGING_PROVIDER === "solapi" ? sendWithSolapi(message) : writeToOutbox(message);

let running: Promise<number> | undefined;
let again = false;

/** Sends what is due; answers how many were sent. Several instances may run it. */
export function processMessageQueue(now: () => Date = clockNow): Promise<number> {
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

// Writes only the queue, which no kept read depends on (as mail.server.ts explains).
async function sendDue(now: () => Date) {
  const db = await getDb();
  const lease = new Date(now().getTime() + LEASE_MS);
  const result =
    await db.execute(sql`${sql.raw(KEEPS_KEPT_READS)} update message_queue set next_attempt_at = ${lease}
    where id in (
      select id from message_queue
      where status = 'queued' and next_attempt_at <= ${now()}
      order by created_at limit ${BATCH}
      for update skip locked)
    returning id, user_id, "to", template, channel, text, buttons, attempts, created_at`);
  const claimed = rowsOf<QueuedMessage>(result).sort(
    (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
  );
  const withdrawn = await withdrawnRecipients(claimed);
  let sent = 0;
  for (const message of claimed) {
    // Decided again at the moment of sending, not only when queued: a member who switched texts
    // off (or took back consent to advertising) meanwhile gets nothing, and an advertisement a
    // retry carried into 21:00–08:00 waits for the morning.
    if (withdrawn.has(message.id)) {
      await db.execute(
        sql`${sql.raw(KEEPS_KEPT_READS)} update message_queue set status = 'cancelled', last_error = ${"수신 거부"} where id = ${message.id}`,
      );
      continue;
    }
    const morning = message.template === "advertisement" ? quietHoursEnd(now()) : null;
    if (morning) {
      await db.execute(
        sql`${sql.raw(KEEPS_KEPT_READS)} update message_queue set next_attempt_at = ${morning} where id = ${message.id}`,
      );
      continue;
    }
    try {
      const outcome = await deliver(message);
      await db.execute(
        sql`${sql.raw(KEEPS_KEPT_READS)} update message_queue set status = ${outcome.status}, sent_channel = ${outcome.channel}, sent_at = ${now()}, last_error = null where id = ${message.id}`,
      );
      sent += 1;
    } catch (error) {
      const attempts = message.attempts + 1;
      const lastError = (error as Error).message.slice(0, 500);
      // A refusal (a rejected number) will not change on a retry; anything else is retried:
      // 30 s, 1 min, 2 min … and failed for good after MAX_ATTEMPTS.
      const final = error instanceof SolapiRefusal || attempts >= MAX_ATTEMPTS;
      const delay = 30_000 * 2 ** (attempts - 1);
      await db.execute(
        sql`${sql.raw(KEEPS_KEPT_READS)} update message_queue set attempts = ${attempts}, status = ${final ? "failed" : "queued"}, next_attempt_at = ${new Date(now().getTime() + delay)}, last_error = ${lastError} where id = ${message.id}`,
      );
      logger[final ? "error" : "warn"](
        { messageId: message.id, attempts, err: lastError },
        final ? "Text message failed for good" : "Text message failed; will retry",
      );
    }
  }
  return sent;
}

/** The claimed messages whose member no longer takes them (texts off; an advertisement's consent gone). */
async function withdrawnRecipients(claimed: QueuedMessage[]) {
  const ids = [...new Set(claimed.flatMap((m) => (m.user_id ? [m.user_id] : [])))];
  if (ids.length === 0) return new Set<string>();
  const db = await getDb();
  const members = await db
    .select({
      id: users.id,
      messagesEnabled: users.messagesEnabled,
      consent: users.marketingConsentAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(members.map((m) => [m.id, m]));
  return new Set(
    claimed
      .filter((m) => {
        const member = m.user_id ? byId.get(m.user_id) : undefined;
        if (!member) return false;
        return !member.messagesEnabled || (m.template === "advertisement" && !member.consent);
      })
      .map((m) => m.id),
  );
}

let timer: NodeJS.Timeout | undefined;

/** Polls the queue for retries (and for messages queued by other instances). */
export function startMessageWorker() {
  if (timer) return;
  const round = () =>
    processMessageQueue().catch((error: unknown) =>
      logger.error({ err: error }, "Message round failed"),
    );
  timer = setInterval(round, POLL_MS);
  timer.unref();
  void round();
}

/** Stops polling and waits for a round in progress. */
export async function stopMessageWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running?.catch(() => undefined);
}
