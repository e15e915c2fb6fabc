// Annual dues and full-member standing: the year's settings and figures, payments,
// voids and exemptions with their audit, standing through the year boundary and the grace period
// (with the server's clock moved), lifetime and honorary members, 정회원-only seminars following
// standing, the member's /api/me/dues and /mypage, the 납부확인서 PDF and /verify, the bank
// statement import in each format, and the permission of every call.
import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { auditLog, duesPayments, mailQueue, membershipApplications } from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  json,
  type LoggedIn,
  logInCookie,
  postForm,
} from "../support/accounts";
import { UNKNOWN_ID } from "../support/admin";
import { mainText, tags } from "../support/html";
import { applicationPayload, insertMember, type Member, page, sendJson } from "../support/members";
import { pdfImageCount, pdfText } from "../support/pdf";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;

const DAY = 24 * 60 * 60 * 1000;
const YEAR = 2026;
const FEE = 100_000;
const LIFETIME = 1_000_000;
const BANK = "대구은행 123-45-678901 대한개원의AI마케팅학회";

const server = setupTestServer();
// The suite's dues year is 2026 and its dates are that year's, so every test runs on a clock held
// at 27 November 2026 in Seoul (past the due date, before the year's end), whatever day the suite
// runs; sessions begun on that clock stay fresh while it holds.
const TODAY = "2026-11-27T10:00:00+09:00";
beforeAll(async () => {
  clockTo(TODAY);
  admin = await createAdmin(server);
});
beforeEach(() => {
  clockTo(TODAY);
});
afterEach(() => {
  resetClock();
});

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  sendJson(server, method, path, body, { cookie });

type MyDues = {
  year: number;
  status: string;
  amountDue: number | null;
  bankAccount: string | null;
  depositorName: string | null;
  dueDate: string | null;
  payments: { id: string; year: number; amount: number; method: string; paidAt: string }[];
};
type Payment = { id: string; receiptCode: string; amount: number; voidedAt: string | null };
type Figures = { expected: number; paid: number; unpaid: number; exempt: number; received: number };

const myDues = async (member: Member) =>
  json<MyDues>(await call("GET", "/api/me/dues", member.cookie));

async function setYear(year: number, fields: Record<string, unknown> = {}) {
  const res = await call("PUT", `/api/admin/dues/${year}`, admin.cookie, {
    regularFee: FEE,
    lifetimeFee: LIFETIME,
    dueDate: `${year}-03-31`,
    bankAccount: BANK,
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Record<string, unknown>>(res);
}

async function pay(member: { id: string }, fields: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/admin/payments", admin.cookie, {
    userId: member.id,
    year: YEAR,
    amount: FEE,
    method: "계좌이체",
    paidAt: `${YEAR}-03-02`,
    depositorName: "입금자",
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Payment>(res);
}

const regular = (name: string, phone = "010-2345-6789") =>
  insertMember(server, { memberType: "regular", name, phone });

/** Moves the server's clock to this Seoul instant. */
function clockTo(iso: string) {
  resetClock();
  advanceClock(new Date(iso).getTime() - Date.now());
}

/**
 * Moves the clock weeks or months on, and signs these people in again then: sessions follow the
 * same clock, and theirs have long passed the idle limit.
 */
async function clockToSignedIn(iso: string, people: Array<LoggedIn | Member>) {
  clockTo(iso);
  for (const person of people) {
    person.cookie = await logInCookie(server, person.email, person.password);
  }
}

describe("before the office sets up a year", () => {
  it("asks no dues: a 정회원 stays in standing and sees not_required", async () => {
    const member = await regular("설정전");
    const dues = await myDues(member);
    expect(dues.status).toBe("not_required");
    expect(dues.year).toBe(YEAR);
    expect((await page(server, "/", member.cookie)).html).toContain("정회원");
  });
});

describe("the year's settings and figures", () => {
  it("refuses bad settings with Korean messages and defaults the grace period to 31 March", async () => {
    const bad = await call("PUT", `/api/admin/dues/${YEAR}`, admin.cookie, {
      regularFee: -1,
      lifetimeFee: "많이",
      dueDate: "2026-02-30",
      bankAccount: "한 줄\n두 줄",
    });
    expect(bad.status).toBe(400);
    const body = await json<ErrorBody>(bad);
    expect(Object.keys(body.errors ?? {})).toEqual(
      expect.arrayContaining(["regularFee", "lifetimeFee", "dueDate", "bankAccount"]),
    );
    expect(body.errors?.dueDate).toBe("납부 기한을 YYYY-MM-DD 형식으로 입력해주세요.");
    expect((await call("PUT", "/api/admin/dues/19", admin.cookie, {})).status).toBe(400);
    expect((await call("GET", `/api/admin/dues/${YEAR + 5}`, admin.cookie)).status).toBe(404);
    // Dates typed years off the dues year would lapse or keep every 정회원 at once.
    const yearsOff = await call("PUT", `/api/admin/dues/${YEAR}`, admin.cookie, {
      regularFee: FEE,
      lifetimeFee: LIFETIME,
      dueDate: "2020-01-01",
      graceUntil: "2020-03-31",
      bankAccount: BANK,
    });
    expect(yearsOff.status).toBe(400);
    expect((await json<ErrorBody>(yearsOff)).errors?.dueDate).toMatch(/[가-힣]/);
    const graceOff = await call("PUT", `/api/admin/dues/${YEAR}`, admin.cookie, {
      regularFee: FEE,
      lifetimeFee: LIFETIME,
      dueDate: `${YEAR}-03-31`,
      graceUntil: `${YEAR + 5}-03-31`,
      bankAccount: BANK,
    });
    expect(graceOff.status).toBe(400);
    expect((await json<ErrorBody>(graceOff)).errors?.graceUntil).toMatch(/[가-힣]/);

    const saved = await setYear(YEAR);
    expect(saved).toMatchObject({
      year: YEAR,
      regularFee: FEE,
      lifetimeFee: LIFETIME,
      dueDate: "2026-03-31",
      graceUntil: "2027-03-31",
      bankAccount: BANK,
    });
    expect(saved).toHaveProperty("expected");
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "dues_year_set"));
    expect(audits.length).toBeGreaterThan(0);
  });

  it("counts expected, paid, unpaid, exempt and the sum received", async () => {
    const before = await json<Figures>(await call("GET", `/api/admin/dues/${YEAR}`, admin.cookie));
    const a = await regular("집계가");
    const b = await regular("집계나");
    const c = await regular("집계다");
    await insertMember(server, { memberType: "honorary", name: "집계명예" });
    await pay(a);
    await call("POST", `/api/admin/dues/${YEAR}/exemptions`, admin.cookie, {
      userId: c.id,
      reason: "해외 연수",
    });
    void b;
    const after = await json<Figures>(await call("GET", `/api/admin/dues/${YEAR}`, admin.cookie));
    expect(after.expected - before.expected).toBe(2);
    expect(after.paid - before.paid).toBe(1);
    expect(after.unpaid - before.unpaid).toBe(1);
    expect(after.exempt - before.exempt).toBe(2);
    expect(after.received - before.received).toBe(FEE);

    const adminPage = await page(server, `/admin/dues?year=${YEAR}`, admin.cookie);
    expect(adminPage.status).toBe(200);
    expect(adminPage.html).toContain("회비 관리");
    // The figure names its people: the roster of the unpaid, as many as counted (suspended aside).
    const suspended = await regular("집계정지");
    await call("POST", `/api/admin/members/${suspended.id}/suspend`, admin.cookie, {
      reason: "확인",
    });
    const counted = await json<Figures>(await call("GET", `/api/admin/dues/${YEAR}`, admin.cookie));
    const listed = `/admin/members?status=approved&duesYear=${YEAR}&dues=unpaid`;
    const duesPage = await page(server, `/admin/dues?year=${YEAR}`, admin.cookie);
    expect(duesPage.html).toContain(`href="${listed.replaceAll("&", "&amp;")}"`);
    const dashboard = await page(server, "/admin/dashboard", admin.cookie);
    expect(dashboard.html).toContain(`href="${listed.replaceAll("&", "&amp;")}"`);
    const roster = await json<{ total: number; items: { name: string }[] }>(
      await call("GET", `/api/admin/members?${listed.split("?")[1]}&pageSize=100`, admin.cookie),
    );
    expect(roster.total).toBe(counted.unpaid);
    expect(roster.items.map((item) => item.name)).not.toContain("집계정지");
    expect(adminPage.html).toContain("집계가");
    expect(adminPage.html).toContain('href="/admin/dues"');
  });

  it("the same payment twice, a year paid in full, or a date years off is refused in Korean", async () => {
    const member = await regular("중복납부");
    const first = await pay(member, { amount: FEE - 10_000 });
    const again = await call("POST", "/api/admin/payments", admin.cookie, {
      userId: member.id,
      year: YEAR,
      amount: FEE - 10_000,
      method: "계좌이체",
      paidAt: `${YEAR}-03-02`,
    });
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toContain("이미 있습니다");
    for (const paidAt of ["1999-01-01", `${YEAR + 4}-01-01`]) {
      const off = await call("POST", "/api/admin/payments", admin.cookie, {
        userId: member.id,
        year: YEAR,
        amount: 10_000,
        method: "현금",
        paidAt,
      });
      expect(off.status, paidAt).toBe(400);
      expect((await json<{ errors: Record<string, string> }>(off)).errors.paidAt).toMatch(
        /[가-힣]/,
      );
    }
    // An instalment on another day is recorded, up to the fee; then the year is paid.
    await pay(member, { amount: 10_000, paidAt: `${YEAR}-03-05` });
    const more = await call("POST", "/api/admin/payments", admin.cookie, {
      userId: member.id,
      year: YEAR,
      amount: FEE,
      method: "계좌이체",
      paidAt: `${YEAR}-03-09`,
    });
    expect(more.status).toBe(409);
    expect((await json<{ message: string }>(more)).message).toContain("모두 납부한 회원");
    // After a void, the same payment may be recorded.
    const voided = await call("POST", `/api/admin/payments/${first.id}/void`, admin.cookie, {
      reason: "중복 기록",
    });
    expect(voided.status).toBe(200);
    await pay(member, { amount: FEE - 10_000 });
  });
});

describe("the roster's dues and standing filters", () => {
  it("filters members by dues paid, unpaid or exempt for a year, and by standing", async () => {
    const paid = await regular("필터납부");
    await regular("필터미납");
    const exempt = await regular("필터면제");
    const honorary = await insertMember(server, { memberType: "honorary", name: "필터명예" });
    const associate = await insertMember(server, { name: "필터준회원" });
    await pay(paid);
    await call("POST", `/api/admin/dues/${YEAR}/exemptions`, admin.cookie, {
      userId: exempt.id,
      reason: "유학",
    });
    const names = async (query: string) => {
      const res = await call("GET", `/api/admin/members?q=필터&${query}`, admin.cookie);
      expect(res.status, query).toBe(200);
      const body = await json<{ items: { name: string }[] }>(res);
      return body.items.map((item) => item.name).sort();
    };
    expect(await names(`dues=paid&duesYear=${YEAR}`)).toEqual(["필터납부"]);
    expect(await names(`dues=unpaid&duesYear=${YEAR}`)).toEqual(["필터미납"]);
    expect(await names(`dues=exempt&duesYear=${YEAR}`)).toEqual(["필터면제", "필터명예"].sort());
    expect(await names("dues=unpaid")).toEqual(["필터미납"]);
    expect(await names("standing=full")).toEqual(["필터납부", "필터면제", "필터명예"].sort());
    expect(await names("standing=lapsed")).toEqual(["필터미납"]);
    expect((await call("GET", "/api/admin/members?standing=maybe", admin.cookie)).status).toBe(400);
    // Without a search too: the total is the filter's, not every member's (the tallies count by
    // status, type and role only).
    for (const filter of ["dues=unpaid", "dues=paid", "standing=full", "standing=lapsed"]) {
      const res = await call("GET", `/api/admin/members?${filter}&pageSize=100`, admin.cookie);
      const body = await json<{ items: unknown[]; total: number }>(res);
      expect(body.items.length, filter).toBeLessThan(100);
      expect(body.total, filter).toBe(body.items.length);
    }
    const roster = await page(server, "/admin/members?q=필터&standing=lapsed", admin.cookie);
    expect(roster.status).toBe(200);
    expect(roster.html).toContain("필터미납");
    expect(roster.html).not.toContain("필터납부");
    void honorary;
    void associate;
  });
});

describe("/mypage's application card follows the standing", () => {
  it("an approved 정회원 whose dues are unpaid is told so, with the way to pay; a paid one is told all is open", async () => {
    const lapsed = await regular("카드미납");
    const standing = await regular("카드납부");
    await pay(standing);
    for (const member of [lapsed, standing]) {
      await server.db.insert(membershipApplications).values({
        userId: member.id,
        name: member.name,
        email: member.email,
        phone: "010-2345-6789",
        licenseNumber: "12345",
        hospitalName: "카드의원",
        department: "내과",
        address: "대구",
        status: "approved",
      });
    }
    const lapsedPage = await page(server, "/mypage", lapsed.cookie);
    expect(mainText(lapsedPage.html)).toContain("지금은 정회원 자격이 유지되지 않아");
    expect(mainText(lapsedPage.html)).not.toContain("학회의 모든 활동에 참여하실 수 있습니다");
    expect(tags(lapsedPage.html, "a").map((a) => a.href)).toContain("/mypage/dues");
    const standingPage = mainText((await page(server, "/mypage", standing.cookie)).html);
    expect(standingPage).toContain(
      "정회원으로 승인되었습니다. 학회의 모든 활동에 참여하실 수 있습니다.",
    );
    expect(standingPage).not.toContain("지금은 정회원 자격이 유지되지 않아");
  });

  it("a 준회원's /mypage/dues asks for the application, then says it was received", async () => {
    const associate = await insertMember(server, { name: "신청대기준회원" });
    const before = mainText((await page(server, "/mypage/dues", associate.cookie)).html);
    expect(before).toMatch(/정회원이 되시려면 \d{4}년 연회비를 납부하고\s*정회원 가입을 신청/);
    const applied = await call(
      "POST",
      "/api/membership-applications",
      associate.cookie,
      applicationPayload(),
    );
    expect(applied.status, await applied.clone().text()).toBe(201);
    const after = await page(server, "/mypage/dues", associate.cookie);
    expect(mainText(after.html)).toContain("정회원 가입 신청이 접수되었습니다.");
    expect(mainText(after.html)).not.toContain("정회원이 되시려면");
    expect(tags(after.html, "a").map((a) => a.href)).toContain("/membership/apply");
  });

  it("a 준회원 who paid part of the fee is asked for the rest; one who paid it all and never applied is sent to apply", async () => {
    const part = await insertMember(server, { name: "일부납부준회원" });
    await pay(part, { amount: FEE - 30_000 });
    const partText = mainText((await page(server, "/mypage/dues", part.cookie)).html);
    // The fee, what was paid and what is left: the transfer is for what is left, not the fee.
    expect(partText).toMatch(/납부한 금액\s*70,000원/);
    expect(partText).toMatch(/남은 금액\s*30,000원/);

    const whole = await insertMember(server, { name: "완납미신청준회원" });
    await pay(whole);
    const wholePage = await page(server, "/mypage/dues", whole.cookie);
    const wholeText = mainText(wholePage.html);
    expect(wholeText).toContain("연회비를 납부하셨습니다. 정회원 가입을 신청하시면");
    // Not "승인되면" of an application that does not exist.
    expect(wholeText).not.toContain("정회원 가입이 승인되면");
    expect(wholeText).not.toContain("남은 금액");
    expect(tags(wholePage.html, "a").map((a) => a.href)).toContain("/membership/apply");
  });
});

describe("standing, payments, voids and exemptions", () => {
  it("an unpaid 정회원 sees how to pay, lapses to 준회원 rights, and regains standing by paying", async () => {
    const member = await regular("미납자", "010-5555-1234");
    const unpaid = await myDues(member);
    expect(unpaid).toMatchObject({
      status: "unpaid",
      amountDue: FEE,
      bankAccount: BANK,
      depositorName: "미납자1234",
      dueDate: "2026-03-31",
      payments: [],
    });
    // Not 정회원 in the header, the lapse explained on /mypage, regular-only seminars refused.
    const home = await page(server, "/", member.cookie);
    expect(home.html).not.toMatch(/<b>정회원<\/b>/);
    const mypage = await page(server, "/mypage/dues", member.cookie);
    expect(mypage.html).toContain("지금은 준회원으로 이용하고 계십니다");
    expect(mypage.html).toContain("미납자1234");
    expect(mypage.html).toContain(BANK);
    const seminar = await json<{ id: string }>(
      await call("POST", "/api/seminars", admin.cookie, {
        title: "정회원 전용 세미나",
        description: "정회원만",
        speaker: "연자",
        date: new Date(Date.now() + 20 * DAY).toISOString(),
        location: "대구",
        audience: "regular",
      }),
    );
    const refused = await call("POST", `/api/seminars/${seminar.id}/registrations`, member.cookie);
    expect(refused.status).toBe(403);
    expect((await page(server, `/activities/${seminar.id}`, member.cookie)).html).toContain(
      "정회원",
    );

    const payment = await pay(member);
    const paid = await myDues(member);
    expect(paid.status).toBe("paid");
    expect(paid.amountDue).toBeNull();
    expect(paid.payments).toEqual([
      { id: payment.id, year: YEAR, amount: FEE, method: "계좌이체", paidAt: "2026-03-02" },
    ]);
    expect((await page(server, "/", member.cookie)).html).toMatch(/<b>정회원<\/b>/);
    expect(
      (await call("POST", `/api/seminars/${seminar.id}/registrations`, member.cookie)).status,
    ).toBe(201);

    // Voiding the payment (with a reason) takes the standing away again; the row stays.
    const noReason = await call("POST", `/api/admin/payments/${payment.id}/void`, admin.cookie, {});
    expect(noReason.status).toBe(400);
    expect((await json<ErrorBody>(noReason)).message).toBe("사유를 입력해주세요.");
    const voided = await call("POST", `/api/admin/payments/${payment.id}/void`, admin.cookie, {
      reason: "중복 입금 반환",
    });
    expect(voided.status).toBe(200);
    expect((await json<Payment>(voided)).voidedAt).not.toBeNull();
    expect(
      (
        await call("POST", `/api/admin/payments/${payment.id}/void`, admin.cookie, {
          reason: "다시",
        })
      ).status,
    ).toBe(409);
    expect((await myDues(member)).status).toBe("unpaid");
    const [row] = await server.db
      .select()
      .from(duesPayments)
      .where(eq(duesPayments.id, payment.id));
    expect(row?.voidReason).toBe("중복 입금 반환");
    const audits = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, member.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(["dues_payment_record", "dues_payment_void"]),
    );
    // The member record shows the payment, voided, with its reason.
    const record = await page(server, `/admin/members/${member.id}`, admin.cookie);
    expect(record.html).toContain("중복 입금 반환");
    expect(record.html).toContain("취소됨");
  });

  it("lifetime members are paid, honorary members exempt, both in standing; 준회원 not required", async () => {
    const lifetime = await insertMember(server, { memberType: "lifetime", name: "평생회원가" });
    const honorary = await insertMember(server, { memberType: "honorary", name: "명예회원가" });
    const associate = await insertMember(server, { name: "준회원가" });
    expect((await myDues(lifetime)).status).toBe("paid");
    expect((await myDues(honorary)).status).toBe("exempt");
    expect((await myDues(associate)).status).toBe("not_required");
    expect((await page(server, "/", lifetime.cookie)).html).toMatch(/<b>평생회원<\/b>/);
    expect((await page(server, "/", honorary.cookie)).html).toMatch(/<b>명예회원<\/b>/);
  });

  it("records a payment and an exemption from the /admin/dues and member record forms", async () => {
    const member = await insertMember(server, {
      memberType: "regular",
      name: "폼납부",
      email: `form-pay-${Date.now()}@example.com`,
    });
    const form = (fields: Record<string, string>) =>
      server.fetch("/admin/dues", {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    const done = await form({
      intent: "pay",
      year: String(YEAR),
      member: member.email,
      amount: String(FEE),
      method: "현금",
      paidAt: "2026-04-01",
      depositorName: "",
      memo: "총회 현장 납부",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/dues?year=${YEAR}`);
    expect((await myDues(member)).status).toBe("paid");

    const fromRecord = await form({
      intent: "exempt",
      year: String(YEAR + 1),
      userId: member.id,
      reason: "x",
      returnTo: `/admin/members/${member.id}`,
    });
    // 2027 is not set up yet: back to the record with the reason in a toast.
    expect(fromRecord.status).toBe(302);
    expect(fromRecord.headers.get("location")).toBe(`/admin/members/${member.id}`);
    expect(decodeURIComponent(fromRecord.headers.get("set-cookie") ?? "")).toContain(
      "2027년 회비가 아직 설정되지",
    );

    const wrong = await form({ intent: "pay", year: String(YEAR), member: "nobody@example.com" });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain("승인된 회원이 없습니다");
    // A return address that is not a member record is ignored.
    const elsewhere = await form({
      intent: "void",
      year: String(YEAR),
      paymentId: UNKNOWN_ID,
      reason: "x",
      returnTo: "https://evil.example/",
    });
    expect(elsewhere.status).toBe(404);
  });
});

describe("the receipt and /verify", () => {
  it("the payer downloads a Korean 납부확인서 whose code /verify confirms; no one else can", async () => {
    const member = await regular("영수증");
    const other = await regular("남의것");
    const payment = await pay(member, { paidAt: "2026-03-05", method: "카드" });
    const res = await server.fetch(`/api/me/payments/${payment.id}/receipt.pdf`, {
      headers: { Cookie: member.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(
      encodeURIComponent(`납부확인서-${payment.receiptCode}.pdf`),
    );
    expect(res.headers.get("cache-control")).toContain("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The society's emblem heads it, the built-in one until the office uploads its own.
    expect(await pdfImageCount(bytes)).toBe(1);
    const text = await pdfText(bytes);
    for (const expected of [
      "납 부 확 인 서",
      "영수증",
      "2026년 연회비",
      "100,000원",
      "2026년 3월 5일",
      "카드",
      payment.receiptCode,
    ]) {
      expect(text).toContain(expected);
    }
    expect(bytes.length).toBeLessThan(400_000);
    // The same file from /mypage; nobody else's; a visitor is refused.
    expect(
      (await server.fetch(`/mypage/receipts/${payment.id}`, { headers: { Cookie: member.cookie } }))
        .status,
    ).toBe(200);
    expect(
      (
        await server.fetch(`/api/me/payments/${payment.id}/receipt.pdf`, {
          headers: { Cookie: other.cookie },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await server.fetch(`/api/me/payments/${payment.id}/receipt.pdf`, {
          headers: { Cookie: admin.cookie },
        })
      ).status,
    ).toBe(404);
    expect((await server.fetch(`/api/me/payments/${payment.id}/receipt.pdf`)).status).toBe(401);
    expect(
      (
        await server.fetch("/api/me/payments/not-an-id/receipt.pdf", {
          headers: { Cookie: member.cookie },
        })
      ).status,
    ).toBe(404);
    const mypage = await page(server, "/mypage/dues", member.cookie);
    expect(mypage.html).toContain(`/mypage/receipts/${payment.id}`);
    expect(mypage.html).toContain("납부 완료");

    const genuine = await page(server, `/verify/${payment.receiptCode}`);
    expect(genuine.status).toBe(200);
    expect(genuine.html).toContain("학회가 발급한 납부확인서입니다");
    expect(genuine.html).toContain("영*증");
    expect(genuine.html).not.toContain("영수증</");
    expect(genuine.html).toContain("100,000원");

    // A voided payment's receipt is no longer genuine, nor downloadable.
    await call("POST", `/api/admin/payments/${payment.id}/void`, admin.cookie, { reason: "오류" });
    expect((await page(server, `/verify/${payment.receiptCode}`)).status).toBe(404);
    expect(
      (
        await server.fetch(`/api/me/payments/${payment.id}/receipt.pdf`, {
          headers: { Cookie: member.cookie },
        })
      ).status,
    ).toBe(404);
  });
});

describe("permissions", () => {
  it("answers 401 to a visitor and 403 to a member on every administrator call", async () => {
    const member = await regular("권한확인");
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/admin/dues/${YEAR}`],
      ["PUT", `/api/admin/dues/${YEAR}`, { regularFee: 1 }],
      ["POST", "/api/admin/payments", { userId: member.id }],
      ["POST", `/api/admin/payments/${UNKNOWN_ID}/void`, { reason: "x" }],
      ["POST", `/api/admin/dues/${YEAR}/exemptions`, { userId: member.id, reason: "x" }],
      ["GET", `/api/admin/dues/imports/${UNKNOWN_ID}`],
      ["POST", `/api/admin/dues/imports/${UNKNOWN_ID}/confirm`, { picks: [] }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, member.cookie, body)).status, `${method} ${path}`).toBe(403);
    }
    const upload = new FormData();
    upload.set("file", new Blob(["거래일시,적요,입금액\n"]), "a.csv");
    expect(
      (await server.fetch(`/api/admin/dues/${YEAR}/imports`, { method: "POST", body: upload }))
        .status,
    ).toBe(401);
    expect(
      (
        await server.fetch(`/api/admin/dues/${YEAR}/imports`, {
          method: "POST",
          body: upload,
          headers: { Cookie: member.cookie },
        })
      ).status,
    ).toBe(403);
    expect((await call("GET", "/api/me/dues", null)).status).toBe(401);
    expect((await page(server, "/admin/dues", member.cookie)).status).toBe(403);
    const visitor = await server.fetch("/admin/dues", { redirect: "manual" });
    expect([302, 401]).toContain(visitor.status);
  });
});

// ---------------------------------------------------------------------------------------------
// Bank statement import

type Preview = {
  id: string;
  rows: {
    index: number;
    depositor: string;
    amount: number;
    paidAt: string;
    status: string;
    candidates: { id: string }[];
    proposed: string | null;
  }[];
  counts: { match: number; recorded: number; review: number; unmatched: number };
};

async function importFile(bytes: Uint8Array | string, name: string) {
  const form = new FormData();
  form.set("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  return server.fetch(`/api/admin/dues/${YEAR}/imports`, {
    method: "POST",
    body: form,
    headers: { Cookie: admin.cookie },
  });
}

async function imported(bytes: Uint8Array | string, name: string) {
  const res = await importFile(bytes, name);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Preview>(res);
}

const confirm = async (id: string, picks: { index: number; userId: string }[]) =>
  call("POST", `/api/admin/dues/imports/${id}/confirm`, admin.cookie, { picks });

const rowOf = (preview: Preview, depositor: string) =>
  preview.rows.find((row) => row.depositor === depositor)!;

describe("bank statement import", () => {
  it("proposes the rest of the fee from a member who paid part, and leaves out an amount no payment can hold", async () => {
    const part = await regular("반만낸");
    const whole = await regular("다낸");
    await pay(part, { amount: FEE - 30_000 });
    await pay(whole, { amount: FEE });
    const preview = await imported(
      [
        "거래일시,적요,입금액,잔액",
        `${YEAR}-03-12 10:00,반만낸,30000,1`,
        `${YEAR}-03-12 11:00,다낸,${FEE},2`,
        `${YEAR}-03-12 12:00,반만낸,"999,999,999,999",3`,
        `${YEAR}-03-13 09:00,반만낸,${FEE},4`,
      ].join("\n"),
      "statement.csv",
    );
    const fromPart = preview.rows.filter((row) => row.depositor === "반만낸");
    // The rest is proposed; the whole fee again after a part is the office's to check.
    expect(fromPart.map((row) => [row.amount, row.status, row.proposed])).toEqual([
      [30_000, "match", part.id],
      [FEE, "check_amount", null],
    ]);
    expect(rowOf(preview, "다낸")).toMatchObject({ status: "already_paid", proposed: null });
    const row = fromPart[0]!;
    expect((await confirm(preview.id, [{ index: row.index, userId: part.id }])).status).toBe(200);
    expect((await myDues(part)).status).toBe("paid");

    // A year paid in full takes no more, as entering it by hand refuses: the deposit of a member
    // already paid, and the whole fee again from the member just brought to paid.
    const paidRows = async (member: Member) =>
      (await server.db.select().from(duesPayments).where(eq(duesPayments.userId, member.id)))
        .length;
    const before = [await paidRows(whole), await paidRows(part)];
    for (const pick of [
      { index: rowOf(preview, "다낸").index, userId: whole.id },
      { index: fromPart[1]!.index, userId: part.id },
    ]) {
      const refused = await confirm(preview.id, [pick]);
      expect(refused.status).toBe(409);
      const body = await json<ErrorBody>(refused);
      expectKoreanMessages(body);
      expect(body.message).toContain(`${YEAR}년 회비를 이미 모두 납부했거나 면제받았습니다`);
    }
    expect([await paidRows(whole), await paidRows(part)]).toEqual(before);
  });

  it("one confirmation cannot record the fee twice for one member", async () => {
    const twice = await regular("두번입금");
    const preview = await imported(
      [
        "거래일시,적요,입금액,잔액",
        `${YEAR}-03-14 10:00,두번입금,${FEE},1`,
        `${YEAR}-03-14 10:05,두번입금,${FEE},2`,
      ].join("\n"),
      "twice.csv",
    );
    const picks = preview.rows
      .filter((row) => row.depositor === "두번입금")
      .map((row) => ({ index: row.index, userId: twice.id }));
    expect(picks).toHaveLength(2);
    const refused = await confirm(preview.id, picks);
    expect(refused.status).toBe(409);
    expect(
      await server.db.select().from(duesPayments).where(eq(duesPayments.userId, twice.id)),
    ).toHaveLength(0);
    expect((await confirm(preview.id, [picks[0]!])).status).toBe(200);
    expect((await myDues(twice)).status).toBe("paid");
  });

  it("reads an .xlsx with the bank's title and totals rows, proposes matches, records what is confirmed, once", async () => {
    const kim = await regular("엑셀김");
    const twinA = await regular("엑셀쌍둥", "010-1111-2222");
    const twinB = await regular("엑셀쌍둥", "010-3333-4444");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("거래내역");
    sheet.addRow(["OO은행 거래내역 조회"]);
    sheet.addRow(["계좌번호", "123-45-678901", "조회기간", "2026.03.01 ~ 2026.03.31"]);
    sheet.addRow([]);
    sheet.addRow([
      "거래일시",
      "적요",
      "기재내용",
      "찾으신금액",
      "맡기신금액",
      "거래후잔액",
      "취급점",
    ]);
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 2, 10, 5, 0)),
      "타행이체",
      "엑셀김",
      0,
      FEE,
      1_100_000,
      "인터넷",
    ]);
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 3, 9, 0, 0)),
      "타행이체",
      "엑셀쌍둥",
      0,
      FEE,
      1_200_000,
      "인터넷",
    ]);
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 3, 11, 0, 0)),
      "타행이체",
      "엑셀쌍둥4444",
      0,
      FEE,
      1_300_000,
      "인터넷",
    ]);
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 4, 9, 0, 0)),
      "카드대금",
      "카드사",
      50_000,
      0,
      1_250_000,
      "",
    ]);
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 5, 9, 0, 0)),
      "타행이체",
      "모르는사람",
      0,
      30_000,
      1_280_000,
      "",
    ]);
    sheet.addRow(["합계", "", "", 50_000, 3 * FEE + 30_000, "", ""]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const preview = await imported(bytes, "거래내역.xlsx");
    expect(preview.rows.map((r) => r.depositor)).toEqual([
      "엑셀김",
      "엑셀쌍둥",
      "엑셀쌍둥4444",
      "모르는사람",
    ]);
    expect(rowOf(preview, "엑셀김")).toMatchObject({
      status: "match",
      proposed: kim.id,
      paidAt: "2026-03-02",
      amount: FEE,
    });
    expect(rowOf(preview, "엑셀쌍둥").status).toBe("ambiguous");
    expect(rowOf(preview, "엑셀쌍둥").candidates).toHaveLength(2);
    expect(rowOf(preview, "엑셀쌍둥4444")).toMatchObject({ status: "match", proposed: twinB.id });
    expect(rowOf(preview, "모르는사람").status).toBe("unmatched");
    // Nothing is recorded before the office confirms.
    expect((await myDues(kim)).status).toBe("unpaid");

    // A member who is not a candidate of the row is refused.
    const wrong = await confirm(preview.id, [
      { index: rowOf(preview, "엑셀김").index, userId: twinA.id },
    ]);
    expect(wrong.status).toBe(400);
    const done = await confirm(preview.id, [
      { index: rowOf(preview, "엑셀김").index, userId: kim.id },
      { index: rowOf(preview, "엑셀쌍둥").index, userId: twinA.id },
      { index: rowOf(preview, "엑셀쌍둥4444").index, userId: twinB.id },
    ]);
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ recorded: 3, skipped: 0 });
    for (const m of [kim, twinA, twinB]) expect((await myDues(m)).status).toBe("paid");
    const [kimPayment] = await server.db
      .select()
      .from(duesPayments)
      .where(eq(duesPayments.userId, kim.id));
    expect(kimPayment).toMatchObject({
      method: "계좌이체",
      paidAt: "2026-03-02",
      depositorName: "엑셀김",
    });

    // The same statement again: every deposit shows as recorded, and confirming records nothing.
    const again = await imported(bytes, "거래내역(1).xlsx");
    expect(again.rows.filter((r) => r.status === "recorded")).toHaveLength(3);
    expect(await json(await confirm(again.id, [{ index: 0, userId: kim.id }]))).toEqual({
      recorded: 0,
      skipped: 1,
    });
    expect(await json(await confirm(preview.id, [{ index: 0, userId: kim.id }]))).toEqual({
      recorded: 0,
      skipped: 1,
    });
    const kimPayments = await server.db
      .select()
      .from(duesPayments)
      .where(eq(duesPayments.userId, kim.id));
    expect(kimPayments).toHaveLength(1);

    // The deposit that matched nobody: the office finds the member by phone on the page and
    // records it there.
    const stranger = rowOf(preview, "모르는사람");
    const search = (fields: Record<string, string>) =>
      postForm(server, `/admin/dues/imports/${preview.id}`, fields, { cookie: admin.cookie });
    const found = await search({
      findRow: String(stranger.index),
      [`term${stranger.index}`]: "010-1111-2222",
    });
    expect(found.status).toBe(200);
    const foundHtml = await found.text();
    expect(foundHtml).toContain("휴대전화 끝 2222");
    expect(foundHtml).toContain(`value="${twinA.id}"`);
    // A second search elsewhere keeps the first's results and the member picked in them.
    const searchedAgain = await search({
      findRow: "",
      [`term${stranger.index}`]: "010-1111-2222",
      [`shown${stranger.index}`]: "1",
      [`m${stranger.index}`]: twinA.id,
    });
    const againHtml = await searchedAgain.text();
    expect(againHtml).toMatch(
      new RegExp(`<input(?=[^>]*value="${twinA.id}")(?=[^>]*checked="")[^>]*>`),
    );
    const none = await search({
      findRow: String(stranger.index),
      [`term${stranger.index}`]: "없는이름",
    });
    expect(await none.text()).toContain("맞는 회원이 없습니다");
    // twinA's year is paid already: the deposit is refused for them, in Korean, on the page.
    const paidAlready = await postForm(
      server,
      `/admin/dues/imports/${preview.id}`,
      { intent: "confirm", [`m${stranger.index}`]: twinA.id },
      { cookie: admin.cookie },
    );
    expect(paidAlready.status).toBe(409);
    expect(mainText(await paidAlready.text())).toContain("중복 입금이면 기록하지 말고");
    const unpaid = await regular("모르는사람본인");
    const picked = await postForm(
      server,
      `/admin/dues/imports/${preview.id}`,
      { intent: "confirm", [`m${stranger.index}`]: unpaid.id },
      { cookie: admin.cookie },
    );
    expect(picked.status, await picked.clone().text()).toBe(302);
    const strangerPayments = await server.db
      .select()
      .from(duesPayments)
      .where(eq(duesPayments.userId, unpaid.id));
    expect(strangerPayments.map((p) => p.depositorName)).toEqual(["모르는사람"]);
    expect(
      await server.db.select().from(duesPayments).where(eq(duesPayments.userId, twinA.id)),
    ).toHaveLength(1);
  });

  it("records each deposit once when the office confirms twice at the same moment", async () => {
    const a = await regular("동시확인가");
    const b = await regular("동시확인나");
    const preview = await imported(
      "거래일시,적요,입금액,잔액\n2026-03-12 10:00,동시확인가,100000,1\n2026-03-12 10:01,동시확인나,100000,2\n",
      "twice.csv",
    );
    const picks = preview.rows.map((row) => ({ index: row.index, userId: row.proposed! }));
    const answers = await Promise.all([confirm(preview.id, picks), confirm(preview.id, picks)]);
    const results = await Promise.all(
      answers.map((res) => json<{ recorded: number; skipped: number }>(res)),
    );
    expect(results.reduce((sum, r) => sum + r.recorded, 0)).toBe(2);
    for (const m of [a, b]) {
      const rows = await server.db.select().from(duesPayments).where(eq(duesPayments.userId, m.id));
      expect(rows).toHaveLength(1);
    }
  });

  it("a confirmation with a row picked twice or a wrong member is a 400 that records nothing", async () => {
    await setYear(YEAR);
    const a = await regular("한꺼번가");
    const b = await regular("한꺼번나");
    const preview = await imported(
      "거래일시,적요,입금액,잔액\n2026-03-13 10:00,한꺼번가,100000,1\n2026-03-13 10:01,한꺼번나,100000,2\n",
      "together.csv",
    );
    const first = { index: rowOf(preview, "한꺼번가").index, userId: a.id };
    const second = { index: rowOf(preview, "한꺼번나").index, userId: b.id };
    const payments = async () =>
      server.db
        .select()
        .from(duesPayments)
        .where(inArray(duesPayments.userId, [a.id, b.id]));
    for (const picks of [
      [first, second, first],
      [first, { ...second, userId: a.id }],
      [first, { index: 99, userId: b.id }],
    ]) {
      const res = await confirm(preview.id, picks);
      expect(res.status, JSON.stringify(picks)).toBe(400);
      expectKoreanMessages(await json<ErrorBody>(res));
      expect(await payments()).toHaveLength(0);
    }
    expect((await myDues(a)).status).toBe("unpaid");
    const done = await confirm(preview.id, [first, second]);
    expect(await json(done)).toEqual({ recorded: 2, skipped: 0 });
    expect(await payments()).toHaveLength(2);
  });

  it("reads an .xls that is an HTML table in EUC-KR, and flags an amount that is no fee", async () => {
    const member = await regular("에이치티");
    const html = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=euc-kr"></head><body>
      <table border="1"><tr><td colspan="5">거래내역조회 &amp; 출력</td></tr>
      <tr><th>거래일자</th><th>입금자명</th><th>출금액</th><th>입금액</th><th>잔액</th></tr>
      <tr><td>2026.03.10</td><td>에이치티</td><td>0</td><td>100,000</td><td>1,000,000</td></tr>
      <tr><td>2026.03.11</td><td>에이치티</td><td></td><td>55,000</td><td>1,055,000</td></tr>
      <tr><td>합 계</td><td></td><td>0</td><td>155,000</td><td></td></tr></table></body></html>`;
    const preview = await imported(iconv.encode(html, "euc-kr"), "거래내역.xls");
    expect(preview.rows).toHaveLength(2);
    expect(preview.rows[0]).toMatchObject({
      depositor: "에이치티",
      paidAt: "2026-03-10",
      amount: FEE,
      status: "match",
      proposed: member.id,
    });
    expect(preview.rows[1]).toMatchObject({
      amount: 55_000,
      status: "check_amount",
      proposed: null,
    });
  });

  it("reads CSV in UTF-8 (with BOM) and in CP949", async () => {
    const utf = await regular("씨에스브이");
    const cp = await regular("시피구사구");
    const csv = (name: string) =>
      [
        "거래내역,,,,",
        "거래일시,내용,입금액,출금액,잔액",
        `2026-03-20 14:01:02,${name},"100,000",0,"2,000,000"`,
        `2026-03-21 09:00:00,${name},0,"10,000","1,990,000"`,
        ",,합계,,",
      ].join("\r\n");
    const a = await imported(`\uFEFF${csv("씨에스브이")}`, "utf8.csv");
    expect(a.rows).toHaveLength(1);
    expect(a.rows[0]).toMatchObject({ depositor: "씨에스브이", status: "match", proposed: utf.id });
    const b = await imported(iconv.encode(csv("시피구사구"), "cp949"), "cp949.csv");
    expect(b.rows).toHaveLength(1);
    expect(b.rows[0]).toMatchObject({
      depositor: "시피구사구",
      paidAt: "2026-03-20",
      status: "match",
      proposed: cp.id,
    });
  });

  it("explains in Korean what to do with a file it cannot read", async () => {
    // An old binary .xls or an encrypted workbook: an OLE compound file.
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const legacy = await importFile(ole, "거래내역.xls");
    expect(legacy.status).toBe(415);
    const message = (await json<ErrorBody>(legacy)).message;
    expect(message).toContain("Excel 통합 문서(*.xlsx)");
    expect(message).toContain("CSV");
    // Binary rubbish, a broken zip, no headings, no deposits, an empty file, no multipart.
    expect((await importFile(new Uint8Array([1, 0, 2, 0, 3]), "x.bin")).status).toBe(415);
    expect(
      (await importFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "x.xlsx")).status,
    ).toBe(415);
    const noHeadings = await importFile("이름,금액\n홍길동,100\n", "x.csv");
    expect(noHeadings.status).toBe(400);
    expect((await json<ErrorBody>(noHeadings)).message).toContain("거래일시");
    expect((await importFile("거래일시,적요,입금액\n합계,,0\n", "x.csv")).status).toBe(400);
    expect((await importFile("", "x.csv")).status).toBe(400);
    const json415 = await call("POST", `/api/admin/dues/${YEAR}/imports`, admin.cookie, {});
    expect(json415.status).toBe(415);
    // A year that is not set up.
    const form = new FormData();
    form.set("file", new Blob(["거래일시,적요,입금액\n2026-01-01,a,1\n"]), "a.csv");
    expect(
      (
        await server.fetch("/api/admin/dues/2033/imports", {
          method: "POST",
          body: form,
          headers: { Cookie: admin.cookie },
        })
      ).status,
    ).toBe(400);
  });

  it("works as pages: upload on /admin/dues, confirm the checked rows on the import page", async () => {
    // Before React runs (and without JavaScript) the browser's own file control is shown, named by
    // its label and required; the Korean picker replaces it only in the browser (FileField).
    const form0 = await page(server, `/admin/dues?year=${YEAR}`, admin.cookie);
    const input = /<input\b[^>]*\bid="statement-file"[^>]*>/.exec(form0.html)?.[0] ?? "";
    expect(input).toContain('type="file"');
    expect(input).toContain('name="file"');
    expect(input).toMatch(/\brequired\b/);
    expect(input).not.toContain("sr-only");
    expect(form0.html).toMatch(/<label[^>]*for="statement-file"[^>]*>\s*거래내역 파일/);
    const member = await regular("페이지가져오기");
    const form = new FormData();
    form.set("year", String(YEAR));
    form.set(
      "file",
      new Blob([
        "거래일시,적요,입금액,출금액,잔액\n2026-03-25 10:00,페이지가져오기,100000,0,5\n2026-03-25 11:00,모르는입금자,100000,0,6\n",
      ]),
      "statement.csv",
    );
    const uploaded = await server.fetch("/admin/dues", {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { Cookie: admin.cookie },
    });
    expect(uploaded.status).toBe(302);
    const location = uploaded.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/dues\/imports\//);
    const preview = await page(server, location, admin.cookie);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain("페이지가져오기");
    expect(preview.html).toContain("일치");
    const post = (fields: Record<string, string>) =>
      server.fetch(location, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    // The office unticks the match, then searches for the other deposit's payer: the search
    // answers the page with the tick as the office left it, and the members found.
    expect(preview.html).toMatch(/<input[^>]*name="m0"[^>]*checked=""/);
    const searched = await post({ findRow: "1", term1: "페이지가져" });
    expect(searched.status).toBe(200);
    const searchedHtml = await searched.text();
    expect(searchedHtml).toMatch(/<input[^>]*name="m0"/);
    expect(searchedHtml).not.toMatch(/<input[^>]*name="m0"[^>]*checked=""/);
    expect(searchedHtml).toMatch(new RegExp(`<input[^>]*name="m1"[^>]*value="${member.id}"`));
    expect(searchedHtml).toContain('name="shown1"');
    // Nothing was recorded by the search.
    expect((await myDues(member)).status).not.toBe("paid");
    const confirmed = await post({ intent: "confirm", m0: member.id });
    expect(confirmed.status).toBe(302);
    expect((await myDues(member)).status).toBe("paid");
    // An upload the page cannot read stays on the page with the Korean message.
    const bad = new FormData();
    bad.set("year", String(YEAR));
    bad.set("file", new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0])]), "old.xls");
    const refused = await server.fetch("/admin/dues", {
      method: "POST",
      body: bad,
      headers: { Cookie: admin.cookie },
    });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("Excel 통합 문서");
  });
});

// ---------------------------------------------------------------------------------------------
// Standing through the year boundary (runs last: it sets up 2027 and moves the clock)

describe("standing through the year boundary and the grace period", () => {
  it("holds last year's standing until the grace period ends, then lapses until paid", async () => {
    const paidLastYear = await regular("작년납부");
    const neverPaid = await regular("한번도안냄");
    const paidBoth = await regular("둘다납부");
    await pay(paidLastYear);
    await pay(paidBoth);
    await setYear(YEAR + 1, { regularFee: 120_000, dueDate: "2027-01-31" });
    await pay(paidBoth, { year: YEAR + 1, amount: 120_000, paidAt: "2026-12-20" });

    // 15 January 2027: inside 2026's grace period (until 31 March 2027).
    const people = [paidLastYear, neverPaid, paidBoth, admin];
    await clockToSignedIn("2027-01-15T12:00:00+09:00", people);
    expect((await myDues(paidLastYear)).status).toBe("unpaid");
    expect((await myDues(paidLastYear)).amountDue).toBe(120_000);
    expect((await page(server, "/", paidLastYear.cookie)).html).toMatch(/<b>정회원<\/b>/);
    const grace = await page(server, "/mypage/dues", paidLastYear.cookie);
    expect(grace.html).toContain("유예기간으로 지난해 정회원 자격이 유지됩니다");
    expect((await page(server, "/", neverPaid.cookie)).html).not.toMatch(/<b>정회원<\/b>/);

    // The last day of the grace period still holds; the next day it lapses.
    await clockToSignedIn("2027-03-31T23:30:00+09:00", people);
    expect((await page(server, "/", paidLastYear.cookie)).html).toMatch(/<b>정회원<\/b>/);
    // Twenty minutes on: within the administrator's 60-minute idle limit, who records below.
    clockTo("2027-04-01T00:10:00+09:00");
    expect((await page(server, "/", paidLastYear.cookie)).html).not.toMatch(/<b>정회원<\/b>/);
    expect((await page(server, "/mypage/dues", paidLastYear.cookie)).html).toContain(
      "지금은 준회원으로 이용하고 계십니다",
    );
    expect((await myDues(paidBoth)).status).toBe("paid");
    expect((await page(server, "/", paidBoth.cookie)).html).toMatch(/<b>정회원<\/b>/);

    // The member keeps the account and pays: standing is back at once.
    await pay(paidLastYear, { year: YEAR + 1, amount: 120_000, paidAt: "2027-04-01" });
    expect(await myDues(paidLastYear)).toMatchObject({ status: "paid", fullStanding: true });
    expect((await page(server, "/", paidLastYear.cookie)).html).toMatch(/<b>정회원<\/b>/);
  });
});

describe("/admin/dues before and after a year is set up", () => {
  it("puts the year's settings first and says why the buttons are greyed out; last once set", async () => {
    const year = 2041;
    const before = await page(server, `/admin/dues?year=${year}`, admin.cookie);
    expect(before.status).toBe(200);
    // React writes "{year}년 …" as two text nodes: the headings are found by their end.
    const setupAt = before.html.indexOf("년 회비 설정</h2>");
    expect(setupAt).toBeGreaterThan(0);
    expect(setupAt).toBeLessThan(before.html.indexOf("년 현황</h2>"));
    expect(before.html).toContain("년 회비를 먼저 설정하면 쓸 수 있습니다.");
    await setYear(year);
    const after = await page(server, `/admin/dues?year=${year}`, admin.cookie);
    expect(after.html.indexOf("년 회비 설정</h2>")).toBeGreaterThan(
      after.html.indexOf("년 현황</h2>"),
    );
    expect(after.html).not.toContain("먼저 설정하면 쓸 수 있습니다");
  });
});

describe("amounts as the office types them", () => {
  it("takes 200,000 and 20만 in the year's form and the API, and refuses 이십만 in Korean", async () => {
    const year = 2040;
    const form = await postForm(
      server,
      `/admin/dues?year=${year}`,
      {
        intent: "year",
        year: String(year),
        regularFee: "200,000",
        lifetimeFee: "200만 원",
        dueDate: `${year}-03-31`,
        graceUntil: "",
        bankAccount: BANK,
      },
      { cookie: admin.cookie },
    );
    expect(form.status, await form.clone().text()).toBe(302);
    const saved = await json<{ regularFee: number; lifetimeFee: number }>(
      await call("GET", `/api/admin/dues/${year}`, admin.cookie),
    );
    expect(saved).toMatchObject({ regularFee: 200_000, lifetimeFee: 2_000_000 });
    const api = await setYear(year, { regularFee: "15만", lifetimeFee: "1,500,000원" });
    expect(api).toMatchObject({ regularFee: 150_000, lifetimeFee: 1_500_000 });
    const member = await regular("금액표기");
    const paid = await pay(member, { year, amount: "15만원", paidAt: `${year}-03-02` });
    expect(paid).toMatchObject({ amount: 150_000 });
    const bad = await call("PUT", `/api/admin/dues/${year}`, admin.cookie, {
      regularFee: "이십만",
      lifetimeFee: 1,
      dueDate: `${year}-03-31`,
      bankAccount: BANK,
    });
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).errors?.regularFee).toBe(
      "정회원 연회비를 원 단위 숫자로 입력해주세요.",
    );
  });
});

describe("reminders", () => {
  it("mails unpaid 정회원 30 days before, on the due date and 14 days before the grace ends, once each", async () => {
    const year = 2035;
    await setYear(year, { dueDate: "2035-06-30", graceUntil: "2035-09-30" });
    const unpaid = await regular("미납알림");
    const paysLater = await regular("나중납부");
    const exempt = await regular("면제알림");
    const paid = await regular("납부알림");
    const associate = await insertMember(server, { name: "준회원알림" });
    await pay(paid, { year, paidAt: "2035-05-01" });
    await call("POST", `/api/admin/dues/${year}/exemptions`, admin.cookie, {
      userId: exempt.id,
      reason: "명예 퇴임",
    });
    const { sendDuesReminders } = await import("~/features/dues/reminders.server");
    const mailsTo = async (member: Member) =>
      (await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email))).filter((m) =>
        m.subject.includes(`${year}년 연회비 납부 안내`),
      );

    // Nothing before the 30-day window.
    await sendDuesReminders(new Date("2035-05-20T09:00:00+09:00"));
    expect(await mailsTo(unpaid)).toHaveLength(0);
    // 30 days before: the unpaid members only, and only once however often the job runs.
    await sendDuesReminders(new Date("2035-06-01T09:00:00+09:00"));
    await sendDuesReminders(new Date("2035-06-01T10:00:00+09:00"));
    expect(await mailsTo(unpaid)).toHaveLength(1);
    expect(await mailsTo(paysLater)).toHaveLength(1);
    for (const m of [exempt, paid, associate]) expect(await mailsTo(m)).toHaveLength(0);
    const [first] = await mailsTo(unpaid);
    expect(first!.text).toContain("29일 남았습니다");
    expect(first!.text).toContain("미납알림6789");
    expect(first!.text).toContain(BANK);

    // A 정회원 who joins later is reminded with the days really left, not "30".
    const joinedLater = await regular("늦은알림");
    await sendDuesReminders(new Date("2035-06-09T09:00:00+09:00"));
    const [late] = await mailsTo(joinedLater);
    expect(late!.text).toContain("21일 남았습니다");

    // One pays in the meantime: on the due date only the other is reminded.
    await pay(paysLater, { year, paidAt: "2035-06-10" });
    await sendDuesReminders(new Date("2035-06-30T09:00:00+09:00"));
    expect(await mailsTo(unpaid)).toHaveLength(2);
    expect((await mailsTo(unpaid))[1]!.text).toContain("오늘은 2035년 정회원 연회비 납부 기한");
    // The due-date mail sent days late (to one who joined after it) says the date has passed.
    const afterDue = await regular("기한후알림");
    await sendDuesReminders(new Date("2035-07-03T09:00:00+09:00"));
    const [overdue] = await mailsTo(afterDue);
    expect(overdue!.text).toContain("납부 기한(2035년 6월 30일)이 지났습니다");
    expect(await mailsTo(paysLater)).toHaveLength(1);

    // 14 days before the grace ends; two instances running together send it once.
    const at = new Date("2035-09-17T09:00:00+09:00");
    await Promise.all([sendDuesReminders(at), sendDuesReminders(at)]);
    const mails = await mailsTo(unpaid);
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.text).join("\n")).toContain("유예기간이 2035년 9월 30일에 끝납니다");
    const record = await page(server, `/admin/members/${unpaid.id}`, admin.cookie);
    expect(record.html).toContain("유예기간 종료 14일 전 안내");
    expect(record.html).toContain("납부 기한 30일 전 안내");
  });
});

describe("keeping dues records no longer than the privacy notice says", () => {
  it("drops statement rows after 30 days and payments five years after their year", async () => {
    const member = await regular("보존기간");
    const old = await pay(member, { year: YEAR });
    const preview = await imported("거래일시,적요,입금액\n2026-03-01,보존기간,5\n", "old.csv");
    const { purgeDuesRecords } = await import("~/features/dues/reminders.server");
    await purgeDuesRecords(new Date(Date.now() + 10 * DAY));
    expect((await call("GET", `/api/admin/dues/imports/${preview.id}`, admin.cookie)).status).toBe(
      200,
    );
    await purgeDuesRecords(new Date(Date.now() + 31 * DAY));
    expect((await call("GET", `/api/admin/dues/imports/${preview.id}`, admin.cookie)).status).toBe(
      404,
    );
    const kept = await server.db.select().from(duesPayments).where(eq(duesPayments.id, old.id));
    expect(kept).toHaveLength(1);
    await purgeDuesRecords(new Date(`${YEAR + 6}-01-02T00:00:00+09:00`));
    const gone = await server.db.select().from(duesPayments).where(eq(duesPayments.id, old.id));
    expect(gone).toHaveLength(0);
  });
});
