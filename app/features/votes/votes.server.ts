// Votes of the general meeting (총회): resolutions and elections by secret ballot (docs/votes.md).
//
// - The office publishes a vote; the roll (선거인 명부) is fixed then, from the electorate's rule
//   on that Seoul day (정회원 standing: `standingCondition` of the dues area). It changes only by
//   the office, with a reason (audited); nobody is added once the window opens.
// - A ballot is cast in one transaction: the vote's row is locked, the member's roll row is marked
//   voted by a conditional update (a second ballot finds nothing to mark: 409), and the vote's
//   ballots are rewritten in a fresh random order with the new one among them. A ballot holds the
//   option and the SHA-256 of a random receipt, never the voter, a time or an order.
// - Results and receipts stay sealed (409) for everyone until the close; an annulled vote stays
//   sealed for good. The office sees turnout and who voted (the day at most), never a choice.
import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db.server";
import { createAnnouncement } from "~/features/announcements/announcements.server";
import { type Actor, assertAdmin } from "~/features/audit/actor.server";
import { audit } from "~/features/audit/audit.server";
import { standingCondition } from "~/features/dues/standing.server";
import { enqueueMail, toAdministrators } from "~/features/mail/mail.server";
import { safely } from "~/features/mail/notifications.server";
import { textMember } from "~/features/messages/messages.server";
import { mobileDigits } from "~/features/messages/templates";
import { MEMBER_TYPE_LABELS } from "~/features/society/member-labels";
import { now as clockNow } from "~/lib/clock.server";
import { toCsv } from "~/lib/csv";
import { formatDateTime, seoulDate } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { OBJECT_PATH } from "~/lib/validation";
import type { Transaction as Tx } from "~db/client.server";
import { ballots, users, type VoteOption, voteObjections, voteRoll, votes } from "~db/schema";
import { objectionMail, resultsNoticeHtml, voteOpenedMail, voteUrl } from "./messages.server";
import {
  KIND_LABELS,
  normalReceipt,
  OBJECTIONS_PER_MEMBER,
  OBJECTIONS_USED_UP,
  quorumNeeded,
  RESOLUTION_OPTIONS,
  type RollChange,
  type VoteInput,
} from "./validation";

type Vote = typeof votes.$inferSelect;
type Db = Awaited<ReturnType<typeof getDb>>;

/** The member a ballot, an objection or a page is for: the signed-in user. */
type Member = { id: string; name: string };

const notFound = () => new AppError("not_found", "투표를 찾을 수 없습니다.");
const VOTE_ALREADY_CLOSED = "투표 종료 시각이 이미 지났습니다. 앞으로의 시각을 입력해주세요.";
const SEALED = "투표가 끝난 뒤에 공개됩니다.";
const ANNULLED = "무효 처리된 투표입니다.";

/** Where a vote stands at `at`: upcoming, open, closed or annulled. */
export function statusOf(vote: Pick<Vote, "opensAt" | "closesAt" | "annulledAt">, at: Date) {
  if (vote.annulledAt) return "annulled" as const;
  if (at < vote.opensAt) return "upcoming" as const;
  if (at < vote.closesAt) return "open" as const;
  return "closed" as const;
}

async function findVote(db: Db | Tx, voteId: string, lock = false): Promise<Vote> {
  if (!isUuid(voteId)) throw notFound();
  const query = db.select().from(votes).where(eq(votes.id, voteId));
  const [vote] = lock ? await query.for("update") : await query;
  if (!vote) throw notFound();
  return vote;
}

/** Who the electorate's rule puts on the roll on the day of `at`. */
function electorateCondition(electorate: string, at: Date) {
  if (electorate === "full") return standingCondition("full", at);
  // Every approved doctor: not the door staff's accounts, nor an office account made with
  // admin:create, which has no licence ("-"); an administrator who signed up as a doctor votes.
  return sql`(${users.isApproved} and ${users.suspendedAt} is null and ${users.role} <> 'checkin' and ${users.licenseNumber} <> '-')`;
}

const hashReceipt = (receipt: string) => crypto.createHash("sha256").update(receipt).digest("hex");

// ---------------------------------------------------------------------------------------------
// The office

/** Publishes a vote and fixes its roll; a window already open opens (and is announced) at once. */
export async function createVote(actor: Actor, input: VoteInput) {
  assertAdmin(actor);
  const db = await getDb();
  const now = clockNow();
  // A vote published already over would fix its roll, notify every voter and show its result at
  // once: a date typed wrong, not a wish.
  if (input.closesAt.getTime() <= now.getTime()) {
    throw new AppError("invalid", VOTE_ALREADY_CLOSED, { closesAt: VOTE_ALREADY_CLOSED });
  }
  const options: VoteOption[] =
    input.options?.map((item) => ({
      label: item.label,
      photoUrl: item.photoUrl ?? null,
      statement: item.statement ?? null,
    })) ?? RESOLUTION_OPTIONS.map((label) => ({ label }));
  const { id, eligible } = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(votes)
      .values({
        title: input.title,
        description: input.description,
        kind: input.kind,
        options,
        opensAt: input.opensAt,
        closesAt: input.closesAt,
        electorate: input.electorate,
        quorum: input.quorum ?? null,
        rollFixedAt: now,
        createdBy: actor.audit.actor.id,
      })
      .returning({ id: votes.id });
    const voteId = created!.id;
    const rolled = await tx.execute(
      sql`insert into vote_roll (vote_id, user_id)
          select ${voteId}, ${users.id} from ${users}
          where ${electorateCondition(input.electorate, now)}
          returning user_id`,
    );
    const eligible = rowsOf(rolled).length;
    // A number of ballots larger than the roll could never be met: a share typed as a number.
    if (input.quorum && input.quorum >= 1 && input.quorum > eligible) {
      const message = `의결 정족수(${input.quorum}표)가 선거인 수(${eligible}명)보다 많습니다. 표 수나 0.5 같은 비율로 다시 입력해주세요.`;
      throw new AppError("invalid", message, { quorum: message });
    }
    return { id: voteId, eligible };
  });
  await audit(
    actor.audit,
    "vote_create",
    { id, label: input.title },
    { kind: input.kind, electorate: input.electorate, eligible },
  );
  if (input.opensAt <= now) await notifyOpenedVotes(now);
  return { id };
}

/** The office's list: every vote, newest window first, with its turnout. */
export async function listVotesForOffice(actor: Actor, window: { page: number; pageSize: number }) {
  assertAdmin(actor);
  const db = await getDb();
  const now = clockNow();
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: votes.id,
        title: votes.title,
        kind: votes.kind,
        opensAt: votes.opensAt,
        closesAt: votes.closesAt,
        electorate: votes.electorate,
        quorum: votes.quorum,
        annulledAt: votes.annulledAt,
        noticeId: votes.noticeId,
        eligible: sql<number>`(select count(*)::int from vote_roll r where r.vote_id = ${votes.id})`,
        voted: sql<number>`(select count(*)::int from vote_roll r where r.vote_id = ${votes.id} and r.voted)`,
      })
      .from(votes)
      .orderBy(desc(votes.opensAt), desc(votes.id))
      .limit(window.pageSize)
      .offset((window.page - 1) * window.pageSize),
    db.select({ value: count() }).from(votes),
  ]);
  return {
    items: rows.map((row) => ({ ...row, status: statusOf(row, now) })),
    total: total?.value ?? 0,
    page: window.page,
    pageSize: window.pageSize,
  };
}

/** Turnout for the quorum: how many are on the roll, how many voted and who (the day at most). */
export async function turnoutForOffice(actor: Actor, voteId: string) {
  assertAdmin(actor);
  const db = await getDb();
  await findVote(db, voteId);
  const roll = await db
    .select({ id: users.id, name: users.name, voted: voteRoll.voted, votedOn: voteRoll.votedOn })
    .from(voteRoll)
    .innerJoin(users, eq(users.id, voteRoll.userId))
    .where(eq(voteRoll.voteId, voteId))
    .orderBy(asc(users.name), asc(users.id));
  const voters = roll
    .filter((row) => row.voted)
    .map((row) => ({ id: row.id, name: row.name, votedAt: row.votedOn }));
  return { eligible: roll.length, voted: voters.length, voters };
}

/**
 * What the office's page shows of one vote: its settings (the options only once it closed), the
 * turnout, the roll (on it, voted or not) and the members' objections. Never a choice.
 */
export async function voteForOffice(actor: Actor, voteId: string) {
  assertAdmin(actor);
  const db = await getDb();
  const now = clockNow();
  const vote = await findVote(db, voteId);
  const [roll, objections] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        memberType: users.memberType,
        voted: voteRoll.voted,
        votedOn: voteRoll.votedOn,
      })
      .from(voteRoll)
      .innerJoin(users, eq(users.id, voteRoll.userId))
      .where(eq(voteRoll.voteId, voteId))
      .orderBy(asc(users.name), asc(users.id)),
    db
      .select({
        id: voteObjections.id,
        text: voteObjections.text,
        createdAt: voteObjections.createdAt,
        name: users.name,
        email: users.email,
      })
      .from(voteObjections)
      .innerJoin(users, eq(users.id, voteObjections.userId))
      .where(eq(voteObjections.voteId, voteId))
      .orderBy(asc(voteObjections.createdAt)),
  ]);
  const status = statusOf(vote, now);
  const { options: _sealedUntilClose, ...settings } = vote;
  return {
    vote: { ...settings, status, optionCount: vote.options.length },
    eligible: roll.length,
    voted: roll.filter((row) => row.voted).length,
    roll,
    objections,
    results: status === "closed" ? await tally(db, vote, roll.length) : null,
  };
}

/**
 * The roll as CSV for the office's records (name, e-mail, member type, voted, the day): who voted,
 * never what. A personal-data export: its purpose is audited with the row count.
 */
export async function rollCsv(actor: Actor, voteId: string, purpose: string) {
  const { vote, roll } = await voteForOffice(actor, voteId);
  await audit(
    actor.audit,
    "export_vote_roll",
    { id: vote.id, label: vote.title },
    {
      purpose,
      count: roll.length,
    },
  );
  return toCsv(
    ["이름", "이메일", "회원 구분", "투표 여부", "투표일"],
    roll.map((member) => [
      member.name,
      member.email,
      MEMBER_TYPE_LABELS[member.memberType as keyof typeof MEMBER_TYPE_LABELS] ?? member.memberType,
      member.voted ? "투표함" : "미투표",
      member.votedOn ?? "",
    ]),
  );
}

/** Adds a member to the roll (before the window opens) or takes one off it, with a reason. */
export async function changeRoll(actor: Actor, voteId: string, input: RollChange) {
  assertAdmin(actor);
  const db = await getDb();
  const now = clockNow();
  const vote = await findVote(db, voteId);
  const status = statusOf(vote, now);
  if (status === "annulled") throw new AppError("conflict", ANNULLED);
  if (status === "closed") throw new AppError("conflict", "끝난 투표의 명부는 바꿀 수 없습니다.");
  const [member] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isApproved: users.isApproved,
      suspendedAt: users.suspendedAt,
      role: users.role,
      licenseNumber: users.licenseNumber,
    })
    .from(users)
    .where(
      input.userId
        ? eq(users.id, input.userId)
        : sql`lower(${users.email}) = lower(${input.email ?? ""}) and ${users.rejectedAt} is null`,
    );
  if (!member) throw new AppError("not_found", "회원을 찾을 수 없습니다.");
  const subject = { id: vote.id, label: vote.title };
  if (input.change === "add") {
    if (status !== "upcoming") {
      throw new AppError("conflict", "투표가 시작된 뒤에는 명부에 추가할 수 없습니다.");
    }
    if (!member.isApproved)
      throw new AppError("conflict", "승인된 회원만 명부에 올릴 수 있습니다.");
    if (member.suspendedAt) {
      throw new AppError("conflict", "자격이 정지된 회원은 명부에 올릴 수 없습니다.");
    }
    // The electorate's rule (electorateCondition above) holds by hand too.
    if (member.role === "checkin" || member.licenseNumber === "-") {
      throw new AppError("conflict", "사무국·출석 담당 계정은 명부에 올릴 수 없습니다.");
    }
    const added = await db
      .insert(voteRoll)
      .values({ voteId: vote.id, userId: member.id })
      .onConflictDoNothing()
      .returning({ userId: voteRoll.userId });
    if (added.length === 0) throw new AppError("conflict", "이미 명부에 있는 회원입니다.");
  } else {
    const [row] = await db
      .select({ voted: voteRoll.voted })
      .from(voteRoll)
      .where(and(eq(voteRoll.voteId, vote.id), eq(voteRoll.userId, member.id)));
    if (!row) throw new AppError("not_found", "명부에 없는 회원입니다.");
    const removed = await db
      .delete(voteRoll)
      .where(
        and(
          eq(voteRoll.voteId, vote.id),
          eq(voteRoll.userId, member.id),
          eq(voteRoll.voted, false),
        ),
      )
      .returning({ userId: voteRoll.userId });
    if (removed.length === 0) {
      throw new AppError("conflict", "이미 투표한 회원은 명부에서 뺄 수 없습니다.");
    }
  }
  await audit(actor.audit, input.change === "add" ? "vote_roll_add" : "vote_roll_remove", subject, {
    member: member.id,
    memberName: member.name,
    reason: input.reason,
  });
  const [eligible] = await db
    .select({ value: count() })
    .from(voteRoll)
    .where(eq(voteRoll.voteId, vote.id));
  return { eligible: eligible?.value ?? 0 };
}

/** Annuls a vote with a reason: no more ballots, and its ballots stay sealed for good. */
export async function annulVote(actor: Actor, voteId: string, reason: string) {
  assertAdmin(actor);
  const db = await getDb();
  const vote = await findVote(db, voteId);
  // After the close the office has seen the count: annulling then would undo an outcome it did
  // not like. A flawed vote is annulled while it runs; after it, the general meeting decides.
  if (!vote.annulledAt && vote.closesAt.getTime() <= clockNow().getTime()) {
    throw new AppError(
      "conflict",
      "끝난 투표는 무효 처리할 수 없습니다. 결과에 문제가 있으면 총회에서 다시 의결해주세요.",
    );
  }
  const [annulled] = await db
    .update(votes)
    .set({ annulledAt: clockNow(), annulReason: reason })
    .where(and(eq(votes.id, vote.id), sql`${votes.annulledAt} is null`))
    .returning({ id: votes.id, annulledAt: votes.annulledAt });
  if (!annulled) throw new AppError("conflict", "이미 무효 처리된 투표입니다.");
  await audit(actor.audit, "vote_annul", { id: vote.id, label: vote.title }, { reason });
  return { id: annulled.id, annulledAt: annulled.annulledAt, annulReason: reason };
}

/** Deletes a vote that has no ballot; one with ballots can only be annulled. */
export async function deleteVote(actor: Actor, voteId: string) {
  assertAdmin(actor);
  const db = await getDb();
  const vote = await db.transaction(async (tx) => {
    const found = await findVote(tx, voteId, true);
    const [cast] = await tx
      .select({ value: count() })
      .from(ballots)
      .where(eq(ballots.voteId, found.id));
    if ((cast?.value ?? 0) > 0) {
      throw new AppError(
        "conflict",
        "투표한 회원이 있는 투표는 삭제할 수 없습니다. 무효 처리해주세요.",
      );
    }
    await tx.delete(votes).where(eq(votes.id, found.id));
    return found;
  });
  await audit(actor.audit, "vote_delete", { id: vote.id, label: vote.title });
}

/** Publishes a closed vote's results as a notice (once); answers the notice's id. */
export async function publishResults(actor: Actor, voteId: string) {
  assertAdmin(actor);
  const db = await getDb();
  const vote = await findVote(db, voteId);
  const status = statusOf(vote, clockNow());
  if (status === "annulled") throw new AppError("conflict", ANNULLED);
  if (status !== "closed") throw new AppError("conflict", SEALED);
  if (vote.noticeId) throw new AppError("conflict", "이미 결과를 공지했습니다.");
  const results = await resultsOf(vote);
  const notice = await createAnnouncement(actor, {
    title: `[투표 결과] ${vote.title}`.slice(0, 200),
    content: resultsNoticeHtml(vote, results),
    category: "공지",
  });
  const [marked] = await db
    .update(votes)
    .set({ noticeId: notice.id })
    .where(and(eq(votes.id, vote.id), sql`${votes.noticeId} is null`))
    .returning({ id: votes.id });
  if (!marked) throw new AppError("conflict", "이미 결과를 공지했습니다.");
  await audit(
    actor.audit,
    "vote_results_publish",
    { id: vote.id, label: vote.title },
    {
      notice: notice.id,
    },
  );
  return { announcementId: notice.id };
}

// ---------------------------------------------------------------------------------------------
// Members

/** The votes a member sees: every vote, newest window first, with their place on the roll. */
export async function listVotesForMember(member: Member) {
  const db = await getDb();
  const now = clockNow();
  const rows = await db
    .select({
      id: votes.id,
      title: votes.title,
      kind: votes.kind,
      opensAt: votes.opensAt,
      closesAt: votes.closesAt,
      annulledAt: votes.annulledAt,
      onRoll: sql<boolean>`${voteRoll.userId} is not null`,
      voted: sql<boolean>`coalesce(${voteRoll.voted}, false)`,
    })
    .from(votes)
    .leftJoin(voteRoll, and(eq(voteRoll.voteId, votes.id), eq(voteRoll.userId, member.id)))
    .orderBy(desc(votes.opensAt), desc(votes.id))
    .limit(100);
  return rows.map((row) => ({
    ...row,
    onRoll: Boolean(row.onRoll),
    voted: Boolean(row.voted),
    status: statusOf(row, now),
  }));
}

/**
 * The open votes that wait for this member's ballot (on the roll, not yet voted), closing first:
 * 마이페이지 names them at its top, the site's menu having no place for votes.
 */
export async function votesAwaitingBallotOf(userId: string) {
  const db = await getDb();
  const now = clockNow();
  return db
    .select({ id: votes.id, title: votes.title, closesAt: votes.closesAt })
    .from(votes)
    .innerJoin(voteRoll, and(eq(voteRoll.voteId, votes.id), eq(voteRoll.userId, userId)))
    .where(
      and(
        eq(voteRoll.voted, false),
        isNull(votes.annulledAt),
        lte(votes.opensAt, now),
        gt(votes.closesAt, now),
      ),
    )
    .orderBy(votes.closesAt)
    .limit(5);
}

/** One vote as a member sees it: the options, their place on the roll, and the results once closed. */
export async function voteForMember(member: Member, voteId: string) {
  const db = await getDb();
  const now = clockNow();
  const vote = await findVote(db, voteId);
  const [[place], objections, [eligible]] = await Promise.all([
    // With the member's text settings: the page says how the opening will be announced to them.
    db
      .select({ voted: voteRoll.voted, messagesEnabled: users.messagesEnabled, phone: users.phone })
      .from(voteRoll)
      .innerJoin(users, eq(users.id, voteRoll.userId))
      .where(and(eq(voteRoll.voteId, vote.id), eq(voteRoll.userId, member.id))),
    db
      .select({
        id: voteObjections.id,
        text: voteObjections.text,
        createdAt: voteObjections.createdAt,
      })
      .from(voteObjections)
      .where(and(eq(voteObjections.voteId, vote.id), eq(voteObjections.userId, member.id)))
      .orderBy(asc(voteObjections.createdAt)),
    db.select({ value: count() }).from(voteRoll).where(eq(voteRoll.voteId, vote.id)),
  ]);
  const status = statusOf(vote, now);
  return {
    id: vote.id,
    title: vote.title,
    description: vote.description,
    kind: vote.kind,
    // A photo from another site, saved before the form refused them, is not shown to members: that
    // site would learn who opened the ballot.
    options: vote.options.map((option) => ({
      ...option,
      photoUrl: option.photoUrl && OBJECT_PATH.test(option.photoUrl) ? option.photoUrl : null,
    })),
    opensAt: vote.opensAt,
    closesAt: vote.closesAt,
    electorate: vote.electorate,
    quorum: vote.quorum,
    rollFixedAt: vote.rollFixedAt,
    annulledAt: vote.annulledAt,
    annulReason: vote.annulReason,
    noticeId: vote.noticeId,
    status,
    onRoll: Boolean(place),
    /** Whether the opening goes to them as a text too (texts on, a mobile number), not mail alone. */
    textedWhenOpen: Boolean(place?.messagesEnabled && mobileDigits(place.phone)),
    voted: place?.voted ?? false,
    objections,
    results: status === "closed" ? await tally(db, vote, eligible?.value ?? 0) : null,
  };
}

/** A member's objection to the roll, until the window opens; the office is mailed. 409 past three. */
export async function objectToRoll(member: Member, voteId: string, text: string) {
  const db = await getDb();
  const vote = await findVote(db, voteId);
  const status = statusOf(vote, clockNow());
  if (status !== "upcoming") {
    throw new AppError("conflict", "명부에 대한 이의는 투표가 시작되기 전까지 낼 수 있습니다.");
  }
  const [made] = await db
    .select({ value: count() })
    .from(voteObjections)
    .where(and(eq(voteObjections.voteId, vote.id), eq(voteObjections.userId, member.id)));
  if ((made?.value ?? 0) >= OBJECTIONS_PER_MEMBER) {
    throw new AppError("conflict", OBJECTIONS_USED_UP);
  }
  const [objection] = await db
    .insert(voteObjections)
    .values({ voteId: vote.id, userId: member.id, text })
    .returning({ id: voteObjections.id, createdAt: voteObjections.createdAt });
  await mailObjection(vote, member, text);
  return { id: objection!.id, createdAt: objection!.createdAt };
}

const mailObjection = safely(async (vote: Vote, member: Member, text: string) => {
  const { subject, text: body, html } = objectionMail("", vote, member.name, text);
  await enqueueMail(await toAdministrators({ subject, text: body, html }));
});

/**
 * Casts the member's ballot for option `choice` and answers the receipt, shown once: only its
 * SHA-256 is kept. 404 unknown vote, 400 no such option, 403 not on the roll, 409 outside the
 * window, annulled, or a second ballot.
 */
export async function castBallot(member: Member, voteId: string, choice: number) {
  const db = await getDb();
  const receipt = crypto.randomBytes(16).toString("hex");
  const receiptHash = hashReceipt(receipt);
  await db.transaction(async (tx) => {
    // The vote's lock orders its ballots: one rewrite of the box at a time.
    const vote = await findVote(tx, voteId, true);
    if (choice >= vote.options.length) {
      throw new AppError("invalid", "선택지를 골라주세요", { choice: "선택지를 골라주세요" });
    }
    const [place] = await tx
      .select({ voted: voteRoll.voted })
      .from(voteRoll)
      .where(and(eq(voteRoll.voteId, vote.id), eq(voteRoll.userId, member.id)));
    if (!place) throw new AppError("forbidden", "선거인 명부에 없는 회원입니다.");
    const now = clockNow();
    const status = statusOf(vote, now);
    if (status === "annulled") throw new AppError("conflict", ANNULLED);
    if (status === "upcoming") throw new AppError("conflict", "아직 투표 기간이 아닙니다.");
    if (status === "closed") throw new AppError("conflict", "투표가 마감되었습니다.");
    const marked = await tx
      .update(voteRoll)
      .set({ voted: true, votedOn: seoulDate(now) })
      .where(
        and(
          eq(voteRoll.voteId, vote.id),
          eq(voteRoll.userId, member.id),
          eq(voteRoll.voted, false),
        ),
      )
      .returning({ userId: voteRoll.userId });
    if (marked.length === 0) throw new AppError("conflict", "이미 투표하셨습니다.");
    await reshuffleBallots(tx, vote.id, { choice, receiptHash });
  });
  return { receipt };
}

/**
 * Writes the vote's ballots again, the new one among them, in a random order under new random
 * ids: afterwards every ballot of the vote was written by this one transaction, in an order that
 * says nothing, so neither the table's physical order nor a row's `xmin` tells when (or with whose
 * roll row) a ballot came in. See docs/votes.md for what this does not cover.
 */
async function reshuffleBallots(
  tx: Tx,
  voteId: string,
  added: { choice: number; receiptHash: string },
) {
  const box = await tx
    .delete(ballots)
    .where(eq(ballots.voteId, voteId))
    .returning({ choice: ballots.choice, receiptHash: ballots.receiptHash });
  box.push(added);
  for (let i = box.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [box[i], box[j]] = [box[j]!, box[i]!];
  }
  for (let i = 0; i < box.length; i += 5000) {
    await tx.insert(ballots).values(
      box.slice(i, i + 5000).map((ballot) => ({
        id: crypto.randomUUID(),
        voteId,
        choice: ballot.choice,
        receiptHash: ballot.receiptHash,
      })),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Results and receipts (sealed until the close)

export type VoteResults = {
  eligible: number;
  turnout: number;
  counts: { option: string; votes: number }[];
  quorumMet: boolean;
};

async function tally(db: Db, vote: Vote, eligible: number): Promise<VoteResults> {
  const rows = await db
    .select({ choice: ballots.choice, votes: count() })
    .from(ballots)
    .where(eq(ballots.voteId, vote.id))
    .groupBy(ballots.choice);
  const byChoice = new Map(rows.map((row) => [row.choice, Number(row.votes)]));
  const turnout = rows.reduce((sum, row) => sum + Number(row.votes), 0);
  return {
    eligible,
    turnout,
    counts: vote.options.map((option, index) => ({
      option: option.label,
      votes: byChoice.get(index) ?? 0,
    })),
    quorumMet: turnout >= quorumNeeded(vote.quorum, eligible),
  };
}

async function resultsOf(vote: Vote) {
  const db = await getDb();
  const [eligible] = await db
    .select({ value: count() })
    .from(voteRoll)
    .where(eq(voteRoll.voteId, vote.id));
  return tally(db, vote, eligible?.value ?? 0);
}

/** Refuses (409) while the vote is open or upcoming, or for good once annulled. */
async function unsealedVote(voteId: string) {
  const db = await getDb();
  const vote = await findVote(db, voteId);
  const status = statusOf(vote, clockNow());
  if (status === "annulled") throw new AppError("conflict", ANNULLED);
  if (status !== "closed") throw new AppError("conflict", SEALED);
  return vote;
}

/** The results, for everyone alike and only after the close. */
export async function voteResults(voteId: string): Promise<VoteResults> {
  return resultsOf(await unsealedVote(voteId));
}

/** Whether a receipt's ballot is in the count (after the close): 400 malformed, 404 unknown. */
export async function checkReceipt(voteId: string, receipt: string) {
  if (!isUuid(voteId)) throw notFound();
  const plain = normalReceipt(receipt);
  if (!plain) throw new AppError("invalid", "영수증 번호의 형식이 올바르지 않습니다.");
  const vote = await unsealedVote(voteId);
  const db = await getDb();
  const [found] = await db
    .select({ id: ballots.id })
    .from(ballots)
    .where(and(eq(ballots.voteId, vote.id), eq(ballots.receiptHash, hashReceipt(plain))));
  if (!found) throw new AppError("not_found", "이 투표에서 찾을 수 없는 영수증 번호입니다.");
  return { counted: true as const };
}

// ---------------------------------------------------------------------------------------------
// The window opens

/**
 * Tells each member on the roll of every vote whose window opened (not annulled, not yet
 * closed), by mail and by text, once: the vote is claimed by a conditional update, so of several
 * instances only one sends. Answers how many votes were announced.
 */
export async function notifyOpenedVotes(at: Date = clockNow()) {
  const db = await getDb();
  const claimed = await db
    .update(votes)
    .set({ notifiedAt: at })
    .where(
      and(
        sql`${votes.notifiedAt} is null`,
        sql`${votes.annulledAt} is null`,
        sql`${votes.opensAt} <= ${at.toISOString()}`,
        sql`${votes.closesAt} > ${at.toISOString()}`,
      ),
    )
    .returning();
  for (const vote of claimed) {
    const roll = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(voteRoll)
      .innerJoin(users, eq(users.id, voteRoll.userId))
      // A member suspended since the roll was fixed cannot sign in to vote: no invitation.
      .where(and(eq(voteRoll.voteId, vote.id), isNull(users.suspendedAt)));
    await enqueueMail(roll.map((member) => voteOpenedMail(member, vote)));
    for (const member of roll) {
      await textMember(member.id, "voteOpened", {
        name: member.name,
        title: vote.title,
        kind: KIND_LABELS[vote.kind as "resolution"] ?? "투표",
        closes: formatDateTime(vote.closesAt),
        url: voteUrl(vote.id),
      });
    }
  }
  return claimed.length;
}
