// Dues reminders: a daily job mails unpaid 정회원 30 days before a year's due date, on
// the due date, and 14 days before that year's grace period ends; and texts them (알림톡) 30 and
// 7 days before the due date and 7 days after it, unless they switched text messages off. Each
// reminder is a row of
// `dues_reminders` (member, year, kind, time) inserted in the same statement that picks who is
// unpaid, so a reminder is never sent twice, not to someone who has paid or been exempted in the
// meantime, and two instances running the job together send each reminder once. The job keeps no
// state in memory: after a restart it picks up whatever is due.
import { and, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { builtOnce } from "~/lib/built-once.server";
import { now as clockNow } from "~/lib/clock.server";
import { seoulDate } from "~/lib/dates";
import { logger } from "~/logger.server";
import { duesImports, duesPayments, duesReminders, duesYears, users } from "~db/schema";
import { enqueueMail } from "../mail/mail.server";
import { compose, link } from "../mail/templates.server";
import { textMembers } from "../messages/messages.server";
import { depositorNameOf } from "./dues.server";
import { formatDay, won } from "./format";

export type ReminderKind = "before_due" | "due" | "grace";
export type TextReminderKind = "text_30" | "text_7" | "text_overdue";

const INTERVAL_MS = 60 * 60 * 1000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Which reminder of a year is due on `today`, if any (each window ends where the next begins). */
export function reminderDue(
  settings: { dueDate: string; graceUntil: string },
  today: string,
): ReminderKind | null {
  const graceWarning = addDays(settings.graceUntil, -14);
  if (today >= graceWarning && today <= settings.graceUntil) return "grace";
  if (today >= settings.dueDate && today < graceWarning) return "due";
  if (today >= addDays(settings.dueDate, -30) && today < settings.dueDate) return "before_due";
  return null;
}

/**
 * Which text reminder of a year is due on `today`, if any: 30 days before the due date, 7 days
 * before it, and 7 days after it (until the grace period ends, when the standing lapses anyway).
 */
export function textReminderDue(
  settings: { dueDate: string; graceUntil: string },
  today: string,
): TextReminderKind | null {
  if (today >= addDays(settings.dueDate, 7) && today <= settings.graceUntil) return "text_overdue";
  if (today >= addDays(settings.dueDate, -7) && today < settings.dueDate) return "text_7";
  if (today >= addDays(settings.dueDate, -30) && today < addDays(settings.dueDate, -7))
    return "text_30";
  return null;
}

type YearSettings = typeof duesYears.$inferSelect;

/**
 * Records a reminder of `kind` for every unpaid 정회원 who has not had it, and answers who they
 * are: the insert picks and records in one statement, so nobody gets one twice.
 */
async function claimUnpaid(year: YearSettings, kind: ReminderKind | TextReminderKind) {
  const db = await getDb();
  const texting = kind.startsWith("text_");
  const claimed = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      insert into ${duesReminders} (user_id, year, kind)
      select u.id, ${year.year}, ${kind} from ${users} u
      where u.is_approved and u.suspended_at is null and u.rejected_at is null
        and u.member_type = 'regular'
        and (${!texting} or u.messages_enabled)
        and not exists (
          select 1 from dues_exemptions e where e.user_id = u.id and e.year = ${year.year}
        )
        and coalesce((
          select sum(p.amount) from dues_payments p
          where p.user_id = u.id and p.year = ${year.year} and p.voided_at is null
        ), 0) < ${year.regularFee}
      on conflict do nothing
      returning user_id`),
  );
  const ids = claimed.map((row) => row.user_id);
  const members = [];
  for (let i = 0; i < ids.length; i += 500) {
    members.push(
      ...(await db
        .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
        .from(users)
        .where(inArray(users.id, ids.slice(i, i + 500)))),
    );
  }
  return members;
}

/** Sends the reminders due on the day of `at`; answers how many were queued. */
export async function sendDuesReminders(at: Date = clockNow()) {
  const db = await getDb();
  const today = seoulDate(at);
  const years = await db
    .select()
    .from(duesYears)
    .where(and(lte(duesYears.dueDate, addDays(today, 30)), gte(duesYears.graceUntil, today)));
  let sent = 0;
  for (const year of years) {
    const kind = reminderDue(year, today);
    if (kind) {
      const members = await claimUnpaid(year, kind);
      await enqueueMail(members.map((member) => reminderMail(member, year, kind, today)));
      sent += members.length;
    }
    const textKind = textReminderDue(year, today);
    if (textKind) {
      const members = await claimUnpaid(year, textKind);
      const params = {
        year: year.year,
        amount: won(year.regularFee),
        due: formatDay(year.dueDate),
        url: link("/mypage/dues"),
      };
      if (textKind === "text_overdue") {
        await textMembers(
          "duesOverdue",
          members.map((m) => ({ userId: m.id, params: { ...params, name: m.name } })),
        );
      } else {
        // The days that are really left: a reminder sent late (the server was down, or the dues
        // year was set up late) must not promise 30.
        const days = daysBetween(today, year.dueDate);
        await textMembers(
          "duesDue",
          members.map((m) => ({ userId: m.id, params: { ...params, name: m.name, days } })),
        );
      }
      sent += members.length;
    }
  }
  return sent;
}

/** Whole days from one Seoul day (YYYY-MM-DD) to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function reminderMail(
  member: { name: string; email: string; phone: string },
  year: {
    year: number;
    regularFee: number;
    dueDate: string;
    graceUntil: string;
    bankAccount: string;
  },
  kind: ReminderKind,
  today: string,
) {
  const lead =
    kind === "before_due"
      ? `${year.year}년 정회원 연회비 납부 기한(${formatDay(year.dueDate)})이 ${daysBetween(today, year.dueDate)}일 남았습니다.`
      : kind === "due" && today === year.dueDate
        ? `오늘은 ${year.year}년 정회원 연회비 납부 기한(${formatDay(year.dueDate)})입니다.`
        : kind === "due"
          ? `${year.year}년 정회원 연회비 납부 기한(${formatDay(year.dueDate)})이 지났습니다. 유예기간(${formatDay(year.graceUntil)}까지) 안에 납부해주세요.`
          : `${year.year}년 정회원 연회비의 유예기간이 ${formatDay(year.graceUntil)}에 끝납니다. 그때까지 납부하지 않으시면 정회원 자격이 준회원으로 바뀝니다.`;
  return compose(
    member.email,
    `${year.year}년 연회비 납부 안내`,
    [
      `${member.name}님, 안녕하세요.`,
      lead,
      `납부할 금액: ${won(year.regularFee)}\n입금 계좌: ${year.bankAccount}\n입금자명: ${depositorNameOf(member)} (이름 뒤에 휴대전화 끝 4자리)`,
      "이미 납부하셨다면 이 안내는 무시해주세요. 입금 확인까지 며칠 걸릴 수 있습니다.",
    ],
    { label: "마이페이지에서 확인하기", url: link("/mypage/dues") },
  );
}

/** The reminders a member was sent, newest first (the member record shows them). */
export async function remindersOf(userId: string) {
  return remindersOfMember({ userId });
}

const remindersOfMember = builtOnce("dues_reminders_of_member", (db) =>
  db
    .select({ year: duesReminders.year, kind: duesReminders.kind, sentAt: duesReminders.sentAt })
    .from(duesReminders)
    .where(eq(duesReminders.userId, sql.placeholder("userId")))
    .orderBy(sql`${duesReminders.sentAt} desc`),
);

/**
 * What the privacy notice promises: deposits read from a bank statement are kept 30 days, and
 * payments (the society's books) five years after the year they were paid for.
 */
export async function purgeDuesRecords(at: Date = clockNow()) {
  const db = await getDb();
  const imports = await db
    .delete(duesImports)
    .where(lt(duesImports.createdAt, new Date(at.getTime() - 30 * 24 * 60 * 60 * 1000)))
    .returning({ id: duesImports.id });
  const payments = await db
    .delete(duesPayments)
    .where(lt(duesPayments.year, Number(seoulDate(at).slice(0, 4)) - 5))
    .returning({ id: duesPayments.id });
  return { imports: imports.length, payments: payments.length };
}

let timer: NodeJS.Timeout | undefined;

export function startDuesReminders(intervalMs = INTERVAL_MS) {
  if (timer) return;
  const run = () =>
    void sendDuesReminders()
      .then(() => purgeDuesRecords())
      .catch((error: unknown) => logger.error({ err: error }, "Dues reminders or purge failed"));
  run();
  timer = setInterval(run, intervalMs);
  timer.unref();
}

export function stopDuesReminders() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
