// Full-member standing (정회원 자격): the one place that decides whether a member counts
// as 정회원 today. Seminars whose audience is 정회원, the header, /mypage and (later) the library's
// 정회원 items all ask `hasFullStanding`; nothing else should read `users.member_type` for this.
//
// The rule, for the Seoul calendar day `today` in year Y:
// - 명예회원 (honorary) and 평생회원 (lifetime) always stand (set by the office; no yearly dues).
// - 정회원 (regular: an approved full-membership application) stands in a year when that year
//   asks no dues (the office has not set it up), or its dues are paid (the year's non-voided
//   payments reach the regular fee), or the member is exempted for it.
// - During the grace period (until the previous year's `graceUntil`, default 31 March of Y) the
//   previous year's standing holds.
// - Anyone else (준회원, pending, suspended) does not stand.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { seoulDate, seoulYear } from "~/lib/dates";
import { keptPerKeyUntilWrite, keptUntilWrite } from "~/lib/kept-read.server";
import { duesExemptions, duesPayments, duesYears, users } from "~db/schema";

/** The grace period's default end for a year's dues: 31 March of the following year. */
export const defaultGraceUntil = (year: number) => `${year + 1}-03-31`;

/** The member types that stand without yearly dues. */
const STANDING_WITHOUT_DUES = new Set(["honorary", "lifetime"]);

export type YearSettings = {
  year: number;
  regularFee: number;
  lifetimeFee: number;
  dueDate: string;
  graceUntil: string;
  bankAccount: string;
};

/** What decides one member's standing in one year. */
export type YearFacts = { settings: YearSettings | null; paid: number; exempt: boolean };

/** Whether a regular member stands in a year, from that year's facts. */
export const regularStandsIn = (facts: YearFacts) =>
  !facts.settings || facts.exempt || facts.paid >= facts.settings.regularFee;

/**
 * The rule itself, without the database: whether a member of `memberType` stands on `today`
 * given the facts of this year and the previous one.
 */
export function standsOn(
  memberType: string,
  today: string,
  current: YearFacts,
  previous: YearFacts & { year: number },
) {
  if (STANDING_WITHOUT_DUES.has(memberType)) return true;
  if (memberType !== "regular") return false;
  if (regularStandsIn(current)) return true;
  const graceUntil = previous.settings?.graceUntil ?? defaultGraceUntil(previous.year);
  return today <= graceUntil && regularStandsIn(previous);
}

// Every year the office has set up: a handful of rows that nearly every member's page asks about
// (the standing in the header, /mypage, a member record), kept until the next write.
const allYearSettings = keptUntilWrite(async (): Promise<Map<number, YearSettings>> => {
  const db = await getDb();
  const rows = await db
    .select({
      year: duesYears.year,
      regularFee: duesYears.regularFee,
      lifetimeFee: duesYears.lifetimeFee,
      dueDate: duesYears.dueDate,
      graceUntil: duesYears.graceUntil,
      bankAccount: duesYears.bankAccount,
    })
    .from(duesYears);
  return new Map(rows.map((row) => [row.year, row]));
});

/** The settings of `years` that the office has set up, by year. */
export async function yearSettings(years: number[]): Promise<Map<number, YearSettings>> {
  const all = await allYearSettings();
  const settings = new Map<number, YearSettings>();
  for (const year of years) {
    const found = all.get(year);
    if (found) settings.set(year, found);
  }
  return settings;
}

/** A member's paid sum and exemption for each of `years`. */
export async function memberYearFacts(userId: string, years: number[]) {
  const db = await getDb();
  const [settings, paid, exempt] = await Promise.all([
    yearSettings(years),
    db
      .select({
        year: duesPayments.year,
        sum: sql<number>`coalesce(sum(${duesPayments.amount}), 0)::int`,
      })
      .from(duesPayments)
      .where(
        and(
          eq(duesPayments.userId, userId),
          inArray(duesPayments.year, years),
          isNull(duesPayments.voidedAt),
        ),
      )
      .groupBy(duesPayments.year),
    db
      .select({ year: duesExemptions.year })
      .from(duesExemptions)
      .where(and(eq(duesExemptions.userId, userId), inArray(duesExemptions.year, years))),
  ]);
  const facts = new Map<number, YearFacts>();
  for (const year of years) {
    facts.set(year, {
      settings: settings.get(year) ?? null,
      paid: Number(paid.find((row) => row.year === year)?.sum ?? 0),
      exempt: exempt.some((row) => row.year === year),
    });
  }
  return facts;
}

export type Standing = {
  /** Whether the member counts as 정회원 today. */
  full: boolean;
  /** The member type as recorded (associate, regular, honorary, lifetime). */
  memberType: string;
  /** Seoul day and year the answer is for. */
  today: string;
  year: number;
  /** For a regular member who stands only through the previous year's grace period: its end. */
  graceUntil: string | null;
  /** A regular member whose standing lapsed for unpaid dues (not a 준회원 who never applied). */
  lapsed: boolean;
};

/** A member's standing on the day of `at` (the server's clock by default). */
export async function standingOf(
  member: { id: string; memberType: string; isApproved?: boolean; suspendedAt?: Date | null },
  at: Date = clockNow(),
): Promise<Standing> {
  const year = seoulYear(at);
  const needsFacts = member.isApproved !== false && !member.suspendedAt;
  const facts =
    needsFacts && member.memberType === "regular"
      ? await memberYearFacts(member.id, [year, year - 1])
      : new Map<number, YearFacts>();
  return standingFrom(member, at, facts);
}

/**
 * The rule applied to facts already read: `facts` must hold this year and the previous one for a
 * regular member (the member record reads them with its lists of payments and exemptions).
 */
export function standingFrom(
  member: { memberType: string; isApproved?: boolean; suspendedAt?: Date | null },
  at: Date,
  facts: Map<number, YearFacts>,
): Standing {
  const today = seoulDate(at);
  const year = Number(today.slice(0, 4));
  const base = { memberType: member.memberType, today, year, graceUntil: null, lapsed: false };
  if (member.isApproved === false || member.suspendedAt) return { ...base, full: false };
  if (member.memberType !== "regular") {
    return { ...base, full: STANDING_WITHOUT_DUES.has(member.memberType) };
  }
  const none: YearFacts = { settings: null, paid: 0, exempt: false };
  const current = facts.get(year) ?? none;
  const previous = { ...(facts.get(year - 1) ?? none), year: year - 1 };
  const full = standsOn(member.memberType, today, current, previous);
  const byGrace = full && !regularStandsIn(current);
  return {
    ...base,
    full,
    graceUntil: byGrace ? (previous.settings?.graceUntil ?? defaultGraceUntil(year - 1)) : null,
    lapsed: !full,
  };
}

/**
 * The standing of a signed-in member (approved, not suspended), for every request: no query at all
 * unless the member is a 정회원, whose standing turns on dues; then one, which the embedded
 * database keeps per member and Seoul day until the next write (a payment, an exemption, the
 * dues settings: decision 010). Folding the rule into the session query instead cost every
 * member ≈ 0.7 ms of planning per request on PGlite.
 */
export async function signedInStanding(member: { id: string; memberType: string }) {
  if (member.memberType !== "regular") return STANDING_WITHOUT_DUES.has(member.memberType);
  const at = clockNow();
  return keptStanding(`${member.id} ${seoulDate(at)}`, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ full: sql<boolean>`${standingCondition("full", at)}` })
      .from(users)
      .where(eq(users.id, member.id));
    return Boolean(row?.full);
  });
}

const keptStanding = keptPerKeyUntilWrite<boolean>({ max: 5_000 });

// ---------------------------------------------------------------------------------------------
// The same rule in SQL, for the roster's filters (a condition on `users`).

/** Whether the member's dues for `year` are settled: no dues that year, exempted, or paid. */
const settledIn = (year: number) => sql`(
  not exists (select 1 from dues_years d where d.year = ${year})
  or exists (select 1 from dues_exemptions e where e.user_id = ${users.id} and e.year = ${year})
  or coalesce((select sum(p.amount) from dues_payments p
      where p.user_id = ${users.id} and p.year = ${year} and p.voided_at is null), 0)
    >= (select d.regular_fee from dues_years d where d.year = ${year}))`;

/** Members in full-member standing (`full`) or regular members whose standing lapsed, today. */
export function standingCondition(kind: "full" | "lapsed", at: Date = clockNow()) {
  const today = seoulDate(at);
  const year = Number(today.slice(0, 4));
  const regularStands = sql`(${settledIn(year)} or (
    ${today} <= coalesce((select d.grace_until::text from dues_years d where d.year = ${year - 1}), ${defaultGraceUntil(year - 1)})
    and ${settledIn(year - 1)}))`;
  const live = sql`${users.isApproved} and ${users.suspendedAt} is null`;
  if (kind === "full") {
    return sql`(${live} and (${users.memberType} in ('honorary', 'lifetime') or (${users.memberType} = 'regular' and ${regularStands})))`;
  }
  return sql`(${live} and ${users.memberType} = 'regular' and not ${regularStands})`;
}

/** Regular members who paid, did not pay, or were exempted (honorary members too) for `year`. */
export function duesCondition(kind: "paid" | "unpaid" | "exempt", year: number) {
  const exempted = sql`exists (select 1 from dues_exemptions e where e.user_id = ${users.id} and e.year = ${year})`;
  const paid = sql`coalesce((select sum(p.amount) from dues_payments p
      where p.user_id = ${users.id} and p.year = ${year} and p.voided_at is null), 0)
    >= coalesce((select d.regular_fee from dues_years d where d.year = ${year}), 1)`;
  if (kind === "paid") return sql`(${paid})`;
  if (kind === "exempt") {
    return sql`(${users.isApproved} and (${users.memberType} = 'honorary' or (${users.memberType} = 'regular' and ${exempted})))`;
  }
  return sql`(${users.isApproved} and ${users.memberType} = 'regular' and not ${exempted} and not (${paid}))`;
}
