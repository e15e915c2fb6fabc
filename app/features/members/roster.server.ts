// The office's member roster: search, the member record, and what administrators do
// to a member's standing. Every change (and the export) is made for an administrator's actor,
// checked here, and audited with it; a change to the member's standing is mailed to the member.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { getDb } from "~/db.server";
import { builtOnce } from "~/lib/built-once.server";
import { nowMs } from "~/lib/clock.server";
import { csvCell } from "~/lib/csv";
import { formatDate, seoulDate, seoulYear } from "~/lib/dates";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { keptPerKeyUntilWrite } from "~/lib/kept-read.server";
import { contains, containsText, phoneContains } from "~/lib/list-page.server";
import { offsetOf, type Page } from "~/lib/paging";
import { sumTallies } from "~/lib/tallies.server";
import {
  auditLog,
  memberSearchText,
  membershipApplications,
  secondFactors,
  seminarRegistrations,
  users,
} from "~db/schema";
import { approveMember, EMAIL_TAKEN } from "../accounts/accounts.server";
import { recentAuthEvents, recordAuthEvent } from "../accounts/auth-events.server";
import { endAllSessions } from "../accounts/session.server";
import { liveSessionsOf } from "../accounts/session-list.server";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import { duesCondition, standingCondition } from "../dues/standing.server";
import {
  notifyEmailChangedByOffice,
  notifyMemberTypeChanged,
  notifyReinstated,
  notifySuspended,
} from "../mail/notifications.server";
import { listApplicationsOf } from "../membership/applications.server";
import { enrolment } from "../second-factor/second-factor.server";
import {
  MEMBER_STATUS_LABELS,
  MEMBER_TYPE_LABELS,
  type MemberPatch,
  type MemberStatus,
  type MemberType,
  ROLE_LABELS,
  ROSTER_PAGE_SIZE,
  type RosterQuery,
} from "./validation";

export const MEMBER_NOT_FOUND = "회원을 찾을 수 없습니다.";
export const LAST_ADMIN = "마지막 관리자입니다. 다른 관리자를 먼저 지정해주세요.";

/** A member's standing, derived in one place: suspension wins, then rejection, then approval. */
const statusSql = sql<MemberStatus>`case
  when ${users.suspendedAt} is not null then 'suspended'
  when ${users.rejectedAt} is not null then 'rejected'
  when ${users.isApproved} then 'approved'
  else 'pending' end`;

const statusCondition: Record<MemberStatus, SQL> = {
  suspended: isNotNull(users.suspendedAt),
  rejected: and(isNull(users.suspendedAt), isNotNull(users.rejectedAt)) as SQL,
  approved: and(
    isNull(users.suspendedAt),
    isNull(users.rejectedAt),
    eq(users.isApproved, true),
  ) as SQL,
  pending: and(
    isNull(users.suspendedAt),
    isNull(users.rejectedAt),
    eq(users.isApproved, false),
  ) as SQL,
};

/** The roster's columns: what a list row and the JSON call show (never the password hash). */
const rosterColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  licenseNumber: users.licenseNumber,
  hospitalName: users.hospitalName,
  department: users.department,
  status: statusSql,
  memberType: users.memberType,
  role: users.role,
  createdAt: users.createdAt,
  approvedAt: users.approvedAt,
  lastLoginAt: users.lastLoginAt,
  // A member of the demo society (features/demo): the office's pages mark them 데모.
  isDemo: users.isDemo,
};

type RosterRow = {
  [K in keyof typeof rosterColumns]: K extends "status"
    ? MemberStatus
    : K extends "memberType"
      ? string
      : (typeof users.$inferSelect)[K & keyof typeof users.$inferSelect];
};

/** The member type exists once a sign-up is approved; before that it is null. */
const typed = <T extends { status: MemberStatus; memberType: string }>(row: T) => ({
  ...row,
  memberType:
    row.status === "approved" || row.status === "suspended" ? (row.memberType as MemberType) : null,
});

export type RosterMember = ReturnType<typeof typed<RosterRow>>;

/** Midnight in Seoul at the start of a YYYY-MM-DD day. */
const seoulMidnight = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 24 * 60 * 60 * 1000);

/** The roster's searched fields, in the order they are likeliest to match. */
const SEARCHED_COLUMNS = [
  users.name,
  users.hospitalName,
  users.address,
  users.email,
  users.phone,
  users.licenseNumber,
];

/**
 * Three characters or more: the same expression as the trigram index (db/schema.ts), so the index
 * serves it. Fewer: no trigram index can, and testing the fields one by one stops at the first
 * that matches instead of building the whole concatenation for every row read (the capped count
 * of "김" at 100,000 members on PGlite: 3–4 ms → 2 ms). Both find the same members.
 */
function searchCondition(q: string) {
  const text =
    q.length < 3
      ? (containsText(q, SEARCHED_COLUMNS) as SQL)
      : contains(memberSearchText(users), q);
  const phone = phoneContains(q, users.phone);
  return phone ? (or(text, phone) as SQL) : text;
}

function rosterWhere(query: RosterQuery) {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.status) conditions.push(statusCondition[query.status]);
  if (query.type) {
    conditions.push(eq(users.memberType, query.type), eq(users.isApproved, true));
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.standing) conditions.push(standingCondition(query.standing));
  if (query.dues) {
    conditions.push(duesCondition(query.dues, query.duesYear ?? seoulYear(new Date(nowMs()))));
  }
  if (query.joinedFrom) conditions.push(gte(users.createdAt, seoulMidnight(query.joinedFrom)));
  if (query.joinedTo) conditions.push(lt(users.createdAt, seoulMidnight(query.joinedTo, 1)));
  return conditions.length ? and(...conditions) : undefined;
}

/** The roster's filters as a condition on `users`, for other lists of members (the office's texts). */
export const rosterCondition = (query: RosterQuery) => rosterWhere(query);

function rosterOrder(query: RosterQuery) {
  const sort = query.sort ?? "createdAt";
  const order = query.order ?? (sort === "name" ? "asc" : "desc");
  const direction = order === "asc" ? asc : desc;
  const column = { name: users.name, createdAt: users.createdAt, lastLoginAt: users.lastLoginAt }[
    sort
  ];
  // Members who never logged in come last either way; ties are broken by id so pages never
  // repeat or skip a member.
  const nulls = sort === "lastLoginAt" ? [sql`${users.lastLoginAt} is null`] : [];
  return [...nulls, direction(column), direction(users.id)];
}

/** The roster's total for a filter of status, type and role alone, from the tallies. */
async function tallied(query: RosterQuery) {
  const value = await sumTallies(
    "members",
    ([status, approved, type, role]) =>
      (!query.status || status === query.status) &&
      (!query.type || (approved === "a" && type === query.type)) &&
      (!query.role || role === query.role),
  );
  return [{ value }];
}

/**
 * A search's count, kept on the embedded database until the next write (decision 010): paging
 * through "김" counts its matches once, not on every page.
 */
const keptSearchCounts = keptPerKeyUntilWrite<{ value: number }[]>({ max: 100 });

/**
 * What decides a search's matches: every filter, and today's date in Seoul when a filter depends
 * on it (standing lapses after a grace date; the dues filter defaults to this year).
 */
function searchKey(query: RosterQuery, cap: number | undefined) {
  const { page: _page, pageSize: _size, sort: _sort, order: _order, ...filters } = query;
  const today = filters.standing || filters.dues ? seoulDate(new Date(nowMs())) : undefined;
  return JSON.stringify({ ...filters, today, cap });
}

/**
 * One page of the roster, searched, filtered and sorted on the server. With `countUpTo`, a search
 * shorter than three characters counts its matches only up to that number: the trigram index
 * serves three characters or more, so an exact count of "김" reads every member (≈ 150 ms at
 * 100,000), while the page itself and a capped count stop early. The JSON call counts exactly.
 */
export async function searchMembers(
  query: RosterQuery,
  options: { countUpTo?: number } = {},
): Promise<Page<RosterMember> & { totalCapped?: boolean }> {
  const db = await getDb();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? ROSTER_PAGE_SIZE;
  const where = rosterWhere(query);
  const cap = query.q && query.q.length < 3 ? options.countUpTo : undefined;
  // The tallies count by status, type and role only: any other filter is counted in the table.
  const talliesCount =
    !query.q && !query.joinedFrom && !query.joinedTo && !query.standing && !query.dues;
  const counted = talliesCount
    ? tallied(query)
    : keptSearchCounts(searchKey(query, cap), () =>
        cap === undefined
          ? db.select({ value: count() }).from(users).where(where)
          : db.select({ value: count() }).from(
              db
                .select({ one: sql`1` })
                .from(users)
                .where(where)
                .limit(cap + 1)
                .as("matches"),
            ),
      );
  const [rows, [total]] = await Promise.all([
    db
      .select(rosterColumns)
      .from(users)
      .where(where)
      .orderBy(...rosterOrder(query))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    counted,
  ]);
  const items = (rows as RosterRow[]).map(typed);
  const value = total?.value ?? 0;
  if (cap === undefined) return { items, total: value, page, pageSize };
  return { items, total: Math.min(value, cap), page, pageSize, totalCapped: value > cap };
}

// The first ten columns are the export's original ones, in their order; the rest came with the
// roster.
const CSV_HEADER = [
  "이름",
  "이메일",
  "휴대전화번호",
  "의사 면허번호",
  "병원명",
  "진료과목",
  "병원 주소",
  "권한",
  "상태",
  "가입일",
  "회원 구분",
  "승인일",
  "최근 로그인",
];
const EXPORT_BATCH = 1000;

/**
 * The roster as CSV, filtered like the list, written a batch at a time as the reader takes it:
 * rows are fetched by keyset (created_at, id), so 100,000 members never sit in memory at once.
 */
export function membersCsvStream(actor: Actor, query: RosterQuery, purpose: string) {
  assertAdmin(actor);
  const encoder = new TextEncoder();
  // The cursor keeps created_at as PostgreSQL's own text: a JavaScript Date would cut its
  // microseconds and make the next batch repeat rows.
  let after: { createdAt: string; id: string } | null = null;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      // Audited before the first row leaves, so an export cut short is on record too.
      const db = await getDb();
      const [total] = await db.select({ value: count() }).from(users).where(rosterWhere(query));
      await audit(actor.audit, "export_members", null, {
        purpose,
        rows: total?.value ?? 0,
        ...filterDetail(query),
      });
      controller.enqueue(encoder.encode(`\uFEFF${CSV_HEADER.map(csvCell).join(",")}\r\n`));
    },
    async pull(controller) {
      const db = await getDb();
      const where = rosterWhere(query);
      const cursor = after
        ? sql`(${users.createdAt}, ${users.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : undefined;
      const batch = (await db
        .select({
          ...rosterColumns,
          address: users.address,
          cursor: sql<string>`${users.createdAt}::text`,
        })
        .from(users)
        .where(and(where, cursor))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(EXPORT_BATCH)) as (RosterRow & { address: string; cursor: string })[];
      // One chunk per batch: React Router's adapter flushes the compression stream after every
      // chunk, and a chunk per row made 100,000 gzip flushes (19 MB of gzip for 24 MB of CSV).
      let text = "";
      for (const row of batch.map(typed)) {
        const line = [
          row.name,
          row.email,
          row.phone,
          row.licenseNumber,
          row.hospitalName,
          row.department,
          row.address,
          ROLE_LABELS[row.role as "member"] ?? row.role,
          MEMBER_STATUS_LABELS[row.status],
          formatDate(row.createdAt),
          row.memberType ? MEMBER_TYPE_LABELS[row.memberType] : "",
          row.approvedAt ? formatDate(row.approvedAt) : "",
          row.lastLoginAt ? formatDate(row.lastLoginAt) : "",
        ];
        text += `${line.map(csvCell).join(",")}\r\n`;
      }
      if (text) controller.enqueue(encoder.encode(text));
      const last = batch[batch.length - 1];
      if (batch.length < EXPORT_BATCH || !last) {
        controller.close();
        return;
      }
      after = { createdAt: last.cursor, id: last.id };
    },
  });
}

/** The filters of an export, for its audit entry. */
function filterDetail(query: RosterQuery): Record<string, string> {
  const detail: Record<string, string> = {};
  for (const key of ["q", "status", "type", "role", "joinedFrom", "joinedTo"] as const) {
    const value = query[key];
    if (value) detail[key] = value;
  }
  return detail;
}

const accountColumns = {
  ...rosterColumns,
  address: users.address,
  licenseImageUrl: users.licenseImageUrl,
  rejectedAt: users.rejectedAt,
  rejectionReason: users.rejectionReason,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  privacyConsentVersion: users.privacyConsentVersion,
  privacyConsentAt: users.privacyConsentAt,
  termsConsentVersion: users.termsConsentVersion,
  termsConsentAt: users.termsConsentAt,
  updatedAt: users.updatedAt,
};

type AccountRow = RosterRow & {
  [K in Exclude<keyof typeof accountColumns, keyof RosterRow>]: (typeof users.$inferSelect)[K];
};

async function findAccount(id: string) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row ? typed(row as AccountRow) : null;
}

async function requireAccount(id: string) {
  const account = await findAccount(id);
  if (!account) throw new AppError("not_found", MEMBER_NOT_FOUND);
  return account;
}

const label = (member: { name: string; email: string }) => `${member.name} <${member.email}>`;

// The member record's own reads, built once (lib/built-once.server.ts): the page is the
// office's most opened after the roster.
const accountWithSecondFactor = builtOnce("member_record_account", (db) =>
  db
    .select({ ...accountColumns, secondFactorConfirmedAt: secondFactors.confirmedAt })
    .from(users)
    .leftJoin(secondFactors, eq(secondFactors.userId, users.id))
    .where(eq(users.id, sql.placeholder("id"))),
);

const auditEntriesOf = builtOnce("member_record_audit", (db) =>
  db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorEmail: auditLog.actorEmail,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.subjectId, sql.placeholder("id")))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(50),
);

/** Everything the society knows about one member, for the member record. */
export async function findMemberRecord(id: string) {
  if (!isUuid(id)) throw new AppError("not_found", MEMBER_NOT_FOUND);
  // The account with its second factor in one statement: on the embedded database each statement
  // costs a fixed part of a millisecond.
  const [found] = await accountWithSecondFactor({ id });
  if (!found) throw new AppError("not_found", MEMBER_NOT_FOUND);
  const { secondFactorConfirmedAt, ...account } = found;
  const [applications, auditEntries, liveSessions, authEvents] = await Promise.all([
    // Newest first: the latest counts, the earlier ones are its history.
    listApplicationsOf(id, 20),
    auditEntriesOf({ id }),
    // Sign-in security: sessions and recent authentication events.
    liveSessionsOf(id),
    recentAuthEvents(id),
  ]);
  return {
    ...typed(account as AccountRow),
    application: applications[0] ?? null,
    earlierApplications: applications.slice(1),
    activeSessions: liveSessions.total,
    auditEntries,
    sessions: liveSessions.items,
    authEvents,
    secondFactor: enrolment(secondFactorConfirmedAt),
  };
}

export type MemberRecord = Awaited<ReturnType<typeof findMemberRecord>>;

/** Approved, unsuspended administrators other than `id`. */
async function otherActiveAdmins(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), statusCondition.approved, ne(users.id, id)));
  return row?.value ?? 0;
}

async function guardLastAdmin(member: { id: string; role: string; status: MemberStatus }) {
  if (
    member.role === "admin" &&
    member.status === "approved" &&
    !(await otherActiveAdmins(member.id))
  )
    throw new AppError("conflict", LAST_ADMIN);
}

/**
 * Corrects a member's fields, type and role. Member type and role have their own rules: a type
 * exists only for approved members, revoking 정회원 (to 준회원) needs a reason, and the last
 * administrator keeps the role.
 */
export async function updateMember(actor: Actor, id: string, patch: MemberPatch) {
  assertAdmin(actor);
  const member = await requireAccount(id);
  const { memberType, role, reason, ...fields } = patch;
  const changes: Partial<typeof users.$inferInsert> = {};
  const changed: string[] = [];
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, string][]) {
    if (value === undefined) continue;
    const next = key === "email" ? value.toLowerCase() : value;
    if (next !== member[key]) {
      changes[key] = next;
      changed.push(key);
    }
  }

  const typeChange = memberType !== undefined && memberType !== member.memberType;
  if (typeChange) {
    if (member.status !== "approved" && member.status !== "suspended") {
      throw new AppError("conflict", "승인된 회원만 회원 구분을 바꿀 수 있습니다.");
    }
    // Only 정회원 → 준회원 takes a standing away; 명예회원 and 평생회원 are honours, not revocations.
    if (member.memberType === "regular" && memberType === "associate" && !reason) {
      throw new AppError("invalid", "정회원 자격을 해제하는 사유를 입력해주세요.", {
        reason: "정회원 자격을 해제하는 사유를 입력해주세요.",
      });
    }
    // 정회원 is granted by approving a full-membership application (issue 16), not here: it can be
    // given back here only to a member whose application was approved (after a mistaken change,
    // or from 평생회원).
    if (memberType === "regular" && !(await hasApprovedApplication(id))) {
      throw new AppError("conflict", REGULAR_BY_APPLICATION, {
        memberType: REGULAR_BY_APPLICATION,
      });
    }
    changes.memberType = memberType;
  }

  const roleChange = role !== undefined && role !== member.role;
  if (roleChange) {
    if (role === "admin" && member.status !== "approved") {
      throw new AppError("conflict", "승인된 회원만 관리자로 지정할 수 있습니다.");
    }
    if (role === "member") await guardLastAdmin(member);
    changes.role = role;
  }

  if (Object.keys(changes).length === 0) return member;
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set(changes).where(eq(users.id, id));
      // A registration keeps the contact it was made with for the door and the seminar's mails;
      // a corrected address or number is theirs from now on (the name stays as registered).
      if (changes.email !== undefined || changes.phone !== undefined) {
        await tx
          .update(seminarRegistrations)
          .set({
            ...(changes.email !== undefined ? { email: changes.email } : {}),
            ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
          })
          .where(eq(seminarRegistrations.userId, id));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
  const subject = { id, label: label({ ...member, ...fields }) };
  if (changed.length) {
    await audit(actor.audit, "member_update", subject, { fields: changed.join(",") });
  }
  if (typeChange && memberType) {
    await audit(actor.audit, "member_type_change", subject, {
      from: member.memberType,
      to: memberType,
      reason: reason ?? null,
    });
    await notifyMemberTypeChanged(
      { name: changes.name ?? member.name, email: changes.email ?? member.email },
      { from: member.memberType as MemberType, to: memberType, reason: reason ?? null },
    );
  }
  if (roleChange) await audit(actor.audit, "role_change", subject, { role: role ?? null });
  if (changes.email !== undefined) {
    await notifyEmailChangedByOffice(changes.name ?? member.name, {
      from: member.email,
      to: changes.email,
    });
  }
  return requireAccount(id);
}

const REGULAR_BY_APPLICATION =
  "정회원은 정회원 가입 신청 승인으로 부여됩니다. 이 회원은 승인된 정회원 가입 신청이 없습니다.";

async function hasApprovedApplication(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: membershipApplications.id })
    .from(membershipApplications)
    .where(
      and(eq(membershipApplications.userId, userId), eq(membershipApplications.status, "approved")),
    )
    .limit(1);
  return row !== undefined;
}

/** Suspends a member: their sessions end at once and login answers 403 until reinstated. */
export async function suspendMember(actor: Actor, id: string, reason: string) {
  assertAdmin(actor);
  const member = await requireAccount(id);
  if (member.status === "suspended") return member;
  if (id === actor.user.id) throw new AppError("conflict", "자기 자신은 정지할 수 없습니다.");
  await guardLastAdmin(member);
  const db = await getDb();
  await db
    .update(users)
    .set({ suspendedAt: new Date(nowMs()), suspensionReason: reason })
    .where(eq(users.id, id));
  await endAllSessions(id);
  await audit(actor.audit, "member_suspend", { id, label: label(member) }, { reason });
  await notifySuspended(member, reason);
  return requireAccount(id);
}

export async function reinstateMember(actor: Actor, id: string) {
  assertAdmin(actor);
  const member = await requireAccount(id);
  if (member.status !== "suspended") return member;
  const db = await getDb();
  await db.update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, id));
  await audit(actor.audit, "member_reinstate", { id, label: label(member) });
  await notifyReinstated(member);
  return requireAccount(id);
}

/** Ends every session of the member (a lost phone, a shared computer). */
export async function endMemberSessions(actor: Actor, id: string) {
  assertAdmin(actor);
  const member = await requireAccount(id);
  await endAllSessions(id);
  await recordAuthEvent(id, "session_ended", { ip: actor.audit.ip ?? null });
  await audit(actor.audit, "member_end_sessions", { id, label: label(member) });
  return requireAccount(id);
}

/**
 * Approves several pending sign-ups at once, each exactly as a single approval (audited and
 * mailed). Ids that are not pending sign-ups are passed over; the answer counts the approvals.
 */
export async function approveMembers(actor: Actor, ids: string[]) {
  assertAdmin(actor);
  const db = await getDb();
  const pending = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), statusCondition.pending));
  for (const { id } of pending) await approveMember(actor, id);
  return { approved: pending.length };
}
