// Bank statement import: the office uploads a statement, the site reads its deposits
// (statement.server.ts), keeps them in `dues_imports`, and proposes a member for each deposit:
// the depositor name equal to a member's name, or to the name plus the suffix the member was told
// to use (depositorNameOf), with the amount equal to a fee of the year. Nothing is recorded until
// the office confirms; a confirmed deposit is recorded with its statement reference, which is
// unique, so importing the same statement again records nothing twice.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { duesImports, duesPayments, users } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import {
  depositorNameOf,
  duesOfMember,
  getDuesYear,
  recordImportedPayments,
  YEAR_NOT_SET,
} from "./dues.server";
import { readStatement, type StatementRow } from "./statement.server";
import type { PaymentInput } from "./validation";

const IMPORT_NOT_FOUND = "가져온 거래내역을 찾을 수 없습니다.";

/** How a deposit stands against the roster. */
export type MatchStatus =
  | "recorded" // already recorded from a statement
  | "match" // one member, a fee's amount: proposed
  | "check_amount" // one member, but the amount is not a fee of the year
  | "already_paid" // one member who has already paid the year
  | "ambiguous" // several members of that name
  | "unmatched"; // no member of that name

export type Candidate = { id: string; name: string; email: string; hospitalName: string };

export type ImportRow = StatementRow & {
  index: number;
  status: MatchStatus;
  candidates: Candidate[];
  /** The proposed member (preselected in the confirmation form), if any. */
  proposed: string | null;
};

const squash = (text: string) => text.replace(/[\s()·.\-_]/g, "");

/** Stores a statement's deposits for confirmation; answers the import's id and its rows. */
export async function createImport(actor: Actor, year: number, fileName: string, bytes: Buffer) {
  assertAdmin(actor);
  if (!(await getDuesYear(year))) throw new AppError("invalid", YEAR_NOT_SET(year));
  const rows = await readStatement(bytes);
  const db = await getDb();
  const [created] = await db
    .insert(duesImports)
    .values({
      year,
      fileName: fileName.slice(0, 200) || "거래내역",
      rows,
      createdBy: actor.user.id,
    })
    .returning({ id: duesImports.id });
  await audit(
    actor.audit,
    "dues_import",
    { label: `${year}년 회비 거래내역` },
    { year, fileName: fileName.slice(0, 200), deposits: rows.length },
  );
  return previewOf(created!.id);
}

/**
 * An import with each deposit's proposed match, as it stands now: the candidates are members'
 * names and e-mails, for the office only.
 */
export async function importPreview(actor: Actor, importId: string) {
  assertAdmin(actor);
  return previewOf(importId);
}

async function previewOf(importId: string) {
  if (!isUuid(importId)) throw new AppError("not_found", IMPORT_NOT_FOUND);
  const db = await getDb();
  const [found] = await db.select().from(duesImports).where(eq(duesImports.id, importId));
  if (!found) throw new AppError("not_found", IMPORT_NOT_FOUND);
  const settings = await getDuesYear(found.year);
  const fees = new Set([settings?.regularFee, settings?.lifetimeFee].filter((v) => v));

  // Members whose (squashed) name is a depositor as written, or a depositor without its suffix.
  const names = new Set<string>();
  for (const row of found.rows) {
    const depositor = squash(row.depositor);
    names.add(depositor);
    names.add(depositor.replace(/\d+$/, ""));
  }
  const members = names.size
    ? await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          hospitalName: users.hospitalName,
        })
        .from(users)
        .where(
          and(
            eq(users.isApproved, true),
            isNull(users.suspendedAt),
            inArray(sql`regexp_replace(${users.name}, '[\\s()·.\\-_]', '', 'g')`, [...names]),
          ),
        )
    : [];
  const refs = found.rows.map((row) => row.ref);
  const recorded = new Set(
    (
      await db
        .select({ ref: duesPayments.importRef })
        .from(duesPayments)
        .where(and(isNotNull(duesPayments.importRef), inArray(duesPayments.importRef, refs)))
    ).map((row) => row.ref),
  );
  // What each member has paid of the year: in full, a deposit of theirs is no dues; in part (or
  // after a partial refund), a deposit of the rest is.
  const paidSoFar = new Map(
    members.length
      ? (
          await db
            .select({
              userId: duesPayments.userId,
              total: sql<number>`sum(${duesPayments.amount})::int`,
            })
            .from(duesPayments)
            .where(
              and(
                eq(duesPayments.year, found.year),
                isNull(duesPayments.voidedAt),
                inArray(
                  duesPayments.userId,
                  members.map((m) => m.id),
                ),
              ),
            )
            .groupBy(duesPayments.userId)
        ).map((row) => [row.userId, Number(row.total)])
      : [],
  );
  const regularFee = settings?.regularFee ?? 0;
  const paidInFull = (id: string) => (paidSoFar.get(id) ?? 0) >= Math.max(regularFee, 1);
  // Nothing paid yet: the fee (or the lifetime fee); part paid: exactly the rest. Anything else
  // (the whole fee again after a part, say) is the office's to check.
  const fitsWhatIsOwed = (id: string, amount: number) => {
    const paid = paidSoFar.get(id) ?? 0;
    return paid === 0 ? fees.has(amount) : amount === regularFee - paid;
  };

  const rows: ImportRow[] = found.rows.map((row, index) => {
    const depositor = squash(row.depositor);
    const bySuffix = members.filter((m) => squash(depositorNameOf(m)) === depositor);
    const byName = members.filter((m) => squash(m.name) === depositor);
    const byPrefix = members.filter((m) => squash(m.name) === depositor.replace(/\d+$/, ""));
    const found_ = bySuffix.length ? bySuffix : byName.length ? byName : byPrefix;
    const candidates = found_.map(({ id, name, email, hospitalName }) => ({
      id,
      name,
      email,
      hospitalName,
    }));
    let status: MatchStatus;
    if (recorded.has(row.ref)) status = "recorded";
    else if (candidates.length === 0) status = "unmatched";
    else if (candidates.length > 1 || (!bySuffix.length && !byName.length)) status = "ambiguous";
    else if (paidInFull(candidates[0]!.id)) status = "already_paid";
    else if (!fitsWhatIsOwed(candidates[0]!.id, row.amount)) status = "check_amount";
    else status = "match";
    return {
      ...row,
      index,
      status,
      candidates: status === "recorded" ? [] : candidates,
      proposed: status === "match" ? candidates[0]!.id : null,
    };
  });
  const counts = { match: 0, recorded: 0, review: 0, unmatched: 0 };
  for (const row of rows) {
    if (row.status === "match") counts.match += 1;
    else if (row.status === "recorded") counts.recorded += 1;
    else if (row.status === "unmatched") counts.unmatched += 1;
    else counts.review += 1;
  }
  return {
    id: found.id,
    year: found.year,
    fileName: found.fileName,
    createdAt: found.createdAt,
    rows,
    counts,
  };
}

/**
 * Records the deposits the office confirmed: each pick names a row and one of that row's
 * candidates. Every pick is checked before anything is recorded, and all are recorded in one
 * transaction, so a bad pick (a row picked twice, a member not among its candidates) is a 400
 * with nothing recorded. A row already recorded (this import confirmed twice, or the same
 * statement imported again) is skipped. Answers how many were recorded and skipped.
 */
async function isApprovedMember(userId: string) {
  if (!isUuid(userId)) return false;
  const db = await getDb();
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isApproved, true), isNull(users.rejectedAt)));
  return Boolean(found);
}

export type DepositorMatch = {
  id: string;
  name: string;
  email: string;
  phoneTail: string;
  hospitalName: string | null;
  /** Suspended members pay too, but the statement's matching leaves them to the office. */
  suspended: boolean;
};

/**
 * Members the office may mean for a deposit nobody matched: by name, by phone digits, or by the
 * depositor name we ask for (name and the phone's last four, "홍길동5678"). Ten at most.
 */
export async function findDepositors(actor: Actor, query: string): Promise<DepositorMatch[]> {
  assertAdmin(actor);
  const name = query.replace(/[\d\s-]/g, "").slice(0, 50);
  const digits = query.replace(/\D/g, "").slice(0, 11);
  if (name.length === 0 && digits.length < 4) return [];
  const phoneDigits = sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g')`;
  const conditions = [eq(users.isApproved, true), isNull(users.rejectedAt)];
  if (name) conditions.push(sql`strpos(${users.name}, ${name}) > 0`);
  if (digits.length >= 4) {
    conditions.push(
      name
        ? sql`right(${phoneDigits}, ${digits.length}) = ${digits}`
        : sql`strpos(${phoneDigits}, ${digits}) > 0`,
    );
  }
  const db = await getDb();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      hospitalName: users.hospitalName,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(users.name, users.id)
    .limit(10);
  return rows.map(({ phone, suspendedAt, ...row }) => ({
    ...row,
    phoneTail: phone.replace(/\D/g, "").slice(-4),
    suspended: suspendedAt !== null,
  }));
}

/**
 * A deposit for a member whose year is already paid in full (online, by hand, or earlier in this
 * same confirmation) is no dues: recorded, the year showed twice the fee and two 납부확인서, as
 * entering it by hand refuses. The office returns it instead.
 */
async function refuseYearsPaidInFull(
  year: number,
  entries: { input: PaymentInput; importRef: string }[],
) {
  const fee = (await getDuesYear(year))?.regularFee ?? 0;
  if (fee === 0) return;
  const paid = new Map<string, number>();
  for (const { input } of entries) {
    if (!paid.has(input.userId)) {
      const fact = (await duesOfMember(input.userId, [year])).facts.get(year);
      paid.set(input.userId, fact?.paid ?? 0);
      if (fact?.exempt) paid.set(input.userId, Number.POSITIVE_INFINITY);
    }
    if (paid.get(input.userId)! >= fee) {
      throw new AppError(
        "conflict",
        `${input.depositorName}님의 입금: 이 회원은 ${year}년 회비를 이미 모두 납부했거나 면제받았습니다. 중복 입금이면 기록하지 말고 돌려드려주세요.`,
      );
    }
    paid.set(input.userId, paid.get(input.userId)! + input.amount);
  }
}

export async function confirmImport(
  actor: Actor,
  importId: string,
  picks: { index: number; userId: string }[],
) {
  assertAdmin(actor);
  const preview = await previewOf(importId);
  let skipped = 0;
  const used = new Set<number>();
  const entries: { input: PaymentInput; importRef: string }[] = [];
  for (const pick of picks) {
    const row = preview.rows[pick.index];
    if (!row || used.has(pick.index)) {
      throw new AppError("invalid", "확인할 거래를 다시 선택해주세요.");
    }
    used.add(pick.index);
    if (row.status === "recorded") {
      skipped += 1;
      continue;
    }
    // A deposit with candidates goes to one of them; one that matched nobody, to the approved
    // member the office found for it (findDepositors).
    const allowed =
      row.status === "unmatched"
        ? await isApprovedMember(pick.userId)
        : row.candidates.some((c) => c.id === pick.userId);
    if (!allowed) {
      throw new AppError("invalid", `${row.depositor}님의 입금에 고른 회원이 후보에 없습니다.`);
    }
    entries.push({
      importRef: row.ref,
      input: {
        userId: pick.userId,
        year: preview.year,
        amount: row.amount,
        method: "계좌이체",
        paidAt: row.paidAt,
        depositorName: row.depositor,
        memo: `거래내역 가져오기: ${preview.fileName}`.slice(0, 500),
      },
    });
  }
  await refuseYearsPaidInFull(preview.year, entries);
  const recorded =
    entries.length > 0 ? await recordImportedPayments(actor, preview.year, entries) : 0;
  // A reference recorded meanwhile (another confirmation at the same moment) is skipped too.
  return { recorded, skipped: skipped + entries.length - recorded };
}
