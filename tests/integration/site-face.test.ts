// The society's face over real HTTP (issue 40): the site search as a visitor and as a member, the
// human sitemap, the utility bar, the seminar calendar's month view, a seminar's "캘린더에 추가"
// file and the feed /seminars.ics, parsed and checked for Seoul times, UIDs, folding and escaping.
import { beforeAll, describe, expect, it } from "vitest";
import { communityPosts, seminars } from "~db/schema";
import { mainText, meta, tags } from "../support/html";
import { insertAnnouncement, insertMember, type Member, page } from "../support/members";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer();
let member: Member;
let seminarId: string;
let tricky: string;

// 5 December of next year, 14:00 and 17:30 in Seoul: a seminar still to come on whatever day the
// suite runs (an ended seminar's page no longer offers "캘린더에 추가").
const YEAR =
  Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Seoul", year: "numeric" }).format()) + 1;
const START = new Date(`${YEAR}-12-05T05:00:00Z`);
const END = new Date(`${YEAR}-12-05T08:30:00Z`);
const START_WEEKDAY = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  weekday: "short",
}).format(START);

beforeAll(async () => {
  member = await insertMember(server, { name: "검색회원" });
  await insertAnnouncement(server, {
    title: "겨울 학술대회 등록 안내",
    content: "<p>본문에만 있는 말 얼음골비밀</p>",
  });
  await server.db.insert(communityPosts).values({
    title: "게시판에만 있는 눈꽃질문",
    content: "본문",
    authorName: "검색회원",
  });
  const [row] = await server.db
    .insert(seminars)
    .values({
      title: "겨울 세미나: AI, 광고; 그리고 \\ 법",
      description: "첫 줄\n둘째 줄",
      speaker: "김연자",
      location: "대구 엑스코 3층, 컨벤션홀",
      date: START,
      endDate: END,
    })
    .returning();
  seminarId = row!.id;
  const [long] = await server.db
    .insert(seminars)
    .values({
      title: "아주 긴 제목의 세미나 ".repeat(8).trim(),
      description: "설명",
      speaker: "이연자",
      location: "서울",
      date: new Date(`${YEAR}-12-20T01:00:00Z`),
    })
    .returning();
  tricky = long!.id;
});

describe("/search", () => {
  it("a visitor finds a notice by its title, never by its body, nor a board post", async () => {
    const byTitle = await page(server, `/search?q=${encodeURIComponent("겨울 학술대회")}`);
    expect(byTitle.status).toBe(200);
    expect(mainText(byTitle.html)).toContain("겨울 학술대회 등록 안내");
    expect(meta(byTitle.html, "robots")).toBe("noindex");
    const byBody = await page(server, `/search?q=${encodeURIComponent("얼음골비밀")}`);
    expect(byBody.status).toBe(200);
    expect(mainText(byBody.html)).toContain("검색 결과가 없습니다");
    expect(byBody.html).not.toContain("겨울 학술대회 등록 안내");
    const board = await page(server, `/search?q=${encodeURIComponent("눈꽃")}`);
    expect(board.html).not.toContain("눈꽃질문");
  });

  it("an approved member finds the notice by its body and the board post", async () => {
    const byBody = await page(server, `/search?q=${encodeURIComponent("얼음골")}`, member.cookie);
    expect(mainText(byBody.html)).toContain("겨울 학술대회 등록 안내");
    const board = await page(server, `/search?q=${encodeURIComponent("눈")}`, member.cookie);
    expect(mainText(board.html)).toContain("게시판에만 있는 눈꽃질문");
    expect(board.headers.get("cache-control")).toBe("private, no-store");
  });

  it("finds a one-syllable term and the society pages", async () => {
    const one = await page(server, `/search?q=${encodeURIComponent("겨")}`);
    expect(mainText(one.html)).toContain("겨울 세미나");
    const pages = await page(server, `/search?q=${encodeURIComponent("오시는")}`);
    const links = tags(pages.html.match(/<main\b[\s\S]*<\/main>/)?.[0] ?? "", "a").map(
      (a) => a.href,
    );
    expect(links).toContain("/location");
  });

  it("asks for a term when there is none, refuses one over 100 characters with a 400", async () => {
    for (const path of ["/search", "/search?q=", "/search?q=%20%20"]) {
      const empty = await page(server, path);
      expect(empty.status, path).toBe(200);
      expect(mainText(empty.html)).toContain("검색어를 입력해 주세요.");
    }
    const long = await page(server, `/search?q=${encodeURIComponent("가".repeat(101))}`);
    expect(long.status).toBe(400);
    expect(mainText(long.html)).toContain("검색어는 100자 이하로 입력해 주세요.");
    // Hostile input is text, never a 500.
    for (const q of ["%", "_", "\\", "'; drop table users; --", "%00", "가%_\\"]) {
      const res = await page(server, `/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    const badPage = await page(server, `/search?q=a&page=abc`);
    expect(badPage.status).toBe(200);
  });
});

describe("/sitemap and the utility bar", () => {
  it("lists every menu page, and the header links 사이트맵 and a search form", async () => {
    const { status, html } = await page(server, "/sitemap");
    expect(status).toBe(200);
    const main = html.match(/<main\b[\s\S]*<\/main>/)?.[0] ?? "";
    const hrefs = tags(main, "a").map((a) => a.href);
    for (const path of [
      "/about",
      "/history",
      "/executives",
      "/charter",
      "/location",
      "/activities",
      "/library",
      "/announcements",
      "/community",
      "/membership",
      "/membership#join",
      "/mypage",
      "/search",
    ]) {
      expect(hrefs, path).toContain(path);
    }
    const header = html.match(/<header\b[\s\S]*?<\/header>/)?.[0] ?? "";
    expect(tags(header, "a").map((a) => a.href)).toContain("/sitemap");
    expect(header).toMatch(/<form[^>]*action="\/search"/);
  });

  it("shows a member's name and 로그아웃 in the header", async () => {
    const { html } = await page(server, "/sitemap", member.cookie);
    const header = html.match(/<header\b[\s\S]*?<\/header>/)?.[0] ?? "";
    expect(header).toContain("검색회원");
    expect(header).toContain("로그아웃");
    expect(tags(header, "a").map((a) => a.href)).not.toContain("/login");
  });
});

/** The content lines of a calendar, unfolded (RFC 5545 §3.1). */
const unfold = (body: string) => body.replace(/\r\n[ \t]/g, "").split("\r\n");
/** The VEVENTs of a calendar, each as its property lines. */
function events(body: string) {
  const found: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of unfold(body)) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT") {
      found.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(":");
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return found;
}

describe("the seminar calendar", () => {
  it("GET /seminars.ics: text/calendar, every seminar, Seoul times, stable UIDs", async () => {
    const res = await server.fetch("/seminars.ics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await res.text();
    expect(body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(body.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(body).toContain("TZID:Asia/Seoul");
    expect(body).not.toMatch(/[^\r]\n/);
    // No line over 75 octets.
    for (const line of body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const all = events(body);
    expect(all).toHaveLength(2);
    const host = new URL(server.baseUrl).host;
    const winter = all.find((event) => event.UID === `seminar-${seminarId}@${host}`)!;
    expect(winter).toBeDefined();
    expect(winter["DTSTART;TZID=Asia/Seoul"]).toBe(`${YEAR}1205T140000`);
    expect(winter["DTEND;TZID=Asia/Seoul"]).toBe(`${YEAR}1205T173000`);
    expect(winter.SUMMARY).toBe("겨울 세미나: AI\\, 광고\\; 그리고 \\\\ 법");
    expect(winter.LOCATION).toBe("대구 엑스코 3층\\, 컨벤션홀");
    expect(winter.DESCRIPTION).toContain("첫 줄\\n둘째 줄");
    expect(winter.URL).toBe(`${server.baseUrl}/activities/${seminarId}`);
    // The long title is folded and comes back whole; no end given: two hours.
    const long = all.find((event) => event.UID?.startsWith(`seminar-${tricky}@`))!;
    expect(long.SUMMARY).toBe("아주 긴 제목의 세미나 ".repeat(8).trim());
    expect(long["DTSTART;TZID=Asia/Seoul"]).toBe(`${YEAR}1220T100000`);
    expect(long["DTEND;TZID=Asia/Seoul"]).toBe(`${YEAR}1220T120000`);
    const again = events(await (await server.fetch("/seminars.ics")).text());
    expect(again.map((event) => event.UID)).toEqual(all.map((event) => event.UID));
  });

  it("GET /activities/{id}/calendar.ics: that seminar alone, as a download, with the feed's UID", async () => {
    const res = await server.fetch(`/activities/${seminarId}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+\.ics"/);
    const [event, ...rest] = events(await res.text());
    expect(rest).toEqual([]);
    expect(event!.UID).toBe(`seminar-${seminarId}@${new URL(server.baseUrl).host}`);
    for (const path of [
      "/activities/00000000-0000-4000-8000-000000000000/calendar.ics",
      "/activities/not-an-id/calendar.ics",
    ]) {
      const missing = await server.fetch(path);
      expect(missing.status, path).toBe(404);
      expect(await missing.text()).toBe("학술 활동을 찾을 수 없습니다.");
    }
    const detail = await page(server, `/activities/${seminarId}`);
    expect(detail.html).toContain(`href="/activities/${seminarId}/calendar.ics"`);
    expect(mainText(detail.html)).toContain("캘린더에 추가");
  });

  it("answers a seminar that is not there with a 404 inside the site, titled, with the way back", async () => {
    for (const path of [
      "/activities/00000000-0000-4000-8000-000000000000",
      "/activities/not-an-id",
    ]) {
      const missing = await page(server, path);
      expect(missing.status, path).toBe(404);
      expect(missing.html).toContain("<title>학술 활동을 찾을 수 없습니다</title>");
      expect(mainText(missing.html)).toContain("학술 활동을 찾을 수 없습니다.");
      expect(tags(missing.html, "a").some((a) => a.href === "/activities")).toBe(true);
      // The header and footer stay: a shared link to a deleted seminar is not a dead end.
      expect(missing.html).toContain("<footer");
    }
  });

  it("shows a month with the seminar on its Seoul day, and links the months around it", async () => {
    const { status, html } = await page(server, `/activities?view=calendar&month=${YEAR}-12`);
    expect(status).toBe(200);
    const text = mainText(html);
    expect(text).toContain(`${YEAR}년 12월`);
    expect(text).toContain(`12월 5일 (${START_WEEKDAY})`);
    expect(text).toContain("14:00");
    expect(html).toContain(`href="/activities?view=calendar&amp;month=${YEAR}-11"`);
    expect(html).toContain(`href="/activities?view=calendar&amp;month=${YEAR + 1}-01"`);
    expect(meta(html, "robots")).toBe("noindex");
    const january = await page(server, `/activities?view=calendar&month=${YEAR + 1}-01`);
    expect(mainText(january.html)).toContain("이 달에는 세미나가 없습니다.");
    expect(january.html).toContain(`href="/activities?view=calendar&amp;month=${YEAR}-12"`);
  });

  it("refuses a malformed month with a 400 and a Korean message, never a 500", async () => {
    for (const month of ["2026-13", "26-12", "abcd-ef", "2026-1", "1999-12", ""]) {
      const res = await page(server, `/activities?view=calendar&month=${month}`);
      expect(res.status, month).toBe(400);
      expect(mainText(res.html)).toContain("달력의 달은 2026-12처럼 연도와 월로 입력해 주세요.");
    }
  });
});

describe("/verify", () => {
  it("asks for the 확인번호 printed on a paper certificate and goes on to its check", async () => {
    const form = await page(server, "/verify");
    expect(form.status).toBe(200);
    expect(form.html).toContain("<title>확인서 진위 확인</title>");
    expect(form.html).toContain('name="code"');
    expect(tags(form.html, "form").some((f) => f.method === "get")).toBe(true);
    const typed = await server.fetch("/verify?code=%20xb9t-6wjp-ru8z%20");
    expect(typed.status).toBe(302);
    expect(typed.headers.get("location")).toBe("/verify/xb9t-6wjp-ru8z");
    // An unknown code is the check's own 404, in Korean.
    const unknown = await page(server, "/verify/xb9t-6wjp-ru8z");
    expect(unknown.status).toBe(404);
    expect(mainText(unknown.html)).toContain("확인되지 않는 확인서입니다");
    expect(mainText(unknown.html)).not.toContain("발급번호로 보입니다");
    // The serial printed as 발급번호 is not the code; the page says where the code is.
    const serial = await page(server, `/verify/${encodeURIComponent("제2026-00003호")}`);
    expect(serial.status).toBe(404);
    expect(mainText(serial.html)).toContain("입력하신 번호는 발급번호로 보입니다");
  });
});
