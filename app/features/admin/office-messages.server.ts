// The office's text messages to many members: recipients by the roster's filters or a seminar's
// registrants, a notice to everyone who has not switched texts off, an advertisement only to
// those who agreed to advertising in the last two years and never at night (정보통신망법 제50조).
// Each send is a batch: its rows in the message queue are the per-recipient log.
import { and, count, desc, eq, gte, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { now as clockNow } from "~/lib/clock.server";
import { SEOUL_OFFSET_MS } from "~/lib/dates";
import { AppError, parse } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { offsetOf } from "~/lib/paging";
import { messageBatches, messageQueue, seminarRegistrations, seminars, users } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import { rosterCondition } from "../members/roster.server";
import { enqueueMessages, textChannel } from "../messages/messages.server";
import { mobileDigits, smsBytes } from "../messages/templates";
import { societyConfig } from "../society/config.server";
import {
  frameOfficeMessage,
  inQuietHours,
  MAX_MESSAGE_BYTES,
  noRecipients,
  type OfficeMessageFilters,
  type OfficeMessageKind,
  officeMessageFiltersSchema,
  QUIET_HOURS_REFUSAL,
} from "./office-messages";

/** Consent to advertising counts for two years from when it was given or confirmed. */
const CONSENT_YEARS = 2;
export const BATCHES_PAGE_SIZE = 20;
const LOG_PAGE_SIZE = 100;

const optOutUrl = () => `${env.PUBLIC_URL}/mypage#mypage-notifications`;

/** The filters as the API and the page's URL give them, checked; a bad one is a 400. */
export const parseOfficeFilters = (raw: unknown): OfficeMessageFilters =>
  parse(officeMessageFiltersSchema, raw);

function recipientCondition(filters: OfficeMessageFilters, kind: OfficeMessageKind, at: Date): SQL {
  const { seminarId, ...roster } = filters;
  const conditions: SQL[] = [
    eq(users.isApproved, true),
    isNull(users.suspendedAt),
    isNull(users.rejectedAt),
    eq(users.messagesEnabled, true),
  ];
  const rosterWhere = rosterCondition(roster);
  if (rosterWhere) conditions.push(rosterWhere);
  if (seminarId) {
    conditions.push(
      sql`exists (select 1 from ${seminarRegistrations} r where r.user_id = ${users.id}
        and r.seminar_id = ${seminarId} and r.status = 'confirmed')`,
    );
  }
  if (kind === "advertisement") {
    const since = new Date(at);
    since.setUTCFullYear(since.getUTCFullYear() - CONSENT_YEARS);
    conditions.push(gte(users.marketingConsentAt, since));
  }
  return and(...conditions) as SQL;
}

/** The members a send reaches: those who may take it and have a 010 number. */
async function recipientsOf(filters: OfficeMessageFilters, kind: OfficeMessageKind, at: Date) {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .where(recipientCondition(filters, kind, at))
    .orderBy(users.name, users.id);
  return rows.flatMap((row) => {
    const to = mobileDigits(row.phone);
    return to ? [{ id: row.id, name: row.name, to }] : [];
  });
}

async function assertSeminar(filters: OfficeMessageFilters) {
  if (!filters.seminarId) return;
  const db = await getDb();
  const [found] = await db
    .select({ id: seminars.id })
    .from(seminars)
    .where(eq(seminars.id, filters.seminarId));
  if (!found) throw new AppError("not_found", "세미나를 찾을 수 없습니다.");
}

/** How many a send would reach, with the text as it would go (the page's preview). */
export async function previewOfficeMessage(
  actor: Actor,
  filters: OfficeMessageFilters,
  kind: OfficeMessageKind,
) {
  assertAdmin(actor);
  await assertSeminar(filters);
  const recipients = await recipientsOf(filters, kind, clockNow());
  return {
    recipients: recipients.length,
    sample: recipients.slice(0, 5).map((r) => r.name),
    optOutUrl: optOutUrl(),
  };
}

const seoulHour = (at: Date) => new Date(at.getTime() + SEOUL_OFFSET_MS).getUTCHours();

/**
 * Sends the office's text to everyone the filters reach: one batch, its messages queued together
 * (the queue sends them within seconds and keeps each outcome). Audited with its recipients.
 */
export async function sendOfficeMessage(
  actor: Actor,
  input: { filters: OfficeMessageFilters; text: string; kind: OfficeMessageKind },
) {
  assertAdmin(actor);
  const at = clockNow();
  if (input.kind === "advertisement" && inQuietHours(seoulHour(at))) {
    throw new AppError("conflict", QUIET_HOURS_REFUSAL);
  }
  await assertSeminar(input.filters);
  const text = frameOfficeMessage(input.kind, input.text, societyConfig, optOutUrl());
  if (smsBytes(text) > MAX_MESSAGE_BYTES) {
    throw new AppError(
      "invalid",
      "문자는 2,000바이트(한글 약 1,000자)까지 보낼 수 있습니다. 내용을 줄여주세요.",
    );
  }
  const recipients = await recipientsOf(input.filters, input.kind, at);
  if (recipients.length === 0) {
    throw new AppError("conflict", noRecipients(input.kind, input.filters));
  }
  const db = await getDb();
  const [batch] = await db
    .insert(messageBatches)
    .values({
      kind: input.kind,
      body: input.text.trim(),
      text,
      filters: input.filters,
      recipients: recipients.length,
      createdBy: actor.user.id,
    })
    .returning({ id: messageBatches.id });
  if (!batch) throw new Error("The batch was not saved");
  const channel = textChannel(text);
  await enqueueMessages(
    recipients.map((r) => ({
      to: r.to,
      userId: r.id,
      batchId: batch.id,
      template: input.kind,
      channel,
      text,
    })),
  );
  await audit(
    actor.audit,
    "message_send",
    { id: batch.id, label: `${input.kind === "advertisement" ? "광고" : "공지"} 문자` },
    { kind: input.kind, recipients: recipients.length, filters: JSON.stringify(input.filters) },
  );
  return { id: batch.id, recipients: recipients.length };
}

type Outcomes = {
  queued: number;
  sent: number;
  fallback: number;
  failed: number;
  cancelled: number;
};
const noOutcomes = (): Outcomes => ({ queued: 0, sent: 0, fallback: 0, failed: 0, cancelled: 0 });

async function outcomesOf(batchIds: string[]) {
  const outcomes = new Map<string, Outcomes>();
  if (batchIds.length === 0) return outcomes;
  const db = await getDb();
  const rows = await db
    .select({ batchId: messageQueue.batchId, status: messageQueue.status, value: count() })
    .from(messageQueue)
    .where(inArray(messageQueue.batchId, batchIds))
    .groupBy(messageQueue.batchId, messageQueue.status);
  for (const row of rows) {
    if (!row.batchId) continue;
    const tally = outcomes.get(row.batchId) ?? noOutcomes();
    if (row.status in tally) tally[row.status as keyof Outcomes] += row.value;
    outcomes.set(row.batchId, tally);
  }
  return outcomes;
}

/** The sends, newest first, each with how many went, fell back to SMS, failed or wait. */
export async function listOfficeMessages(actor: Actor, page = 1) {
  assertAdmin(actor);
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: messageBatches.id,
        kind: messageBatches.kind,
        text: messageBatches.text,
        recipients: messageBatches.recipients,
        createdAt: messageBatches.createdAt,
        sender: users.name,
      })
      .from(messageBatches)
      .leftJoin(users, eq(users.id, messageBatches.createdBy))
      .orderBy(desc(messageBatches.createdAt), desc(messageBatches.id))
      .limit(BATCHES_PAGE_SIZE)
      .offset(offsetOf(page, BATCHES_PAGE_SIZE)),
    db.select({ value: count() }).from(messageBatches),
  ]);
  const outcomes = await outcomesOf(rows.map((r) => r.id));
  return {
    page,
    pageSize: BATCHES_PAGE_SIZE,
    total: total?.value ?? 0,
    items: rows.map((row) => ({
      ...row,
      kind: row.kind as OfficeMessageKind,
      outcomes: outcomes.get(row.id) ?? noOutcomes(),
    })),
  };
}

/** One send with its per-recipient log: sent, fell back to SMS, failed (with why), or waiting. */
export async function officeMessageLog(actor: Actor, id: string, page = 1) {
  assertAdmin(actor);
  if (!isUuid(id)) throw new AppError("not_found", "발송 기록을 찾을 수 없습니다.");
  const db = await getDb();
  const [batch] = await db
    .select({
      id: messageBatches.id,
      kind: messageBatches.kind,
      text: messageBatches.text,
      filters: messageBatches.filters,
      recipients: messageBatches.recipients,
      createdAt: messageBatches.createdAt,
      sender: users.name,
    })
    .from(messageBatches)
    .leftJoin(users, eq(users.id, messageBatches.createdBy))
    .where(eq(messageBatches.id, id));
  if (!batch) throw new AppError("not_found", "발송 기록을 찾을 수 없습니다.");
  const entries = await db
    .select({
      userId: messageQueue.userId,
      name: users.name,
      to: messageQueue.to,
      status: messageQueue.status,
      channel: messageQueue.sentChannel,
      sentAt: messageQueue.sentAt,
      error: messageQueue.lastError,
    })
    .from(messageQueue)
    .leftJoin(users, eq(users.id, messageQueue.userId))
    .where(eq(messageQueue.batchId, id))
    .orderBy(users.name, messageQueue.id)
    .limit(LOG_PAGE_SIZE)
    .offset(offsetOf(page, LOG_PAGE_SIZE));
  const outcomes = (await outcomesOf([id])).get(id) ?? {
    queued: 0,
    sent: 0,
    fallback: 0,
    failed: 0,
  };
  return {
    ...batch,
    kind: batch.kind as OfficeMessageKind,
    outcomes,
    page,
    pageSize: LOG_PAGE_SIZE,
    entries: entries.map((e) => ({
      ...e,
      status: e.status as keyof Outcomes,
    })),
  };
}
