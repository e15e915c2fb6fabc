// The office's view of a seminar's registrants: tabs by status (attended and absent come from the
// door's scans), search, manual add at the desk, and the CSV export.
import { and, asc, count, eq, exists, not, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { toCsv } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsText, phoneContains } from "~/lib/list-page.server";
import {
  payments,
  seminarCheckIns,
  seminarCredits,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import { type AuditContext, audit } from "../audit/audit.server";
import { standingOf } from "../dues/standing.server";
import { openDoor } from "./check-ins.server";
import { notifyRegistrationConfirmed } from "./notifications.server";
import { seminarNotFound } from "./registrations.server";
import { inAudience, seminarPhase } from "./rules";
import { type AddRegistrantInput, phoneDigits, type RegistrantTab } from "./validation";

const r = seminarRegistrations;

const enteredOnce = exists(
  sql`(select 1 from ${seminarCheckIns} where ${seminarCheckIns.registrationId} = ${r.id} and ${seminarCheckIns.direction} = 'in')`,
);

/**
 * `ended`: absent means "confirmed and never came in", which only means something once the
 * seminar is over; before its end (while it is under way, too) nobody is absent yet (issue 39).
 */
function tabCondition(tab: RegistrantTab | undefined, ended: boolean): SQL | undefined {
  switch (tab) {
    case "confirmed":
    case "payment_pending":
    case "waitlisted":
    case "cancelled":
      return eq(r.status, tab);
    case "attended":
      return and(eq(r.status, "confirmed"), enteredOnce);
    case "absent":
      return ended ? and(eq(r.status, "confirmed"), not(enteredOnce)) : sql`false`;
    default:
      return undefined;
  }
}

function searchCondition(q: string | undefined): SQL | undefined {
  return containsText(q, [r.name, r.email, r.phone, r.hospitalName]);
}

export async function findSeminar(seminarId: string) {
  if (!isUuid(seminarId)) throw seminarNotFound();
  const db = await getDb();
  const [seminar] = await db.select().from(seminars).where(eq(seminars.id, seminarId));
  if (!seminar) throw seminarNotFound();
  return seminar;
}

const hasEnded = (seminar: { date: Date; endDate: Date | null }) =>
  seminarPhase(seminar, clockNow()) === "past";

/** Each tab's count, for the tab labels. */
export async function registrantCounts(seminar: { id: string; date: Date; endDate: Date | null }) {
  const db = await getDb();
  const [row] = await db
    .select({
      confirmed: sql<number>`count(*) filter (where ${r.status} = 'confirmed')`.mapWith(Number),
      // A seat held for its fee: taken, but not yet paid (issue 37).
      payment_pending: sql<number>`count(*) filter (where ${r.status} = 'payment_pending')`.mapWith(
        Number,
      ),
      waitlisted: sql<number>`count(*) filter (where ${r.status} = 'waitlisted')`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${r.status} = 'cancelled')`.mapWith(Number),
      attended:
        sql<number>`count(*) filter (where ${r.status} = 'confirmed' and ${enteredOnce})`.mapWith(
          Number,
        ),
    })
    .from(r)
    .where(eq(r.seminarId, seminar.id));
  const counts = row ?? {
    confirmed: 0,
    payment_pending: 0,
    waitlisted: 0,
    cancelled: 0,
    attended: 0,
  };
  return { ...counts, absent: hasEnded(seminar) ? counts.confirmed - counts.attended : 0 };
}

export type RegistrantQuery = {
  status?: RegistrantTab;
  q?: string;
  page?: number;
  pageSize?: number;
};

/**
 * One page of a seminar's registrants in arrival order (the waitlist's order), each with their
 * first entry and last exit as scanned, the credit sheet's correction of them (with its reason)
 * and, when waitlisted, their place in line.
 */
export async function listRegistrants(seminarId: string, query: RegistrantQuery = {}) {
  const seminar = await findSeminar(seminarId);
  const db = await getDb();
  const where = and(
    eq(r.seminarId, seminar.id),
    tabCondition(query.status, hasEnded(seminar)),
    searchCondition(query.q),
  );
  const pageSize = query.pageSize ?? 50;
  const page = query.page ?? 1;
  // The places in line, numbered once over the whole waitlist (a window over its index), not
  // counted again for each row shown: that was a count per row, 0.3 s a page once 2,700 waited.
  const queue = db
    .select({
      id: r.id,
      position: sql<number>`row_number() over (order by ${r.queuedAt}, ${r.id})`.as("position"),
    })
    .from(r)
    .where(and(eq(r.seminarId, seminar.id), eq(r.status, "waitlisted")))
    .as("queue");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: r.id,
        userId: r.userId,
        name: r.name,
        email: r.email,
        phone: r.phone,
        hospitalName: r.hospitalName,
        // The account's, or what a withdrawn member's registration kept (decision 035).
        licenseNumber: sql<string>`coalesce(${users.licenseNumber}, ${r.licenseNumber}, '')`,
        status: r.status,
        registeredAt: r.queuedAt,
        holdExpiresAt: r.holdExpiresAt,
        cancelledAt: r.cancelledAt,
        waitlistPosition: sql<number | null>`${queue.position}`.mapWith((v) =>
          v === null ? null : Number(v),
        ),
        firstEntry: sql<Date | null>`(select min(${seminarCheckIns.at}) from ${seminarCheckIns}
          where ${seminarCheckIns.registrationId} = ${r.id} and ${seminarCheckIns.direction} = 'in')`.mapWith(
          (v) => (v === null ? null : new Date(v)),
        ),
        lastExit: sql<Date | null>`(select max(${seminarCheckIns.at}) from ${seminarCheckIns}
          where ${seminarCheckIns.registrationId} = ${r.id} and ${seminarCheckIns.direction} = 'out')`.mapWith(
          (v) => (v === null ? null : new Date(v)),
        ),
        // What the office's cancellation can refund: the fee paid and not yet returned.
        paidFee:
          sql<number>`(select coalesce(sum(${payments.amount} - ${payments.refundedAmount}), 0)
          from ${payments} where ${payments.registrationId} = ${r.id}
          and ${payments.status} in ('paid', 'partially_refunded'))`.mapWith(Number),
        correctedEntryAt: seminarCredits.correctedEntryAt,
        correctedExitAt: seminarCredits.correctedExitAt,
        correctionReason: seminarCredits.correctionReason,
      })
      .from(r)
      .leftJoin(users, eq(users.id, r.userId))
      .leftJoin(seminarCredits, eq(seminarCredits.registrationId, r.id))
      .leftJoin(queue, eq(queue.id, r.id))
      .where(where)
      .orderBy(asc(r.queuedAt), asc(r.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(r).where(where),
  ]);
  // The office's corrections on the credit sheet, beside the scans (issue 39, item 12).
  const items = rows.map(({ correctedEntryAt, correctedExitAt, correctionReason, ...row }) => ({
    ...row,
    correction:
      correctionReason === null
        ? null
        : { entryAt: correctedEntryAt, exitAt: correctedExitAt, reason: correctionReason },
  }));
  return { items, total: total?.value ?? 0, page, pageSize };
}

/** An e-mail shown in part: the first two letters of the name and the domain. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf("@");
  if (at < 0) return `${email.slice(0, 2)}***`;
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** Approved members only: not rejected (a suspended one is found, then refused by name). */
const approvedMember = and(eq(users.isApproved, true), sql`${users.rejectedAt} is null`);

/** The digits of the member's phone, as SQL: 010-1234-5678 reads 01012345678. */
const phoneDigitsSql = sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g')`;

/** A member the desk may pick, shown with enough to tell namesakes apart. */
export type DeskCandidate = {
  id: string;
  name: string;
  email: string;
  phone: string;
  hospitalName: string;
  /** Their registration for this seminar, if any (a confirmed one needs no adding). */
  registration: string | null;
};

/**
 * The member the office means: by e-mail (case ignored), by phone (digits compared; several
 * members may share a number, and then the answer is a 409 listing them, e-mails masked, so the
 * office picks one) or by id (a pick from the desk's search).
 */
async function memberToAdd(who: AddRegistrantInput) {
  const db = await getDb();
  if (who.memberId) {
    const [member] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, who.memberId), approvedMember));
    if (!member)
      throw new AppError(
        "not_found",
        "선택한 회원을 찾을 수 없습니다. 승인된 회원인지 확인해주세요.",
      );
    return member;
  }
  if (who.phone) {
    const matches = await db
      .select()
      .from(users)
      .where(and(sql`${phoneDigitsSql} = ${phoneDigits(who.phone)}`, approvedMember))
      .orderBy(asc(users.name), asc(users.id))
      .limit(20);
    const [only] = matches;
    if (!only) throw new AppError("not_found", "해당 연락처의 승인된 회원이 없습니다.");
    if (matches.length > 1) {
      throw new AppError(
        "conflict",
        `이 연락처를 쓰는 회원이 ${matches.length}명입니다. 이메일로 추가하거나 목록에서 회원을 선택해주세요.`,
        undefined,
        {
          candidates: matches.map((m) => ({
            id: m.id,
            name: m.name,
            email: maskEmail(m.email),
            hospitalName: m.hospitalName,
          })),
        },
      );
    }
    return only;
  }
  const [member] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${who.email ?? ""})`, approvedMember));
  if (!member) throw new AppError("not_found", "해당 이메일의 승인된 회원이 없습니다.");
  return member;
}

/**
 * The desk's search for a member to add to the seminar: by phone (any part of the digits, when the
 * text is a number) or by name or e-mail, approved members only, at most `limit`, names in order,
 * each with the status of their registration for it.
 */
export async function findMembersToAdd(
  seminarId: string,
  text: string,
  limit = 20,
): Promise<DeskCandidate[]> {
  const term = text.trim();
  if (!term) return [];
  const db = await getDb();
  const where = phoneContains(term, users.phone) ?? containsText(term, [users.name, users.email]);
  return await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      hospitalName: users.hospitalName,
      registration: r.status,
    })
    .from(users)
    .leftJoin(r, and(eq(r.userId, users.id), eq(r.seminarId, seminarId)))
    .where(and(approvedMember, where))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

/** What the office is told of a member it registered: the name and the registration. */
export type AddedRegistrant = { id: string; name: string; status: "confirmed" };

/**
 * The office adds a member ahead of time (a phone call) or the door registers a walk-in: an
 * approved, non-suspended member, confirmed at once past the capacity, and mailed like any
 * confirmation. The seminar's audience holds unless an administrator overrides it with a reason
 * (audited). Nobody adds themselves, and the door's rules hold (`openDoor`): nothing once the
 * credit sheet is sent or six hours after the end.
 */
export async function addRegistrant(
  seminarId: string,
  who: AddRegistrantInput,
  context: AuditContext,
  by: { administrator: boolean },
): Promise<AddedRegistrant> {
  const seminar = await findSeminar(seminarId);
  const db = await getDb();
  const member = await memberToAdd(who);
  if (member.suspendedAt) {
    // The door's staff ask the office; the office itself lifts the suspension first.
    throw new AppError(
      "conflict",
      by.administrator
        ? "이용이 정지된 회원은 등록할 수 없습니다. 회원 정보에서 정지를 해제한 뒤 등록해주세요."
        : "이용이 정지된 회원은 등록할 수 없습니다. 학회 사무국에 문의해주세요.",
    );
  }
  if (member.id === context.actor.id) {
    throw new AppError(
      "forbidden",
      "본인은 직접 등록할 수 없습니다. 다른 담당자나 사무국에 요청해주세요.",
    );
  }
  const now = clockNow();
  const overridden = !inAudience(seminar, (await standingOf(member, now)).full);
  if (overridden) {
    if (!who.audienceOverrideReason) {
      throw new AppError(
        "forbidden",
        by.administrator
          ? "정회원만 참석할 수 있는 세미나입니다. 예외로 등록하려면 사유를 입력해주세요."
          : "정회원만 참석할 수 있는 세미나입니다. 예외 등록은 사무국에 요청해주세요.",
      );
    }
    if (!by.administrator) {
      throw new AppError("forbidden", "신청 대상의 예외 등록은 관리자만 할 수 있습니다.");
    }
  }
  const values = {
    name: member.name,
    email: member.email,
    phone: member.phone,
    hospitalName: member.hospitalName,
    status: "confirmed",
    queuedAt: sql`clock_timestamp()`,
    confirmedAt: now,
    cancelledAt: null,
    cancelledBy: null,
  };
  const registration = await db.transaction(async (tx) => {
    await openDoor(tx, seminar.id, "registration", now);
    const [existing] = await tx
      .select()
      .from(r)
      .where(and(eq(r.seminarId, seminar.id), eq(r.userId, member.id)));
    if (existing?.status === "confirmed") {
      throw new AppError("conflict", `${member.name}님은 이미 신청이 확정되어 있습니다.`);
    }
    const [saved] = existing
      ? await tx.update(r).set(values).where(eq(r.id, existing.id)).returning()
      : await tx
          .insert(r)
          .values({ ...values, seminarId: seminar.id, userId: member.id })
          .returning();
    return saved!;
  });
  const subject = { id: registration.id, label: `${seminar.title} · ${registration.name}` };
  if (overridden) {
    await audit(context, "seminar_audience_override", subject, {
      reason: who.audienceOverrideReason ?? null,
      audience: seminar.audience,
    });
  } else {
    await audit(context, "seminar_registration_add", subject);
  }
  // Once the seminar has begun, an addition is a walk-in at the door: told so, not to cancel.
  await notifyRegistrationConfirmed(seminar, registration, seminar.date <= now);
  return { id: registration.id, name: registration.name, status: "confirmed" };
}

const STATUS_LABELS: Record<string, string> = {
  confirmed: "확정",
  payment_pending: "결제 대기",
  waitlisted: "대기",
  cancelled: "취소",
};

/**
 * Every registrant of the seminar as CSV (all tabs, arrival order); audited with the stated
 * purpose and the row count.
 */
export async function exportRegistrantsCsv(
  seminarId: string,
  context: AuditContext,
  purpose: string,
) {
  const seminar = await findSeminar(seminarId);
  const { items } = await listRegistrants(seminar.id, { pageSize: 1_000_000 });
  await audit(
    context,
    "export_seminar_registrations",
    { id: seminar.id, label: seminar.title },
    { purpose, rows: items.length },
  );
  const when = (value: Date | null) => (value ? formatDateTime(value) : "");
  return {
    seminar,
    csv: toCsv(
      [
        "이름",
        "이메일",
        "연락처",
        "병원명",
        "의사 면허번호",
        "상태",
        "결제한 등록비(원)",
        "대기 순번",
        "신청 시각",
        "첫 입장",
        "마지막 퇴장",
      ],
      items.map((item) => [
        item.name,
        item.email,
        item.phone,
        item.hospitalName,
        item.licenseNumber,
        `${STATUS_LABELS[item.status] ?? item.status}${item.userId === null ? " (탈퇴한 회원)" : ""}`,
        item.paidFee,
        item.waitlistPosition,
        when(item.registeredAt),
        when(item.firstEntry),
        when(item.lastExit),
      ]),
    ),
  };
}
