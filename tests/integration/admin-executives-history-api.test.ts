// The administrator's executive and history calls (executives and history are editable, beyond the
// spec; SPEC.md §2 History and Executives, §3): POST /api/executives and /api/history, PATCH and
// DELETE on `/{id}`, for a visitor (401), an approved member (403) and an administrator, with
// validation, and the public pages and GET calls showing each change at once.
import { count } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { executives, historyEvents } from "~db/schema";
import { createAdmin, get, json, type LoggedIn, uploadImage } from "../support/accounts";
import {
  executiveInput,
  executiveRow,
  executivesNamed,
  expectError,
  historyInput,
  historyRow,
  historyTitled,
  UNKNOWN_ID,
} from "../support/admin";
import { mainText } from "../support/html";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const MONTH_MESSAGE = "월은 1부터 12 사이로 입력해주세요";
const MALFORMED_IDS = ["not-a-uuid", "123", "00000000-0000-4000-8000-00000000000g"];

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server);
});

function call(method: string, path: string, body?: unknown, cookie: string | null = admin.cookie) {
  return sendJson(server, method, path, body, { cookie });
}

async function publicText(path: string) {
  const { status, html } = await page(server, path);
  expect(status).toBe(200);
  return { html, text: mainText(html) };
}

// ---------------------------------------------------------------------------------------------

type Executive = typeof executives.$inferSelect;

async function countExecutives() {
  const [row] = await server.db.select({ n: count() }).from(executives);
  return row!.n;
}

async function createdExecutive(overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/executives", executiveInput(overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return json<Executive>(res);
}

async function listedExecutive(id: string) {
  const list = await json<Executive[]>(await get(server, "/api/executives"));
  return list.find((e) => e.id === id);
}

/** The card (<li>) of the executive named `name` on /executives, or undefined. */
async function executiveCard(name: string) {
  const { html } = await publicText("/executives");
  const cards = html.match(/<li\b[^>]*>(?:(?!<\/li>)[\s\S])*<\/li>/g) ?? [];
  return cards.find((card) => card.includes(`>${name}</h2>`));
}

describe("POST /api/executives", () => {
  it("answers 401 to a visitor and 403 to a member, storing nothing", async () => {
    const before = await countExecutives();
    await expectError(await call("POST", "/api/executives", executiveInput(), null), 401);
    await expectError(await call("POST", "/api/executives", executiveInput(), member.cookie), 403);
    expect(await countExecutives()).toBe(before);
  });

  it("answers 201; GET /api/executives and /executives show the executive at once", async () => {
    const imageUrl = await uploadImage(server, { cookie: admin.cookie });
    const res = await call(
      "POST",
      "/api/executives",
      executiveInput({
        name: "박회장",
        position: "회장",
        title: "수성연합의원 대표원장",
        credentials: "경북대학교 의과대학 졸업",
        imageUrl,
        order: 1,
      }),
    );
    expect(res.status).toBe(201);
    const body = await json<Executive>(res);
    expect(body).toMatchObject({
      name: "박회장",
      position: "회장",
      title: "수성연합의원 대표원장",
      credentials: "경북대학교 의과대학 졸업",
      imageUrl,
      order: 1,
    });
    expect(await executiveRow(server, body.id)).toMatchObject({ name: "박회장", imageUrl });
    expect(await listedExecutive(body.id)).toMatchObject({ name: "박회장", position: "회장" });

    const card = await executiveCard("박회장");
    expect(card, "the card on /executives").toBeDefined();
    const text = mainText(card!);
    for (const part of ["회장", "수성연합의원 대표원장", "경북대학교 의과대학 졸업"]) {
      expect(text).toContain(part);
    }
    expect(card).toContain(`src="${imageUrl}"`);
    expect((await get(server, imageUrl)).status).toBe(200);
  });

  it("stores no image as null (the page shows the placeholder) and the order as 0 by default", async () => {
    const { order: _order, ...rest } = executiveInput({ name: "정이사", imageUrl: "" });
    const res = await call("POST", "/api/executives", rest);
    expect(res.status).toBe(201);
    const body = await json<Executive>(res);
    expect(body).toMatchObject({ imageUrl: null, order: 0 });
    const card = await executiveCard("정이사");
    expect(card).toContain('aria-label="사진 없음"');
    expect(card).not.toContain("<img");
  });

  it("refuses missing fields, a bad order and a bad image with Korean messages", async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [executiveInput({ name: " " }), "name", "이름을 입력해주세요"],
      [executiveInput({ position: "" }), "position", "직위를 입력해주세요"],
      [executiveInput({ title: "" }), "title", "소속·직함을 입력해주세요"],
      [executiveInput({ credentials: "" }), "credentials", "약력을 입력해주세요"],
      [executiveInput({ order: "첫째" }), "order"],
      [executiveInput({ order: -1 }), "order"],
      [executiveInput({ order: 1.5 }), "order"],
      [executiveInput({ imageUrl: "http://example.com/a.png" }), "imageUrl"],
      [executiveInput({ imageUrl: "javascript:alert(1)" }), "imageUrl"],
    ];
    for (const [body, field, message] of cases) {
      const before = await countExecutives();
      const error = await expectError(await call("POST", "/api/executives", body), 400);
      expect(error.errors?.[field], JSON.stringify(error)).toBeDefined();
      if (message) expect(error.errors?.[field]).toBe(message);
      expect(await countExecutives()).toBe(before);
    }
    const { name: _name, ...rest } = executiveInput();
    await expectError(await call("POST", "/api/executives", rest), 400);
  });
});

describe("PATCH and DELETE /api/executives/{id}", () => {
  let target: Executive;
  const ORIGINAL = {
    name: "최부회장",
    position: "부회장",
    title: "달서내과의원 원장",
    credentials: "대한개원의협의회 이사",
    imageUrl: "https://cdn.example.com/choi.png",
    order: 7,
  };

  beforeEach(async () => {
    await server.db.delete(executives);
    target = await createdExecutive(ORIGINAL);
  });

  it("answers 401 to a visitor and 403 to a member, changing and deleting nothing", async () => {
    const path = `/api/executives/${target.id}`;
    await expectError(await call("PATCH", path, { name: "방문자" }, null), 401);
    await expectError(await call("PATCH", path, { name: "회원" }, member.cookie), 403);
    await expectError(await call("DELETE", path, undefined, null), 401);
    await expectError(await call("DELETE", path, undefined, member.cookie), 403);
    expect(await executiveRow(server, target.id)).toMatchObject(ORIGINAL);
  });

  it("renames an executive; /executives and GET /api/executives show it at once", async () => {
    expect(await executiveCard("최부회장")).toBeDefined();
    const res = await call("PATCH", `/api/executives/${target.id}`, { name: "최수정" });
    expect(res.status).toBe(200);
    // (Whether the other fields stay is the next test's question.)
    expect(await json(res)).toMatchObject({ name: "최수정", position: "부회장" });
    expect(await listedExecutive(target.id)).toMatchObject({ name: "최수정" });
    expect(await executiveCard("최부회장")).toBeUndefined();
    expect(mainText((await executiveCard("최수정"))!)).toContain("달서내과의원 원장");
  });

  it("changes only the fields sent: the order and image stay", async () => {
    expect(
      (await call("PATCH", `/api/executives/${target.id}`, { credentials: "새 약력" })).status,
    ).toBe(200);
    expect(await executiveRow(server, target.id)).toMatchObject({
      ...ORIGINAL,
      credentials: "새 약력",
    });
  });

  it("removes the photo with an empty imageUrl", async () => {
    expect((await call("PATCH", `/api/executives/${target.id}`, { imageUrl: "" })).status).toBe(
      200,
    );
    expect((await executiveRow(server, target.id))?.imageUrl).toBeNull();
    expect(await executiveCard("최부회장")).toContain('aria-label="사진 없음"');
  });

  it("refuses a bad field with 400 and changes nothing", async () => {
    for (const body of [
      { name: "바뀌면 안 됨", order: "abc" },
      { name: "바뀌면 안 됨", imageUrl: "ftp://x" },
      { position: "  " },
    ]) {
      await expectError(await call("PATCH", `/api/executives/${target.id}`, body), 400);
      expect(await executiveRow(server, target.id)).toMatchObject(ORIGINAL);
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      await expectError(await call("PATCH", `/api/executives/${id}`, { name: "없음" }), 404);
      await expectError(await call("DELETE", `/api/executives/${id}`), 404);
    }
  });

  it("deletes with 204; the public page and the list drop the executive; again → 404", async () => {
    const res = await call("DELETE", `/api/executives/${target.id}`);
    expect(res.status).toBe(204);
    expect(await executivesNamed(server, "최부회장")).toEqual([]);
    expect(await listedExecutive(target.id)).toBeUndefined();
    const { text } = await publicText("/executives");
    expect(text).not.toContain("최부회장");
    expect(text).toContain("임원진 정보가 준비 중입니다.");
    await expectError(await call("DELETE", `/api/executives/${target.id}`), 404);
  });
});

// ---------------------------------------------------------------------------------------------

type HistoryEvent = typeof historyEvents.$inferSelect;

async function countHistory() {
  const [row] = await server.db.select({ n: count() }).from(historyEvents);
  return row!.n;
}

async function createdEvent(overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/history", historyInput(overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return json<HistoryEvent>(res);
}

async function listedEvent(id: string) {
  const list = await json<HistoryEvent[]>(await get(server, "/api/history"));
  return list.find((e) => e.id === id);
}

/** The timeline entry (<li>) titled `title` on /history, or undefined. */
async function historyEntry(title: string) {
  const { html } = await publicText("/history");
  const entries = html.match(/<li\b[^>]*>(?:(?!<\/li>)[\s\S])*<\/li>/g) ?? [];
  return entries.find((entry) => entry.includes(`>${title}</h2>`));
}

/** The year-and-month line of a timeline entry: its first paragraph's text. */
function dateLine(entry: string) {
  return mainText(entry.match(/<p\b[^>]*>[\s\S]*?<\/p>/)?.[0] ?? "");
}

describe("POST /api/history", () => {
  it("answers 401 to a visitor and 403 to a member, storing nothing", async () => {
    const before = await countHistory();
    await expectError(await call("POST", "/api/history", historyInput(), null), 401);
    await expectError(await call("POST", "/api/history", historyInput(), member.cookie), 403);
    expect(await countHistory()).toBe(before);
  });

  it("answers 201; GET /api/history and /history show the event at once", async () => {
    const res = await call(
      "POST",
      "/api/history",
      historyInput({
        year: 2023,
        month: 3,
        title: "창립총회 개최",
        description: "대구에서 창립총회",
      }),
    );
    expect(res.status).toBe(201);
    const body = await json<HistoryEvent>(res);
    expect(body).toMatchObject({ year: 2023, month: 3, title: "창립총회 개최" });
    expect(await historyRow(server, body.id)).toMatchObject({ year: 2023, month: 3 });
    expect(await listedEvent(body.id)).toMatchObject({ year: 2023, month: 3 });
    const entry = (await historyEntry("창립총회 개최"))!;
    expect(dateLine(entry)).toBe("2023년 3월");
    expect(mainText(entry)).toContain("대구에서 창립총회");
  });

  it('stores month "", null or none as no month; the page then shows the year alone', async () => {
    for (const [title, month] of [
      ["빈 문자열 월", ""],
      ["null 월", null],
    ] as const) {
      const body = await createdEvent({ year: 2021, month, title });
      expect(body.month).toBeNull();
      expect((await historyRow(server, body.id))?.month).toBeNull();
    }
    const { month: _month, ...rest } = historyInput({ year: 2021, title: "월 없음" });
    const res = await call("POST", "/api/history", rest);
    expect(res.status).toBe(201);
    expect((await json<HistoryEvent>(res)).month).toBeNull();

    expect(dateLine((await historyEntry("빈 문자열 월"))!)).toBe("2021년");
  });

  it('takes a month as a numeric string ("7" → 7)', async () => {
    expect((await createdEvent({ month: "7", title: "문자 월" })).month).toBe(7);
  });

  it("refuses month 13 (and 0, -1, 1.5, 'abc') with '월은 1부터 12 사이로 입력해주세요'", async () => {
    for (const month of [13, "13", 0, -1, 1.5, "abc"]) {
      const before = await countHistory();
      const error = await expectError(
        await call("POST", "/api/history", historyInput({ month, title: `잘못된 월 ${month}` })),
        400,
      );
      expect(error.errors?.month, `month ${month}: ${JSON.stringify(error)}`).toBe(MONTH_MESSAGE);
      expect(await countHistory()).toBe(before);
    }
  });

  it("refuses a bad year and missing text with Korean messages", async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [historyInput({ year: "작년" }), "year"],
      [historyInput({ year: 1800 }), "year", "연도를 확인해주세요"],
      [historyInput({ year: 2024.5 }), "year"],
      [historyInput({ title: "" }), "title", "제목을 입력해주세요"],
      [historyInput({ description: " " }), "description", "설명을 입력해주세요"],
    ];
    for (const [body, field, message] of cases) {
      const before = await countHistory();
      const error = await expectError(await call("POST", "/api/history", body), 400);
      expect(error.errors?.[field], JSON.stringify(error)).toBeDefined();
      if (message) expect(error.errors?.[field]).toBe(message);
      expect(await countHistory()).toBe(before);
    }
  });
});

describe("PATCH and DELETE /api/history/{id}", () => {
  let target: HistoryEvent;
  const ORIGINAL = { year: 2022, month: 11, title: "첫 학술대회", description: "첫 번째 학술대회" };

  beforeEach(async () => {
    await server.db.delete(historyEvents);
    target = await createdEvent(ORIGINAL);
  });

  it("answers 401 to a visitor and 403 to a member, changing and deleting nothing", async () => {
    const path = `/api/history/${target.id}`;
    await expectError(await call("PATCH", path, { title: "방문자" }, null), 401);
    await expectError(await call("PATCH", path, { title: "회원" }, member.cookie), 403);
    await expectError(await call("DELETE", path, undefined, null), 401);
    await expectError(await call("DELETE", path, undefined, member.cookie), 403);
    expect(await historyRow(server, target.id)).toMatchObject(ORIGINAL);
  });

  it("changes only the title; /history and GET /api/history show it at once", async () => {
    const res = await call("PATCH", `/api/history/${target.id}`, { title: "제1회 학술대회" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ...ORIGINAL, title: "제1회 학술대회" });
    expect(await historyRow(server, target.id)).toMatchObject({
      ...ORIGINAL,
      title: "제1회 학술대회",
    });
    expect(await listedEvent(target.id)).toMatchObject({ title: "제1회 학술대회", month: 11 });
    expect(await historyEntry("첫 학술대회")).toBeUndefined();
    expect(dateLine((await historyEntry("제1회 학술대회"))!)).toBe("2022년 11월");
  });

  it('clears the month with "" and sets it again with a number', async () => {
    expect((await call("PATCH", `/api/history/${target.id}`, { month: "" })).status).toBe(200);
    expect(await historyRow(server, target.id)).toMatchObject({ ...ORIGINAL, month: null });
    expect(dateLine((await historyEntry("첫 학술대회"))!)).toBe("2022년");
    expect((await call("PATCH", `/api/history/${target.id}`, { month: 2 })).status).toBe(200);
    expect(await historyRow(server, target.id)).toMatchObject({ ...ORIGINAL, month: 2 });
  });

  it("refuses month 13 with 400 and changes nothing", async () => {
    const error = await expectError(
      await call("PATCH", `/api/history/${target.id}`, { title: "바뀌면 안 됨", month: 13 }),
      400,
    );
    expect(error.errors?.month).toBe(MONTH_MESSAGE);
    expect(await historyRow(server, target.id)).toMatchObject(ORIGINAL);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      await expectError(await call("PATCH", `/api/history/${id}`, { title: "없음" }), 404);
      await expectError(await call("DELETE", `/api/history/${id}`), 404);
    }
  });

  it("deletes with 204; /history and the list drop the event; again → 404", async () => {
    const res = await call("DELETE", `/api/history/${target.id}`);
    expect(res.status).toBe(204);
    expect(await historyTitled(server, "첫 학술대회")).toEqual([]);
    expect(await listedEvent(target.id)).toBeUndefined();
    const { text } = await publicText("/history");
    expect(text).not.toContain("첫 학술대회");
    expect(text).toContain("연혁 정보가 준비 중입니다.");
    await expectError(await call("DELETE", `/api/history/${target.id}`), 404);
  });
});
