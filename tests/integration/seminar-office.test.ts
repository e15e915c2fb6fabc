// The office's seminar work (issue 39, items 7, 8 and 12 and the office screens): 세미나 in the
// admin menu and /admin/seminars (upcoming first, then past; search; paging; counts and the links
// to registrants, door and credits), registrants added by e-mail, phone or a pick (an ambiguous
// phone is a 409 with candidates; bad bodies are 400), the desk's search by name or phone without
// JavaScript, tel: links, the scans beside the corrections on both pages, and the credit bands as
// form rows.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, nowMs, resetClock } from "~/lib/clock.server";
import { seminars } from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  json,
  type LoggedIn,
  postForm,
} from "../support/accounts";
import { insertSeminar, seminarInput, seminarsTitled } from "../support/admin";
import { mainText } from "../support/html";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { name: "일반회원" });
});
afterEach(() => {
  resetClock();
});

const page = async (path: string, cookie?: string) => {
  const res = await server.fetch(path, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
};

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  sendJson(server, method, path, body, { cookie });

describe("세미나 in the admin menu and /admin/seminars", () => {
  it("lists seminars not yet over first (soonest first), then the past (latest first), with counts and links", async () => {
    const now = Date.now();
    const make = (title: string, startsIn: number, endsIn: number | null = null) =>
      insertSeminar(server, {
        title,
        date: new Date(now + startsIn),
        endDate: endsIn === null ? null : new Date(now + endsIn),
        registrationUrl: null,
      });
    const far = await make("사무국목록 다음 달 세미나", 30 * DAY);
    const soon = await make("사무국목록 사흘 뒤 세미나", 3 * DAY);
    const ongoing = await make("사무국목록 진행 중 세미나", -HOUR, 2 * HOUR);
    const lastWeek = await make("사무국목록 지난주 세미나", -7 * DAY);
    const lastMonth = await make("사무국목록 지난달 세미나", -30 * DAY);
    const someone = await insertMember(server, { name: "목록신청자" });
    const added = await call("POST", `/api/admin/seminars/${soon.id}/registrations`, admin.cookie, {
      email: someone.email,
    });
    expect(added.status, await added.clone().text()).toBe(201);

    const { status, html } = await page("/admin/seminars?q=사무국목록", admin.cookie);
    expect(status).toBe(200);
    const text = mainText(html);
    const order = [ongoing, soon, far, lastWeek, lastMonth].map((s) => text.indexOf(s.title));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text.indexOf("다가오는 세미나")).toBeLessThan(text.indexOf("지난 세미나"));
    expect(text).toContain("총 5개");
    expect(text).toContain("진행 중");
    expect(text).toMatch(/사무국목록 사흘 뒤 세미나.*확정 1 ?명 · 대기 0명 · 참석 0명/);
    for (const suffix of ["", "/check-in", "/credits"]) {
      expect(html).toContain(`href="/admin/seminars/${soon.id}${suffix}"`);
    }

    // The menu names 세미나 after 회원, and it is the current section here and on a seminar.
    const nav = html.match(/<nav aria-label="관리자 메뉴"[\s\S]*?<\/nav>/)?.[0] ?? "";
    expect(mainText(nav)).toMatch(/^대시보드 회원( \d+명 승인 대기)? 세미나 회비/);
    expect(nav).toMatch(/aria-current="page"[^>]*href="\/admin\/seminars"/);
    const detail = await page(`/admin/seminars/${soon.id}`, admin.cookie);
    const detailNav = detail.html.match(/<nav aria-label="관리자 메뉴"[\s\S]*?<\/nav>/)?.[0];
    expect(detailNav).toMatch(/aria-current="page"[^>]*href="\/admin\/seminars"/);

    const none = await page("/admin/seminars?q=없는세미나제목", admin.cookie);
    expect(mainText(none.html)).toContain("검색 결과가 없습니다.");
  });

  it("pages twenty at a time", async () => {
    await server.db.insert(seminars).values(
      Array.from({ length: 21 }, (_, i) => ({
        title: `쪽나눔세미나 ${String(i + 1).padStart(2, "0")}`,
        description: "쪽 나눔",
        speaker: "연자",
        location: "대구",
        date: new Date(Date.now() + (i + 1) * DAY),
        status: "open",
      })),
    );
    const first = mainText((await page("/admin/seminars?q=쪽나눔세미나", admin.cookie)).html);
    expect(first).toContain("총 21개");
    expect(first).toContain("쪽나눔세미나 01");
    expect(first).not.toContain("쪽나눔세미나 21");
    const second = mainText(
      (await page("/admin/seminars?q=쪽나눔세미나&page=2", admin.cookie)).html,
    );
    expect(second).toContain("쪽나눔세미나 21");
    expect(second).not.toContain("쪽나눔세미나 01");
  });

  it("refuses a member (403) and a visitor (401, the login prompt), listing no seminar", async () => {
    const asMember = await page("/admin/seminars", member.cookie);
    expect(asMember.status).toBe(403);
    const visitor = await page("/admin/seminars");
    expect(visitor.status).toBe(401);
    for (const html of [asMember.html, visitor.html]) {
      expect(mainText(html)).not.toContain("쪽나눔세미나");
      expect(mainText(html)).toContain("접근 권한이 없습니다");
    }
  });
});

describe("adding a registrant by e-mail, phone or a pick", () => {
  it("takes exactly one of email, phone and memberId; an ambiguous phone is a 409 with candidates", async () => {
    const seminar = await insertSeminar(server, {
      title: "전화 신청 세미나",
      registrationUrl: null,
    });
    const path = `/api/admin/seminars/${seminar.id}/registrations`;
    const single = await insertMember(server, { name: "전화단독", phone: "010-7777-0001" });
    const twinA = await insertMember(server, {
      name: "같은번호가",
      phone: "010-5555-1234",
      hospitalName: "가정의원",
    });
    const twinB = await insertMember(server, {
      name: "같은번호나",
      phone: "01055551234",
      hospitalName: "나내과",
    });
    const byMail = await insertMember(server, { name: "메일회원", phone: "010-7777-0002" });

    // Digits only are compared: 01077770001 finds 010-7777-0001.
    const byPhone = await call("POST", path, admin.cookie, { phone: "01077770001" });
    expect(byPhone.status, await byPhone.clone().text()).toBe(201);
    expect(await json(byPhone)).toMatchObject({ name: "전화단독", status: "confirmed" });

    const ambiguous = await call("POST", path, admin.cookie, { phone: "010-5555-1234" });
    expect(ambiguous.status).toBe(409);
    const body = await json<
      ErrorBody & {
        candidates: { id: string; name: string; email: string; hospitalName: string }[];
      }
    >(ambiguous);
    expect(body.message).toMatch(/이 연락처를 쓰는 회원이 2명입니다\. 이메일로 추가하거나/);
    expect(body.candidates.map((c) => [c.name, c.hospitalName])).toEqual([
      ["같은번호가", "가정의원"],
      ["같은번호나", "나내과"],
    ]);
    expect(body.candidates.map((c) => c.id)).toEqual([twinA.id, twinB.id]);
    for (const [i, c] of body.candidates.entries()) {
      const full = [twinA, twinB][i]!.email;
      expect(c.email).not.toBe(full);
      expect(c.email).toBe(`${full.slice(0, 2)}***${full.slice(full.indexOf("@"))}`);
    }

    const picked = await call("POST", path, admin.cookie, { memberId: twinB.id });
    expect(picked.status, await picked.clone().text()).toBe(201);
    expect(await json(picked)).toMatchObject({ name: "같은번호나" });
    const mailed = await call("POST", path, admin.cookie, { email: byMail.email.toUpperCase() });
    expect(mailed.status).toBe(201);
    void single;

    const unknownPhone = await call("POST", path, admin.cookie, { phone: "010-0000-0009" });
    expect(unknownPhone.status).toBe(404);
    expect((await json<ErrorBody>(unknownPhone)).message).toBe(
      "해당 연락처의 승인된 회원이 없습니다.",
    );
    const unknownId = await call("POST", path, admin.cookie, {
      memberId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknownId.status).toBe(404);
    expectKoreanMessages(await json<ErrorBody>(unknownId));

    const bad: unknown[] = [
      {},
      { email: byMail.email, phone: "010-7777-0002" },
      { phone: "010-7777-0002", memberId: twinA.id },
      { phone: "전화번호" },
      { phone: "12" },
      { memberId: "not-an-id" },
      { email: "not-an-email" },
      [],
      "phone",
      null,
    ];
    for (const payload of bad) {
      const res = await call("POST", path, admin.cookie, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
    const none = await call("POST", path, admin.cookie, {});
    expect((await json<ErrorBody>(none)).message).toBe(
      "회원의 이메일, 연락처, 회원 번호 중 하나만 지정해주세요",
    );

    // A member may not add anyone.
    expect((await call("POST", path, member.cookie, { phone: "01077770001" })).status).toBe(403);
  });

  it("finds members by name or phone on the page and adds the one picked, without JavaScript", async () => {
    const seminar = await insertSeminar(server, {
      title: "데스크 검색 세미나",
      registrationUrl: null,
    });
    const base = `/admin/seminars/${seminar.id}`;
    const a = await insertMember(server, { name: "데스크동명", phone: "010-3131-4141" });
    const b = await insertMember(server, { name: "데스크동명", phone: "010-3131-4141" });

    const byPhone = await page(`${base}?find=${encodeURIComponent("3131-4141")}`, admin.cookie);
    expect(byPhone.status).toBe(200);
    expect(mainText(byPhone.html)).toContain("2명을 찾았습니다");
    for (const id of [a.id, b.id]) {
      expect(byPhone.html).toMatch(new RegExp(`<button[^>]*value="${id}"[^>]*name="memberId"`));
    }
    expect(byPhone.html).toContain('href="tel:01031314141"');
    const byName = mainText((await page(`${base}?find=데스크동명`, admin.cookie)).html);
    expect(byName).toContain("2명을 찾았습니다");
    const nobody = mainText((await page(`${base}?find=없는사람이름`, admin.cookie)).html);
    expect(nobody).toContain("‘없는사람이름’에 해당하는 승인된 회원이 없습니다.");

    const added = await postForm(
      server,
      `${base}?find=${encodeURIComponent("3131-4141")}`,
      { intent: "add", memberId: b.id },
      { cookie: admin.cookie },
    );
    expect(added.status).toBe(302);
    const list = await page(base, admin.cookie);
    const text = mainText(list.html);
    expect(text).toContain("데스크동명");
    expect(text).toContain("확정 1");
    // The search marks the one already confirmed, and offers the other.
    const again = await page(`${base}?find=${encodeURIComponent("3131-4141")}`, admin.cookie);
    expect(mainText(again.html)).toContain("이미 신청 확정");
    expect(again.html).not.toMatch(new RegExp(`<button[^>]*value="${b.id}"`));
    expect(again.html).toMatch(new RegExp(`<button[^>]*value="${a.id}"[^>]*name="memberId"`));
    // Tap to call from the registrant list.
    expect(list.html).toContain('href="tel:01031314141"');

    const twice = await postForm(
      server,
      base,
      { intent: "add", memberId: b.id },
      { cookie: admin.cookie },
    );
    expect(twice.status).toBe(409);
    expect(mainText(await twice.text())).toContain("이미 신청이 확정되어 있습니다");
    const both = await postForm(
      server,
      base,
      { intent: "add", memberId: a.id, email: a.email },
      { cookie: admin.cookie },
    );
    expect(both.status).toBe(400);
    expect(mainText(await both.text())).toContain(
      "회원의 이메일, 연락처, 회원 번호 중 하나만 지정해주세요",
    );
  });
});

describe("one attendance, two pages", () => {
  it("shows the scan and the correction, marked, on the registrant list and the credit sheet", async () => {
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(
      new Date(Date.now() - DAY),
    );
    const at = (hhmm: string) => `${day}T${hhmm}:00+09:00`;
    const created = await call("POST", "/api/seminars", admin.cookie, {
      title: "정정 표시 세미나",
      description: "스캔과 정정",
      speaker: "김연자",
      date: at("09:00"),
      endDate: at("13:00"),
      location: "대구",
      cmeCredits: 4,
    });
    expect(created.status).toBe(201);
    const seminar = await json<{ id: string }>(created);
    const attendee = await insertMember(server, { name: "정정참석자" });
    const shift = Date.parse(at("13:30")) - nowMs();
    advanceClock(shift);
    const registration = await json<{ id: string }>(
      await call("POST", `/api/admin/seminars/${seminar.id}/registrations`, admin.cookie, {
        email: attendee.email,
      }),
    );
    for (const [direction, hhmm] of [
      ["in", "09:02"],
      ["out", "12:58"],
    ] as const) {
      const scan = await call("POST", `/api/admin/seminars/${seminar.id}/check-ins`, admin.cookie, {
        registrationId: registration.id,
        direction,
        at: at(hhmm),
      });
      expect(scan.status, await scan.clone().text()).toBeLessThan(300);
    }
    advanceClock(-shift);
    const corrected = await call(
      "PATCH",
      `/api/admin/seminars/${seminar.id}/credits/${registration.id}`,
      admin.cookie,
      { entryAt: at("09:00"), reason: "입구 대기줄로 스캔 지연" },
    );
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    expect(await json(corrected)).toMatchObject({
      scannedEntryAt: new Date(at("09:02")).toISOString(),
      entryAt: new Date(at("09:00")).toISOString(),
      scannedExitAt: new Date(at("12:58")).toISOString(),
    });

    const list = mainText(
      (await page(`/admin/seminars/${seminar.id}?tab=attended`, admin.cookie)).html,
    );
    expect(list).toContain("입장 스캔 09:02 → 정정 09:00");
    expect(list).toContain("퇴장 12:58");
    expect(list).toContain("정정 사유: 입구 대기줄로 스캔 지연");
    const sheet = mainText(
      (await page(`/admin/seminars/${seminar.id}/credits`, admin.cookie)).html,
    );
    expect(sheet).toContain("스캔 09:02 → 정정 09:00");
    expect(sheet).toContain("12:58");
    expect(sheet).toContain("정정 사유: 입구 대기줄로 스캔 지연");
  });
});

describe("the credit bands as form rows", () => {
  const post = (pairs: [string, string][]) =>
    server.fetch("/admin/dashboard?tab=seminars", {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: admin.cookie,
      },
      body: new URLSearchParams(pairs).toString(),
    });
  const seminarPairs = (title: string): [string, string][] => [
    ["intent", "save-seminar"],
    ...Object.entries(
      seminarInput({
        title,
        date: "2027-05-01T09:00",
        endDate: "2027-05-01T17:00",
        registrationUrl: "",
        cmeCredits: "5",
        creditBreaks: "",
      }),
    ).map(([k, v]) => [k, String(v)] as [string, string]),
    ["bandRows", "1"],
  ];
  const row = (from: string, to: string, credits: string): [string, string][] => [
    ["bandFrom", from],
    ["bandTo", to],
    ["bandCredits", credits],
  ];

  it("reads rows (from, to, credits) posted as repeated inputs, an empty row skipped", async () => {
    const res = await post([
      ...seminarPairs("구간 행 세미나"),
      ...row("120", "180", "3"),
      ...row("180", "240", "4"),
      ...row("240", "", "5"),
      ...row("", "", ""),
    ]);
    expect(res.status, await res.clone().text()).toBe(302);
    const [saved] = await seminarsTitled(server, "구간 행 세미나");
    expect(saved?.creditBands).toEqual([
      { fromMinutes: 120, toMinutes: 180, credits: 3 },
      { fromMinutes: 180, toMinutes: 240, credits: 4 },
      { fromMinutes: 240, toMinutes: null, credits: 5 },
    ]);
    // No row at all: the default (one credit per full hour), stored as none.
    const plain = await post([...seminarPairs("구간 없는 세미나"), ...row("", "", "")]);
    expect(plain.status).toBe(302);
    expect((await seminarsTitled(server, "구간 없는 세미나"))[0]?.creditBands).toBeNull();
  });

  it("refuses overlapping rows and a row it cannot read, in Korean", async () => {
    const overlapping = await post([
      ...seminarPairs("겹치는 구간 세미나"),
      ...row("120", "180", "3"),
      ...row("170", "", "4"),
    ]);
    expect(overlapping.status).toBe(400);
    expect(mainText(await overlapping.text())).toContain(
      "2번째 구간: 구간은 시간 순서대로, 겹치지 않게 입력해주세요",
    );
    const unreadable = await post([
      ...seminarPairs("읽을 수 없는 구간"),
      ...row("두시간", "", "3"),
    ]);
    expect(unreadable.status).toBe(400);
    expect(mainText(await unreadable.text())).toContain(
      "평점 구간 1번째 행: 시작(분)을 숫자로 입력해주세요",
    );
    expect(await seminarsTitled(server, "겹치는 구간 세미나")).toEqual([]);
  });
});
