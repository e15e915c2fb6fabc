// The seminar's pages, server-rendered and without JavaScript: /activities/{id} for a
// visitor (facts, link preview tags, a login prompt) and a member (one-tap registration and
// cancellation by plain form posts), the ticket page, /mypage's list, the office's registrant page
// and the member record.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, seminars } from "~db/schema";
import { createAdmin, type LoggedIn, postForm } from "../support/accounts";
import { UNKNOWN_ID } from "../support/admin";
import { mainText, meta } from "../support/html";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
let member: Member;
let seminarId: string;

const DAY = 24 * 60 * 60 * 1000;
const TITLE = "개원의를 위한 노무 관리 세미나";

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { name: "페이지회원" });
  const res = await sendJson(
    server,
    "POST",
    "/api/seminars",
    {
      title: TITLE,
      description: "근로계약서와 4대 보험 실무를 다룹니다.",
      speaker: "박노무 노무사",
      date: new Date(Date.now() + 10 * DAY).toISOString(),
      endDate: new Date(Date.now() + 10 * DAY + 3 * 60 * 60 * 1000).toISOString(),
      location: "대구 엑스코 201호",
      capacity: 40,
      cmeCredits: 3,
    },
    { cookie: admin.cookie },
  );
  seminarId = ((await res.json()) as { id: string }).id;
});

const page = async (path: string, cookie?: string) => {
  const res = await server.fetch(path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, html: await res.text() };
};

describe("/activities/{id}", () => {
  it("shows a visitor the facts, link preview tags and a login prompt, from no shared cache", async () => {
    const { status, html, headers } = await page(`/activities/${seminarId}`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("private, no-store");
    const text = mainText(html);
    for (const expected of [
      TITLE,
      "박노무 노무사",
      "대구 엑스코 201호",
      "최대 3점",
      "40명 · 잔여 40석",
      "로그인하고 신청하기",
    ]) {
      expect(text).toContain(expected);
    }
    expect(html).toContain("https://map.naver.com/p/search/");
    expect(meta(html, "og:title")).toBe(`${TITLE} | ${meta(html, "og:site_name")}`);
    expect(meta(html, "og:url")).toMatch(new RegExp(`/activities/${seminarId}$`));
    expect(html).not.toContain('name="intent" value="register"');
  });

  it("tells a seminar under way from one that has ended, and offers neither a registration", async () => {
    const create = async (title: string, startsIn: number, endsIn: number | null) => {
      const res = await sendJson(
        server,
        "POST",
        "/api/seminars",
        {
          title,
          description: "시작 시각이 지난 세미나입니다.",
          speaker: "김연자",
          date: new Date(Date.now() + startsIn).toISOString(),
          ...(endsIn === null ? {} : { endDate: new Date(Date.now() + endsIn).toISOString() }),
          location: "학회 세미나실",
        },
        { cookie: admin.cookie },
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const HOUR = 60 * 60 * 1000;
    const underWay = await create("진행 중인 실습 세미나", -HOUR, 2 * HOUR);
    // No end time: taken to last two hours, so three hours after its start it has ended.
    const ended = await create("지난 실습 세미나", -3 * HOUR, null);
    for (const cookie of [undefined, member.cookie]) {
      const now = mainText((await page(`/activities/${underWay}`, cookie)).html);
      expect(now).toContain("진행 중인 세미나입니다. 신청은 시작 전까지 받습니다.");
      expect(now).toContain("진행 중");
      expect(now).not.toContain("종료");
      const past = mainText((await page(`/activities/${ended}`, cookie)).html);
      expect(past).toContain("종료된 세미나입니다.");
      expect(past).not.toContain("진행 중");
    }
    expect((await page(`/activities/${underWay}`, member.cookie)).html).not.toContain(
      'name="intent" value="register"',
    );
  });

  it("offers no registration, not even the external page, once the office closes a seminar", async () => {
    const create = async (status: "open" | "closed") => {
      const res = await sendJson(
        server,
        "POST",
        "/api/seminars",
        {
          title: `외부 신청 세미나 (${status})`,
          description: "학회 밖의 신청 페이지에서 신청을 받습니다.",
          speaker: "이외부",
          date: new Date(Date.now() + 20 * DAY).toISOString(),
          location: "학회 세미나실",
          registrationUrl: "https://apply.example.org/seminar",
          status,
        },
        { cookie: admin.cookie },
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const open = await create("open");
    const closed = await create("closed");
    for (const cookie of [undefined, member.cookie]) {
      const openPage = await page(`/activities/${open}`, cookie);
      expect(mainText(openPage.html)).toContain("신청 가능");
      expect(openPage.html).toContain('href="https://apply.example.org/seminar"');
      const closedPage = await page(`/activities/${closed}`, cookie);
      const text = mainText(closedPage.html);
      expect(text).toContain("신청이 마감되었습니다.");
      expect(text).not.toContain("신청 가능");
      expect(closedPage.html).not.toContain('href="https://apply.example.org/seminar"');
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await page(`/activities/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await page("/activities/not-a-seminar")).status).toBe(404);
  });

  it("lets a member register and cancel with plain form posts", async () => {
    const before = await page(`/activities/${seminarId}`, member.cookie);
    expect(before.html).toContain('name="intent" value="register"');
    // On a phone, the bar at the bottom of the screen leads to the registration box.
    expect(before.html).toMatch(
      /<a href="#registration" class="seminar-apply-bar">참가 신청하기<\/a>/,
    );
    expect(before.html).toContain('id="registration"');

    const registered = await postForm(
      server,
      `/activities/${seminarId}`,
      { intent: "register" },
      { cookie: member.cookie },
    );
    expect(registered.status).toBe(302);
    expect(registered.headers.get("location")).toBe(`/activities/${seminarId}`);
    const afterHtml = (await page(`/activities/${seminarId}`, member.cookie)).html;
    // Registered: no bar asks again.
    expect(afterHtml).not.toContain("seminar-apply-bar");
    const after = mainText(afterHtml);
    expect(after).toContain("신청이 확정되었습니다");
    expect(after).toContain("40명 · 잔여 39석");

    // Twice is refused with the reason, on the page (409).
    const again = await postForm(
      server,
      `/activities/${seminarId}`,
      { intent: "register" },
      { cookie: member.cookie },
    );
    expect(again.status).toBe(409);
    expect(mainText(await again.text())).toContain("이미 신청한 세미나입니다.");

    // /mypage/seminars lists it with the ticket; the ticket page draws the QR code.
    const mypage = await page("/mypage/seminars", member.cookie);
    expect(mainText(mypage.html)).toContain(TITLE);
    const ticketPath = mypage.html.match(/href="(\/mypage\/tickets\/[0-9a-f-]{36})"/)?.[1];
    expect(ticketPath).toBeDefined();
    const ticket = await page(ticketPath!, member.cookie);
    expect(ticket.status).toBe(200);
    expect(ticket.html).toContain("<svg");
    expect(ticket.headers.get("cache-control")).toBe("private, no-store");
    // Nobody else opens it.
    const other = await insertMember(server);
    expect((await page(ticketPath!, other.cookie)).status).toBe(404);
    expect((await page(ticketPath!)).status).toBe(302);

    // The member record shows the registration to the office.
    const record = await page(`/admin/members/${member.id}`, admin.cookie);
    expect(mainText(record.html)).toContain(TITLE);

    // The cancel form on /mypage/seminars comes back there (a form sent before 마이페이지 had
    // pages, with `/mypage#seminars`, comes to the same page).
    expect(mypage.html).toContain('name="returnTo" value="/mypage/seminars"');
    const cancelled = await postForm(
      server,
      `/activities/${seminarId}`,
      { intent: "cancel", returnTo: "/mypage#seminars" },
      { cookie: member.cookie },
    );
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe("/mypage/seminars");
    expect((await page(ticketPath!, member.cookie)).status).toBe(404);
  });

  it("sends a visitor's post to the login page and refuses an unknown intent", async () => {
    const visitor = await postForm(server, `/activities/${seminarId}`, { intent: "register" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const odd = await postForm(
      server,
      `/activities/${seminarId}`,
      { intent: "explode" },
      { cookie: member.cookie },
    );
    expect(odd.status).toBe(400);
  });
});

describe("the office's registrant page", () => {
  it("counts nobody absent before the seminar ends, and the confirmed who never came after", async () => {
    const res = await sendJson(
      server,
      "POST",
      "/api/seminars",
      {
        title: "불참 집계 세미나",
        description: "시작 전에는 불참자가 없습니다.",
        speaker: "정집계",
        date: new Date(Date.now() + 5 * DAY).toISOString(),
        location: "학회 세미나실",
      },
      { cookie: admin.cookie },
    );
    const id = ((await res.json()) as { id: string }).id;
    const coming = await insertMember(server, { name: "아직안온회원" });
    const registered = await sendJson(
      server,
      "POST",
      `/api/seminars/${id}/registrations`,
      undefined,
      {
        cookie: coming.cookie,
      },
    );
    expect(registered.status).toBe(201);

    const absentNow = async () => {
      const tab = mainText((await page(`/admin/seminars/${id}?tab=absent`, admin.cookie)).html);
      const api = await server.fetch(`/api/admin/seminars/${id}/registrations?status=absent`, {
        headers: { cookie: admin.cookie },
      });
      const body = (await api.json()) as { items: { name: string }[]; total: number };
      return { tab, names: body.items.map((item) => item.name), total: body.total };
    };
    const before = await absentNow();
    expect(before.tab).toMatch(/불참 0/);
    expect(before.tab).not.toContain("아직안온회원");
    expect(before.names).toEqual([]);
    expect(before.total).toBe(0);

    // The seminar began an hour ago (no end time: two hours long): under way, nobody is absent
    // yet (issue 39: "불참 3" at 10:45 of a 09:00–13:00 seminar).
    await server.db
      .update(seminars)
      .set({ date: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(seminars.id, id));
    const during = await absentNow();
    expect(during.tab).toMatch(/불참 0/);
    expect(during.tab).not.toContain("아직안온회원");
    expect(during.total).toBe(0);
    expect(during.tab).toContain("진행 중");

    // It began three hours ago, so it ended an hour ago, and the member never came in.
    await server.db
      .update(seminars)
      .set({ date: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(eq(seminars.id, id));
    const after = await absentNow();
    expect(after.tab).toMatch(/불참 1/);
    expect(after.tab).toContain("아직안온회원");
    expect(after.names).toEqual(["아직안온회원"]);
    expect(after.total).toBe(1);
  });

  it("lists registrants by tab for administrators, adds and cancels, and refuses members", async () => {
    const someone = await insertMember(server, { name: "목록회원" });
    await sendJson(server, "POST", `/api/seminars/${seminarId}/registrations`, undefined, {
      cookie: someone.cookie,
    });
    const list = await page(`/admin/seminars/${seminarId}`, admin.cookie);
    expect(list.status).toBe(200);
    const text = mainText(list.html);
    expect(text).toContain("목록회원");
    expect(text).toMatch(/확정 \d+/);
    expect((await page(`/admin/seminars/${seminarId}`, member.cookie)).status).toBe(403);

    const cancelled = await postForm(
      server,
      `/admin/seminars/${seminarId}`,
      { intent: "cancel", userId: someone.id },
      { cookie: admin.cookie },
    );
    expect(cancelled.status).toBe(302);
    const cancelledTab = mainText(
      (await page(`/admin/seminars/${seminarId}?tab=cancelled`, admin.cookie)).html,
    );
    expect(cancelledTab).toContain("목록회원");

    const added = await postForm(
      server,
      `/admin/seminars/${seminarId}`,
      { intent: "add", email: someone.email },
      { cookie: admin.cookie },
    );
    expect(added.status).toBe(302);
    const unknown = await postForm(
      server,
      `/admin/seminars/${seminarId}`,
      { intent: "add", email: "nobody@example.org" },
      { cookie: admin.cookie },
    );
    expect(unknown.status).toBe(404);
    expect(mainText(await unknown.text())).toContain("해당 이메일의 승인된 회원이 없습니다.");
    // A suspended member: the office is told what to do, not to ask itself.
    const suspended = await insertMember(server, { name: "정지된참가자" });
    const suspension = await sendJson(
      server,
      "POST",
      `/api/admin/members/${suspended.id}/suspend`,
      { reason: "회비 미납" },
      { cookie: admin.cookie },
    );
    expect(suspension.status).toBe(200);
    const refusedSuspended = await postForm(
      server,
      `/admin/seminars/${seminarId}`,
      { intent: "add", email: suspended.email },
      { cookie: admin.cookie },
    );
    expect(refusedSuspended.status).toBe(409);
    const said = mainText(await refusedSuspended.text());
    expect(said).toContain("정지를 해제한 뒤 등록해주세요");
    expect(said).not.toContain("학회 사무국에 문의");

    const unstated = await server.fetch(`/admin/seminars/${seminarId}/registrants.csv`, {
      headers: { cookie: admin.cookie },
    });
    expect(unstated.status).toBe(400);
    const csv = await server.fetch(
      `/admin/seminars/${seminarId}/registrants.csv?purpose=${encodeURIComponent("현장 명단 출력")}`,
      { headers: { cookie: admin.cookie } },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const body = await csv.text();
    expect(body).toContain("목록회원");
    expect(body).toContain("의사 면허번호");
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "export_seminar_registrations"));
    expect(entry?.detail).toMatchObject({ purpose: "현장 명단 출력" });
    const refused = await server.fetch(`/admin/seminars/${seminarId}/registrants.csv?purpose=x1`, {
      headers: { cookie: member.cookie },
    });
    expect(refused.status).toBe(403);
  });
});
