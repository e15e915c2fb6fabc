// The general meeting's secret ballots (issue 42, docs/votes.md), over real HTTP on PGlite and
// PostgreSQL: the roll fixed at publication, one member one ballot under 20 parallel attempts,
// the window, results and receipts sealed until the close (the office included), the quorum,
// annulment, the notices when the window opens, and what the office and the database can read:
// turnout and who voted, never a choice, and no column or order that joins a ballot to a voter.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CANDIDATE_PHOTO_MESSAGE } from "~/features/votes/validation";
import { advanceClock, nowMs, resetClock } from "~/lib/clock.server";
import { auditLog, ballots, mailQueue, messageQueue, users, voteRoll, votes } from "~db/schema";
import { createAdmin, json, type LoggedIn, postForm } from "../support/accounts";
import { mainText } from "../support/html";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const MINUTE = 60_000;

let admin: LoggedIn;
const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});
afterEach(() => {
  resetClock();
});

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  sendJson(server, method, path, body, { cookie });

type Results = {
  eligible: number;
  turnout: number;
  counts: { option: string; votes: number }[];
  quorumMet: boolean;
};

/** A vote open from a minute ago for 20 minutes, unless told otherwise. */
function voteInput(overrides: Record<string, unknown> = {}) {
  const now = nowMs(); // the server's clock, which a test may have moved on
  return {
    title: "2027년도 예산안 승인",
    description: "정기총회 제1호 안건",
    kind: "resolution",
    opensAt: new Date(now - MINUTE).toISOString(),
    closesAt: new Date(now + 20 * MINUTE).toISOString(),
    electorate: "members",
    ...overrides,
  };
}

async function publish(overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/admin/votes", admin.cookie, voteInput(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  const body = await json<{ id: string }>(res);
  expect(Object.keys(body)).toEqual(["id"]);
  return body.id;
}

const cast = (voteId: string, member: Member, choice: unknown) =>
  call("POST", `/api/votes/${voteId}/ballots`, member.cookie, { choice });

async function castOk(voteId: string, member: Member, choice: number) {
  const res = await cast(voteId, member, choice);
  expect(res.status, await res.clone().text()).toBe(201);
  const { receipt } = await json<{ receipt: string }>(res);
  expect(receipt).toMatch(/^[0-9a-f]{32}$/);
  return receipt;
}

const closeAll = () => advanceClock(25 * MINUTE);

const members = (count: number, overrides: Parameters<typeof insertMember>[1] = {}) =>
  Promise.all(Array.from({ length: count }, () => insertMember(server, overrides)));

describe("publishing a vote", () => {
  it("answers 201 { id }, defaults a resolution to 찬성/반대/기권, and is the office's alone", async () => {
    const id = await publish();
    const [row] = await server.db.select().from(votes).where(eq(votes.id, id));
    expect(row?.options.map((option) => option.label)).toEqual(["찬성", "반대", "기권"]);
    expect(row?.rollFixedAt).toBeInstanceOf(Date);

    const member = await insertMember(server);
    expect((await call("POST", "/api/admin/votes", member.cookie, voteInput())).status).toBe(403);
    expect((await call("POST", "/api/admin/votes", null, voteInput())).status).toBe(401);
    expect((await call("GET", `/api/admin/votes/${id}`, member.cookie)).status).toBe(403);

    const [audited] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "vote_create"), eq(auditLog.subjectId, id)));
    expect(audited?.actorId).toBe(admin.id);
  });

  it("refuses bad input with Korean messages (400)", async () => {
    const cases = [
      voteInput({ closesAt: new Date(Date.now() - 2 * MINUTE).toISOString() }),
      // A whole window in the past would publish a vote already over.
      voteInput({
        opensAt: new Date(Date.now() - 48 * 60 * MINUTE).toISOString(),
        closesAt: new Date(Date.now() - 24 * 60 * MINUTE).toISOString(),
      }),
      voteInput({ kind: "poll" }),
      voteInput({ title: "" }),
      voteInput({ kind: "election" }),
      voteInput({ options: ["하나"] }),
      voteInput({ opensAt: "언제" }),
      voteInput({ opensAt: "0001-01-01T00:00" }),
      voteInput({ closesAt: "+010000-01-01T00:00:00Z" }),
      voteInput({ quorum: -1 }),
      voteInput({ electorate: "everyone" }),
    ];
    for (const input of cases) {
      const res = await call("POST", "/api/admin/votes", admin.cookie, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      const body = await json<{ message: string }>(res);
      expect(body.message).toMatch(/[가-힣]/);
    }
  });

  it("takes an election's candidates with a photo uploaded here and a statement", async () => {
    const photo = "/objects/6f1c2b9e-0d4a-4c1e-9a57-3b2f8e1d0c44";
    const id = await publish({
      kind: "election",
      title: "제20대 회장 선거",
      options: [
        { label: "김후보", photoUrl: photo, statement: "회원과 함께" },
        { name: "이후보", statement: "투명한 학회" },
      ],
    });
    const member = await insertMember(server);
    const vote = await json<{ options: { label: string; photoUrl: string | null }[] }>(
      await call("GET", `/api/votes/${id}`, member.cookie),
    );
    expect(vote.options).toMatchObject([
      { label: "김후보", photoUrl: photo, statement: "회원과 함께" },
      { label: "이후보", statement: "투명한 학회" },
    ]);
    // A member off the roll sees the candidates, photos included.
    expect((await page(server, `/votes/${id}`, member.cookie)).html).toContain(`src="${photo}"`);
    // A photo from another site saved before the form refused them is shown to nobody.
    const external = "https://tracker.example.com/kim.jpg";
    await server.db
      .update(votes)
      .set({
        options: [{ label: "김후보", photoUrl: external, statement: null }, { label: "이후보" }],
      })
      .where(eq(votes.id, id));
    const after = await json<{ options: { photoUrl: string | null }[] }>(
      await call("GET", `/api/votes/${id}`, member.cookie),
    );
    expect(after.options[0]?.photoUrl).toBeNull();
    expect((await page(server, `/votes/${id}`, member.cookie)).html).not.toContain(external);
  });

  it("tells a member on the roll how the opening will reach them: a text only if texts are on", async () => {
    const texted = await insertMember(server);
    const mailOnly = await insertMember(server);
    await server.db.update(users).set({ messagesEnabled: false }).where(eq(users.id, mailOnly.id));
    const id = await publish({
      opensAt: new Date(nowMs() + 60 * MINUTE).toISOString(),
      closesAt: new Date(nowMs() + 120 * MINUTE).toISOString(),
    });
    expect((await page(server, `/votes/${id}`, texted.cookie)).html).toContain(
      "시작되면 문자와 메일로 알려드립니다.",
    );
    const told = (await page(server, `/votes/${id}`, mailOnly.cookie)).html;
    expect(told).toContain("시작되면 메일로 알려드립니다.");
    expect(told).not.toContain("문자와 메일로");
  });

  it("refuses a candidate's photo from another site (it would learn who opened the ballot) or a script address", async () => {
    for (const photoUrl of ["https://example.com/kim.jpg", "javascript:alert(1)", "/emblem.svg"]) {
      const res = await call("POST", "/api/admin/votes", admin.cookie, {
        ...voteInput({ kind: "election" }),
        options: [{ label: "김후보", photoUrl }, { label: "이후보" }],
      });
      expect(res.status, photoUrl).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe(CANDIDATE_PHOTO_MESSAGE);
    }
  });
});

describe("the roll", () => {
  it("is fixed at publication: `full` takes 정회원 standing (명예·평생 included), not 준회원", async () => {
    const regular = await insertMember(server, { memberType: "regular" });
    const honorary = await insertMember(server, { memberType: "honorary" });
    const lifetime = await insertMember(server, { memberType: "lifetime" });
    const associate = await insertMember(server, { memberType: "associate" });
    const suspended = await insertMember(server, { memberType: "regular" });
    await server.db.execute(
      sql`update users set suspended_at = now(), suspension_reason = '정지' where id = ${suspended.id}`,
    );
    const id = await publish({ electorate: "full" });
    const roll = await server.db.select().from(voteRoll).where(eq(voteRoll.voteId, id));
    const on = new Set(roll.map((row) => row.userId));
    expect(on.has(regular.id) && on.has(honorary.id) && on.has(lifetime.id)).toBe(true);
    expect(on.has(associate.id)).toBe(false);
    expect(on.has(suspended.id)).toBe(false);

    expect((await cast(id, associate, 0)).status).toBe(403);
    await castOk(id, regular, 0);
  });

  it("does not take a member approved after publication, and nobody is added after the window opens", async () => {
    const id = await publish();
    const late = await insertMember(server);
    expect((await cast(id, late, 0)).status).toBe(403);
    const mine = await json<{ onRoll: boolean }>(
      await call("GET", `/api/votes/${id}`, late.cookie),
    );
    expect(mine.onRoll).toBe(false);

    const add = await call("POST", `/api/admin/votes/${id}/roll`, admin.cookie, {
      change: "add",
      userId: late.id,
      reason: "명부 누락",
    });
    expect(add.status).toBe(409);
    expect((await cast(id, late, 0)).status).toBe(403);
  });

  it("changes before the window only by the office, with a reason (audited); members object until it opens", async () => {
    const opensAt = new Date(Date.now() + 10 * MINUTE).toISOString();
    const id = await publish({ opensAt });
    const late = await insertMember(server);
    const before = await json<{ onRoll: boolean; status: string }>(
      await call("GET", `/api/votes/${id}`, late.cookie),
    );
    expect(before).toMatchObject({ onRoll: false, status: "upcoming" });

    const objection = await call("POST", `/api/votes/${id}/objection`, late.cookie, {
      text: "정회원인데 명부에 없습니다",
    });
    expect(objection.status).toBe(201);
    // Each one mails the office: three a member, then a 409 that sends no mail.
    for (const text of ["보충 1", "보충 2"]) {
      expect((await call("POST", `/api/votes/${id}/objection`, late.cookie, { text })).status).toBe(
        201,
      );
    }
    const mailCount = async () => (await server.db.select().from(mailQueue)).length;
    const mailsBefore = await mailCount();
    const fourth = await call("POST", `/api/votes/${id}/objection`, late.cookie, { text: "넷째" });
    expect(fourth.status).toBe(409);
    expect((await json<{ message: string }>(fourth)).message).toContain("3건까지");
    expect(await mailCount()).toBe(mailsBefore);
    // The page says so instead of offering a form that would be refused.
    const votePage = await page(server, `/votes/${id}`, late.cookie);
    expect(votePage.html).toContain("한 투표에 3건까지");
    expect(votePage.html).not.toContain('name="text"');

    const noReason = await call("POST", `/api/admin/votes/${id}/roll`, admin.cookie, {
      change: "add",
      userId: late.id,
    });
    expect(noReason.status).toBe(400);
    const byMember = await call("POST", `/api/admin/votes/${id}/roll`, late.cookie, {
      change: "add",
      userId: late.id,
      reason: "내가 추가",
    });
    expect(byMember.status).toBe(403);

    const added = await call("POST", `/api/admin/votes/${id}/roll`, admin.cookie, {
      change: "add",
      email: late.email,
      reason: "이의 신청 확인: 정회원",
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const again = await call("POST", `/api/admin/votes/${id}/roll`, admin.cookie, {
      change: "add",
      userId: late.id,
      reason: "두 번",
    });
    expect(again.status).toBe(409);
    // A suspended member cannot be put on the roll: they could not sign in to vote.
    const suspended = await insertMember(server);
    await server.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    const addSuspended = await call("POST", `/api/admin/votes/${id}/roll`, admin.cookie, {
      change: "add",
      userId: suspended.id,
      reason: "이의 신청",
    });
    expect(addSuspended.status).toBe(409);
    expect((await json<{ message: string }>(addSuspended)).message).toContain("정지");
    // The office's own account (made with admin:create, no licence) is no voter.
    const [adminOnRoll] = await server.db
      .select()
      .from(voteRoll)
      .where(and(eq(voteRoll.voteId, id), eq(voteRoll.userId, admin.id)));
    expect(adminOnRoll).toBeUndefined();
    // Nor can the office put it, or the door staff's account, on the roll by hand.
    const checkin = await insertMember(server);
    await server.db.update(users).set({ role: "checkin" }).where(eq(users.id, checkin.id));
    for (const userId of [admin.id, checkin.id]) {
      const addOffice = await call("POST", `/api/admin/votes/${id}/roll`, admin.cookie, {
        change: "add",
        userId,
        reason: "명부 누락",
      });
      expect(addOffice.status).toBe(409);
      expect((await json<{ message: string }>(addOffice)).message).toContain(
        "명부에 올릴 수 없습니다",
      );
    }
    const [audited] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "vote_roll_add"), eq(auditLog.subjectId, id)));
    expect(audited?.detail).toMatchObject({ member: late.id, reason: "이의 신청 확인: 정회원" });

    advanceClock(11 * MINUTE);
    expect(
      (await call("POST", `/api/votes/${id}/objection`, late.cookie, { text: "늦은 이의" })).status,
    ).toBe(409);
    await castOk(id, late, 1);
    const removeVoter = await call("POST", `/api/admin/votes/${id}/roll`, admin.cookie, {
      change: "remove",
      userId: late.id,
      reason: "잘못 추가",
    });
    expect(removeVoter.status).toBe(409);
  });
});

describe("voting", () => {
  it("counts one ballot per member under 20 parallel attempts", async () => {
    const [member] = await members(1);
    const id = await publish();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cast(id, member!, i % 3)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(
      statuses.filter((status) => status === 201),
      JSON.stringify(await Promise.all(answers.map((res) => res.text()))),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const stored = await server.db.select().from(ballots).where(eq(ballots.voteId, id));
    expect(stored).toHaveLength(1);
    const [place] = await server.db
      .select()
      .from(voteRoll)
      .where(and(eq(voteRoll.voteId, id), eq(voteRoll.userId, member!.id)));
    expect(place?.voted).toBe(true);
  });

  it("answers 401 to visitors, 400 to a choice that is no option, 409 outside the window", async () => {
    const id = await publish({ opensAt: new Date(Date.now() + 5 * MINUTE).toISOString() });
    const member = await insertMember(server);
    // The member must be on the roll: added before the window.
    await call("POST", `/api/admin/votes/${id}/roll`, admin.cookie, {
      change: "add",
      userId: member.id,
      reason: "테스트",
    });
    expect((await call("POST", `/api/votes/${id}/ballots`, null, { choice: 0 })).status).toBe(401);
    expect((await cast(id, member, 0)).status).toBe(409); // not yet open
    advanceClock(6 * MINUTE);
    for (const choice of [3, -1, "찬성", 1.5, null]) {
      expect((await cast(id, member, choice)).status, String(choice)).toBe(400);
    }
    expect(
      (await call("POST", "/api/votes/not-a-vote/ballots", member.cookie, { choice: 0 })).status,
    ).toBe(404);
    advanceClock(20 * MINUTE);
    expect((await cast(id, member, 0)).status).toBe(409); // closed
  });
});

describe("sealed until the close", () => {
  it("answers 409 to everyone before the close, then the tally in the options' order with the quorum", async () => {
    const voters = await members(4);
    const id = await publish({ quorum: 3 });
    const expected = [0, 0, 1, 2];
    const receipts: string[] = [];
    for (const [i, member] of voters.entries()) {
      receipts.push(await castOk(id, member, expected[i]!));
    }
    for (const cookie of [admin.cookie, voters[0]!.cookie, null]) {
      expect((await call("GET", `/api/votes/${id}/results`, cookie)).status).toBe(409);
    }
    expect(
      (await call("GET", `/api/votes/${id}/receipts/${receipts[0]}`, voters[0]!.cookie)).status,
    ).toBe(409);
    expect((await call("POST", `/api/admin/votes/${id}/notice`, admin.cookie)).status).toBe(409);

    closeAll();
    const res = await call("GET", `/api/votes/${id}/results`, voters[1]!.cookie);
    expect(res.status).toBe(200);
    const results = await json<Results>(res);
    expect(results.counts).toEqual([
      { option: "찬성", votes: 2 },
      { option: "반대", votes: 1 },
      { option: "기권", votes: 1 },
    ]);
    expect(results.turnout).toBe(4);
    expect(results.eligible).toBeGreaterThanOrEqual(4);
    expect(results.quorumMet).toBe(true);
    expect(await json(await call("GET", `/api/votes/${id}/results`, admin.cookie))).toEqual(
      results,
    );

    // Receipts: counted after the close, 404 unknown, 400 malformed.
    for (const receipt of receipts) {
      const check = await call("GET", `/api/votes/${id}/receipts/${receipt}`, voters[0]!.cookie);
      expect(await json(check)).toEqual({ counted: true });
    }
    const grouped = receipts[1]!
      .toUpperCase()
      .replace(/(.{4})/g, "$1-")
      .slice(0, -1);
    expect((await call("GET", `/api/votes/${id}/receipts/${grouped}`, null)).status).toBe(200);
    expect((await call("GET", `/api/votes/${id}/receipts/${"0".repeat(32)}`, null)).status).toBe(
      404,
    );
    expect((await call("GET", `/api/votes/${id}/receipts/not-a-receipt`, null)).status).toBe(400);
    expect((await call("GET", `/api/votes/${id}/receipts/${"g".repeat(32)}`, null)).status).toBe(
      400,
    );

    // The results as a notice, once.
    const notice = await call("POST", `/api/admin/votes/${id}/notice`, admin.cookie);
    expect(notice.status).toBe(201);
    const { announcementId } = await json<{ announcementId: string }>(notice);
    const published = await json<{ title: string; content: string }>(
      await call("GET", `/api/announcements/${announcementId}`, voters[0]!.cookie),
    );
    expect(published.title).toContain("투표 결과");
    expect(published.content).toContain("찬성: 2표");
    expect((await call("POST", `/api/admin/votes/${id}/notice`, admin.cookie)).status).toBe(409);
  });

  it("tells whether the quorum was met: a number of ballots or a share of the roll", async () => {
    const [first, second] = await members(3);
    const voters = [first!, second!];
    const byCount = await publish({ quorum: 3 });
    const byShare = await publish({ quorum: 0.99 });
    // "50%" is half the roll, not fifty ballots; more ballots than voters, or an absurd number,
    // could never be met and is refused.
    const half = await publish({ quorum: "50%" });
    const [stored] = await server.db.select().from(votes).where(eq(votes.id, half));
    expect(stored?.quorum).toBe(0.5);
    for (const quorum of [100_000, 1e300, "150%"]) {
      const res = await call("POST", "/api/admin/votes", admin.cookie, voteInput({ quorum }));
      expect(res.status, String(quorum)).toBe(400);
      expect((await json<{ message: string }>(res)).message).toMatch(/정족수/);
    }
    for (const member of voters) {
      await castOk(byCount, member, 0);
      await castOk(byShare, member, 0);
    }
    closeAll();
    const count = await json<Results>(
      await call("GET", `/api/votes/${byCount}/results`, admin.cookie),
    );
    const share = await json<Results>(
      await call("GET", `/api/votes/${byShare}/results`, admin.cookie),
    );
    expect(count).toMatchObject({ turnout: 2, quorumMet: false });
    // A vote that has closed stands: it is no longer annulled.
    const late = await call("POST", `/api/admin/votes/${byCount}/annul`, admin.cookie, {
      reason: "결과 불만",
    });
    expect(late.status).toBe(409);
    expect((await json<{ message: string }>(late)).message).toContain("끝난 투표");
    // Nor does the office's page offer it.
    const panel = await page(server, `/admin/votes?id=${byCount}`, admin.cookie);
    expect(panel.status).toBe(200);
    expect(panel.html).toContain("선거인 명부");
    expect(panel.html).not.toContain("무효 처리");
    expect(share.quorumMet).toBe(share.turnout >= Math.ceil(0.99 * share.eligible));
    expect(share.quorumMet).toBe(false);
  });

  it("keeps an annulled vote's ballots sealed for good; a vote with ballots is never deleted", async () => {
    const [member] = await members(1);
    const id = await publish();
    await castOk(id, member!, 1);
    expect((await call("DELETE", `/api/admin/votes/${id}`, admin.cookie)).status).toBe(409);
    expect((await call("POST", `/api/admin/votes/${id}/annul`, admin.cookie, {})).status).toBe(400);
    const annul = await call("POST", `/api/admin/votes/${id}/annul`, admin.cookie, {
      reason: "선거인 명부 오류",
    });
    expect(annul.status).toBe(200);
    expect(
      (await call("POST", `/api/admin/votes/${id}/annul`, admin.cookie, { reason: "또" })).status,
    ).toBe(409);
    closeAll();
    expect((await call("GET", `/api/votes/${id}/results`, admin.cookie)).status).toBe(409);

    const empty = await publish();
    expect((await call("DELETE", `/api/admin/votes/${empty}`, admin.cookie)).status).toBe(204);
    expect((await call("GET", `/api/admin/votes/${empty}`, admin.cookie)).status).toBe(404);
    const actions = (await server.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["vote_annul", "vote_delete"]));
  });
});

describe("what the office can read", () => {
  it("turnout and who voted (the day at most), never a choice: no call, page, audit entry or CSV", async () => {
    const voters = await members(3);
    const id = await publish({
      kind: "election",
      options: ["갑후보비밀", "을후보비밀"],
    });
    await castOk(id, voters[0]!, 0);
    await castOk(id, voters[1]!, 1);

    const res = await call("GET", `/api/admin/votes/${id}`, admin.cookie);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const turnout = await json<{
      eligible: number;
      voted: number;
      voters: { id: string; name: string; votedAt?: string }[];
    }>(res);
    expect(Object.keys(turnout).sort()).toEqual(["eligible", "voted", "voters"]);
    expect(turnout.voted).toBe(2);
    expect(turnout.voters.map((voter) => voter.id).sort()).toEqual(
      [voters[0]!.id, voters[1]!.id].sort(),
    );
    for (const voter of turnout.voters) {
      expect(Object.keys(voter).sort()).toEqual(["id", "name", "votedAt"]);
      expect(voter.votedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    const csv = await server.fetch(
      `/admin/votes/${id}/roll.csv?purpose=${encodeURIComponent("정족수 확인")}`,
      {
        headers: { Cookie: admin.cookie },
      },
    );
    expect(csv.status).toBe(200);
    const rollCsv = await csv.text();
    expect(rollCsv).toContain(voters[0]!.name);
    expect(rollCsv).toContain("투표함");
    expect(
      (await server.fetch(`/admin/votes/${id}/roll.csv`, { headers: { Cookie: admin.cookie } }))
        .status,
    ).toBe(400);

    const secret = /갑후보비밀|을후보비밀/;
    const answers = [
      rollCsv,
      JSON.stringify(turnout),
      await (await call("GET", "/api/admin/votes", admin.cookie)).text(),
      (await page(server, `/admin/votes?id=${id}`, admin.cookie)).html,
      (await page(server, "/admin/votes", admin.cookie)).html,
      (await page(server, "/admin/audit", admin.cookie)).html,
      await (
        await server.fetch(
          "/admin/export/members.csv?purpose=%EC%B4%9D%ED%9A%8C%20%ED%99%95%EC%9D%B8",
          {
            headers: { Cookie: admin.cookie },
          },
        )
      ).text(),
      JSON.stringify(await server.db.select().from(auditLog)),
    ];
    for (const answer of answers) expect(answer).not.toMatch(secret);
    // The admin page shows who voted, by name.
    expect((await page(server, `/admin/votes?id=${id}`, admin.cookie)).html).toContain(
      voters[0]!.name,
    );
  });

  it("stores no column or order that joins a ballot to its voter", async () => {
    const voters = await members(6);
    const id = await publish();
    for (const [i, member] of voters.entries()) await castOk(id, member, i % 3);

    const columns = async (table: string) =>
      (
        (await server.db.execute(
          sql`select column_name, data_type from information_schema.columns where table_name = ${table} order by column_name`,
        )) as unknown as { rows: { column_name: string; data_type: string }[] }
      ).rows;
    expect((await columns("ballots")).map((c) => c.column_name)).toEqual([
      "choice",
      "id",
      "receipt_hash",
      "vote_id",
    ]);
    // The roll records only that (and on which day) a member voted.
    const roll = await columns("vote_roll");
    expect(roll.map((c) => c.column_name)).toEqual(["user_id", "vote_id", "voted", "voted_on"]);
    expect(roll.find((c) => c.column_name === "voted_on")?.data_type).toBe("date");
    // No foreign key from the ballots to anything but the vote.
    const keys = (
      (await server.db.execute(
        sql`select ccu.table_name from information_schema.table_constraints tc
            join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
            where tc.table_name = 'ballots' and tc.constraint_type = 'FOREIGN KEY'`,
      )) as unknown as { rows: { table_name: string }[] }
    ).rows;
    expect(keys.map((key) => key.table_name)).toEqual(["votes"]);

    // Every ballot of the vote was written by one transaction (the last cast rewrote them all),
    // so a row's xmin says nothing of who cast it; and the stored order is not the casting order.
    const stored = (
      (await server.db.execute(
        sql`select xmin::text as xmin, choice, receipt_hash from ballots where vote_id = ${id} order by ctid`,
      )) as unknown as { rows: { xmin: string; choice: number; receipt_hash: string }[] }
    ).rows;
    expect(stored).toHaveLength(6);
    expect(new Set(stored.map((row) => row.xmin)).size).toBe(1);
    // The ids are random (version 4 UUIDs), not sequential.
    const ids = await server.db
      .select({ id: ballots.id })
      .from(ballots)
      .where(eq(ballots.voteId, id));
    for (const { id: ballotId } of ids) expect(ballotId).toMatch(/^[0-9a-f-]{14}4/);
    // Over several runs, the order differs from the casting order (choices cast 0,1,2,0,1,2).
    const castOrder = [0, 1, 2, 0, 1, 2].join();
    const orders = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const other = await publish();
      for (const [i, member] of voters.entries()) await castOk(other, member, i % 3);
      const order = (
        (await server.db.execute(
          sql`select choice from ballots where vote_id = ${other} order by ctid`,
        )) as unknown as { rows: { choice: number }[] }
      ).rows
        .map((row) => row.choice)
        .join();
      orders.add(order);
    }
    expect(orders.size > 1 || !orders.has(castOrder)).toBe(true);
  });
});

describe("when the window opens", () => {
  it("mails and texts each member on the roll a personal link, once across runs", async () => {
    const member = await insertMember(server);
    const suspended = await insertMember(server, { name: "정지된선거인" });
    const id = await publish({ opensAt: new Date(Date.now() + 5 * MINUTE).toISOString() });
    // Suspended after the roll was fixed: still on it, but not invited to a ballot they cannot reach.
    const suspension = await call(
      "POST",
      `/api/admin/members/${suspended.id}/suspend`,
      admin.cookie,
      {
        reason: "회비 미납",
      },
    );
    expect(suspension.status).toBe(200);
    const { runVotesMinute } = await import("~/jobs/votes.server");
    expect(await runVotesMinute()).toBe(0);
    advanceClock(6 * MINUTE);
    const [first, second] = await Promise.all([runVotesMinute(), runVotesMinute()]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await runVotesMinute()).toBe(0);
    const [row] = await server.db.select().from(votes).where(eq(votes.id, id));
    expect(row?.notifiedAt).toBeInstanceOf(Date);

    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email));
    const voteMails = mails.filter((mail) => mail.text.includes(`/votes/${id}`));
    expect(voteMails).toHaveLength(1);
    const texts = await server.db
      .select()
      .from(messageQueue)
      .where(and(eq(messageQueue.userId, member.id), eq(messageQueue.template, "voteOpened")));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain(`/votes/${id}`);
    const toSuspended = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, suspended.email));
    expect(toSuspended.filter((mail) => mail.text.includes(`/votes/${id}`))).toEqual([]);
  });

  it("announces a vote that opens at once when it is published", async () => {
    const member = await insertMember(server);
    const id = await publish();
    const texts = await server.db
      .select()
      .from(messageQueue)
      .where(and(eq(messageQueue.userId, member.id), eq(messageQueue.template, "voteOpened")));
    expect(texts.some((text) => text.text.includes(`/votes/${id}`))).toBe(true);
  });
});

describe("the pages", () => {
  it("lists a closed vote the member did not vote in as 투표하지 않음", async () => {
    const member = await insertMember(server);
    await publish({ title: "기권한 안건" });
    closeAll();
    const list = mainText((await page(server, "/votes", member.cookie)).html);
    expect(list).toMatch(/기권한 안건.*투표하지 않음/s);
  });

  it("lets a member vote through the page with a confirmation step and shows the receipt once", async () => {
    const member = await insertMember(server);
    const id = await publish({ title: "회칙 개정안" });
    // 마이페이지 names the open vote that waits for this member's ballot, at its top.
    const waiting = await page(server, "/mypage", member.cookie);
    expect(mainText(waiting.html)).toMatch(/투표할 총회 안건이 있습니다\s*회칙 개정안/);
    expect(waiting.html).toContain(`href="/votes/${id}"`);
    expect((await page(server, `/votes/${id}`)).status).toBe(302);
    const view = await page(server, `/votes/${id}`, member.cookie);
    expect(view.status).toBe(200);
    expect(view.html).toContain("선택 확인");

    const review = await postForm(
      server,
      `/votes/${id}`,
      { intent: "review", choice: "1" },
      {
        cookie: member.cookie,
      },
    );
    expect(review.status).toBe(200);
    expect(await server.db.select().from(ballots).where(eq(ballots.voteId, id))).toHaveLength(0);

    const castRes = await postForm(
      server,
      `/votes/${id}`,
      { intent: "cast", choice: "1" },
      {
        cookie: member.cookie,
      },
    );
    expect(castRes.status).toBe(200);
    expect(await server.db.select().from(ballots).where(eq(ballots.voteId, id))).toHaveLength(1);
    const after = await page(server, `/votes/${id}`, member.cookie);
    expect(after.html).toContain("투표하셨습니다");
    // Voted: 마이페이지 no longer asks.
    expect(mainText((await page(server, "/mypage", member.cookie)).html)).not.toContain(
      "투표할 총회 안건이 있습니다",
    );

    // A second ballot (another tab still showing the form) is refused, and the page says so: the
    // ballot form that would carry the message is gone.
    const again = await postForm(
      server,
      `/votes/${id}`,
      { intent: "cast", choice: "2" },
      { cookie: member.cookie },
    );
    expect(again.status).toBe(409);
    expect(mainText(await again.text())).toContain(
      "이미 투표하셨습니다. 방금 보내신 선택은 집계되지 않았습니다.",
    );
    expect(await server.db.select().from(ballots).where(eq(ballots.voteId, id))).toHaveLength(1);

    const office = await page(server, "/admin/votes", admin.cookie);
    expect(office.status).toBe(200);
    expect(office.html).toContain("회칙 개정안");
    expect(office.html).toContain('href="/admin/votes"');
  });

  it("publishes a vote from the office's form", async () => {
    const res = await postForm(
      server,
      "/admin/votes",
      {
        intent: "create",
        title: "감사 선출",
        description: "",
        kind: "election",
        electorate: "members",
        options: "박후보 | | 성실히 감사하겠습니다\n최후보",
        opensAt: "2099-01-01T10:00",
        closesAt: "2099-01-02T10:00",
        quorum: "0.5",
      },
      { cookie: admin.cookie },
    );
    expect(res.status, await res.clone().text()).toBe(302);
    const [row] = await server.db.select().from(votes).where(eq(votes.title, "감사 선출"));
    expect(row?.options).toEqual([
      { label: "박후보", photoUrl: null, statement: "성실히 감사하겠습니다" },
      { label: "최후보", photoUrl: null, statement: null },
    ]);
    expect(row?.quorum).toBe(0.5);
    expect(row?.opensAt.toISOString()).toBe("2099-01-01T01:00:00.000Z");
  });

  it("says at the candidates' field what is wrong with one candidate's line, and keeps the lines", async () => {
    const lines = "김지훈 | https://example.com/kim.jpg | 소개\n이후보";
    const res = await postForm(
      server,
      "/admin/votes",
      {
        intent: "create",
        title: "회장 선출",
        description: "",
        kind: "election",
        electorate: "members",
        options: lines,
        opensAt: "2099-01-01T10:00",
        closesAt: "2099-01-02T10:00",
        quorum: "",
      },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(
      new RegExp(
        `id="vote-options-error"[^>]*>(<[^>]+>)*[^<]*${CANDIDATE_PHOTO_MESSAGE.slice(0, 10)}`,
      ),
    );
    expect(html).toContain("김지훈 | https://example.com/kim.jpg | 소개");
    expect(await server.db.select().from(votes).where(eq(votes.title, "회장 선출"))).toEqual([]);

    // A photo's address where a name or a statement goes is refused, not published as a candidate.
    const photo = `/objects/${crypto.randomUUID()}`;
    for (const misplaced of [
      `박민수 | | 소개\n${photo}\n최지연`,
      `박민수 | | 소개 ${photo}\n최지연`,
    ]) {
      const refused = await call("POST", "/api/admin/votes", admin.cookie, {
        ...voteInput({ kind: "election" }),
        options: misplaced,
      });
      expect(refused.status, misplaced).toBe(400);
      expect((await json<{ message: string }>(refused)).message).toContain("사진 주소는");
    }
  });
});
