// The administrator's seminar calls (SPEC.md §2 Academic activities, §4, §5, §7):
// POST /api/seminars, PATCH and DELETE /api/seminars/{id} for a visitor (401), an approved member
// (403) and an administrator; dates as ISO strings and as a datetime-local value in Seoul time;
// status open|closed; http(s) registration links; and /activities showing each change at once.
import { count } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seminars } from "~db/schema";
import { createAdmin, get, json, type LoggedIn } from "../support/accounts";
import {
  expectError,
  seminarInput,
  seminarRow,
  seminarsTitled,
  UNKNOWN_ID,
} from "../support/admin";
import { mainText } from "../support/html";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const DATE_MESSAGE = "올바른 날짜와 시간을 입력해주세요";
const YEAR_MESSAGE = "2000년부터 2100년 사이의 날짜를 입력해주세요";
const LINK_MESSAGE = "신청 링크는 http:// 또는 https://로 시작해야 합니다";
const NOT_FOUND = "학술 활동을 찾을 수 없습니다.";
const MALFORMED_IDS = ["not-a-uuid", "123", "00000000-0000-4000-8000-00000000000g"];

/** A year that is always ahead, so seminars dated in it are upcoming. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server);
});

type Stored = typeof seminars.$inferSelect;
type Listed = Omit<Stored, "date" | "createdAt"> & { date: string };

function create(body: unknown, cookie: string | null = admin.cookie) {
  return sendJson(server, "POST", "/api/seminars", body, { cookie });
}
function patch(id: string, body: unknown, cookie: string | null = admin.cookie) {
  return sendJson(server, "PATCH", `/api/seminars/${id}`, body, { cookie });
}
function remove(id: string, cookie: string | null = admin.cookie) {
  return sendJson(server, "DELETE", `/api/seminars/${id}`, undefined, { cookie });
}

async function countSeminars() {
  const [row] = await server.db.select({ n: count() }).from(seminars);
  return row!.n;
}

async function created(overrides: Record<string, unknown> = {}) {
  const res = await create(seminarInput(overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return json<Stored & { date: string }>(res);
}

async function expectRefused(body: unknown, field: string, message?: string) {
  const before = await countSeminars();
  const error = await expectError(await create(body), 400);
  expect(error.errors?.[field], JSON.stringify(error)).toBeDefined();
  if (message) expect(error.errors?.[field]).toBe(message);
  expect(await countSeminars()).toBe(before);
  return error;
}

/** The card (<article>) of the seminar titled `title` on /activities, or undefined. */
async function activityCard(title: string) {
  const { status, html } = await page(server, "/activities");
  expect(status).toBe(200);
  const cards = html.match(/<article\b[\s\S]*?<\/article>/g) ?? [];
  return cards.find((card) => card.includes(`>${title}<`));
}

async function listed(id: string) {
  const list = await json<Listed[]>(await get(server, "/api/seminars"));
  return list.find((s) => s.id === id);
}

describe("POST /api/seminars: who may", () => {
  it("answers 401 to a visitor and 403 to a member, storing nothing", async () => {
    const before = await countSeminars();
    await expectError(await create(seminarInput({ title: "방문자 세미나" }), null), 401);
    await expectError(await create(seminarInput({ title: "회원 세미나" }), member.cookie), 403);
    expect(await countSeminars()).toBe(before);
  });
});

describe("POST /api/seminars: an administrator creates", () => {
  it("answers 201 with the seminar; GET /api/seminars and /activities show it at once", async () => {
    const res = await create(
      seminarInput({
        title: "개원의 AI 활용 세미나",
        date: `${NEXT_YEAR}-04-10T05:30:00.000Z`,
        registrationUrl: "https://example.com/seminar-1",
      }),
    );
    expect(res.status).toBe(201);
    const body = await json<Stored & { date: string }>(res);
    expect(body).toMatchObject({
      title: "개원의 AI 활용 세미나",
      description: seminarInput().description,
      speaker: seminarInput().speaker,
      location: seminarInput().location,
      date: `${NEXT_YEAR}-04-10T05:30:00.000Z`,
      registrationUrl: "https://example.com/seminar-1",
      status: "open",
    });

    const row = await seminarRow(server, body.id);
    expect(row?.date.toISOString()).toBe(`${NEXT_YEAR}-04-10T05:30:00.000Z`);
    expect(await listed(body.id)).toMatchObject({
      title: "개원의 AI 활용 세미나",
      date: `${NEXT_YEAR}-04-10T05:30:00.000Z`,
      status: "open",
    });

    const card = await activityCard("개원의 AI 활용 세미나");
    expect(card, "the card on /activities").toBeDefined();
    const text = mainText(card!);
    // SPEC.md's 진행중 for open registration reads 접수중 (docs/decisions/021-seminar-phase.md).
    expect(text).toContain("접수중");
    expect(text).not.toContain("진행 중");
    expect(text).toContain("참가 신청");
    expect(text).not.toContain("신청 마감");
    expect(card).toContain('href="https://example.com/seminar-1"');
    // 05:30Z is 14:30 in Seoul.
    expect(text).toContain("오후 2:30");
  });

  it('reads "YYYY-MM-DDTHH:mm" (a datetime-local value) as Seoul time', async () => {
    const body = await created({ title: "서울 시각 세미나", date: "2026-12-01T14:00" });
    expect(body.date).toBe("2026-12-01T05:00:00.000Z");
    expect((await seminarRow(server, body.id))?.date.toISOString()).toBe(
      "2026-12-01T05:00:00.000Z",
    );
    const withSeconds = await created({ title: "초 단위 세미나", date: "2027-01-05T09:15:30" });
    expect(withSeconds.date).toBe("2027-01-05T00:15:30.000Z");
  });

  it("takes an ISO date with a zone as that instant", async () => {
    expect((await created({ date: "2027-02-03T01:02:03.000Z" })).date).toBe(
      "2027-02-03T01:02:03.000Z",
    );
    expect((await created({ date: "2027-02-03T10:00:00+09:00" })).date).toBe(
      "2027-02-03T01:00:00.000Z",
    );
  });

  it("refuses a missing or invalid date with a Korean message", async () => {
    // Days that do not exist are refused, not rolled over into March or May.
    const noSuchDays = ["2027-02-30T10:00", "2027-02-29", "2027-04-31T09:00:00+09:00"];
    for (const date of [
      "not-a-date",
      "",
      "   ",
      "2026-13-45T25:00",
      ...noSuchDays,
      null,
      true,
      {},
    ]) {
      const error = await expectRefused(seminarInput({ date }), "date", DATE_MESSAGE);
      expect(error.message).toBe(DATE_MESSAGE);
    }
    const { date: _date, ...rest } = seminarInput();
    await expectRefused(rest, "date", DATE_MESSAGE);
  });

  it("refuses a year outside 2000–2100 in every date field (400, never a 500 or another year)", async () => {
    const years = [
      "99999-01-01",
      "+010000-01-01T00:00:00Z",
      "0000-01-01T10:00",
      "0001-06-01T05:00",
    ];
    for (const value of years) {
      await expectRefused(seminarInput({ date: value }), "date", YEAR_MESSAGE);
      for (const field of ["endDate", "registrationOpensAt", "cancellationDeadline"]) {
        await expectRefused(seminarInput({ [field]: value }), field, YEAR_MESSAGE);
      }
    }
    // The edges are Seoul's: 1 January 2000 at midnight is in, the minute before is out.
    expect((await created({ date: "2000-01-01T00:00" })).date).toBe("1999-12-31T15:00:00.000Z");
    await expectRefused(seminarInput({ date: "1999-12-31T23:59" }), "date", YEAR_MESSAGE);
  });

  it("reads a day alone as midnight in Seoul, as a datetime-local value is", async () => {
    expect((await created({ date: "2027-05-06" })).date).toBe("2027-05-05T15:00:00.000Z");
  });

  it("defaults the status to open and takes closed; refuses anything else", async () => {
    const { status: _status, ...rest } = seminarInput({ title: "상태 없는 세미나" });
    const res = await create(rest);
    expect(res.status).toBe(201);
    expect((await json<Stored>(res)).status).toBe("open");
    expect((await created({ status: "closed" })).status).toBe("closed");
    for (const status of ["pending", "OPEN", "", "마감"]) {
      await expectRefused(seminarInput({ status }), "status");
    }
  });

  it("takes an http(s) registration link, stores an empty one as null, refuses others", async () => {
    expect((await created({ registrationUrl: "" })).registrationUrl).toBeNull();
    expect((await created({ registrationUrl: "http://example.com/r" })).registrationUrl).toBe(
      "http://example.com/r",
    );
    const { registrationUrl: _url, ...rest } = seminarInput();
    const res = await create(rest);
    expect(res.status).toBe(201);
    expect((await json<Stored>(res)).registrationUrl).toBeNull();
    for (const registrationUrl of ["ftp://x", "javascript:alert(1)", "example.com"]) {
      await expectRefused(seminarInput({ registrationUrl }), "registrationUrl", LINK_MESSAGE);
    }
  });

  it("refuses missing text fields with their Korean messages", async () => {
    const messages: Record<string, string> = {
      title: "제목을 입력해주세요",
      description: "설명을 입력해주세요",
      speaker: "연자를 입력해주세요",
      location: "장소를 입력해주세요",
    };
    for (const [field, message] of Object.entries(messages)) {
      await expectRefused(seminarInput({ [field]: "  " }), field, message);
      const rest: Record<string, unknown> = seminarInput();
      delete rest[field];
      await expectRefused(rest, field, message);
    }
  });
});

describe("PATCH /api/seminars/{id}", () => {
  let target: Stored & { date: string };
  const ORIGINAL = {
    title: "마감 전 세미나",
    description: "마감될 세미나입니다.",
    speaker: "김연자 원장",
    location: "대구 엑스코",
    registrationUrl: "https://example.com/close-me",
    status: "open",
  };
  const DATE = `${NEXT_YEAR}-05-20T06:00:00.000Z`;

  beforeEach(async () => {
    // One seminar with this title at a time, so its card on /activities is unambiguous.
    await server.db.delete(seminars);
    target = await created({ ...ORIGINAL, date: DATE });
  });

  async function expectUnchanged(extra: Record<string, unknown> = {}) {
    const row = await seminarRow(server, target.id);
    expect(row).toMatchObject({ ...ORIGINAL, ...extra });
    expect(row?.date.toISOString()).toBe(DATE);
  }

  it("answers 401 to a visitor and 403 to a member, changing nothing", async () => {
    await expectError(await patch(target.id, { status: "closed" }, null), 401);
    await expectError(await patch(target.id, { status: "closed" }, member.cookie), 403);
    await expectUnchanged();
  });

  it("closes a seminar with {status: 'closed'}: /activities shows '신청 마감' for it", async () => {
    const before = await activityCard(ORIGINAL.title);
    expect(mainText(before!)).toContain("참가 신청");

    const res = await patch(target.id, { status: "closed" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ...ORIGINAL, status: "closed", date: DATE });
    await expectUnchanged({ status: "closed" });
    expect((await listed(target.id))?.status).toBe("closed");

    const card = await activityCard(ORIGINAL.title);
    const text = mainText(card!);
    expect(text).toContain("신청 마감");
    expect(text).toContain("마감");
    expect(text).not.toContain("접수중");
    expect(text).not.toContain("참가 신청");
    expect(card).not.toContain('href="https://example.com/close-me"');
    expect(card).toMatch(/<button\b[^>]*disabled[^>]*>\s*신청 마감\s*<\/button>/);
  });

  it("changes only the fields sent: a new title keeps a closed seminar closed", async () => {
    expect((await patch(target.id, { status: "closed" })).status).toBe(200);
    const res = await patch(target.id, { title: "이름만 바뀐 세미나" });
    expect(res.status).toBe(200);
    await expectUnchanged({ title: "이름만 바뀐 세미나", status: "closed" });
  });

  it("moves the date with a datetime-local value in Seoul time", async () => {
    const res = await patch(target.id, { date: `${NEXT_YEAR}-06-01T09:00` });
    expect(res.status).toBe(200);
    expect((await seminarRow(server, target.id))?.date.toISOString()).toBe(
      `${NEXT_YEAR}-06-01T00:00:00.000Z`,
    );
    expect(await seminarRow(server, target.id)).toMatchObject(ORIGINAL);
  });

  it("clears the registration link with an empty string: the card then registers on the site", async () => {
    expect((await patch(target.id, { registrationUrl: "" })).status).toBe(200);
    expect((await seminarRow(server, target.id))?.registrationUrl).toBeNull();
    // Without an external link an open seminar takes registrations on its own page.
    const card = (await activityCard(ORIGINAL.title))!;
    expect(card).toContain(`href="/activities/${target.id}"`);
    expect(mainText(card)).toContain("참가 신청");
    expect(mainText(card)).not.toContain("신청 마감");
    expect((await patch(target.id, { status: "closed" })).status).toBe(200);
    expect(mainText((await activityCard(ORIGINAL.title))!)).toContain("신청 마감");
  });

  it("refuses a bad field with 400 and changes nothing", async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ title: "바뀌면 안 됨", date: "not-a-date" }, "date", DATE_MESSAGE],
      [{ title: "바뀌면 안 됨", status: "pending" }, "status"],
      [
        { title: "바뀌면 안 됨", registrationUrl: "javascript:alert(1)" },
        "registrationUrl",
        LINK_MESSAGE,
      ],
      [{ speaker: "" }, "speaker", "연자를 입력해주세요"],
      [{ date: "99999-01-01" }, "date", YEAR_MESSAGE],
      [{ endDate: "20000-01-01" }, "endDate", YEAR_MESSAGE],
      [{ cancellationDeadline: "0001-01-01T00:00" }, "cancellationDeadline", YEAR_MESSAGE],
    ];
    for (const [body, field, message] of cases) {
      const error = await expectError(await patch(target.id, body), 400);
      expect(error.errors?.[field], JSON.stringify(error)).toBeDefined();
      if (message) expect(error.errors?.[field]).toBe(message);
      await expectUnchanged();
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await expectError(await patch(UNKNOWN_ID, { status: "closed" }), 404)).message).toBe(
      NOT_FOUND,
    );
    for (const id of MALFORMED_IDS) await expectError(await patch(id, { status: "closed" }), 404);
  });
});

describe("DELETE /api/seminars/{id}", () => {
  it("answers 401 to a visitor and 403 to a member, deleting nothing", async () => {
    const target = await created({ title: "남아 있을 세미나" });
    await expectError(await remove(target.id, null), 401);
    await expectError(await remove(target.id, member.cookie), 403);
    expect(await seminarRow(server, target.id)).toBeDefined();
  });

  it("answers 204; the seminar leaves the list and /activities at once; again → 404", async () => {
    const target = await created({ title: "사라질 세미나", date: `${NEXT_YEAR}-07-01T01:00:00Z` });
    expect(await activityCard("사라질 세미나")).toBeDefined();
    const res = await remove(target.id);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await seminarsTitled(server, "사라질 세미나")).toEqual([]);
    expect(await listed(target.id)).toBeUndefined();
    expect(await activityCard("사라질 세미나")).toBeUndefined();
    expect((await expectError(await remove(target.id), 404)).message).toBe(NOT_FOUND);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    await expectError(await remove(UNKNOWN_ID), 404);
    for (const id of MALFORMED_IDS) await expectError(await remove(id), 404);
  });
});
