// The administrator dashboard page (SPEC.md §2 Administrator dashboard, §4, §6, §8):
// GET /admin/dashboard for a visitor (401), a member (403) and an administrator, and every action
// of the page's forms — POST /admin/dashboard form-encoded with an `intent`, as the page's fetchers
// send it — with the toasts of §8, the database changed, failures as '… 실패' toasts, never a 500.
import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  announcements,
  duesExemptions,
  duesPayments,
  duesYears,
  executives,
  historyEvents,
  users,
} from "~db/schema";
import { createAdmin, type LoggedIn, postForm, userRow } from "../support/accounts";
import {
  announcementInput,
  announcementsTitled,
  applicationRow,
  applyOverHttp,
  dashboardAction,
  dashboardDocumentPost,
  executiveInput,
  executiveRow,
  executivesNamed,
  expectFailure,
  expectSuccess,
  formFields,
  historyInput,
  historyRow,
  historyTitled,
  hydrationData,
  insertPendingUser,
  insertSeminar,
  seminarInput,
  seminarRow,
  seminarsTitled,
  UNKNOWN_ID,
} from "../support/admin";
import { mainText, tags } from "../support/html";
import { queueRowsTo } from "../support/mail";
import {
  announcementRow,
  insertAnnouncement,
  insertMember,
  type Member,
  page,
} from "../support/members";
import { setupTestServer } from "../support/test-server";

const TAB_NAMES = ["준회원 승인", "정회원 승인", "공지사항", "학술 활동", "임원진", "연혁"];
const DENIED = "접근 권한이 없습니다";
const INTENTS = [
  "approve-member",
  "reject-member",
  "approve-application",
  "reject-application",
  "save-announcement",
  "delete-announcement",
  "save-seminar",
  "delete-seminar",
  "save-executive",
  "move-executive",
  "delete-executive",
  "save-history",
  "delete-history",
];
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server);
});

const act = (fields: Record<string, string>, cookie: string | null = admin.cookie) =>
  dashboardAction(server, fields, cookie);

/**
 * The tabs of the page, in order: their visible text. Each tab is a link to its `?tab=`, so it
 * opens without JavaScript too.
 */
function tabTexts(html: string) {
  return (html.match(/<a\b[^>]*role="tab"[^>]*>[\s\S]*?<\/a>/g) ?? []).map((tab) => mainText(tab));
}

/** How many sign-ups wait for a decision (neither approved nor rejected). */
async function pendingCount() {
  const rows = await server.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isApproved, false), isNull(users.rejectedAt)));
  return rows.length;
}

describe("GET /admin/dashboard", () => {
  let pending: Awaited<ReturnType<typeof insertPendingUser>>;
  beforeAll(async () => {
    pending = await insertPendingUser(server, { name: "대기중인의사", phone: "010-7777-1234" });
  });

  /** Nothing about members in the page: no e-mail, phone, licence or password hash. */
  function expectNoMemberData(html: string) {
    for (const needle of [pending.email, pending.phone, pending.licenseNumber, member.email]) {
      expect(html, `contains "${needle}"`).not.toContain(needle);
    }
    expect(html).not.toContain("대기중인의사");
    expect(html).not.toContain("$argon2");
    expect(html).not.toContain("passwordHash");
  }

  it("answers a visitor 401 with the access-denied state and no member data", async () => {
    const { status, html, headers } = await page(server, "/admin/dashboard");
    expect(status).toBe(401);
    expect(headers.get("cache-control")).toMatch(/private|no-store/);
    const text = mainText(html);
    expect(text).toContain(DENIED);
    expect(tags(html, "a").some((a) => a.href === "/")).toBe(true);
    expect(text).toContain("홈으로");
    // Not signed in (an administrator whose session ran out): the login, which comes back here.
    expect(tags(html, "a").some((a) => a.href === "/login?redirectTo=%2Fadmin%2Fdashboard")).toBe(
      true,
    );
    expect(html).toContain("<title>접근 권한이 없습니다</title>");
    expect(tabTexts(html)).toEqual([]);
    expectNoMemberData(html);
    // The guard's refusal: no dashboard data at all, only the error the boundary shows.
    const data = hydrationData(html);
    expect(data.loaderData?.["routes/admin-dashboard"]).toBeUndefined();
  });

  it("answers an approved member 403 with the same state and no member data", async () => {
    const { status, html } = await page(server, "/admin/dashboard", member.cookie);
    expect(status).toBe(403);
    expect(mainText(html)).toContain(DENIED);
    // Signed in already: no login to offer.
    expect(html).not.toContain("/login?redirectTo=");
    expect(tabTexts(html)).toEqual([]);
    // The member's own e-mail may appear in the header; nobody else's.
    for (const needle of [pending.email, pending.phone, pending.licenseNumber, "대기중인의사"]) {
      expect(html, `contains "${needle}"`).not.toContain(needle);
    }
    expect(html).not.toContain("$argon2");
    expect(hydrationData(html).loaderData?.["routes/admin-dashboard"]).toBeUndefined();
  });

  it("answers an administrator 200 with exactly the six tabs and the pending member's row", async () => {
    const { status, html, headers } = await page(server, "/admin/dashboard", admin.cookie);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toMatch(/private|no-store/);
    const text = mainText(html);
    expect(text).not.toContain(DENIED);

    const tabs = tabTexts(html);
    expect(tabs).toHaveLength(6);
    tabs.forEach((tab, index) => {
      expect(tab.startsWith(TAB_NAMES[index]!), `tab ${index}: "${tab}"`).toBe(true);
    });
    // The associate-approval tab is the default one.
    const first = html.match(/<a\b[^>]*role="tab"[^>]*>/)?.[0] ?? "";
    expect(first).toContain('aria-selected="true"');
    // Its badge counts the queue.
    expect(tabs[0]).toMatch(new RegExp(`${TAB_NAMES[0]} ${await pendingCount()}\\s*건 대기`));

    for (const needle of [pending.email, "대기중인의사", pending.phone, pending.licenseNumber]) {
      expect(text, `shows "${needle}"`).toContain(needle);
    }
    expect(html).not.toContain("$argon2");
  });
});

describe("GET /admin", () => {
  it("sends everyone to /admin/dashboard, which decides who may see it", async () => {
    for (const cookie of [undefined, member.cookie, admin.cookie]) {
      const res = await server.fetch("/admin", cookie ? { headers: { cookie } } : {});
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/dashboard");
      if (cookie) expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    // A form posted to the address is refused, not answered with the redirect.
    const posted = await server.fetch("/admin", {
      method: "POST",
      headers: { cookie: admin.cookie },
    });
    expect(posted.status).toBeGreaterThanOrEqual(400);
    expect(posted.status).toBeLessThan(500);
    expect((await page(server, "/admin/dashboard", member.cookie)).status).toBe(403);
  });
});

describe("POST /admin/dashboard: only administrators", () => {
  it("answers a visitor 401 and a member 403 for every intent", async () => {
    for (const intent of INTENTS) {
      const fields = { intent, id: UNKNOWN_ID };
      const visitor = await postForm(server, "/admin/dashboard.data", fields);
      expect(visitor.status, intent).toBe(401);
      await visitor.body?.cancel();
      const asMember = await postForm(server, "/admin/dashboard.data", fields, {
        cookie: member.cookie,
      });
      expect(asMember.status, intent).toBe(403);
      await asMember.body?.cancel();
    }
  });

  it("changes nothing for a visitor or a member", async () => {
    const pending = await insertPendingUser(server);
    const seminar = await insertSeminar(server, { title: "지켜질 세미나" });
    for (const cookie of [null, member.cookie]) {
      const attempts: Array<Record<string, string>> = [
        { intent: "approve-member", id: pending.id },
        { intent: "save-announcement", ...formFields(announcementInput({ title: "침입 공지" })) },
        { intent: "delete-seminar", id: seminar.id },
        { intent: "save-history", ...formFields(historyInput({ title: "침입 연혁" })) },
      ];
      for (const fields of attempts) {
        const res = await postForm(server, "/admin/dashboard.data", fields, { cookie });
        expect(res.status).toBe(cookie ? 403 : 401);
        await res.body?.cancel();
      }
    }
    expect((await userRow(server, pending.id))?.isApproved).toBe(false);
    expect(await announcementsTitled(server, "침입 공지")).toEqual([]);
    expect(await seminarRow(server, seminar.id)).toBeDefined();
    expect(await historyTitled(server, "침입 연혁")).toEqual([]);
  });

  it("a browser without JavaScript posting to the page gets the 401 access-denied page", async () => {
    const pending = await insertPendingUser(server);
    const { status, html } = await dashboardDocumentPost(server, {
      intent: "approve-member",
      id: pending.id,
    });
    expect(status).toBe(401);
    expect(mainText(html)).toContain(DENIED);
    expect(html).not.toContain(pending.email);
    expect((await userRow(server, pending.id))?.isApproved).toBe(false);
  });

  it("answers an unknown or missing intent with 400 and a failure toast", async () => {
    const cases: Array<Record<string, string>> = [{ intent: "drop-tables" }, { intent: "" }, {}];
    for (const fields of cases) {
      const answer = await act(fields);
      expect(answer.status).toBe(400);
      expect(answer.result.ok).toBe(false);
      expect(answer.result.toast.title).toMatch(/실패$/);
      expect(answer.result.toast.description).toMatch(/[가-힣]/);
    }
  });
});

describe("associate approval (tab 1)", () => {
  it("approve-member: '승인 완료', the user is approved and leaves the queue", async () => {
    const pending = await insertPendingUser(server);
    expectSuccess(await act({ intent: "approve-member", id: pending.id }), "승인 완료");
    expect((await userRow(server, pending.id))?.isApproved).toBe(true);
    const { html } = await page(server, "/admin/dashboard", admin.cookie);
    expect(html).not.toContain(pending.email);
  });

  it("reject-member: '거부 완료', the sign-up is marked rejected and leaves the queue", async () => {
    const pending = await insertPendingUser(server);
    expectSuccess(
      await act({ intent: "reject-member", id: pending.id, reason: "서류 미비" }),
      "거부 완료",
    );
    const row = await userRow(server, pending.id);
    expect(row?.isApproved).toBe(false);
    expect(row?.rejectedAt).toBeInstanceOf(Date);
    const { html } = await page(server, "/admin/dashboard", admin.cookie);
    expect(html).not.toContain(pending.email);
  });

  it("reject-member takes its required reason: stored, audited and quoted in the mail", async () => {
    const pending = await insertPendingUser(server);
    expectSuccess(
      await act({ intent: "reject-member", id: pending.id, reason: "면허번호 불일치" }),
      "거부 완료",
    );
    const row = await userRow(server, pending.id);
    expect(row?.rejectionReason).toBe("면허번호 불일치");
    const mail = (await queueRowsTo(server, pending.email)).at(-1);
    expect(mail?.text).toContain("거부 사유: 면허번호 불일치");
    const tooLong = await act({
      intent: "reject-member",
      id: pending.id,
      reason: "가".repeat(1001),
    });
    expect(tooLong.status).toBe(400);
  });

  it("failures: '승인 실패' / '거부 실패' with a Korean reason, never a 500", async () => {
    expectFailure(await act({ intent: "approve-member", id: UNKNOWN_ID }), 404, "승인 실패");
    expectFailure(await act({ intent: "approve-member", id: "not-a-uuid" }), 404, "승인 실패");
    expectFailure(await act({ intent: "approve-member" }), 404, "승인 실패");
    expectFailure(
      await act({ intent: "reject-member", id: UNKNOWN_ID, reason: "서류 미비" }),
      404,
      "거부 실패",
    );
    // Without a reason: 400 (the dialog asks for it, decision 022).
    expectFailure(await act({ intent: "reject-member", id: UNKNOWN_ID }), 400, "거부 실패");
    // An administrator's account cannot be rejected.
    const answer = await act({ intent: "reject-member", id: admin.id, reason: "서류 미비" });
    expectFailure(answer, 409, "거부 실패");
    expect((await userRow(server, admin.id))?.rejectedAt).toBeNull();
  });

  it("a browser without JavaScript: back to the page with the toast, as after any form", async () => {
    const pending = await insertPendingUser(server);
    const { status, location, result } = await dashboardDocumentPost(
      server,
      { intent: "approve-member", id: pending.id },
      admin.cookie,
    );
    expect(status).toBe(302);
    expect(location).toBe("/admin/dashboard");
    expect(result).toMatchObject({
      ok: true,
      toast: { title: "승인 완료", description: "준회원 가입을 승인했습니다." },
    });
    expect((await userRow(server, pending.id))?.isApproved).toBe(true);
  });

  it("a browser without JavaScript rejects with the reason it typed, back on the same tab and search", async () => {
    const pending = await insertPendingUser(server, { name: "거부될의사" });
    const { status, location, result } = await dashboardDocumentPost(
      server,
      { intent: "reject-member", id: pending.id, reason: "면허번호를 확인할 수 없습니다." },
      admin.cookie,
      "?tab=members&q=%EA%B1%B0%EB%B6%80",
    );
    expect(status).toBe(302);
    expect(location).toBe("/admin/dashboard?tab=members&q=%EA%B1%B0%EB%B6%80");
    expect(result?.toast.title).toBe("거부 완료");
    expect((await userRow(server, pending.id))?.rejectedAt).not.toBeNull();
  });

  it("a browser without JavaScript sees a refusal on the page, titled as the toast would be", async () => {
    const { status, html, result } = await dashboardDocumentPost(
      server,
      { intent: "approve-member", id: UNKNOWN_ID },
      admin.cookie,
      "?tab=members",
    );
    expect(status).toBe(404);
    expect(result?.toast.title).toBe("승인 실패");
    expect(mainText(html)).toContain(`승인 실패 · ${result?.toast.description}`);
    expect(tabTexts(html)).toHaveLength(6);
  });

  it("before JavaScript runs, reject is a form in a disclosure that asks first", async () => {
    const pending = await insertPendingUser(server, { name: "물어볼의사" });
    const html = await (
      await server.fetch("/admin/dashboard?tab=members", { headers: { Cookie: admin.cookie } })
    ).text();
    const row = html.slice(html.indexOf(pending.email));
    const disclosure = row.slice(0, row.indexOf("</details>"));
    expect(disclosure).toContain("<summary");
    const form = disclosure.match(/<form\b[^>]*>/)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/admin/dashboard?tab=members"');
    expect(disclosure).toContain('name="intent" value="reject-member"');
    expect(disclosure).toContain(`value="${pending.id}"`);
    expect(disclosure).toContain('name="reason"');
  });
});

describe("full-member approval (tab 2)", () => {
  async function application(name: string) {
    const applicant = await insertMember(server, { name });
    const id = await applyOverHttp(server, applicant.cookie);
    return { applicant, id };
  }

  it("approve-application: '승인 완료' naming the applicant; the application is approved", async () => {
    const { id } = await application("정회원될이");
    const answer = await act({ intent: "approve-application", id });
    expectSuccess(answer, "승인 완료");
    expect(answer.result.toast.description).toContain("정회원될이");
    expect((await applicationRow(server, id))?.status).toBe("approved");
    // Decided once: a second decision fails.
    expectFailure(await act({ intent: "approve-application", id }), 409, "승인 실패");
    expectFailure(
      await act({ intent: "reject-application", id, rejectionReason: "늦은 거부" }),
      409,
      "거부 실패",
    );
    expect(await applicationRow(server, id)).toMatchObject({
      status: "approved",
      rejectionReason: null,
    });
  });

  it("reject-application with a blank reason: 400 '거부 실패', the application stays pending", async () => {
    const { id } = await application("사유없는거부");
    const reasons: Array<Record<string, string>> = [
      { rejectionReason: "" },
      { rejectionReason: "   \n " },
      {},
    ];
    for (const fields of reasons) {
      const answer = await act({ intent: "reject-application", id, ...fields });
      expectFailure(answer, 400, "거부 실패");
      expect(answer.result.toast.description).toBe("거부 사유를 입력해주세요.");
      expect(answer.result.errors?.rejectionReason).toBe("거부 사유를 입력해주세요.");
      expect(await applicationRow(server, id)).toMatchObject({
        status: "pending",
        rejectionReason: null,
      });
    }
  });

  it("reject-application with a reason: '거부 완료'; status rejected, the reason stored", async () => {
    const { id } = await application("거부될신청");
    const answer = await act({
      intent: "reject-application",
      id,
      rejectionReason: "  회비 입금이 확인되지 않았습니다.  ",
    });
    expectSuccess(answer, "거부 완료");
    expect(await applicationRow(server, id)).toMatchObject({
      status: "rejected",
      rejectionReason: "회비 입금이 확인되지 않았습니다.",
    });
  });

  it("an unknown or malformed application: 404 failure toasts", async () => {
    for (const id of [UNKNOWN_ID, "not-a-uuid"]) {
      expectFailure(await act({ intent: "approve-application", id }), 404, "승인 실패");
      expectFailure(
        await act({ intent: "reject-application", id, rejectionReason: "사유" }),
        404,
        "거부 실패",
      );
    }
  });
});

describe("announcements (tab 3)", () => {
  it("save-announcement without id: '공지사항 등록 완료', stored sanitised, '일반' by default", async () => {
    const { category: _category, ...fields } = formFields(
      announcementInput({
        title: "대시보드 공지",
        content: '<h4>소제목</h4><p style="text-align: justify">본문<script>x()</script></p>',
        linkUrl: "",
      }),
    );
    expectSuccess(await act({ intent: "save-announcement", ...fields }), "공지사항 등록 완료");
    const [row] = await announcementsTitled(server, "대시보드 공지");
    expect(row).toMatchObject({ category: "일반", linkUrl: null, imageUrl: null });
    expect(row?.content).toMatch(/^<h3>소제목<\/h3><p style="text-align:\s*justify;?">본문<\/p>$/);
  });

  it("save-announcement with id: '공지사항 수정 완료', the row changed", async () => {
    const row = await insertAnnouncement(server, { title: "고칠 공지", category: "공지" });
    const fields = formFields(
      announcementInput({
        title: "고친 공지",
        content: "<p>고친 본문</p>",
        category: "학술",
        linkUrl: "https://example.com/fixed",
      }),
    );
    expectSuccess(
      await act({ intent: "save-announcement", id: row.id, ...fields }),
      "공지사항 수정 완료",
    );
    expect(await announcementRow(server, row.id)).toMatchObject({
      title: "고친 공지",
      content: "<p>고친 본문</p>",
      category: "학술",
      linkUrl: "https://example.com/fixed",
    });
  });

  it("save-announcement failures: '공지사항 저장 실패' with the field's Korean message", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { linkUrl: "javascript:alert(1)" },
        "linkUrl",
        "링크는 http:// 또는 https://로 시작해야 합니다",
      ],
      [{ linkUrl: "ftp://x" }, "linkUrl", "링크는 http:// 또는 https://로 시작해야 합니다"],
      [{ content: "<p></p><p><br></p>" }, "content", "내용을 입력해주세요"],
      [{ title: "" }, "title", "제목을 입력해주세요"],
    ];
    for (const [overrides, field, message] of cases) {
      const fields = formFields(announcementInput({ title: "실패할 공지", ...overrides }));
      const answer = await act({ intent: "save-announcement", ...fields });
      expectFailure(answer, 400, "공지사항 저장 실패");
      expect(answer.result.toast.description).toBe(message);
      expect(answer.result.errors?.[field]).toBe(message);
    }
    const badCategory = await act({
      intent: "save-announcement",
      ...formFields(announcementInput({ title: "실패할 공지", category: "기타" })),
    });
    expectFailure(badCategory, 400, "공지사항 저장 실패");
    expect(await announcementsTitled(server, "실패할 공지")).toEqual([]);

    // Editing something that is not there creates nothing either.
    const missing = await act({
      intent: "save-announcement",
      id: UNKNOWN_ID,
      ...formFields(announcementInput({ title: "없는 공지 수정" })),
    });
    expectFailure(missing, 404, "공지사항 저장 실패");
    expect(await announcementsTitled(server, "없는 공지 수정")).toEqual([]);
  });

  it("delete-announcement: '공지사항 삭제 완료', then '공지사항 삭제 실패' (404)", async () => {
    const row = await insertAnnouncement(server, { title: "지울 공지" });
    expectSuccess(await act({ intent: "delete-announcement", id: row.id }), "공지사항 삭제 완료");
    expect(await announcementRow(server, row.id)).toBeUndefined();
    expectFailure(
      await act({ intent: "delete-announcement", id: row.id }),
      404,
      "공지사항 삭제 실패",
    );
    expectFailure(await act({ intent: "delete-announcement", id: "x" }), 404, "공지사항 삭제 실패");
  });
});

describe("academic activities (tab 4)", () => {
  it("save-seminar: '학술 활동 등록 완료'; the datetime-local value is Seoul time", async () => {
    const fields = formFields(
      seminarInput({ title: "대시보드 세미나", date: "2026-12-01T14:00", registrationUrl: "" }),
    );
    expectSuccess(await act({ intent: "save-seminar", ...fields }), "학술 활동 등록 완료");
    const [row] = await seminarsTitled(server, "대시보드 세미나");
    expect(row?.date.toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(row).toMatchObject({ status: "open", registrationUrl: null });
  });

  it("save-seminar: the dates' rules are reported with the other fields' errors in one save", async () => {
    const fields = formFields(
      seminarInput({
        title: "",
        date: `${NEXT_YEAR}-04-04T14:00`,
        endDate: `${NEXT_YEAR}-04-04T13:00`,
        registrationClosesAt: `${NEXT_YEAR}-04-05T09:00`,
      }),
    );
    const answer = await act({ intent: "save-seminar", ...fields });
    expectFailure(answer, 400, "학술 활동 저장 실패");
    expect(answer.result.errors).toMatchObject({
      title: "제목을 입력해주세요",
      endDate: "종료 시간은 시작 시간 뒤여야 합니다",
      registrationClosesAt: "신청 마감은 세미나 시작 시간 이전이어야 합니다",
    });
    // A start that is no date is reported alone: nothing is compared against it.
    const noStart = await act({ intent: "save-seminar", ...fields, date: "언젠가" });
    expect(noStart.result.errors).toMatchObject({ date: "올바른 날짜와 시간을 입력해주세요" });
    expect(noStart.result.errors?.endDate).toBeUndefined();
    expect(await seminarsTitled(server, "")).toHaveLength(0);
  });

  it("save-seminar with id: '학술 활동 수정 완료'; closing shows '신청 마감' on /activities", async () => {
    const created = await insertSeminar(server, {
      title: "닫을 세미나",
      registrationUrl: "https://example.com/r",
      date: new Date(`${NEXT_YEAR}-03-03T01:00:00Z`),
    });
    const fields = formFields(
      seminarInput({
        title: "닫을 세미나",
        date: `${NEXT_YEAR}-03-03T10:00`,
        registrationUrl: "https://example.com/r",
        status: "closed",
      }),
    );
    expectSuccess(
      await act({ intent: "save-seminar", id: created.id, ...fields }),
      "학술 활동 수정 완료",
    );
    expect(await seminarRow(server, created.id)).toMatchObject({ status: "closed" });
    const { html } = await page(server, "/activities");
    const card = (html.match(/<article\b[\s\S]*?<\/article>/g) ?? []).find((c) =>
      c.includes(">닫을 세미나<"),
    );
    expect(mainText(card ?? "")).toContain("신청 마감");
  });

  it("save-seminar failures: '학술 활동 저장 실패' with a Korean message, nothing stored", async () => {
    for (const overrides of [
      { date: "언젠가" },
      { date: "" },
      { status: "pending" },
      { registrationUrl: "javascript:alert(1)" },
      { speaker: "" },
    ]) {
      const fields = formFields(seminarInput({ title: "실패할 세미나", ...overrides }));
      expectFailure(await act({ intent: "save-seminar", ...fields }), 400, "학술 활동 저장 실패");
    }
    expect(await seminarsTitled(server, "실패할 세미나")).toEqual([]);
  });

  it("delete-seminar: '학술 활동 삭제 완료', then a 404 failure", async () => {
    const created = await insertSeminar(server, { title: "지울 세미나" });
    expectSuccess(await act({ intent: "delete-seminar", id: created.id }), "학술 활동 삭제 완료");
    expect(await seminarRow(server, created.id)).toBeUndefined();
    expectFailure(
      await act({ intent: "delete-seminar", id: created.id }),
      404,
      "학술 활동 삭제 실패",
    );
  });
});

describe("executives (tab 5)", () => {
  beforeEach(async () => {
    await server.db.delete(executives);
  });

  async function orderedNames() {
    const rows = await server.db
      .select()
      .from(executives)
      .orderBy(asc(executives.order), asc(executives.name));
    return rows.map((r) => `${r.order}:${r.name}`);
  }

  it("save-executive: '임원 정보 등록 완료' then '임원 정보 수정 완료'; /executives shows it", async () => {
    expectSuccess(
      await act({
        intent: "save-executive",
        ...formFields(executiveInput({ name: "대시보드임원", order: "" })),
      }),
      "임원 정보 등록 완료",
    );
    const [row] = await executivesNamed(server, "대시보드임원");
    expect(row).toMatchObject({ order: 0, imageUrl: null });
    expectSuccess(
      await act({
        intent: "save-executive",
        id: row!.id,
        ...formFields(executiveInput({ name: "고친임원", position: "감사", order: 3 })),
      }),
      "임원 정보 수정 완료",
    );
    expect(await executiveRow(server, row!.id)).toMatchObject({
      name: "고친임원",
      position: "감사",
      order: 3,
    });
    const { html } = await page(server, "/executives");
    expect(html).toContain(">고친임원</h2>");
    expect(html).not.toContain("대시보드임원");
  });

  it("save-executive failures: '임원 정보 저장 실패', nothing stored", async () => {
    for (const overrides of [
      { name: "" },
      { order: "첫째" },
      { imageUrl: "http://x.example/a.png" },
    ]) {
      const fields = formFields(executiveInput({ credentials: "실패할 임원", ...overrides }));
      expectFailure(await act({ intent: "save-executive", ...fields }), 400, "임원 정보 저장 실패");
    }
    expect(await orderedNames()).toEqual([]);
  });

  it("move-executive up and down renumbers everyone 1..n; /executives follows", async () => {
    for (const name of ["가임원", "나임원", "다임원"]) {
      await act({ intent: "save-executive", ...formFields(executiveInput({ name, order: 0 })) });
    }
    const id = async (name: string) => (await executivesNamed(server, name))[0]!.id;

    expectSuccess(
      await act({ intent: "move-executive", id: await id("다임원"), direction: "up" }),
      "순서 변경 완료",
    );
    expect(await orderedNames()).toEqual(["1:가임원", "2:다임원", "3:나임원"]);

    // The first cannot go further up, the last no further down: only renumbered.
    await act({ intent: "move-executive", id: await id("가임원"), direction: "up" });
    await act({ intent: "move-executive", id: await id("나임원"), direction: "down" });
    expect(await orderedNames()).toEqual(["1:가임원", "2:다임원", "3:나임원"]);

    expectSuccess(
      await act({ intent: "move-executive", id: await id("가임원"), direction: "down" }),
      "순서 변경 완료",
    );
    expect(await orderedNames()).toEqual(["1:다임원", "2:가임원", "3:나임원"]);

    const { html } = await page(server, "/executives");
    const shown = Array.from(html.matchAll(/>(가임원|나임원|다임원)<\/h2>/g), (m) => m[1]);
    expect(shown).toEqual(["다임원", "가임원", "나임원"]);

    expectFailure(
      await act({ intent: "move-executive", id: UNKNOWN_ID, direction: "up" }),
      404,
      "순서 변경 실패",
    );
    expectFailure(await act({ intent: "move-executive", id: "x", direction: "up" }), 404);
  });

  it("delete-executive: '임원 정보 삭제 완료', then a 404 failure", async () => {
    await act({ intent: "save-executive", ...formFields(executiveInput({ name: "지울임원" })) });
    const [row] = await executivesNamed(server, "지울임원");
    expectSuccess(await act({ intent: "delete-executive", id: row!.id }), "임원 정보 삭제 완료");
    expect(await executiveRow(server, row!.id)).toBeUndefined();
    expect((await page(server, "/executives")).html).not.toContain("지울임원");
    expectFailure(
      await act({ intent: "delete-executive", id: row!.id }),
      404,
      "임원 정보 삭제 실패",
    );
  });
});

describe("history (tab 6)", () => {
  it("save-history: '연혁 등록 완료' with month \"\" stored as null; then '연혁 수정 완료'", async () => {
    expectSuccess(
      await act({
        intent: "save-history",
        ...formFields(historyInput({ year: 2019, month: "", title: "대시보드 연혁" })),
      }),
      "연혁 등록 완료",
    );
    const [row] = await historyTitled(server, "대시보드 연혁");
    expect(row).toMatchObject({ year: 2019, month: null });
    expectSuccess(
      await act({
        intent: "save-history",
        id: row!.id,
        ...formFields(historyInput({ year: 2019, month: "9", title: "고친 연혁" })),
      }),
      "연혁 수정 완료",
    );
    expect(await historyRow(server, row!.id)).toMatchObject({ month: 9, title: "고친 연혁" });
    expect(mainText((await page(server, "/history")).html)).toContain("고친 연혁");
  });

  it("save-history failures: month 13 → '연혁 저장 실패' with the month message", async () => {
    const answer = await act({
      intent: "save-history",
      ...formFields(historyInput({ month: "13", title: "실패할 연혁" })),
    });
    expectFailure(answer, 400, "연혁 저장 실패");
    expect(answer.result.errors?.month).toBe("월은 1부터 12 사이로 입력해주세요");
    expectFailure(
      await act({
        intent: "save-history",
        ...formFields(historyInput({ year: "", title: "실패할 연혁" })),
      }),
      400,
      "연혁 저장 실패",
    );
    expect(await historyTitled(server, "실패할 연혁")).toEqual([]);
  });

  it("delete-history: '연혁 삭제 완료', then a 404 failure", async () => {
    const [row] = await server.db
      .insert(historyEvents)
      .values({ year: 2018, title: "지울 연혁", description: "지울 설명" })
      .returning();
    expectSuccess(await act({ intent: "delete-history", id: row!.id }), "연혁 삭제 완료");
    expect(await historyRow(server, row!.id)).toBeUndefined();
    expectFailure(await act({ intent: "delete-history", id: row!.id }), 404, "연혁 삭제 실패");
  });
});

describe("never a 500", () => {
  it("every intent with a malformed id or no fields answers a 4xx failure toast", async () => {
    const before = await server.db.select({ id: announcements.id }).from(announcements);
    for (const intent of INTENTS) {
      const cases: Array<Record<string, string>> = [
        { id: "not-a-uuid" },
        {},
        { id: UNKNOWN_ID, direction: "sideways" },
      ];
      for (const fields of cases) {
        const answer = await act({ intent, ...fields });
        expect(answer.status, `${intent} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expectFailure(answer, answer.status);
      }
    }
    const after = await server.db.select({ id: announcements.id }).from(announcements);
    expect(after).toHaveLength(before.length);
  });

  it("a body that is not a form (JSON) answers 4xx, not 500", async () => {
    const res = await server.fetch("/admin/dashboard.data", {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "delete-announcement", id: UNKNOWN_ID }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("the office's unpaid-dues count", () => {
  // Kept between requests (on PostgreSQL under the version of migration 0031, moved on by
  // triggers), so the writes here go straight to the database, as another instance's or an
  // operator's would: the count must follow each at once.
  const unpaid = async () => {
    const { html } = await page(server, "/admin/dashboard", admin.cookie);
    const shown = mainText(html).match(/(\d{4})년 회비 미납\s*(미설정|[\d,]+명)/);
    expect(shown, "the summary's dues line").not.toBeNull();
    return { year: Number(shown![1]), count: shown![2]! };
  };
  const count = async () => Number((await unpaid()).count.replace(/[,명]/g, ""));

  it("follows payments, their voiding, exemptions and suspensions at once", async () => {
    const { year, count: first } = await unpaid();
    const fee = 120_000;
    if (first === "미설정") {
      await server.db.insert(duesYears).values({
        year,
        regularFee: fee,
        lifetimeFee: 1_000_000,
        dueDate: `${year}-03-31`,
        graceUntil: `${year + 1}-03-31`,
        bankAccount: "대구은행 000-00-000000 학회",
      });
    }
    const [{ regularFee } = { regularFee: fee }] = await server.db
      .select({ regularFee: duesYears.regularFee })
      .from(duesYears)
      .where(eq(duesYears.year, year));
    const start = await count();

    const doctor = await insertMember(server, { name: "미납확인", memberType: "regular" });
    expect(await count()).toBe(start + 1);

    const [payment] = await server.db
      .insert(duesPayments)
      .values({
        userId: doctor.id,
        memberName: doctor.name,
        year,
        amount: regularFee,
        method: "계좌이체",
        paidAt: `${year}-01-15`,
        receiptCode: `T-${Date.now()}`,
      })
      .returning({ id: duesPayments.id });
    expect(await count()).toBe(start);

    await server.db
      .update(duesPayments)
      .set({ voidedAt: new Date(), voidReason: "잘못 입력" })
      .where(eq(duesPayments.id, payment!.id));
    expect(await count()).toBe(start + 1);

    await server.db.insert(duesExemptions).values({ userId: doctor.id, year, reason: "해외 연수" });
    expect(await count()).toBe(start);
    await server.db
      .delete(duesExemptions)
      .where(and(eq(duesExemptions.userId, doctor.id), eq(duesExemptions.year, year)));
    expect(await count()).toBe(start + 1);

    await server.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, doctor.id));
    expect(await count()).toBe(start);
  });
});

describe("the office's numbers and the board's badge", () => {
  it("counts what waits, links each number to its work, and badges 게시판 while a report waits", async () => {
    const pending = await server.db
      .insert(users)
      .values({
        email: `pending-${Date.now()}@example.org`,
        passwordHash: "x",
        name: "요약대기",
        phone: "010-5555-0000",
        licenseNumber: "L-SUM",
        hospitalName: "요약의원",
        department: "내과",
        address: "대구",
      })
      .returning({ id: users.id });
    expect(pending).toHaveLength(1);
    const before = await page(server, "/admin/dashboard", admin.cookie);
    const summary = mainText(
      before.html.match(
        /<section aria-labelledby="office-summary-title"[\s\S]*?<\/section>/,
      )?.[0] ?? "",
    );
    expect(summary).toMatch(/가입 승인 대기\s*[1-9]\d*명/);
    expect(summary).toMatch(/정회원 신청 대기\s*\d+건/);
    expect(summary).toMatch(/\d{4}년 회비 미납\s*(미설정|\d+명)/);
    expect(summary).toMatch(/다가오는 세미나\s*\d+개/);
    expect(summary).toMatch(/게시판 신고 대기\s*0건/);
    expect(before.html).toContain('href="/admin/dashboard?tab=members"');
    expect(before.html).not.toContain("건 신고 처리 대기");

    // Three members report one post: it waits for a decision, and 게시판 says so.
    const created = await postJsonAs(member.cookie, "/api/community/posts", {
      title: "신고될 글",
      body: "본문",
    });
    const post = (await created.json()) as { id: string };
    for (let i = 0; i < 3; i += 1) {
      const reporter = await insertMember(server, { name: `신고자${i}` });
      const reported = await postJsonAs(reporter.cookie, `/api/community/posts/${post.id}/report`, {
        reason: "광고",
      });
      expect(reported.status, await reported.clone().text()).toBeLessThan(300);
    }
    const after = await page(server, "/admin/dashboard", admin.cookie);
    expect(mainText(after.html)).toMatch(/게시판 신고 대기\s*1건/);
    expect(after.html).toContain("건 신고 처리 대기");
    expect((await page(server, "/admin/dashboard", member.cookie)).html).not.toContain(
      "오늘의 업무 요약",
    );
  });
});

const postJsonAs = (cookie: string, path: string, body: unknown) =>
  server.fetch(path, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify(body),
  });
