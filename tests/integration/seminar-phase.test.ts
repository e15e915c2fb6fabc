// Issue 39: a seminar in progress is shown as in progress. GET /api/seminars carries each
// seminar's `phase` (upcoming, ongoing, past) by its start and end at the time of the request;
// /activities lists an ongoing seminar with the upcoming ones, marked 진행 중, never under 지난
// 세미나; 마이페이지 and the office's seminar table say 진행 중 too; the open registration's badge
// reads 접수중 (docs/decisions/021-seminar-phase.md).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { createAdmin, json, type LoggedIn, logInCookie } from "../support/accounts";
import { mainText } from "../support/html";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let admin: LoggedIn;
let member: Member;
const ids = { upcoming: "", ongoing: "", past: "" };
const TITLES = {
  upcoming: "단계 시험 예정 세미나",
  ongoing: "단계 시험 진행 세미나",
  past: "단계 시험 지난 세미나",
};

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { name: "단계회원" });
  const create = async (title: string, startsIn: number, endsIn: number) => {
    const res = await sendJson(
      server,
      "POST",
      "/api/seminars",
      {
        title,
        description: "세미나의 단계를 시험합니다.",
        speaker: "김단계",
        date: new Date(Date.now() + startsIn).toISOString(),
        endDate: new Date(Date.now() + endsIn).toISOString(),
        location: "학회 세미나실",
      },
      { cookie: admin.cookie },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json<{ id: string }>(res)).id;
  };
  ids.upcoming = await create(TITLES.upcoming, DAY, DAY + 2 * HOUR);
  // 09:00–13:00 seen at 10:44 (the morning).
  ids.ongoing = await create(TITLES.ongoing, -104 * MINUTE, 136 * MINUTE);
  ids.past = await create(TITLES.past, -6 * HOUR, -2 * HOUR);
  for (const id of [ids.ongoing, ids.past]) {
    const added = await sendJson(
      server,
      "POST",
      `/api/admin/seminars/${id}/registrations`,
      { email: member.email },
      { cookie: admin.cookie },
    );
    expect(added.status, await added.clone().text()).toBe(201);
  }
});
afterEach(() => resetClock());

type Listed = { id: string; phase: string };
async function phases(query = "") {
  const res = await server.fetch(`/api/seminars${query}`);
  expect(res.status).toBe(200);
  const list = (await res.json()) as Listed[];
  const of = (id: string) => list.find((s) => s.id === id)?.phase;
  return { upcoming: of(ids.upcoming), ongoing: of(ids.ongoing), past: of(ids.past) };
}

/** The text that follows `title` on the page, up to `length` characters. */
const textAfter = (text: string, title: string, length = 40) => {
  const at = text.indexOf(title);
  expect(at, title).toBeGreaterThan(-1);
  return text.slice(at + title.length, at + title.length + length);
};

describe("GET /api/seminars", () => {
  it("carries each seminar's phase by its start and end, at the time of the request", async () => {
    expect(await phases()).toEqual({ upcoming: "upcoming", ongoing: "ongoing", past: "past" });
    expect(await phases("?page=1&pageSize=100")).toEqual({
      upcoming: "upcoming",
      ongoing: "ongoing",
      past: "past",
    });
    // At its end the ongoing one is past; a minute before the start the upcoming one is not yet.
    advanceClock(136 * MINUTE);
    expect((await phases()).ongoing).toBe("past");
    advanceClock(DAY - 136 * MINUTE - MINUTE);
    expect((await phases()).upcoming).toBe("upcoming");
    advanceClock(MINUTE);
    expect((await phases()).upcoming).toBe("ongoing");
  });
});

describe("the pages", () => {
  it("/activities lists a seminar under way with the upcoming ones, as 진행 중", async () => {
    const { status, html } = await page(server, "/activities");
    expect(status).toBe(200);
    const text = mainText(html);
    const pastHeading = text.indexOf("지난 세미나");
    expect(pastHeading).toBeGreaterThan(-1);
    expect(text.indexOf(TITLES.ongoing)).toBeLessThan(pastHeading);
    expect(text.indexOf(TITLES.upcoming)).toBeLessThan(pastHeading);
    expect(text.indexOf(TITLES.past)).toBeGreaterThan(pastHeading);
    expect(textAfter(text, TITLES.ongoing, 10)).toContain("진행 중");
    expect(textAfter(text, TITLES.upcoming, 10)).toContain("접수중");
    expect(textAfter(text, TITLES.past, 10)).toContain("종료");
    // The home page's 다가오는 세미나 keeps to seminars not yet begun.
    const home = mainText((await page(server, "/")).html);
    expect(home).not.toContain(TITLES.ongoing);
  });

  it("the seminar's page says 진행 중 and offers no registration", async () => {
    const text = mainText((await page(server, `/activities/${ids.ongoing}`, member.cookie)).html);
    expect(text).toContain("진행 중");
    expect(text).not.toContain("종료");
  });

  it("마이페이지 says 진행 중 during the seminar and 종료 after", async () => {
    const text = mainText((await page(server, "/mypage/seminars", member.cookie)).html);
    expect(textAfter(text, TITLES.ongoing, 10)).toContain("진행 중");
    expect(textAfter(text, TITLES.ongoing, 10)).not.toContain("종료");
    expect(textAfter(text, TITLES.past, 10)).toContain("종료");
    // The ticket stays at hand while the seminar is under way.
    expect(textAfter(text, TITLES.ongoing, 120)).toContain("QR 티켓");
  });

  it("the office's seminar table and registrant page say 진행 중, and 접수중 for open registration", async () => {
    const table = mainText(
      (
        await page(
          server,
          `/admin/dashboard?tab=seminars&q=${encodeURIComponent("단계 시험")}`,
          admin.cookie,
        )
      ).html,
    );
    expect(textAfter(table, TITLES.ongoing, 20)).toMatch(/접수중\s*진행 중/);
    expect(textAfter(table, TITLES.past, 20)).toMatch(/접수중\s*종료/);
    expect(textAfter(table, TITLES.upcoming, 20)).not.toMatch(/진행 중|종료/);
    const registrants = mainText(
      (await page(server, `/admin/seminars/${ids.ongoing}`, admin.cookie)).html,
    );
    expect(registrants).toContain("진행 중");
    expect(registrants).toMatch(/불참 0/);
    // After the end, the member who never came in is absent (the office logs in anew: its
    // session idles out within the hour).
    advanceClock(137 * MINUTE);
    const office = await logInCookie(server, admin.email, admin.password);
    const later = mainText((await page(server, `/admin/seminars/${ids.ongoing}`, office)).html);
    expect(later).toMatch(/불참 1/);
    expect(later).toContain("종료");
    resetClock();
    admin.cookie = await logInCookie(server, admin.email, admin.password);
  });
});
