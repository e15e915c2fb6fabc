// The votes' services on their own: the office's calls refuse a member's actor before reading
// anything; the schemas read the office's form and the JSON call alike; the quorum's rule; and a
// ballot's rules in the order a caller meets them (404, 400, 403, 409) with the roll and the box
// left as they were.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import {
  annulSchema,
  ballotSchema,
  normalReceipt,
  officeVoteForms,
  quorumNeeded,
  voteSchema,
} from "~/features/votes/validation";
import {
  annulVote,
  castBallot,
  changeRoll,
  checkReceipt,
  createVote,
  deleteVote,
  listVotesForOffice,
  publishResults,
  turnoutForOffice,
  voteForOffice,
  voteResults,
} from "~/features/votes/votes.server";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { ballots, voteRoll } from "~db/schema";
import { insertActor } from "../support/people";
import { expectAdminOnly, expectRefused, UNKNOWN_ID } from "../support/refusals";

const MINUTE = 60_000;
const input = (overrides: Record<string, unknown> = {}) =>
  voteSchema.parse({
    title: "예산안",
    kind: "resolution",
    electorate: "members",
    opensAt: new Date(Date.now() - MINUTE).toISOString(),
    closesAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
    ...overrides,
  });

describe("the office's vote calls", () => {
  it("refuse a member's actor", async () => {
    const member = await insertActor();
    await expectAdminOnly({
      create: () => createVote(member, input()),
      list: () => listVotesForOffice(member, { page: 1, pageSize: 20 }),
      turnout: () => turnoutForOffice(member, UNKNOWN_ID),
      detail: () => voteForOffice(member, UNKNOWN_ID),
      roll: () =>
        changeRoll(member, UNKNOWN_ID, { change: "add", userId: member.user.id, reason: "x" }),
      annul: () => annulVote(member, UNKNOWN_ID, "x"),
      delete: () => deleteVote(member, UNKNOWN_ID),
      notice: () => publishResults(member, UNKNOWN_ID),
    });
  });

  it("answer 404 for a vote that does not exist", async () => {
    const admin = await insertActor({ role: "admin" });
    await expectRefused(() => turnoutForOffice(admin, UNKNOWN_ID), 404, "투표를 찾을 수 없습니다.");
    await expectRefused(() => turnoutForOffice(admin, "not-an-id"), 404);
    await expectRefused(() => voteResults(UNKNOWN_ID), 404);
  });
});

describe("the schemas", () => {
  it("read the options as a list or as the form's lines, and a resolution needs none", () => {
    expect(input().options).toBeUndefined();
    const election = input({
      kind: "election",
      options: "김후보 | /objects/00000000-0000-4000-8000-000000000000 | 소개\n이후보",
    });
    expect(election.options).toEqual([
      {
        label: "김후보",
        photoUrl: "/objects/00000000-0000-4000-8000-000000000000",
        statement: "소개",
      },
      { label: "이후보", photoUrl: null, statement: null },
    ]);
    expect(voteSchema.safeParse({ ...input(), options: ["찬성", "찬성"] }).success).toBe(false);
    expect(
      officeVoteForms.create.safeParse({
        title: "예산안",
        kind: "resolution",
        options: "",
        opensAt: "2030-01-01T10:00",
        closesAt: "2030-01-01T09:00",
        quorum: "",
      }).error?.issues[0]?.message,
    ).toBe("종료 시각은 시작 시각보다 뒤여야 합니다");
    expect(ballotSchema.parse({ choice: "2" }).choice).toBe(2);
    expect(ballotSchema.safeParse({ choice: true }).success).toBe(false);
    expect(annulSchema.safeParse({ reason: " " }).success).toBe(false);
  });

  it("read a receipt in any case with spaces or dashes, and nothing else", () => {
    const receipt = "0123456789abcdef0123456789abcdef";
    expect(normalReceipt("0123 4567 89AB CDEF-0123-4567-89ab-cdef")).toBe(receipt);
    expect(normalReceipt("0123")).toBeNull();
    expect(normalReceipt(`${receipt}0`)).toBeNull();
  });

  it("count the quorum as ballots, or as a share of the roll rounded up", () => {
    expect(quorumNeeded(null, 10)).toBe(0);
    expect(quorumNeeded(3, 10)).toBe(3);
    expect(quorumNeeded(0.5, 9)).toBe(5);
    expect(quorumNeeded(0.5, 10)).toBe(5);
  });
});

describe("a ballot", () => {
  it("meets its rules in order and leaves the roll and the box as they were when refused", async () => {
    const admin = await insertActor({ role: "admin" });
    const voter = await insertActor();
    const { id } = await createVote(admin, input());
    const outsider = await insertActor();
    await expectRefused(() => castBallot(voter.user, UNKNOWN_ID, 0), 404);
    await expectRefused(() => castBallot(voter.user, id, 3), 400);
    await expectRefused(
      () => castBallot(outsider.user, id, 0),
      403,
      "선거인 명부에 없는 회원입니다.",
    );
    const { receipt } = await castBallot(voter.user, id, 2);
    await expectRefused(() => castBallot(voter.user, id, 1), 409, "이미 투표하셨습니다.");
    const db = await getDb();
    const box = await db.select().from(ballots).where(eq(ballots.voteId, id));
    expect(box.map((ballot) => ballot.choice)).toEqual([2]);
    expect(box[0]?.receiptHash).not.toContain(receipt);
    const roll = await db.select().from(voteRoll).where(eq(voteRoll.voteId, id));
    expect(roll.filter((row) => row.voted).map((row) => row.userId)).toEqual([voter.user.id]);

    await expectRefused(() => voteResults(id), 409, "투표가 끝난 뒤에 공개됩니다.");
    await expectRefused(() => checkReceipt(id, receipt), 409);
    advanceClock(11 * MINUTE);
    try {
      await expectRefused(() => castBallot(voter.user, id, 1), 409);
      const results = await voteResults(id);
      expect(results.counts.map((count) => count.votes)).toEqual([0, 0, 1]);
      await expect(checkReceipt(id, receipt)).resolves.toEqual({ counted: true });
      await expectRefused(() => checkReceipt(id, "bad"), 400);
    } finally {
      resetClock();
    }
  });
});
