// CME credits: the credit rule on the seminar, the credit sheet computed from the door's
// scans (bands, breaks, clipping, incomplete attendance, many scans), corrections with a reason and
// their audit, the send-out and its mails, objections until the deadline, the lock (mails, nothing
// changes after), the KMA-shaped CSV, the certificate PDF and /verify, /mypage and the permission
// of every call and page for a visitor, a member, check-in staff and an administrator.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, nowMs, resetClock } from "~/lib/clock.server";
import { auditLog, mailQueue, seminarCredits, seminarRegistrations, users } from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  json,
  type LoggedIn,
  logInCookie,
  postForm,
} from "../support/accounts";
import {
  dashboardAction,
  expectFailure,
  expectSuccess,
  formFields,
  seminarInput,
} from "../support/admin";
import { mainText } from "../support/html";
import { applicationPayload, insertMember, type Member, page, sendJson } from "../support/members";
import { pdfText } from "../support/pdf";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
let staff: Member;

const DAY = 24 * 60 * 60 * 1000;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  staff = await insertMember(server, { role: "checkin", name: "출결담당" });
});
afterEach(() => {
  resetClock();
});

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  sendJson(server, method, path, body, { cookie });

/** Yesterday's date in Seoul, as YYYY-MM-DD: the seminars here took place yesterday. */
function yesterday() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(
    new Date(Date.now() - DAY),
  );
}
const DAY_OF_SEMINAR = yesterday();
const at = (hhmm: string) => `${DAY_OF_SEMINAR}T${hhmm}:00+09:00`;

// One society's notice: under 2 hours none, 2–3 hours 3, 3–4 hours 4, over 4 hours 5.
const NOTICE = [
  { fromMinutes: 120, toMinutes: 180, credits: 3 },
  { fromMinutes: 180, toMinutes: 240, credits: 4 },
  { fromMinutes: 240, toMinutes: null, credits: 5 },
];

type Line = {
  registrationId: string;
  name: string;
  licenseNumber: string;
  entryAt: string | null;
  exitAt: string | null;
  minutes: number;
  credits: number;
  incomplete: boolean;
  correction: { reason: string } | null;
  sentCredits: number | null;
  objection: { message: string } | null;
  certificateCode: string | null;
};
type Sheet = {
  status: string;
  objectionDeadline: string | null;
  lines: Line[];
  seminar: { creditBands: typeof NOTICE };
};

/** A seminar held yesterday 09:00–17:00 (Seoul), lunch 12:00–13:00, 5 credits at most. */
async function heldSeminar(fields: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/seminars", admin.cookie, {
    title: "개원의 AI 마케팅 연수강좌",
    description: "연수평점 5점",
    speaker: "김강사",
    date: at("09:00"),
    endDate: at("17:00"),
    location: "대구 엑스코 321호",
    cmeCredits: 5,
    creditBands: NOTICE,
    creditBreaks: [{ start: "12:00", end: "13:00", label: "점심" }],
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; title: string }>(res);
}

/**
 * Runs `act` with the server's clock at 17:45 on the seminar's day: the door takes scans and the
 * office's additions until six hours after the end, and these seminars ended yesterday.
 */
async function atTheDoor<T>(act: () => Promise<T>): Promise<T> {
  const shift = Date.parse(at("17:45")) - nowMs();
  advanceClock(shift);
  try {
    return await act();
  } finally {
    advanceClock(-shift);
  }
}

/** Members confirmed at the desk (the office's call), each with their registration id. */
async function attendees(seminarId: string, names: string[]) {
  const list: (Member & { registrationId: string })[] = [];
  for (const name of names) {
    const member = await insertMember(server, { name });
    const res = await atTheDoor(() =>
      call("POST", `/api/admin/seminars/${seminarId}/registrations`, admin.cookie, {
        email: member.email,
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    list.push({ ...member, registrationId: (await json<{ id: string }>(res)).id });
  }
  return list;
}

function scanAtTheDoor(seminarId: string, registrationId: string, direction: string, hhmm: string) {
  return atTheDoor(() =>
    call("POST", `/api/admin/seminars/${seminarId}/check-ins`, staff.cookie, {
      registrationId,
      direction,
      at: at(hhmm),
    }),
  );
}

async function scan(seminarId: string, registrationId: string, direction: string, hhmm: string) {
  const res = await scanAtTheDoor(seminarId, registrationId, direction, hhmm);
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * Locks the sheet once its objection deadline (seven days) has passed: the server's clock moves
 * past it and back, and the office logs in anew for the call (an administrator's session idles
 * out within the hour, so the one from before the move is gone by then).
 */
async function lockAfterDeadline(seminarId: string) {
  advanceClock(8 * DAY);
  try {
    const office = await createAdmin(server);
    return await call("POST", `/api/admin/seminars/${seminarId}/credits/lock`, office.cookie);
  } finally {
    advanceClock(-8 * DAY);
    await logInAgain();
  }
}

/**
 * Logs the office and the door staff in again: a login ahead in time swept their sessions as idle
 * (both roles idle out within the hour).
 */
async function logInAgain() {
  admin.cookie = await logInCookie(server, admin.email, admin.password);
  staff.cookie = await logInCookie(server, staff.email, staff.password);
}

async function sheetOf(seminarId: string) {
  const res = await call("GET", `/api/admin/seminars/${seminarId}/credits`, admin.cookie);
  expect(res.status).toBe(200);
  return json<Sheet>(res);
}

const lineOf = (sheet: Sheet, name: string) => sheet.lines.find((l) => l.name === name)!;

async function subjectsTo(email: string) {
  const rows = await server.db.select().from(mailQueue).where(eq(mailQueue.to, email));
  return rows.map((row) => `${row.subject}\n${row.text}`);
}

/** A seminar with four attendees scanned as a door would: see each name's comment. */
async function scannedSeminar() {
  const seminar = await heldSeminar();
  const people = await attendees(seminar.id, ["김전일", "이중간", "박미완", "최짧음", "정결석"]);
  const [full, split, open, short] = people;
  // Came early, left late: clipped to 09:00–17:00, less lunch → 420 minutes, 5 credits.
  await scan(seminar.id, full!.registrationId, "in", "08:40");
  await scan(seminar.id, full!.registrationId, "out", "17:30");
  // Several scans: first entry 10:00, last exit 14:10 → 250 − 60 lunch = 190 minutes, 4 credits.
  await scan(seminar.id, split!.registrationId, "in", "10:00");
  await scan(seminar.id, split!.registrationId, "out", "11:30");
  await scan(seminar.id, split!.registrationId, "in", "11:40");
  await scan(seminar.id, split!.registrationId, "out", "14:10");
  // An entry without an exit: incomplete, no credits.
  await scan(seminar.id, open!.registrationId, "in", "09:05");
  // 13:00–14:59: 119 minutes, under the first band.
  await scan(seminar.id, short!.registrationId, "in", "13:00");
  await scan(seminar.id, short!.registrationId, "out", "14:59");
  // 정결석 registered but was never scanned: not on the sheet.
  return { seminar, people };
}

describe("the credit rule on the seminar", () => {
  it("stores bands and breaks, and prefills the default from the maximum", async () => {
    const seminar = await heldSeminar();
    const sheet = await sheetOf(seminar.id);
    expect(sheet.seminar.creditBands).toEqual(NOTICE);
    const plain = await heldSeminar({ creditBands: null, creditBreaks: null, cmeCredits: 2 });
    expect((await sheetOf(plain.id)).seminar.creditBands).toEqual([
      { fromMinutes: 60, toMinutes: 120, credits: 1 },
      { fromMinutes: 120, toMinutes: null, credits: 2 },
    ]);
    // The form's lines work through PATCH too.
    const res = await call("PATCH", `/api/seminars/${plain.id}`, admin.cookie, {
      creditBands: "90-180=1\n180-=2",
      creditBreaks: "10:30-10:50 커피",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const patched = await json<{ creditBands: unknown; creditBreaks: { start: string }[] }>(res);
    expect(patched.creditBands).toEqual([
      { fromMinutes: 90, toMinutes: 180, credits: 1 },
      { fromMinutes: 180, toMinutes: null, credits: 2 },
    ]);
    expect(new Date(patched.creditBreaks[0]!.start).toISOString()).toBe(
      new Date(at("10:30")).toISOString(),
    );
  });

  it("takes the rule from the administrator's seminar form, lines in textareas", async () => {
    const fields = formFields(
      seminarInput({
        title: "평점 규칙 양식 세미나",
        date: `${DAY_OF_SEMINAR}T09:00`,
        registrationUrl: "",
        cmeCredits: 5,
        creditBands: "120-180=3\r\n180-240=4\r\n240-=5",
        creditBreaks: "12:00-13:00 점심\r\n15:00-15:20 커피",
      }),
    );
    expectSuccess(
      await dashboardAction(server, { intent: "save-seminar", ...fields }, admin.cookie),
      "학술 활동 등록 완료",
    );
    const list = await json<
      {
        id: string;
        title: string;
        creditBands: unknown;
        creditBreaks: { start: string; label: string }[];
      }[]
    >(await call("GET", "/api/seminars", null));
    const saved = list.find((s) => s.title === "평점 규칙 양식 세미나")!;
    expect(saved.creditBands).toEqual(NOTICE);
    expect(saved.creditBreaks.map((b) => [new Date(b.start).toISOString(), b.label])).toEqual([
      [new Date(at("12:00")).toISOString(), "점심"],
      [new Date(at("15:00")).toISOString(), "커피"],
    ]);
    // The prefilled default is kept as the default, so it follows a later change of the maximum.
    const prefilled = formFields(
      seminarInput({
        title: "기본 구간 세미나",
        date: `${DAY_OF_SEMINAR}T09:00`,
        registrationUrl: "",
        cmeCredits: 2,
        creditBands: "60-120=1\n120-=2",
        creditBreaks: "",
      }),
    );
    expectSuccess(
      await dashboardAction(server, { intent: "save-seminar", ...prefilled }, admin.cookie),
      "학술 활동 등록 완료",
    );
    const again = await json<{ title: string; creditBands: unknown }[]>(
      await call("GET", "/api/seminars", null),
    );
    expect(again.find((s) => s.title === "기본 구간 세미나")?.creditBands).toBeNull();
    const bad = await dashboardAction(
      server,
      { intent: "save-seminar", ...fields, creditBands: "120-180=3\n170-=4" },
      admin.cookie,
    );
    expectFailure(bad, 400, "학술 활동 저장 실패");
    expect(bad.result.toast.description).toMatch(/겹치지/);
  });

  it("refuses bands out of order, overlapping, over the maximum, and unreadable lines", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ creditBands: [NOTICE[1], NOTICE[0]] }, /순서/],
      [
        {
          creditBands: [
            { fromMinutes: 120, toMinutes: 200, credits: 3 },
            { fromMinutes: 180, toMinutes: null, credits: 4 },
          ],
        },
        /겹치지/,
      ],
      [{ cmeCredits: 4 }, /최대 연수평점\(4점\)/],
      [{ creditBands: "120-180=3\n세 시간 = 4" }, /2번째 줄/],
      [{ creditBands: [{ fromMinutes: -5, toMinutes: 10, credits: 1 }] }, /구간 시작/],
      [{ creditBreaks: "점심시간" }, /제외 시간/],
      [{ creditBreaks: [{ start: "13:00", end: "12:00", label: "점심" }] }, /늦어야/],
      [{ creditBreaks: "nonsense-value" }, /제외 시간/],
    ];
    for (const [fields, message] of cases) {
      const res = await call("POST", "/api/seminars", admin.cookie, {
        title: "잘못된 평점 규칙",
        description: "설명",
        speaker: "연자",
        date: at("09:00"),
        location: "장소",
        cmeCredits: 5,
        creditBands: NOTICE,
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await json<ErrorBody>(res)).message, JSON.stringify(fields)).toMatch(message);
    }
  });
});

describe("the credit sheet", () => {
  it("computes first entry, last exit, minutes less breaks within the seminar, and bands", async () => {
    const { seminar } = await scannedSeminar();
    const sheet = await sheetOf(seminar.id);
    expect(sheet.status).toBe("draft");
    expect(sheet.lines.map((l) => l.name).sort()).toEqual(["김전일", "박미완", "이중간", "최짧음"]);
    expect(lineOf(sheet, "김전일")).toMatchObject({
      minutes: 420,
      credits: 5,
      incomplete: false,
      entryAt: new Date(at("08:40")).toISOString(),
      exitAt: new Date(at("17:30")).toISOString(),
    });
    expect(lineOf(sheet, "이중간")).toMatchObject({
      minutes: 190,
      credits: 4,
      entryAt: new Date(at("10:00")).toISOString(),
      exitAt: new Date(at("14:10")).toISOString(),
    });
    expect(lineOf(sheet, "박미완")).toMatchObject({
      incomplete: true,
      minutes: 0,
      credits: 0,
      exitAt: null,
    });
    expect(lineOf(sheet, "최짧음")).toMatchObject({ minutes: 119, credits: 0 });
  });

  it("corrects with a written reason, audits it, and refuses what makes no sense", async () => {
    const { seminar, people } = await scannedSeminar();
    const open = people[2]!;
    const path = `/api/admin/seminars/${seminar.id}/credits/${open.registrationId}`;
    const noReason = await call("PATCH", path, admin.cookie, { exitAt: at("12:00") });
    expect(noReason.status).toBe(400);
    expect((await json<ErrorBody>(noReason)).message).toBe("정정 사유를 입력해주세요");
    const nothing = await call("PATCH", path, admin.cookie, { reason: "확인" });
    expect(nothing.status).toBe(400);
    const backwards = await call("PATCH", path, admin.cookie, {
      entryAt: at("12:00"),
      exitAt: at("11:00"),
      reason: "잘못된 정정",
    });
    expect(backwards.status).toBe(400);
    expect((await json<ErrorBody>(backwards)).message).toMatch(/퇴장 시간은 입장 시간보다/);
    // An exit alone, typed before the scanned entry (09:05): refused too, not a 미완료 line.
    const beforeScan = await call("PATCH", path, admin.cookie, {
      exitAt: at("08:00"),
      reason: "퇴장 누락",
    });
    expect(beforeScan.status).toBe(400);
    expect((await json<ErrorBody>(beforeScan)).errors?.exitAt).toMatch(/퇴장 시간은 입장 시간보다/);
    const tooMany = await call("PATCH", path, admin.cookie, { credits: 6, reason: "과다" });
    expect(tooMany.status).toBe(400);
    // A time still to come was never observed (issue 39: an exit of 13:00 was taken at 10:44).
    const future = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const ahead = await call("PATCH", path, admin.cookie, { exitAt: future, reason: "미리 정정" });
    expect(ahead.status).toBe(400);
    const aheadBody = await json<ErrorBody>(ahead);
    expect(aheadBody.message).toMatch(/^퇴장 시간은 지금\(.+\)보다 늦을 수 없습니다\.$/);
    expect(aheadBody.errors?.exitAt).toBe(aheadBody.message);
    // A year typed wrong: a time far from the seminar's day is refused, not put on the sheet.
    const yearOff = new Date(new Date(at("09:30")).getTime() - 365 * 24 * 3600_000).toISOString();
    const lastYear = await call("PATCH", path, admin.cookie, { entryAt: yearOff, reason: "정정" });
    expect(lastYear.status).toBe(400);
    expect((await json<ErrorBody>(lastYear)).errors?.entryAt).toMatch(/세미나 일시\(.+\) 전후여야/);

    const res = await call("PATCH", path, admin.cookie, {
      exitAt: at("12:30"),
      reason: "퇴장 스캔 누락: 본인 확인 후 정정",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // 09:05–12:00 present (lunch from 12:00): 175 minutes → 3 credits.
    expect(await json<Line>(res)).toMatchObject({
      incomplete: false,
      minutes: 175,
      credits: 3,
      correction: { reason: "퇴장 스캔 누락: 본인 확인 후 정정" },
    });
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "seminar_credit_correct"),
          eq(auditLog.subjectId, open.registrationId),
        ),
      );
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.detail).toMatchObject({ reason: "퇴장 스캔 누락: 본인 확인 후 정정" });

    // A credit override wins over the bands; null goes back to them.
    const short = people[3]!;
    const shortPath = `/api/admin/seminars/${seminar.id}/credits/${short.registrationId}`;
    const override = await call("PATCH", shortPath, admin.cookie, {
      credits: 3,
      reason: "연자 사정으로 강의 1분 조기 종료",
    });
    expect((await json<Line>(override)).credits).toBe(3);
    const back = await call("PATCH", shortPath, admin.cookie, { credits: null, reason: "원복" });
    expect((await json<Line>(back)).credits).toBe(0);

    // Someone not on this seminar, and a malformed id.
    const stranger = await call(
      "PATCH",
      `/api/admin/seminars/${seminar.id}/credits/00000000-0000-4000-8000-000000000000`,
      admin.cookie,
      { credits: 1, reason: "없음" },
    );
    expect(stranger.status).toBe(404);
    const malformed = await call(
      "PATCH",
      `/api/admin/seminars/${seminar.id}/credits/abc`,
      admin.cookie,
      { credits: 1, reason: "없음" },
    );
    expect(malformed.status).toBe(404);
  });

  it("sends out: mails each attendee their credits; objections until the deadline only", async () => {
    const { seminar, people } = await scannedSeminar();
    const [full, split, , , absent] = people;
    const early = await call(
      "POST",
      `/api/seminars/${seminar.id}/credits/objection`,
      full!.cookie,
      { message: "아직 발송 전" },
    );
    expect(early.status).toBe(409);
    const lockFirst = await call(
      "POST",
      `/api/admin/seminars/${seminar.id}/credits/lock`,
      admin.cookie,
    );
    expect(lockFirst.status).toBe(409);
    expect((await json<ErrorBody>(lockFirst)).message).toMatch(/먼저 참석자에게 발송/);

    const badDays = await call(
      "POST",
      `/api/admin/seminars/${seminar.id}/credits/send`,
      admin.cookie,
      {
        objectionDays: 0,
      },
    );
    expect(badDays.status).toBe(400);
    const sent = await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie);
    expect(sent.status, await sent.clone().text()).toBe(200);
    const sheet = await json<Sheet>(sent);
    expect(sheet.status).toBe("sent");
    // Seven days ahead, to the end of that day in Seoul.
    const deadline = new Date(sheet.objectionDeadline!);
    expect(deadline.getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(deadline.getTime() - Date.now()).toBeLessThan(8 * DAY);
    expect(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Seoul",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      }).format(deadline),
    ).toBe("23:59:59");
    expect(lineOf(sheet, "김전일").sentCredits).toBe(5);
    const again = await call(
      "POST",
      `/api/admin/seminars/${seminar.id}/credits/send`,
      admin.cookie,
    );
    expect(again.status).toBe(409);

    const mails = (await subjectsTo(full!.email)).join("\n");
    expect(mails).toContain("연수평점 산정 결과를 확인해주세요");
    expect(mails).toContain("인정 평점: 5점");
    expect((await subjectsTo(people[2]!.email)).join("\n")).toContain("미완료");
    // /mypage says so too, to the one without an exit only.
    const unfinished = await page(server, "/mypage/seminars", people[2]!.cookie);
    expect(mainText(unfinished.html)).toContain("퇴장 기록이 없어 미완료로 산정되었습니다");
    const finished = await page(server, "/mypage/seminars", full!.cookie);
    expect(mainText(finished.html)).not.toContain("퇴장 기록이 없어 미완료로");
    expect((await subjectsTo(absent!.email)).join("\n")).not.toContain("연수평점");

    const objection = await call(
      "POST",
      `/api/seminars/${seminar.id}/credits/objection`,
      split!.cookie,
      { message: "11:30에 나간 것은 화장실이었습니다. 14:40까지 있었습니다." },
    );
    expect(objection.status, await objection.clone().text()).toBe(200);
    expect(lineOf(await sheetOf(seminar.id), "이중간").objection?.message).toContain("14:40");
    // Not on the sheet, empty, and logged out.
    const notThere = await call(
      "POST",
      `/api/seminars/${seminar.id}/credits/objection`,
      absent!.cookie,
      {
        message: "저도 있었습니다",
      },
    );
    expect(notThere.status).toBe(404);
    const empty = await call(
      "POST",
      `/api/seminars/${seminar.id}/credits/objection`,
      full!.cookie,
      {
        message: "  ",
      },
    );
    expect(empty.status).toBe(400);
    const visitor = await call("POST", `/api/seminars/${seminar.id}/credits/objection`, null, {
      message: "익명",
    });
    expect(visitor.status).toBe(401);

    // /mypage shows the sheet awaiting objection, and its form posts the objection.
    const mypage = await page(server, "/mypage/seminars", full!.cookie);
    expect(mypage.html).toContain("이의 신청");
    expect(mypage.html).toContain(seminar.title);
    expect(mypage.html).toContain('action="/mypage/seminars"');
    const form = await postForm(
      server,
      `/mypage/credits/${seminar.id}/objection`,
      { message: "퇴장 시간을 다시 확인해주세요" },
      { cookie: full!.cookie },
    );
    expect(form.status).toBe(302);
    expect(form.headers.get("location")).toBe("/mypage/seminars#credits");
    expect(lineOf(await sheetOf(seminar.id), "김전일").objection?.message).toBe(
      "퇴장 시간을 다시 확인해주세요",
    );

    // Still open late on the last day; closed a minute after it ends.
    advanceClock(deadline.getTime() - nowMs() - 60_000);
    const lastDay = await call(
      "POST",
      `/api/seminars/${seminar.id}/credits/objection`,
      full!.cookie,
      { message: "마지막 날 밤의 이의" },
    );
    expect(lastDay.status, await lastDay.clone().text()).toBe(200);
    advanceClock(2 * 60_000);
    const late = await call("POST", `/api/seminars/${seminar.id}/credits/objection`, full!.cookie, {
      message: "늦은 이의",
    });
    expect(late.status).toBe(409);
    expect((await json<ErrorBody>(late)).message).toBe("이의 신청 기한이 지났습니다.");
  });

  it("is not sent out before the seminar has ended, neither ahead of it nor while under way", async () => {
    const MINUTE = 60 * 1000;
    const ahead = await heldSeminar({
      date: new Date(Date.now() + 2 * DAY).toISOString(),
      endDate: null,
      creditBreaks: null,
    });
    // 09:00–13:00 at 10:44 (issue 39): begun, not over.
    const underWay = await heldSeminar({
      date: new Date(Date.now() - 104 * MINUTE).toISOString(),
      endDate: new Date(Date.now() + 136 * MINUTE).toISOString(),
      creditBreaks: null,
    });
    for (const seminar of [ahead, underWay]) {
      const res = await call(
        "POST",
        `/api/admin/seminars/${seminar.id}/credits/send`,
        admin.cookie,
      );
      expect(res.status).toBe(409);
      expect((await json<ErrorBody>(res)).message).toMatch(
        /^세미나가 끝난 뒤\(.+ 이후\)에 평점표를 발송할 수 있습니다\.$/,
      );
      expect((await sheetOf(seminar.id)).status).toBe("draft");
    }
    // The sheet page says when it may go, and offers no send button yet.
    const shown = await page(server, `/admin/seminars/${underWay.id}/credits`, admin.cookie);
    expect(mainText(shown.html)).toContain("세미나가 끝난 뒤");
    expect(shown.html).not.toContain('value="send"');
    const form = await postForm(
      server,
      `/admin/seminars/${underWay.id}/credits`,
      { intent: "send", objectionDays: "7" },
      { cookie: admin.cookie },
    );
    expect(form.status).toBe(409);
    expect(await form.text()).toContain("세미나가 끝난 뒤");
    // Once it has ended, it goes.
    advanceClock(137 * MINUTE);
    const office = await createAdmin(server);
    const sent = await call(
      "POST",
      `/api/admin/seminars/${underWay.id}/credits/send`,
      office.cookie,
    );
    expect(sent.status, await sent.clone().text()).toBe(200);
    resetClock();
    await logInAgain();
  });

  it("is locked before the objection deadline only with a written reason, audited", async () => {
    const { seminar } = await scannedSeminar();
    const lockPath = `/api/admin/seminars/${seminar.id}/credits/lock`;
    expect(
      (await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie)).status,
    ).toBe(200);
    const bare = await call("POST", lockPath, admin.cookie);
    expect(bare.status).toBe(409);
    expect((await json<ErrorBody>(bare)).message).toMatch(
      /^이의 신청 기한\(.+\) 전에 평점을 확정하려면 사유를 입력해주세요\.$/,
    );
    for (const reason of ["", "   ", "가".repeat(501), 3, ["사유"]]) {
      const res = await call("POST", lockPath, admin.cookie, { reason });
      expect(res.status, JSON.stringify(reason).slice(0, 40)).toBe(400);
      expect((await json<ErrorBody>(res)).message).toMatch(/확정 사유/);
    }
    expect((await sheetOf(seminar.id)).status).toBe("sent");
    const reason = "  참석자 전원이 산정 결과를 확인하고 이의가 없다고 회신함  ";
    const locked = await call("POST", lockPath, admin.cookie, { reason });
    expect(locked.status, await locked.clone().text()).toBe(200);
    expect((await json<Sheet>(locked)).status).toBe("locked");
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "seminar_credit_lock"), eq(auditLog.subjectId, seminar.id)));
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.detail).toMatchObject({ reason: reason.trim(), beforeDeadline: true });
  });

  it("locks: final mails, certificates, and nothing changes after", async () => {
    const { seminar, people } = await scannedSeminar();
    const [full, , open] = people;
    expect(
      (await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie)).status,
    ).toBe(200);
    // After the objection deadline: no reason needed.
    const locked = await lockAfterDeadline(seminar.id);
    expect(locked.status, await locked.clone().text()).toBe(200);
    const sheet = await json<Sheet>(locked);
    expect(sheet.status).toBe("locked");
    expect(lineOf(sheet, "김전일").certificateCode).toMatch(
      /^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/,
    );
    expect(lineOf(sheet, "박미완").certificateCode).toBeNull();
    expect((await subjectsTo(full!.email)).join("\n")).toContain("연수평점이 확정되었습니다");
    expect((await subjectsTo(open!.email)).join("\n")).toContain("연수평점이 확정되었습니다");

    // Every change is refused, and a late scan does not move a figure.
    const correction = await call(
      "PATCH",
      `/api/admin/seminars/${seminar.id}/credits/${open!.registrationId}`,
      admin.cookie,
      { exitAt: at("16:00"), reason: "확정 후 정정" },
    );
    expect(correction.status).toBe(409);
    expect((await json<ErrorBody>(correction)).message).toBe("확정된 평점표는 바꿀 수 없습니다.");
    for (const action of ["send", "lock"]) {
      expect(
        (await call("POST", `/api/admin/seminars/${seminar.id}/credits/${action}`, admin.cookie))
          .status,
      ).toBe(409);
    }
    const objection = await call(
      "POST",
      `/api/seminars/${seminar.id}/credits/objection`,
      full!.cookie,
      {
        message: "확정 후 이의",
      },
    );
    expect(objection.status).toBe(409);
    const late = await scanAtTheDoor(seminar.id, open!.registrationId, "out", "16:30");
    expect(late.status).toBe(409);
    expect((await json<ErrorBody>(late)).message).toMatch(/평점표에서 사유와 함께 정정/);
    const after = await sheetOf(seminar.id);
    expect(after.lines).toEqual(sheet.lines);

    // The member's credits per year and attended seminars.
    const mine = await json<{
      years: { year: number; credits: number }[];
      attended: { title: string; credits: number }[];
    }>(await call("GET", "/api/me/credits", full!.cookie));
    expect(mine.years).toEqual([{ year: Number(DAY_OF_SEMINAR.slice(0, 4)), credits: 5 }]);
    expect(mine.attended).toMatchObject([{ title: seminar.title, credits: 5 }]);
    expect((await call("GET", "/api/me/credits", null)).status).toBe(401);
  });

  it("exports the KMA report's columns as an audited CSV", async () => {
    const { seminar } = await scannedSeminar();
    const unstated = await server.fetch(`/admin/seminars/${seminar.id}/credits.csv`, {
      headers: { Cookie: admin.cookie },
    });
    expect(unstated.status).toBe(400);
    const res = await server.fetch(
      `/admin/seminars/${seminar.id}/credits.csv?purpose=${encodeURIComponent("의협 연수평점 보고")}`,
      { headers: { Cookie: admin.cookie } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    // The saved file names its seminar: two sheets of one day stay apart.
    expect(decodeURIComponent(res.headers.get("content-disposition") ?? "")).toContain(
      `-${seminar.title}.csv`,
    );
    const csv = await res.text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"이름","면허번호","소속기관","입장시간","퇴장시간","인정시간(분)","평점"',
    );
    const full = lines.find((l) => l.startsWith('"김전일"'))!;
    expect(full).toMatch(
      /^"김전일","L-\d+","테스트의원","[^"]+오전 8:40","[^"]+오후 5:30","420","5"$/,
    );
    expect(lines.find((l) => l.startsWith('"박미완"'))).toContain('"미완료","0","0"');
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "export_seminar_credits"), eq(auditLog.subjectId, seminar.id)),
      );
    expect(entry?.detail).toMatchObject({ rows: 4 });
  });
});

describe("full membership and the member record", () => {
  it("show the seminars attended on locked sheets only", async () => {
    const { seminar, people } = await scannedSeminar();
    const [full, split] = people;
    const apply = await call(
      "POST",
      "/api/membership-applications",
      full!.cookie,
      applicationPayload(),
    );
    expect(apply.status, await apply.clone().text()).toBe(201);
    const { id: applicationId } = await json<{ id: string }>(apply);
    const detail = async () =>
      json<{ attendedSeminars: { title: string; credits: number }[] }>(
        await call("GET", `/api/membership-applications/${applicationId}`, admin.cookie),
      );
    // Before the lock nothing counts yet.
    expect((await detail()).attendedSeminars).toEqual([]);
    const before = await page(server, "/membership/apply", split!.cookie);
    expect(before.html).toContain("아직 확정된 세미나 참석 기록이 없습니다");

    await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie);
    expect((await lockAfterDeadline(seminar.id)).status).toBe(200);

    expect((await detail()).attendedSeminars).toMatchObject([{ title: seminar.title, credits: 5 }]);
    const form = await page(server, "/membership/apply", split!.cookie);
    expect(form.html).toContain("세미나 참석 기록");
    expect(form.html).toContain(seminar.title);
    expect(form.html).toContain("190분 · 4점");
    const applied = await page(server, "/membership/apply", full!.cookie);
    expect(applied.html).toContain(seminar.title);
    const record = await page(server, `/admin/members/${split!.id}`, admin.cookie);
    expect(record.status).toBe(200);
    expect(record.html).toContain("연수평점");
    expect(record.html).toContain(seminar.title);
    expect(record.html).toContain("평점 합계 4점");
  });
});

describe("permissions", () => {
  it("lets only administrators read, correct, send, lock and export", async () => {
    const { seminar, people } = await scannedSeminar();
    const member = people[0]!;
    const base = `/api/admin/seminars/${seminar.id}/credits`;
    const calls: [string, string, unknown?][] = [
      ["GET", base],
      ["PATCH", `${base}/${member.registrationId}`, { credits: 1, reason: "권한 시험" }],
      ["POST", `${base}/send`],
      ["POST", `${base}/lock`],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, member.cookie, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(method, path, staff.cookie, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await call("GET", `${base}/send`, admin.cookie)).status).toBe(405);
    expect((await call("GET", "/api/admin/seminars/abc/credits", admin.cookie)).status).toBe(404);
    expect(
      (
        await call(
          "GET",
          "/api/admin/seminars/00000000-0000-4000-8000-000000000000/credits",
          admin.cookie,
        )
      ).status,
    ).toBe(404);
    for (const cookie of [null, member.cookie, staff.cookie]) {
      const csv = await server.fetch(`/admin/seminars/${seminar.id}/credits.csv`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      expect(csv.status).toBe(cookie ? 403 : 401);
      const sheetPage = await page(server, `/admin/seminars/${seminar.id}/credits`, cookie);
      expect(sheetPage.status).toBe(cookie ? 403 : 401);
      expect(sheetPage.html).toContain("접근 권한이 없습니다");
      const post = await postForm(
        server,
        `/admin/seminars/${seminar.id}/credits`,
        { intent: "send" },
        { cookie: cookie ?? undefined },
      );
      expect(post.status).toBe(cookie ? 403 : 401);
    }
    expect((await sheetOf(seminar.id)).status).toBe("draft");
  });

  it("shows the administrator the sheet page and runs its forms", async () => {
    const { seminar, people } = await scannedSeminar();
    const shown = await page(server, `/admin/seminars/${seminar.id}/credits`, admin.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("연수평점 산정표");
    expect(shown.html).toContain("미완료");
    expect(shown.html).toContain("김전일");
    const refused = await postForm(
      server,
      `/admin/seminars/${seminar.id}/credits`,
      {
        intent: "correct",
        registrationId: people[2]!.registrationId,
        exitAt: "",
        entryAt: "",
        credits: "",
        reason: "",
      },
      { cookie: admin.cookie },
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("정정 사유를 입력해주세요");
    const corrected = await postForm(
      server,
      `/admin/seminars/${seminar.id}/credits`,
      {
        intent: "correct",
        registrationId: people[2]!.registrationId,
        entryAt: "",
        exitAt: `${DAY_OF_SEMINAR}T16:00`,
        credits: "",
        reason: "퇴장 스캔 누락",
      },
      { cookie: admin.cookie },
    );
    expect(corrected.status).toBe(302);
    // 09:05–16:00 less lunch: 355 minutes → 5 credits.
    expect(lineOf(await sheetOf(seminar.id), "박미완")).toMatchObject({ minutes: 355, credits: 5 });
    const sent = await postForm(
      server,
      `/admin/seminars/${seminar.id}/credits`,
      { intent: "send", objectionDays: "7" },
      { cookie: admin.cookie },
    );
    expect(sent.status).toBe(302);
    // Before the deadline the lock's dialog asks for a reason; the page refuses the lock without.
    const sentPage = await page(server, `/admin/seminars/${seminar.id}/credits`, admin.cookie);
    expect(mainText(sentPage.html)).toContain("기한 전에 확정하려면 사유가 필요합니다");
    const bare = await postForm(
      server,
      `/admin/seminars/${seminar.id}/credits`,
      { intent: "lock" },
      { cookie: admin.cookie },
    );
    expect(bare.status).toBe(409);
    expect(await bare.text()).toContain("사유를 입력해주세요");
    const blank = await postForm(
      server,
      `/admin/seminars/${seminar.id}/credits`,
      { intent: "lock", reason: " " },
      { cookie: admin.cookie },
    );
    expect(blank.status).toBe(400);
    expect((await sheetOf(seminar.id)).status).toBe("sent");
    const locked = await postForm(
      server,
      `/admin/seminars/${seminar.id}/credits`,
      { intent: "lock", reason: "학회 일정상 조기 확정 (전원 확인 완료)" },
      { cookie: admin.cookie },
    );
    expect(locked.status).toBe(302);
    expect((await sheetOf(seminar.id)).status).toBe("locked");
  });
});

describe("hostile input", () => {
  it("answers malformed, mistyped and oversized input with Korean 4xx, never 500", async () => {
    const { seminar, people } = await scannedSeminar();
    const path = `/api/admin/seminars/${seminar.id}/credits/${people[2]!.registrationId}`;
    const send = (body: string, type = "application/json") =>
      server.fetch(path, {
        method: "PATCH",
        headers: { Cookie: admin.cookie, "Content-Type": type },
        body,
      });
    expect((await send("{")).status).toBe(400);
    expect((await send("reason=x", "text/plain")).status).toBe(415);
    for (const body of [
      { credits: "many", reason: "형식" },
      { credits: 2.5, reason: "형식" },
      { entryAt: "어제 아침", reason: "형식" },
      { exitAt: ["2026-01-01"], reason: "형식" },
      { exitAt: at("16:00"), reason: "가".repeat(501) },
      { exitAt: at("16:00"), reason: { text: "객체" } },
    ]) {
      const res = await call("PATCH", path, admin.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await json<ErrorBody>(res)).message).toMatch(/[가-힣]/);
    }
    const huge = await send(JSON.stringify({ reason: "가".repeat(200_000) }));
    expect(huge.status).toBe(413);
    const objection = await call(
      "POST",
      `/api/seminars/${seminar.id}/credits/objection`,
      people[0]!.cookie,
      {
        message: "가".repeat(1001),
      },
    );
    expect(objection.status).toBe(400);
    const unknownField = await postForm(
      server,
      `/admin/seminars/${seminar.id}/credits`,
      { intent: "lock", "lines[0][credits]": "9" },
      { cookie: admin.cookie },
    );
    expect(unknownField.status).toBe(400);
    const unknownIntent = await postForm(
      server,
      `/admin/seminars/${seminar.id}/credits`,
      { intent: "delete" },
      { cookie: admin.cookie },
    );
    expect(unknownIntent.status).toBe(400);
    expect((await page(server, `/verify/${"A".repeat(5000)}`)).status).toBe(404);
    expect((await page(server, "/verify/%E0%A4%A")).status).toBeLessThan(500);
    expect((await sheetOf(seminar.id)).status).toBe("draft");
  });
});

describe("certificates", () => {
  it("downloads a Korean PDF after the lock, and /verify tells genuine from forged", async () => {
    const { seminar, people } = await scannedSeminar();
    const [full, , open] = people;
    const before = await server.fetch(`/mypage/certificates/${seminar.id}`, {
      headers: { Cookie: full!.cookie },
    });
    expect(before.status).toBe(404);
    await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie);
    const sheet = await json<Sheet>(await lockAfterDeadline(seminar.id));
    const code = lineOf(sheet, "김전일").certificateCode!;

    const res = await server.fetch(`/mypage/certificates/${seminar.id}`, {
      headers: { Cookie: full!.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (process.env.CERTIFICATE_PDF_OUT) {
      const fs = await import("node:fs");
      fs.writeFileSync(process.env.CERTIFICATE_PDF_OUT, bytes);
    }
    const text = await pdfText(bytes);
    expect(text).toContain("참 석 확 인 서");
    expect(text).toContain("김전일");
    expect(text).toContain("5점");
    expect(text).toContain("420분");
    // Entry and exit on the seminar's 12-hour clock, as its date and time are written.
    expect(text).toMatch(/(오전|오후) \d{1,2}:\d{2} ~ (오전|오후) \d{1,2}:\d{2} \(인정 420분\)/);
    expect(text).toContain(seminar.title);
    expect(text).toContain(code);
    // The font is embedded as a subset, not the whole 2.7 MB file.
    expect(bytes.length).toBeLessThan(400_000);

    // Nobody else's, nothing for an incomplete line, and a visitor goes to the login.
    expect(
      (
        await server.fetch(`/mypage/certificates/${seminar.id}`, {
          headers: { Cookie: open!.cookie },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await server.fetch(`/mypage/certificates/${seminar.id}`, {
          headers: { Cookie: staff.cookie },
        })
      ).status,
    ).toBe(404);
    const visitor = await server.fetch(`/mypage/certificates/${seminar.id}`, {
      redirect: "manual",
    });
    expect([302, 401]).toContain(visitor.status);
    expect(
      (
        await server.fetch("/mypage/certificates/not-a-seminar", {
          headers: { Cookie: full!.cookie },
        })
      ).status,
    ).toBe(404);

    const genuine = await page(server, `/verify/${code}`);
    expect(genuine.status).toBe(200);
    expect(genuine.html).toContain("학회가 발급한 참석확인서입니다");
    expect(genuine.html).toContain("김*일");
    expect(genuine.html).not.toContain("김전일");
    expect(genuine.html).toContain(seminar.title);
    expect(genuine.html).toContain("5점");
    expect(genuine.html).toMatch(/<meta name="robots" content="noindex/);
    expect(genuine.headers.get("x-robots-tag")).toContain("noindex");
    // Lower case and without dashes is the same code.
    expect((await page(server, `/verify/${code.replaceAll("-", "").toLowerCase()}`)).status).toBe(
      200,
    );
    const forged = await page(server, "/verify/ABCD-EFGH-JKLM");
    expect(forged.status).toBe(404);
    expect(forged.html).toContain("확인되지 않는 확인서입니다");
    expect((await page(server, "/verify/%3Cscript%3E")).status).toBe(404);

    // /mypage lists the certificate and the year's credits.
    const mypage = await page(server, "/mypage/seminars", full!.cookie);
    expect(mypage.html).toContain(`/mypage/certificates/${seminar.id}`);
    expect(mypage.html).toContain("연수평점");
  });
});

describe("one rule: a certificate and the yearly total for exactly the lines with credits", () => {
  it("certifies and counts an incomplete line the office credited, and neither a 0-credit one", async () => {
    const { seminar, people } = await scannedSeminar();
    const [full, , open, short] = people;
    // 박미완 left without scanning out: 미완료, but the office credits 2 points by override.
    const corrected = await call(
      "PATCH",
      `/api/admin/seminars/${seminar.id}/credits/${open!.registrationId}`,
      admin.cookie,
      { credits: 2, reason: "퇴장 스캔 누락, 좌장 확인" },
    );
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie);
    const sheet = await json<Sheet>(await lockAfterDeadline(seminar.id));
    expect(lineOf(sheet, "박미완")).toMatchObject({ incomplete: true, credits: 2 });
    expect(lineOf(sheet, "박미완").certificateCode).toMatch(
      /^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/,
    );
    // 최짧음 attended 119 minutes, complete but under the first band: 0 credits, no certificate.
    expect(lineOf(sheet, "최짧음")).toMatchObject({ incomplete: false, credits: 0 });
    expect(lineOf(sheet, "최짧음").certificateCode).toBeNull();
    expect(lineOf(sheet, "김전일").certificateCode).not.toBeNull();
    expect((await subjectsTo(open!.email)).join("\n")).toContain("참석확인서(PDF)");
    expect((await subjectsTo(short!.email)).join("\n")).not.toContain("참석확인서(PDF)");

    const download = (member: Member) =>
      server.fetch(`/mypage/certificates/${seminar.id}`, { headers: { Cookie: member.cookie } });
    const credited = await download(open!);
    expect(credited.status).toBe(200);
    const text = await pdfText(new Uint8Array(await credited.arrayBuffer()));
    expect(text).toContain("박미완");
    expect(text).toContain("2점");
    const none = await download(short!);
    expect(none.status).toBe(404);
    expectKoreanMessages(await json<ErrorBody>(none));

    type Mine = {
      years: { year: number; credits: number }[];
      attended: { title: string; credits: number; certificateCode: string | null }[];
    };
    const year = Number(DAY_OF_SEMINAR.slice(0, 4));
    const mineOf = async (member: Member) =>
      json<Mine>(await call("GET", "/api/me/credits", member.cookie));
    const openMine = await mineOf(open!);
    expect(openMine.years).toEqual([{ year, credits: 2 }]);
    expect(openMine.attended[0]?.certificateCode).toBe(lineOf(sheet, "박미완").certificateCode);
    const shortMine = await mineOf(short!);
    expect(shortMine.years).toEqual([]);
    expect(shortMine.attended).toMatchObject([{ credits: 0, certificateCode: null }]);
    expect((await page(server, "/mypage/seminars", open!.cookie)).html).toContain(
      `/mypage/certificates/${seminar.id}`,
    );
    expect((await page(server, "/mypage/seminars", short!.cookie)).html).not.toContain(
      `/mypage/certificates/${seminar.id}`,
    );
    expect((await mineOf(full!)).years).toEqual([{ year, credits: 5 }]);

    // A code kept on a 0-credit line from before the rule is no certificate: no download, no check.
    await server.db
      .update(seminarCredits)
      .set({ certificateCode: "ZZZZ-ZZZZ-ZZZZ" })
      .where(eq(seminarCredits.registrationId, short!.registrationId));
    expect((await download(short!)).status).toBe(404);
    expect((await page(server, "/verify/ZZZZ-ZZZZ-ZZZZ")).status).toBe(404);
    expect((await mineOf(short!)).attended[0]?.certificateCode).toBeNull();
  });
});

describe("the office's additions", () => {
  it("tell a walk-in they were registered at the door, and one added ahead of time the usual way", async () => {
    const seminar = await heldSeminar();
    const [walkIn] = await attendees(seminar.id, ["현장등록"]);
    const atDoor = (await subjectsTo(walkIn!.email)).join("\n");
    expect(atDoor).toContain("세미나에 현장 등록되었습니다");
    expect(atDoor).toContain("퇴장이 바로 기록됩니다");
    expect(atDoor).not.toContain("취소");
    expect(atDoor).not.toContain("신청이 확정되었습니다");

    const ahead = await heldSeminar({
      date: new Date(Date.now() + 3 * DAY).toISOString(),
      endDate: null,
      creditBreaks: null,
    });
    const member = await insertMember(server, { name: "미리등록" });
    const added = await call(
      "POST",
      `/api/admin/seminars/${ahead.id}/registrations`,
      admin.cookie,
      { email: member.email },
    );
    expect(added.status, await added.clone().text()).toBe(201);
    const usual = (await subjectsTo(member.email)).join("\n");
    expect(usual).toContain("신청이 확정되었습니다");
    expect(usual).toContain("입장할 때");
    expect(usual).not.toContain("현장 등록");
  });
});

describe("a withdrawn member's attendance (decision 035)", () => {
  /** The member withdraws on /mypage/security, as the page's form does. */
  async function withdrawMember(member: Member) {
    const cookie = await logInCookie(server, member.email, member.password);
    const res = await postForm(
      server,
      "/mypage/security",
      { intent: "withdraw", password: member.password, confirm: "on" },
      { cookie },
    );
    expect(res.status).toBe(302);
    const [account] = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(account).toBeUndefined();
  }

  const registrationRow = async (id: string) =>
    (await server.db.select().from(seminarRegistrations).where(eq(seminarRegistrations.id, id)))[0];

  async function creditsCsv(seminarId: string) {
    const res = await server.fetch(
      `/admin/seminars/${seminarId}/credits.csv?purpose=${encodeURIComponent("의협 연수평점 보고")}`,
      { headers: { Cookie: admin.cookie } },
    );
    expect(res.status).toBe(200);
    return res.text();
  }

  it("outlives the account on the locked sheet, the KMA report and /verify; the rest goes", async () => {
    const { seminar, people } = await scannedSeminar();
    const [full, , , , absent] = people;
    await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie);
    const sheet = await json<Sheet>(await lockAfterDeadline(seminar.id));
    const line = lineOf(sheet, "김전일");
    expect(line.licenseNumber).toMatch(/^L-\d+$/);
    const csvBefore = await creditsCsv(seminar.id);

    await withdrawMember(full!);
    await withdrawMember(absent!);

    // The sheet and the report are as they were, licence number and certificate included.
    expect(lineOf(await sheetOf(seminar.id), "김전일")).toEqual({
      ...line,
      userId: null,
      email: "",
    });
    expect(await creditsCsv(seminar.id)).toBe(csvBefore);
    const genuine = await page(server, `/verify/${line.certificateCode}`);
    expect(genuine.status).toBe(200);
    expect(genuine.html).toContain("김*일");
    expect(genuine.html).toContain("5점");

    // What is kept has no contact left; the registration without attendance is gone.
    expect(await registrationRow(full!.registrationId)).toMatchObject({
      userId: null,
      name: "김전일",
      email: "",
      phone: "",
      licenseNumber: line.licenseNumber,
      hospitalName: "테스트의원",
    });
    expect(await registrationRow(absent!.registrationId)).toBeUndefined();

    // The office's list names the line as a withdrawn member's, with nothing to call or cancel.
    const office = await page(server, `/admin/seminars/${seminar.id}`, admin.cookie);
    expect(office.status).toBe(200);
    const row = mainText(office.html);
    expect(row).toContain("김전일");
    expect(row).toContain("탈퇴한 회원");
    expect(office.html).not.toContain(`name="userId" value=""`);
    const registrants = await server.fetch(
      `/admin/seminars/${seminar.id}/registrants.csv?purpose=${encodeURIComponent("참석 통계")}`,
      { headers: { Cookie: admin.cookie } },
    );
    expect(registrants.status).toBe(200);
    expect(await registrants.text()).toMatch(
      /"김전일","","","테스트의원","L-\d+","[^"]+ \(탈퇴한 회원\)"/,
    );

    // Kept three years after the seminar, then deleted by the daily retention job.
    const { runRetention } = await import("~/jobs/retention.server");
    const YEAR = 365 * DAY;
    await runRetention(new Date(nowMs() + 3 * YEAR - 2 * DAY));
    expect(await registrationRow(full!.registrationId)).toBeDefined();
    await runRetention(new Date(nowMs() + 3 * YEAR + 2 * DAY));
    expect(await registrationRow(full!.registrationId)).toBeUndefined();
    expect((await page(server, `/verify/${line.certificateCode}`)).status).toBe(404);
    // The others' lines are untouched.
    expect((await sheetOf(seminar.id)).lines.map((l) => l.name)).toEqual([
      "박미완",
      "이중간",
      "최짧음",
    ]);
  });

  it("is kept only with the account's deletion: a deletion that fails leaves the registrations whole", async () => {
    const { people } = await scannedSeminar();
    const [full, , , , absent] = people;
    const before = await registrationRow(full!.registrationId);
    // The database refuses this one deletion (a fault injected below our code, not a mock of it).
    await server.db.execute(
      sql.raw(`create function refuse_withdrawal() returns trigger language plpgsql as $$
        begin raise exception 'deletion refused for the test'; end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger refuse_withdrawal before delete on users for each row
        when (old.id = '${full!.id}') execute function refuse_withdrawal()`),
    );
    try {
      const cookie = await logInCookie(server, full!.email, full!.password);
      const res = await postForm(
        server,
        "/mypage/security",
        { intent: "withdraw", password: full!.password, confirm: "on" },
        { cookie },
      );
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await server.db.execute(sql.raw("drop trigger refuse_withdrawal on users"));
      await server.db.execute(sql.raw("drop function refuse_withdrawal()"));
    }
    const [account] = await server.db.select().from(users).where(eq(users.id, full!.id));
    expect(account).toBeDefined();
    // Nothing was cleared or deleted for an account that stays.
    expect(await registrationRow(full!.registrationId)).toEqual(before);
    expect(before).toMatchObject({ userId: full!.id, licenseNumber: null });
    expect(before!.email).not.toBe("");
    expect(await registrationRow(absent!.registrationId)).toBeDefined();
  });

  it("stays on a sheet not yet sent: nobody is mailed for it, and the lock certifies it", async () => {
    const { seminar, people } = await scannedSeminar();
    const [full] = people;
    await withdrawMember(full!);
    const draft = lineOf(await sheetOf(seminar.id), "김전일");
    expect(draft).toMatchObject({ credits: 5, licenseNumber: expect.stringMatching(/^L-\d+$/) });

    const sent = await call("POST", `/api/admin/seminars/${seminar.id}/credits/send`, admin.cookie);
    expect(sent.status, await sent.clone().text()).toBe(200);
    const locked = await json<Sheet>(await lockAfterDeadline(seminar.id));
    const code = lineOf(locked, "김전일").certificateCode;
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect((await page(server, `/verify/${code}`)).status).toBe(200);
    // No mail to the old address, nor to an empty one; the others were mailed as usual.
    expect((await subjectsTo(full!.email)).join("\n")).not.toContain("연수평점");
    expect(await subjectsTo("")).toEqual([]);
    expect((await subjectsTo(people[1]!.email)).join("\n")).toContain("연수평점이 확정되었습니다");
  });
});
