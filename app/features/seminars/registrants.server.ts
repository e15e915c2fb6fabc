// The office's view of a seminar's registrants: tabs by status (attended and absent come from the
// door's scans), search, manual add at the desk, and the CSV export.
import { and, asc, count, eq, exists, not, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { toCsv } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { containsText } from "~/lib/list-page.server";
import { seminarCheckIns, seminarRegistrations, seminars, users } from "~db/schema";
import { type AuditContext, audit } from "../audit/audit.server";
import { notifyRegistrationConfirmed } from "./notifications.server";
import { seminarNotFound } from "./registrations.server";
import type { RegistrantTab } from "./validation";

const r = seminarRegistrations;

const enteredOnce = exists(
  sql`(select 1 from ${seminarCheckIns} where ${seminarCheckIns.registrationId} = ${r.id} and ${seminarCheckIns.direction} = 'in')`,
);

/**
 * `started`: absent means "confirmed and never came in", which only means something once the
 * seminar has begun; before that, nobody is absent yet.
 */
function tabCondition(tab: RegistrantTab | undefined, started: boolean): SQL | undefined {
  switch (tab) {
    case "confirmed":
    case "waitlisted":
    case "cancelled":
      return eq(r.status, tab);
    case "attended":
      return and(eq(r.status, "confirmed"), enteredOnce);
    case "absent":
      return started ? and(eq(r.status, "confirmed"), not(enteredOnce)) : sql`false`;
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

const hasStarted = (seminar: { date: Date }) => clockNow() >= seminar.date;

/** Each tab's count, for the tab labels. */
export async function registrantCounts(seminar: { id: string; date: Date }) {
  const db = await getDb();
  const [row] = await db
    .select({
      confirmed: sql<number>`count(*) filter (where ${r.status} = 'confirmed')`.mapWith(Number),
      waitlisted: sql<number>`count(*) filter (where ${r.status} = 'waitlisted')`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${r.status} = 'cancelled')`.mapWith(Number),
      attended:
        sql<number>`count(*) filter (where ${r.status} = 'confirmed' and ${enteredOnce})`.mapWith(
          Number,
        ),
    })
    .from(r)
    .where(eq(r.seminarId, seminar.id));
  const counts = row ?? { confirmed: 0, waitlisted: 0, cancelled: 0, attended: 0 };
  return { ...counts, absent: hasStarted(seminar) ? counts.confirmed - counts.attended : 0 };
}

export type RegistrantQuery = {
  status?: RegistrantTab;
  q?: string;
  page?: number;
  pageSize?: number;
};

/**
 * One page of a seminar's registrants in arrival order (the waitlist's order), each with their
 * first entry and last exit and, when waitlisted, their place in line.
 */
export async function listRegistrants(seminarId: string, query: RegistrantQuery = {}) {
  const seminar = await findSeminar(seminarId);
  const db = await getDb();
  const where = and(
    eq(r.seminarId, seminar.id),
    tabCondition(query.status, hasStarted(seminar)),
    searchCondition(query.q),
  );
  const pageSize = query.pageSize ?? 50;
  const page = query.page ?? 1;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: r.id,
        userId: r.userId,
        name: r.name,
        email: r.email,
        phone: r.phone,
        hospitalName: r.hospitalName,
        licenseNumber: users.licenseNumber,
        status: r.status,
        registeredAt: r.queuedAt,
        cancelledAt: r.cancelledAt,
        waitlistPosition: sql<number | null>`case when ${r.status} = 'waitlisted' then (
          select count(*) + 1 from ${seminarRegistrations} ahead
          where ahead.seminar_id = ${r.seminarId} and ahead.status = 'waitlisted'
            and (ahead.queued_at, ahead.id) < (${r.queuedAt}, ${r.id})) end`.mapWith((v) =>
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
      })
      .from(r)
      .innerJoin(users, eq(users.id, r.userId))
      .where(where)
      .orderBy(asc(r.queuedAt), asc(r.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(r).where(where),
  ]);
  return { items: rows, total: total?.value ?? 0, page, pageSize };
}

/**
 * The office adds a member at the desk or by phone: confirmed at once, past the capacity and the
 * audience if need be (the office decides), and mailed like any confirmation.
 */
export async function addRegistrant(
  seminarId: string,
  who: { email: string },
  context: AuditContext,
) {
  const seminar = await findSeminar(seminarId);
  const db = await getDb();
  const [member] = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${who.email})`,
        eq(users.isApproved, true),
        sql`${users.rejectedAt} is null`,
      ),
    );
  if (!member) throw new AppError("not_found", "해당 이메일의 승인된 회원이 없습니다.");
  const now = clockNow();
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
    await tx
      .select({ id: seminars.id })
      .from(seminars)
      .where(eq(seminars.id, seminar.id))
      .for("update");
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
  await audit(context, "seminar_registration_add", {
    id: registration.id,
    label: `${seminar.title} · ${registration.name}`,
  });
  await notifyRegistrationConfirmed(seminar, registration);
  return registration;
}

const STATUS_LABELS: Record<string, string> = {
  confirmed: "확정",
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
        STATUS_LABELS[item.status] ?? item.status,
        item.waitlistPosition,
        when(item.registeredAt),
        when(item.firstEntry),
        when(item.lastExit),
      ]),
    ),
  };
}
