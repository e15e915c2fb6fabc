// Online payments through the test gateway (PAYMENTS_PROVIDER=test): the same server code as
// PortOne's (the amount pre-registered, the payment read back over HTTP from the PortOne-shaped
// loopback API, webhooks signed and verified with Webhook.verify). Every outcome: paid, failed, a
// held seat expired, a 가상계좌 issued then deposited, a webhook replayed, a bad signature, an
// amount that is not the invoice's, refunds in full and in part; and who may do what.
import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import {
  auditLog,
  duesPayments,
  mailQueue,
  messageQueue,
  paymentRefunds,
  payments,
  seminarRegistrations,
} from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  json,
  type LoggedIn,
} from "../support/accounts";
import { flashToastOf } from "../support/admin";
import { mainText, tags } from "../support/html";
import { postForm } from "../support/http";
import { applicationPayload, insertMember, type Member, page, sendJson } from "../support/members";
import { pdfText } from "../support/pdf";
import { setupTestServer } from "../support/test-server";

const WEBHOOK_SECRET = `whsec_${Buffer.from("payments-test-webhook-secret-0123456789").toString("base64")}`;
const YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
const FEE = 100_000;
const DUES_SETTINGS = {
  regularFee: FEE,
  lifetimeFee: 1_000_000,
  dueDate: `${YEAR}-12-31`,
  bankAccount: "대구은행 123-45-678901 학회",
};

let admin: LoggedIn;

const server = setupTestServer({
  env: {
    PAYMENTS_PROVIDER: "test",
    PORTONE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAYMENT_HOLD_MINUTES: "15",
  },
});
beforeAll(async () => {
  admin = await createAdmin(server);
  // Last year too: with none asked then, a 정회원 who never paid would keep last year's standing
  // through its grace period, and a suite run in January would see the 정회원 fee.
  for (const [year, dueDate] of [
    [YEAR - 1, `${YEAR - 1}-03-31`],
    [YEAR, `${YEAR}-12-31`],
  ] as const) {
    const res = await call("PUT", `/api/admin/dues/${year}`, admin.cookie, {
      regularFee: FEE,
      lifetimeFee: 1_000_000,
      dueDate,
      bankAccount: "대구은행 123-45-678901 학회",
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
});
afterEach(() => {
  resetClock();
});

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  sendJson(server, method, path, body, { cookie });

type Invoice = { paymentId: string; amount: number };
type MyPayment = {
  paymentId: string;
  purpose: string;
  amount: number;
  status: string;
  method: string | null;
  paidAt: string | null;
  refundedAmount: number;
  virtualAccount: { bank: string; accountNumber: string } | null;
  cashReceipt: { type: string; number: string | null } | null;
  duesReceiptId: string | null;
  toReturn: boolean;
  failReason: string | null;
  feeKept: boolean;
};

/** The text messages queued for a member with this template. */
const textsOf = (member: Member, template: string) =>
  server.db
    .select()
    .from(messageQueue)
    .where(and(eq(messageQueue.userId, member.id), eq(messageQueue.template, template)));

const regular = (name: string) => insertMember(server, { memberType: "regular", name });

/** The mails queued for a member. */
const mailTo = (member: Member) =>
  server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email));

async function openDues(member: Member) {
  const res = await call("POST", `/api/me/dues/${YEAR}/payments`, member.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Invoice>(res);
}

/** The member's dues invoice, paid by 가상계좌: chosen at checkout and the account issued. */
async function issuedVbank(member: Member) {
  const dues = await openDues(member);
  const chosen = await call("POST", `/api/me/payments/${dues.paymentId}/checkout`, member.cookie, {
    method: "virtual_account",
  });
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  expect((await move(dues.paymentId, "vbank_issued")).body.status).toBe("vbank_issued");
  return dues;
}

async function move(paymentId: string, outcome: string, extra: Record<string, unknown> = {}) {
  const res = await call("POST", `/api/payments/test/${paymentId}`, null, { outcome, ...extra });
  return { status: res.status, body: await json<{ status: string; message?: string }>(res) };
}

async function mine(member: Member, paymentId: string) {
  const list = await json<{ items: MyPayment[] }>(
    await call("GET", "/api/me/payments", member.cookie),
  );
  return list.items.find((item) => item.paymentId === paymentId)!;
}

/** The provider takes the money and tells nobody: no webhook, no return from the window. */
async function payWithoutWord(paymentId: string) {
  const { moveTestPayment } = await import("~/features/gateway/test-gateway.server");
  const [row] = await server.db.select().from(payments).where(eq(payments.paymentId, paymentId));
  await moveTestPayment(paymentId, "paid", { method: row!.method!, orderName: row!.orderName });
}

/** When the minute job last read the invoice back. */
async function readBackOf(paymentId: string) {
  const [row] = await server.db
    .select({ at: payments.readBackAt })
    .from(payments)
    .where(eq(payments.paymentId, paymentId));
  return row?.at ?? null;
}

/** The refunds recorded for an invoice. */
async function refundsOf(paymentId: string) {
  const [row] = await server.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.paymentId, paymentId));
  return server.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentRowId, row!.id));
}

/** The invoice's status as stored (the member's list leaves out what was closed before it began). */
async function invoiceStatus(paymentId: string) {
  const [row] = await server.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.paymentId, paymentId));
  return row?.status;
}

async function duesRows(member: Member) {
  return server.db.select().from(duesPayments).where(eq(duesPayments.userId, member.id));
}

function signed(body: string, secret = WEBHOOK_SECRET, id = `msg_${crypto.randomUUID()}`) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = crypto
    .createHmac("sha256", key)
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": timestamp,
    "webhook-signature": `v1,${signature}`,
  };
}

const webhook = (body: string, headers: Record<string, string>) =>
  server.fetch("/api/payments/webhook", { method: "POST", body, headers });

describe("dues paid online", () => {
  it("by card: the amount is the server's, standing follows at once, the office sees it", async () => {
    const member = await regular("카드납부");
    const invoice = await openDues(member);
    expect(invoice.amount).toBe(FEE);
    expect(invoice.paymentId).toMatch(/^pay-[A-Za-z0-9_-]{20}$/);
    expect(
      (await json<{ status: string }>(await call("GET", "/api/me/dues", member.cookie))).status,
    ).toBe("unpaid");

    const paid = await move(invoice.paymentId, "paid");
    expect(paid).toMatchObject({ status: 200, body: { status: "paid" } });

    const dues = await json<{ status: string; fullStanding: boolean }>(
      await call("GET", "/api/me/dues", member.cookie),
    );
    expect(dues).toMatchObject({ status: "paid", fullStanding: true });
    const [row] = await duesRows(member);
    expect(row).toMatchObject({
      amount: FEE,
      method: "카드",
      importRef: `pg:${invoice.paymentId}`,
    });
    const listed = await mine(member, invoice.paymentId);
    expect(listed).toMatchObject({
      purpose: "dues",
      status: "paid",
      method: "card",
      refundedAmount: 0,
    });
    expect(listed.duesReceiptId).toBe(row!.id);
    const receipt = await server.fetch(`/api/me/payments/${row!.id}/receipt.pdf`, {
      headers: { Cookie: member.cookie },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toContain("application/pdf");
    await receipt.body?.cancel();

    const office = await json<{
      items: { paymentId: string; transactionId: string | null; memberName: string }[];
    }>(await call("GET", "/api/admin/payments?purpose=dues", admin.cookie));
    const seen = office.items.find((item) => item.paymentId === invoice.paymentId);
    expect(seen?.memberName).toBe("카드납부");
    expect(seen?.transactionId).toMatch(/^test-/);
    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email));
    expect(mails.some((mail) => mail.subject.includes("결제가 완료되었습니다"))).toBe(true);
    const [text] = await textsOf(member, "paymentReceived");
    expect(text?.text).toContain("100,000원 결제가 완료되었습니다");

    // Paid: nothing more is owed, and the paid invoice cannot be paid twice.
    const again = await call("POST", `/api/me/dues/${YEAR}/payments`, member.cookie);
    expect(again.status).toBe(409);
    expect((await json(again)).message).toContain("이미 납부");
    expect((await move(invoice.paymentId, "paid")).status).toBe(409);
  });

  it("a failed payment counts for nothing, and the member may try again", async () => {
    const member = await regular("실패후재시도");
    const invoice = await openDues(member);
    expect(await move(invoice.paymentId, "failed")).toMatchObject({ body: { status: "failed" } });
    expect(await duesRows(member)).toEqual([]);
    expect((await mine(member, invoice.paymentId)).status).toBe("failed");
    expect(await move(invoice.paymentId, "paid")).toMatchObject({ body: { status: "paid" } });
    expect(await duesRows(member)).toHaveLength(1);
  });

  it("a 가상계좌 past its deadline no longer blocks the dues: it is closed, and the member pays another way", async () => {
    const member = await regular("기한지난계좌");
    const invoice = await issuedVbank(member);
    // Within its three days the account stands: a second invoice is refused, naming it.
    expect((await call("POST", `/api/me/dues/${YEAR}/payments`, member.cookie)).status).toBe(409);
    // The test gateway's account runs three days; an hour after that nobody's deposit is coming.
    advanceClock(3 * 24 * 3600_000 + 2 * 3600_000);
    const again = await call("POST", `/api/me/dues/${YEAR}/payments`, member.cookie);
    expect(again.status, await again.clone().text()).toBe(201);
    expect((await json<Invoice>(again)).amount).toBe(FEE);
    const [closed] = await server.db
      .select({ status: payments.status, failReason: payments.failReason })
      .from(payments)
      .where(eq(payments.paymentId, invoice.paymentId));
    expect(closed).toEqual({
      status: "failed",
      failReason: "입금 기한이 지나 가상계좌가 닫혔습니다.",
    });
    const dues = await page(server, "/mypage/dues", member.cookie);
    expect(mainText(dues.html)).not.toContain("발급받으신 가상계좌로 입금을 기다리고");
  });

  it("a 가상계좌 left open when the year is paid another way is closed, and the member told not to deposit", async () => {
    const member = await regular("두탭계좌");
    // One tab starts a card payment; another, opened after, issues a 가상계좌.
    const byCard = await openDues(member);
    await checkoutByCard(member, byCard.paymentId);
    const byAccount = await issuedVbank(member);
    // The card's window completes after all.
    await move(byCard.paymentId, "paid");
    expect((await mine(member, byCard.paymentId)).status).toBe("paid");
    const [closed] = await server.db
      .select({ status: payments.status, failReason: payments.failReason })
      .from(payments)
      .where(eq(payments.paymentId, byAccount.paymentId));
    expect(closed?.status).toBe("cancelled");
    expect(closed?.failReason).toContain("입금하지 마세요");
    const told = (await mailTo(member)).find((mail) =>
      mail.subject.includes("발급받으신 가상계좌로 입금하지 마세요"),
    );
    expect(told?.text).toContain("더 이상 쓰지 않습니다");

    // The office records a transfer by hand while another member's account is open: the minute
    // job closes it.
    const other = await regular("수기계좌");
    const invoice = await issuedVbank(other);
    const byHand = await call("POST", "/api/admin/payments", admin.cookie, {
      userId: other.id,
      year: YEAR,
      amount: FEE,
      method: "계좌이체",
      paidAt: `${YEAR}-03-02`,
    });
    expect(byHand.status, await byHand.clone().text()).toBe(201);
    const { settleStalePayments } = await import("~/features/payments/payments.server");
    advanceClock(2 * 60_000);
    await settleStalePayments();
    expect(await invoiceStatus(invoice.paymentId)).toBe("cancelled");
    const dues = await page(server, "/mypage/dues", other.cookie);
    expect(mainText(dues.html)).not.toContain("발급받으신 가상계좌로 입금을 기다리고");
  });

  it("an applicant who paid while waiting and is rejected is told the dues go back; the office is asked to return them", async () => {
    const applicant = await insertMember(server, { memberType: "associate", name: "거부된납부자" });
    const applied = await call(
      "POST",
      "/api/membership-applications",
      applicant.cookie,
      applicationPayload(),
    );
    expect(applied.status, await applied.clone().text()).toBe(201);
    const { id } = await json<{ id: string }>(applied);
    const invoice = await openDues(applicant);
    await move(invoice.paymentId, "paid");
    const rejected = await call("PATCH", `/api/membership-applications/${id}`, admin.cookie, {
      status: "rejected",
      rejectionReason: "면허 확인 불가",
    });
    expect(rejected.status, await rejected.clone().text()).toBe(200);
    const told = (await mailTo(applicant)).find((mail) => mail.subject.includes("심사 결과"));
    expect(told?.text).toContain(`${YEAR}년 회비 100,000원은 학회 사무국이 확인한 뒤 돌려드립니다`);
    const office = await server.db.select().from(mailQueue).where(eq(mailQueue.to, admin.email));
    expect(
      office.some((mail) => mail.subject.includes(`거부된 거부된납부자님의 ${YEAR}년 회비`)),
    ).toBe(true);

    // An applicant who paid nothing reads no word of money.
    const unpaid = await insertMember(server, { memberType: "associate", name: "거부된미납자" });
    const second = await call(
      "POST",
      "/api/membership-applications",
      unpaid.cookie,
      applicationPayload(),
    );
    const other = await json<{ id: string }>(second);
    await call("PATCH", `/api/membership-applications/${other.id}`, admin.cookie, {
      status: "rejected",
      rejectionReason: "면허 확인 불가",
    });
    const plain = (await mailTo(unpaid)).find((mail) => mail.subject.includes("심사 결과"));
    expect(plain?.text).toContain("면허 확인 불가");
    expect(plain?.text).not.toContain("회비");
  });

  it("가상계좌 with 현금영수증: issued, a second invoice refused, then the deposit pays the dues", async () => {
    const member = await regular("가상계좌");
    const invoice = await openDues(member);
    const chosen = await call(
      "POST",
      `/api/me/payments/${invoice.paymentId}/checkout`,
      member.cookie,
      {
        method: "virtual_account",
        cashReceiptType: "소득공제",
        cashReceiptIdentifier: "010-2345-6789",
      },
    );
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    const request = await json<Record<string, unknown>>(chosen);
    expect(request).toMatchObject({
      test: true,
      paymentId: invoice.paymentId,
      totalAmount: FEE,
      currency: "KRW",
      payMethod: "VIRTUAL_ACCOUNT",
      virtualAccount: { cashReceiptType: "PERSONAL", customerIdentifier: "01023456789" },
    });

    expect(await move(invoice.paymentId, "vbank_issued")).toMatchObject({
      body: { status: "vbank_issued" },
    });
    const issued = await mine(member, invoice.paymentId);
    expect(issued.virtualAccount?.accountNumber).toMatch(/^\d{13}$/);
    expect(await duesRows(member)).toEqual([]);
    const [vbankText] = await textsOf(member, "vbankIssued");
    expect(vbankText?.text).toContain(issued.virtualAccount!.accountNumber);
    // The bank by its Korean name, and a mail too: members pay later, from the bank's app.
    expect(vbankText?.text).toContain("신한은행");
    expect(vbankText?.text).not.toContain("SHINHAN");
    const vbankMail = (
      await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email))
    ).find((mail) => mail.subject.includes("입금하실 가상계좌가 발급되었습니다"));
    expect(vbankMail?.text).toContain(`계좌번호: ${issued.virtualAccount!.accountNumber}`);
    expect(vbankMail?.text).toContain("은행: 신한은행");
    expect(vbankMail?.text).toContain(`금액: ${FEE.toLocaleString("ko-KR")}원`);
    const second = await call("POST", `/api/me/dues/${YEAR}/payments`, member.cookie);
    expect(second.status).toBe(409);
    expect((await json(second)).message).toContain(issued.virtualAccount!.accountNumber);

    expect(await move(invoice.paymentId, "vbank_deposited")).toMatchObject({
      body: { status: "paid" },
    });
    const [row] = await duesRows(member);
    expect(row).toMatchObject({ amount: FEE, method: "가상계좌" });
    const paid = await mine(member, invoice.paymentId);
    expect(paid.cashReceipt).toMatchObject({ type: "소득공제" });
    expect(paid.cashReceipt?.number).toMatch(/^\d{9}$/);
    // The 납부확인서 shows the 현금영수증 with its number (issue 37).
    const receipt = await server.fetch(`/api/me/payments/${row!.id}/receipt.pdf`, {
      headers: { Cookie: member.cookie },
    });
    expect(receipt.status).toBe(200);
    const text = await pdfText(new Uint8Array(await receipt.arrayBuffer()));
    expect(text).toContain("현금영수증");
    expect(text).toContain(`소득공제 · 승인번호 ${paid.cashReceipt?.number}`);
  });

  it("refuses a bad checkout: a way not offered, a 현금영수증 without its number, by card", async () => {
    const member = await regular("결제수단오류");
    const invoice = await openDues(member);
    const path = `/api/me/payments/${invoice.paymentId}/checkout`;
    const bad = [
      { method: "bitcoin" },
      { method: "transfer", cashReceiptType: "지출증빙", cashReceiptIdentifier: "12" },
      // Ten digits, but not a 사업자등록번호: its check digit is wrong.
      { method: "transfer", cashReceiptType: "지출증빙", cashReceiptIdentifier: "123-45-67890" },
      { method: "card", cashReceiptType: "소득공제", cashReceiptIdentifier: "010-1234-5678" },
      { method: "easy_pay" },
    ];
    for (const body of bad) {
      const res = await call("POST", path, member.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).message).toMatch(/[가-힣]/);
    }
  });

  it("the office's CSV holds what the list shows: its 구분 filter kept, paid times in Seoul's words", async () => {
    const member = await regular("결제내보내기");
    const dues = await openDues(member);
    await move(dues.paymentId, "paid");
    const seminar = await paidSeminar(3);
    const seat = await registerFor(seminar.id, member);
    await move(seat.paymentId!, "paid");

    // The purpose's example fits a payments file, not the roster's.
    const listPage = await page(server, "/admin/payments", admin.cookie);
    expect(listPage.html).toContain('placeholder="예: 월말 결제 정산"');
    expect(listPage.html).not.toContain("회원 명부");
    const csv = async (query: string, cookie: string | null = admin.cookie) =>
      server.fetch(`/admin/export/payments.csv?${query}`, cookie ? { headers: { cookie } } : {});
    const stated = `purpose=${encodeURIComponent("회계 정산")}`;
    const seminarsOnly = await csv(
      `${stated}&kind=seminar&q=${encodeURIComponent("결제내보내기")}`,
    );
    expect(seminarsOnly.status).toBe(200);
    const lines = (await seminarsOnly.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(seat.paymentId!);
    expect(lines[1]).not.toContain(dues.paymentId);
    expect(lines[1]).toMatch(
      /\d{4}년 \d{1,2}월 \d{1,2}일 \([일월화수목금토]\) (오전|오후) \d{1,2}:\d{2}/,
    );
    expect(lines[1]).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const both = await csv(`${stated}&q=${encodeURIComponent("결제내보내기")}`);
    const bothLines = (await both.text()).trim().split(/\r?\n/);
    expect(bothLines).toHaveLength(3);
    // Told apart by e-mail, the dues' year named, and each refund's day, amount and reason.
    expect(bothLines[0]).toContain(`"회원 이메일","구분","회비 연도"`);
    expect(bothLines[0]).toContain("환불 내역");
    const duesLine = bothLines.find((line) => line.includes(dues.paymentId))!;
    expect(duesLine).toContain(member.email);
    expect(duesLine).toContain(`"${YEAR}"`);
    const refund = await call(
      "POST",
      `/api/admin/payments/${seat.paymentId}/refunds`,
      admin.cookie,
      { amount: 10_000, reason: "주차권 미사용" },
    );
    expect(refund.status, await refund.clone().text()).toBe(201);
    const afterRefund = await csv(`${stated}&kind=seminar&q=${encodeURIComponent("결제내보내기")}`);
    expect(await afterRefund.text()).toMatch(/오(전|후) \d{1,2}:\d{2} 10,000원: 주차권 미사용/);

    expect((await csv("kind=seminar")).status).toBe(400);
    expect((await csv(stated, null)).status).toBe(401);
    expect((await csv(stated, member.cookie)).status).toBe(403);
  });

  it("dues paid online are not voided by hand, nor recorded again: the money goes back by refund", async () => {
    const member = await regular("온라인무효");
    const invoice = await openDues(member);
    await move(invoice.paymentId, "paid");
    const duesId = (await mine(member, invoice.paymentId)).duesReceiptId;
    expect(duesId).toBeTruthy();
    const voided = await call("POST", `/api/admin/payments/${duesId}/void`, admin.cookie, {
      reason: "잘못 기록",
    });
    expect(voided.status).toBe(409);
    expect((await json<{ message: string }>(voided)).message).toContain("결제 관리에서 환불");
    const [row] = await duesRows(member);
    expect(row?.voidedAt).toBeNull();
    const byHand = await call("POST", "/api/admin/payments", admin.cookie, {
      userId: member.id,
      year: YEAR,
      amount: FEE,
      method: "계좌이체",
      paidAt: `${YEAR}-03-02`,
    });
    expect(byHand.status).toBe(409);
    expect(await duesRows(member)).toHaveLength(1);
  });

  it("what the office records meanwhile counts: part paid by hand, the card pays the rest and the excess goes back", async () => {
    const member = await regular("일부입금");
    const invoice = await openDues(member);
    expect(invoice.amount).toBe(FEE);
    const byHand = await call("POST", "/api/admin/payments", admin.cookie, {
      userId: member.id,
      year: YEAR,
      amount: 40_000,
      method: "계좌이체",
      paidAt: `${YEAR}-03-02`,
    });
    expect(byHand.status, await byHand.clone().text()).toBe(201);
    await move(invoice.paymentId, "paid");
    const paid = await mine(member, invoice.paymentId);
    expect(paid.refundedAmount).toBe(40_000);
    expect(paid.status).toBe("partially_refunded");
    // The year is paid once: 40,000 by hand and 60,000 of the card.
    const kept = (await duesRows(member)).filter((row) => !row.voidedAt);
    expect(kept.reduce((sum, row) => sum + row.amount, 0)).toBe(FEE);
    const [refund] = await server.db
      .select()
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentRowId))
      .where(eq(payments.paymentId, invoice.paymentId));
    expect(refund?.payment_refunds.amount).toBe(40_000);
    expect(refund?.payment_refunds.reason).toBe(
      "남은 연회비(60,000원)보다 많이 결제되어 40,000원을 자동으로 환불했습니다.",
    );
    const told = (await mailTo(member)).find((mail) => mail.text.includes("40,000원을 자동으로"));
    expect(told).toBeDefined();
  });

  it("an exemption granted meanwhile: the open invoice is closed at checkout, and money already on its way goes back", async () => {
    const member = await regular("면제도중");
    const invoice = await openDues(member);
    const exempted = await call("POST", `/api/admin/dues/${YEAR}/exemptions`, admin.cookie, {
      userId: member.id,
      reason: "해외 연수",
    });
    expect(exempted.status, await exempted.clone().text()).toBeLessThan(300);
    const checkout = await call(
      "POST",
      `/api/me/payments/${invoice.paymentId}/checkout`,
      member.cookie,
      { method: "card" },
    );
    expect(checkout.status).toBe(409);
    expect((await json<{ message: string }>(checkout)).message).toContain("면제");
    expect(await invoiceStatus(invoice.paymentId)).toBe("cancelled");

    // A payment window opened before the exemption and completed after it: refunded in full.
    const other = await regular("면제후결제");
    const open = await openDues(other);
    await call("POST", `/api/admin/dues/${YEAR}/exemptions`, admin.cookie, {
      userId: other.id,
      reason: "해외 연수",
    });
    await move(open.paymentId, "paid");
    const after = await mine(other, open.paymentId);
    expect(after.status).toBe("refunded");
    expect(after.refundedAmount).toBe(FEE);
    expect((await duesRows(other)).filter((row) => !row.voidedAt)).toHaveLength(0);
  });

  it("a fee changed after the invoice was opened: checkout refuses the old amount and names the new one", async () => {
    const member = await regular("회비변경");
    const invoice = await openDues(member);
    const changed = await call("PUT", `/api/admin/dues/${YEAR}`, admin.cookie, {
      ...DUES_SETTINGS,
      regularFee: 80_000,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    try {
      const checkout = await call(
        "POST",
        `/api/me/payments/${invoice.paymentId}/checkout`,
        member.cookie,
        { method: "card" },
      );
      expect(checkout.status).toBe(409);
      expect((await json<{ message: string }>(checkout)).message).toContain(
        "80,000원으로 바뀌었습니다",
      );
      expect(await invoiceStatus(invoice.paymentId)).toBe("cancelled");
      expect((await openDues(member)).amount).toBe(80_000);
    } finally {
      await call("PUT", `/api/admin/dues/${YEAR}`, admin.cookie, DUES_SETTINGS);
    }
  });

  it("a 가상계좌 deposit goes back only to an account the office names; one for a year already paid asks for it", async () => {
    const member = await regular("가상계좌환불");
    const invoice = await issuedVbank(member);
    // Meanwhile the office records the year's dues by hand (paid at the desk, say).
    const byHand = await call("POST", "/api/admin/payments", admin.cookie, {
      userId: member.id,
      year: YEAR,
      amount: FEE,
      method: "현금",
      paidAt: `${YEAR}-03-02`,
    });
    expect(byHand.status, await byHand.clone().text()).toBe(201);
    // The deposit arrives: it cannot go back by itself, so the member and the office are asked.
    expect((await move(invoice.paymentId, "vbank_deposited")).body.status).toBe("paid");
    expect(await duesRows(member)).toHaveLength(1);
    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email));
    const asked = mails.find((mail) =>
      mail.subject.includes("가상계좌로 입금하신 회비 중 돌려드릴 금액이 있습니다"),
    );
    expect(asked?.text).toContain(
      "환불받으실 계좌(은행, 계좌번호, 예금주)를 학회 사무국에 알려주시면",
    );
    const officeMails = await server.db.select().from(mailQueue);
    expect(
      officeMails.some((mail) => mail.subject.includes("환불 계좌 확인 필요: 가상계좌환불님의")),
    ).toBe(true);
    // The lists and the member's page say the money is owed back, not a plain 결제 완료.
    expect((await mine(member, invoice.paymentId)).toReturn).toBe(true);
    const officeList = mainText(
      (await page(server, `/admin/payments?q=${encodeURIComponent(member.name)}`, admin.cookie))
        .html,
    );
    expect(officeList).toContain("중복 입금 · 환불 필요");
    const memberPage = mainText(
      (await page(server, `/mypage/payments/${invoice.paymentId}`, member.cookie)).html,
    );
    expect(memberPage).toContain("한 번 더 입금되어 돌려드릴 금액입니다");
    // A replayed deposit webhook asks no second time.
    await move(invoice.paymentId, "vbank_deposited");
    const again = await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email));
    expect(
      again.filter((mail) =>
        mail.subject.includes("가상계좌로 입금하신 회비 중 돌려드릴 금액이 있습니다"),
      ),
    ).toHaveLength(1);

    const refundCall = `/api/admin/payments/${invoice.paymentId}/refunds`;
    const noAccount = await call("POST", refundCall, admin.cookie, { reason: "이중 납부" });
    expect(noAccount.status).toBe(400);
    expect((await json<{ message: string }>(noAccount)).message).toContain("환불받을 계좌");
    const badBank = await call("POST", refundCall, admin.cookie, {
      reason: "이중 납부",
      refundAccount: { bank: "NOWHERE", number: "110123456789", holderName: "가상계좌환불" },
    });
    expect(badBank.status).toBe(400);
    expect((await mine(member, invoice.paymentId)).status).toBe("paid");
    // The page's form: the account's three fields, all or none.
    const partial = await postForm(
      server,
      "/admin/payments",
      {
        intent: "refund",
        paymentId: invoice.paymentId,
        reason: "이중 납부",
        refundBank: "SHINHAN",
      },
      { cookie: admin.cookie },
    );
    expect(partial.status).toBe(400);
    const done = await postForm(
      server,
      "/admin/payments",
      {
        intent: "refund",
        paymentId: invoice.paymentId,
        reason: "이중 납부",
        refundBank: "SHINHAN",
        refundNumber: "110-123-456789",
        refundHolder: "가상계좌환불",
      },
      { cookie: admin.cookie },
    );
    expect(done.status).toBe(302);
    expect(await mine(member, invoice.paymentId)).toMatchObject({
      status: "refunded",
      refundedAmount: FEE,
    });
    // The hand-recorded dues stand.
    expect((await duesRows(member)).filter((row) => !row.voidedAt)).toHaveLength(1);
    // The mail says the whole deposit goes back to the account named, not a card's days.
    const refundMail = (
      await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email))
    ).find((mail) => mail.subject.includes("결제가 환불되었습니다"));
    expect(refundMail?.text).toContain(
      `결제 ${FEE.toLocaleString("ko-KR")}원이 모두 환불되었습니다`,
    );
    expect(refundMail?.text).toContain("환불 계좌로 돌려드리며");
    expect(refundMail?.text).not.toContain("카드사");
    expect(refundMail?.text).not.toContain("남아 있습니다");
  });

  it("the office refunds in part, then the rest: audited, the dues follow, the member mailed", async () => {
    const member = await regular("환불대상");
    const invoice = await openDues(member);
    await move(invoice.paymentId, "paid");
    const path = `/api/admin/payments/${invoice.paymentId}/refunds`;

    const byMember = await call("POST", path, member.cookie, { amount: 1000, reason: "본인 요청" });
    expect(byMember.status).toBe(403);
    const noReason = await call("POST", path, admin.cookie, { amount: 1000 });
    expect(noReason.status).toBe(400);
    const tooMuch = await call("POST", path, admin.cookie, { amount: FEE + 1, reason: "과다" });
    expect(tooMuch.status).toBe(400);
    expect((await mine(member, invoice.paymentId)).refundedAmount).toBe(0);

    const part = await call("POST", path, admin.cookie, {
      amount: 30_000,
      reason: "중복 청구 일부",
    });
    expect(part.status, await part.clone().text()).toBe(201);
    expect(await json(part)).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 30_000,
    });
    const live = (await duesRows(member)).filter((row) => !row.voidedAt);
    expect(live.map((row) => row.amount)).toEqual([70_000]);
    expect(
      (await json<{ status: string }>(await call("GET", "/api/me/dues", member.cookie))).status,
    ).toBe("unpaid");

    const rest = await call("POST", path, admin.cookie, { reason: "탈퇴에 따른 전액 환불" });
    expect(await json(rest)).toMatchObject({ status: "refunded", refundedAmount: FEE });
    expect((await duesRows(member)).filter((row) => !row.voidedAt)).toEqual([]);
    const nothingLeft = await call("POST", path, admin.cookie, { reason: "한 번 더" });
    expect(nothingLeft.status).toBe(409);

    const refunds = await server.db
      .select({ amount: paymentRefunds.amount, by: paymentRefunds.refundedBy })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentRowId))
      .where(eq(payments.paymentId, invoice.paymentId));
    expect(refunds.map((r) => [r.amount, r.by]).sort()).toEqual([
      [30_000, admin.id],
      [70_000, admin.id],
    ]);
    const audited = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment_refund"), eq(auditLog.actorId, admin.id)));
    expect(audited.length).toBeGreaterThanOrEqual(2);
    // The office reads the amount and the reason on its audit page, not only that a refund happened.
    const auditPage = mainText(
      (await page(server, "/admin/audit?action=payment_refund", admin.cookie)).html,
    );
    expect(auditPage).toContain("금액 30,000원 · 사유 중복 청구 일부");
    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email));
    const refundMails = mails.filter((mail) => mail.subject.includes("환불"));
    expect(refundMails.length).toBe(2);
    // The part refund tells what is left to pay, and the card's days; no mail says "모두".
    const partMail = refundMails.find((mail) => mail.text.includes("30,000원"))!;
    expect(partMail.text).toContain("결제 중 30,000원이 환불되었습니다");
    expect(partMail.text).toContain(`환불 후 ${YEAR}년 회비 30,000원이 남아 있습니다`);
    expect(partMail.text).toContain("카드사 사정에 따라");
  });
});

describe("the bank statement import", () => {
  it("does not propose a deposit from a member whose dues were paid online", async () => {
    const member = await regular("온라인완납");
    const invoice = await openDues(member);
    await move(invoice.paymentId, "paid");
    const form = new FormData();
    form.set(
      "file",
      new Blob([`거래일시,적요,입금액,잔액\n${YEAR}-03-12 10:00,온라인완납,100000,1\n`]),
      "statement.csv",
    );
    const res = await server.fetch(`/api/admin/dues/${YEAR}/imports`, {
      method: "POST",
      body: form,
      headers: { Cookie: admin.cookie },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const preview = await json<{
      rows: { depositor: string; status: string; proposed: string | null }[];
    }>(res);
    const row = preview.rows.find((r) => r.depositor === "온라인완납");
    expect(row).toMatchObject({ status: "already_paid", proposed: null });
    // Nor does the member record offer 납부 취소 for it (refused with a 409): it points to the refund.
    const record = await page(server, `/admin/members/${member.id}`, admin.cookie);
    expect(mainText(record.html)).toMatch(/결제 관리\s*에서 환불하면 납부 기록도 함께 정리됩니다/);
    expect(record.html).not.toMatch(/name="intent" value="void"/);
  });
});

describe("the webhook", () => {
  it("a replayed delivery changes nothing; a bad signature is a 400 and changes nothing", async () => {
    const member = await regular("웹훅");
    const invoice = await openDues(member);
    // The payment moves at the provider (the test gateway), then its webhook is delivered here.
    await call("POST", `/api/me/payments/${invoice.paymentId}/checkout`, member.cookie, {
      method: "card",
    });
    const body = JSON.stringify({
      type: "Transaction.Paid",
      timestamp: new Date().toISOString(),
      data: { paymentId: invoice.paymentId, storeId: "store-test-society", transactionId: "tx" },
    });

    const forged = await webhook(
      body,
      signed(body, `whsec_${Buffer.from("someone-else-0123456789").toString("base64")}`),
    );
    expect(forged.status).toBe(400);
    expect((await json(forged)).message).toContain("서명");
    const unsigned = await webhook(body, { "content-type": "application/json" });
    expect(unsigned.status).toBe(400);

    // Not paid at the provider yet: the webhook's word alone moves nothing.
    const early = await webhook(body, signed(body));
    expect(early.status).toBe(200);
    expect((await mine(member, invoice.paymentId)).status).toBe("pending");
    expect(await duesRows(member)).toEqual([]);

    await move(invoice.paymentId, "paid");
    const headers = signed(body);
    const first = await webhook(body, headers);
    expect(first.status).toBe(200);
    const replay = await webhook(body, headers);
    expect(await json(replay)).toMatchObject({ duplicate: true });
    const another = await webhook(body, signed(body));
    expect(another.status).toBe(200);
    expect(await duesRows(member)).toHaveLength(1);
  });

  it("an amount that is not the invoice's never counts, and the money goes back", async () => {
    const member = await regular("금액위조");
    const invoice = await openDues(member);
    const moved = await move(invoice.paymentId, "paid", { amount: 100 });
    // Its payment id is spent at the provider: closed, and a new invoice takes its place.
    expect(moved.body.status).toBe("cancelled");
    expect(await duesRows(member)).toEqual([]);
    const [row] = await server.db
      .select()
      .from(payments)
      .where(eq(payments.paymentId, invoice.paymentId));
    expect(row?.failReason).toContain("금액");
    expect(
      (await json<{ status: string }>(await call("GET", "/api/me/dues", member.cookie))).status,
    ).toBe("unpaid");
    // The office's list says why it was closed, not only 취소.
    const office = mainText(
      (await page(server, `/admin/payments?q=${invoice.paymentId}`, admin.cookie)).html,
    );
    expect(office).toContain("취소 사유");
    expect(office).toContain(row!.failReason!);
  });

  it("a 가상계좌 deposit of another amount never counts, closes the account and is not read back again", async () => {
    const member = await regular("입금액상이");
    const invoice = await issuedVbank(member);
    const deposited = await move(invoice.paymentId, "vbank_deposited", { amount: 100 });
    // Closed, not left issued for the minute job to read back (and fail to refund) for ever.
    expect(deposited.body.status).toBe("cancelled");
    expect(await duesRows(member)).toEqual([]);
    const stated = await mine(member, invoice.paymentId);
    expect(stated.failReason).toContain("돌려받으실 계좌를 학회 사무국에 알려주세요");
    const { settleStalePayments } = await import("~/features/payments/payments.server");
    advanceClock(2 * 60 * 1000);
    try {
      await settleStalePayments();
      expect(await invoiceStatus(invoice.paymentId)).toBe("cancelled");
    } finally {
      advanceClock(-2 * 60 * 1000);
    }
    // The year can be paid again, on a new invoice.
    const again = await call("POST", `/api/me/dues/${YEAR}/payments`, member.cookie);
    expect(again.status, await again.clone().text()).toBe(201);
    expect((await json<Invoice>(again)).paymentId).not.toBe(invoice.paymentId);
  });
});

describe("the minute job's read-back", () => {
  it("an abandoned window never keeps another from being read back; it is read for a day, then once more", async () => {
    const { settleStalePayments } = await import("~/features/payments/payments.server");
    const abandoned = await regular("버려진창");
    const later = await regular("나중창");
    const old = await openDues(abandoned);
    await checkoutByCard(abandoned, old.paymentId);
    advanceClock(2 * 60_000);
    await settleStalePayments(60_000, 1000);
    expect(await readBackOf(old.paymentId)).toBeInstanceOf(Date);
    // A newer window, paid with its webhook lost. One read a round, with older windows (this one's
    // and the rest of this file's) left open: it is reached within as many rounds as there are.
    const fresh = await openDues(later);
    await checkoutByCard(later, fresh.paymentId);
    await payWithoutWord(fresh.paymentId);
    advanceClock(2 * 60_000);
    const open = await server.db
      .select({ id: payments.id })
      .from(payments)
      .where(inArray(payments.status, ["pending", "vbank_issued"]));
    for (let round = 0; round < open.length; round++) {
      await settleStalePayments(60_000, 1);
      if ((await invoiceStatus(fresh.paymentId)) === "paid") break;
    }
    expect(await invoiceStatus(fresh.paymentId)).toBe("paid");
    expect(await duesRows(later)).toHaveLength(1);
    // The abandoned one: still read within its day, once after it, then no more.
    advanceClock(60 * 60_000);
    await settleStalePayments(60_000, 1000);
    const withinDay = await readBackOf(old.paymentId);
    advanceClock(24 * 60 * 60_000);
    await settleStalePayments(60_000, 1000);
    const afterDay = await readBackOf(old.paymentId);
    expect(afterDay!.getTime()).toBeGreaterThan(withinDay!.getTime());
    advanceClock(60 * 60_000);
    await settleStalePayments(60_000, 1000);
    expect(await readBackOf(old.paymentId)).toEqual(afterDay);
    expect(await invoiceStatus(old.paymentId)).toBe("pending");
  });

  it("a failed payment tried again is pending again, so the minute job finds its payment", async () => {
    const { settleStalePayments } = await import("~/features/payments/payments.server");
    const member = await regular("재시도");
    const dues = await openDues(member);
    await checkoutByCard(member, dues.paymentId);
    expect((await move(dues.paymentId, "failed")).body.status).toBe("failed");
    await checkoutByCard(member, dues.paymentId);
    expect(await invoiceStatus(dues.paymentId)).toBe("pending");
    expect((await mine(member, dues.paymentId)).failReason).toBeNull();
    await payWithoutWord(dues.paymentId);
    advanceClock(2 * 60_000);
    await settleStalePayments();
    expect(await invoiceStatus(dues.paymentId)).toBe("paid");
  });
});

describe("who may", () => {
  it("bad input to the payment calls gets the site's own Korean words, and a member is never told to set up dues", async () => {
    const member = await regular("입력검사");
    const unset = await call("POST", `/api/me/dues/${YEAR + 3}/payments`, member.cookie);
    expect(unset.status).toBe(409);
    const unsetBody = await json<ErrorBody>(unset);
    expect(unsetBody.message).toContain("아직 안내되지 않았습니다");
    expect(unsetBody.message).not.toContain("회비 관리");
    const invoice = await openDues(member);
    const checkout = await call(
      "POST",
      `/api/me/payments/${invoice.paymentId}/checkout`,
      member.cookie,
      { method: "transfer", cashReceiptType: "소득공제", cashReceiptIdentifier: 1012345678 },
    );
    expect(checkout.status).toBe(400);
    const checkoutBody = await json<ErrorBody>(checkout);
    expectKoreanMessages(checkoutBody);
    expect(JSON.stringify(checkoutBody)).not.toMatch(/잘못된 입력|예상 타입/);
    for (const amount of [0, "abc", -5]) {
      const res = await call("POST", `/api/payments/test/${invoice.paymentId}`, null, {
        outcome: "paid",
        amount,
      });
      expect(res.status, String(amount)).toBe(400);
      const body = await json<ErrorBody>(res);
      expect(body.message).not.toMatch(/잘못된 입력|예상 타입|너무 작습니다/);
    }
  });

  it("the member's list leaves out an invoice replaced before any payment began", async () => {
    const member = await regular("두번열기");
    const first = await openDues(member);
    const second = await openDues(member);
    const list = await json<{ items: MyPayment[]; total: number }>(
      await call("GET", "/api/me/payments", member.cookie),
    );
    expect(list.items.map((item) => item.paymentId)).toEqual([second.paymentId]);
    expect(list.total).toBe(1);
    expect(await invoiceStatus(first.paymentId)).toBe("cancelled");
  });

  it("a visitor, another member and a stranger to the test gateway are refused", async () => {
    const owner = await regular("주인");
    const other = await regular("남");
    const invoice = await openDues(owner);
    expect((await call("POST", `/api/me/dues/${YEAR}/payments`, null)).status).toBe(401);
    expect((await call("GET", "/api/me/payments", null)).status).toBe(401);
    // The member's own answers are never stored by a browser or a proxy.
    const list = await call("GET", "/api/me/payments?page=1", owner.cookie);
    expect(list.headers.get("cache-control")).toContain("no-store");
    expect(await json(list)).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const checkoutPage = await server.fetch(`/mypage/payments/${invoice.paymentId}`, {
      headers: { Cookie: owner.cookie },
    });
    expect(checkoutPage.status).toBe(200);
    expect(checkoutPage.headers.get("cache-control")).toContain("no-store");
    await checkoutPage.body?.cancel();
    const peek = await call(
      "POST",
      `/api/me/payments/${invoice.paymentId}/checkout`,
      other.cookie,
      { method: "card" },
    );
    expect(peek.status).toBe(404);
    expect(
      (await call("POST", `/api/me/payments/${invoice.paymentId}/complete`, other.cookie)).status,
    ).toBe(404);
    expect((await call("GET", "/api/admin/payments", other.cookie)).status).toBe(403);
    expect((await page(server, `/mypage/payments/${invoice.paymentId}`, other.cookie)).status).toBe(
      404,
    );
    expect((await move("pay-unknown", "paid")).status).toBe(404);
    expect((await move(invoice.paymentId, "teleported")).status).toBe(400);
    const honorary = await insertMember(server, { memberType: "honorary" });
    expect((await call("POST", `/api/me/dues/${YEAR}/payments`, honorary.cookie)).status).toBe(409);
    expect((await call("POST", "/api/me/dues/1999/payments", owner.cookie)).status).toBe(400);
  });
});

type Registration = {
  id?: string;
  status: string;
  amount?: number;
  paymentId?: string;
  expiresAt?: string;
};

async function paidSeminar(
  capacity: number,
  fees: Record<string, unknown> = { full: 50_000, other: 80_000 },
) {
  const res = await call("POST", "/api/seminars", admin.cookie, {
    title: `유료 세미나 ${crypto.randomUUID().slice(0, 6)}`,
    description: "등록비가 있는 세미나",
    speaker: "연자",
    date: new Date(Date.now() + 20 * 24 * 3600_000).toISOString(),
    location: "대구",
    capacity,
    fees,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; fees: Record<string, unknown> }>(res);
}

const registerFor = async (seminarId: string, member: Member) => {
  const res = await call("POST", `/api/seminars/${seminarId}/registrations`, member.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Registration>(res);
};

/** The member's registration for the seminar, as the member's own call answers it. */
const registrationOf = async (seminarId: string, member: Member) =>
  json<Registration>(
    await call("GET", `/api/seminars/${seminarId}/registrations/me`, member.cookie),
  );

/** The member opens the payment window by card (the checkout must be accepted). */
async function checkoutByCard(member: Member, paymentId: string | undefined) {
  const res = await call("POST", `/api/me/payments/${paymentId}/checkout`, member.cookie, {
    method: "card",
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("seminar fees", () => {
  it("the fee table: in the list, by standing, the early amount until its day; bad tables refused", async () => {
    const seminar = await paidSeminar(10, {
      full: 50_000,
      other: 80_000,
      fullEarly: 40_000,
      otherEarly: 70_000,
      earlyUntil: new Date(Date.now() + 5 * 24 * 3600_000).toISOString(),
    });
    const list = await json<{ id: string; fees: Record<string, unknown> | null }[]>(
      await call("GET", "/api/seminars", null),
    );
    expect(list.find((s) => s.id === seminar.id)?.fees).toMatchObject({
      full: 50_000,
      other: 80_000,
      fullEarly: 40_000,
    });
    // The list's card shows what is paid now, as the seminar's page does: the early amounts.
    const listed = mainText((await page(server, "/activities")).html);
    expect(listed).toMatch(
      /등록비 정회원 40,000원 · 그 외 70,000원 \(사전등록 \d{4}년 \d{1,2}월 \d{1,2}일까지\)/,
    );
    const full = await regular("정회원참가");
    await setFullStanding(full);
    const associate = await insertMember(server, { memberType: "associate" });
    expect(await registerFor(seminar.id, full)).toMatchObject({
      status: "payment_pending",
      amount: 40_000,
    });
    expect(await registerFor(seminar.id, associate)).toMatchObject({
      status: "payment_pending",
      amount: 70_000,
    });

    for (const fees of [
      { full: -1, other: 0 },
      // One side blank: free for them without a word (0 says free).
      { full: 50_000, other: null },
      { full: null, other: 30_000 },
      { full: 10_000, other: 10_000, fullEarly: 5_000 },
      { full: 10_000, other: 10_000, fullEarly: 20_000, earlyUntil: new Date().toISOString() },
      { full: 10_000, other: 10_000, cheap: 1 },
    ]) {
      const res = await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, { fees });
      expect(res.status, JSON.stringify(fees)).toBe(400);
    }
  });

  it("a new seminar with one fee filled in and the other blank is refused; 0 says free", async () => {
    const input = {
      title: `등록비 확인 ${crypto.randomUUID().slice(0, 6)}`,
      description: "등록비가 있는 세미나",
      speaker: "연자",
      date: new Date(Date.now() + 20 * 24 * 3600_000).toISOString(),
      location: "대구",
    };
    const blank = await call("POST", "/api/seminars", admin.cookie, {
      ...input,
      fees: { full: 50_000 },
    });
    expect(blank.status).toBe(400);
    expect((await json<{ message: string }>(blank)).message).toBe(
      "정회원 등록비와 비회원·준회원 등록비를 모두 입력해주세요 (무료는 0)",
    );
    const freeForOthers = await call("POST", "/api/seminars", admin.cookie, {
      ...input,
      fees: { full: 50_000, other: 0 },
    });
    expect(freeForOthers.status).toBe(201);
  });

  it("paid: the held seat is confirmed with its ticket; cancelling refunds in full and offers the seat", async () => {
    const seminar = await paidSeminar(1);
    const first = await regular("첫번째");
    const second = await regular("두번째");
    const held = await registerFor(seminar.id, first);
    expect(held).toMatchObject({ status: "payment_pending", amount: 80_000 });
    expect(new Date(held.expiresAt!).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const me = await registrationOf(seminar.id, first);
    expect(me).toMatchObject({
      status: "payment_pending",
      paymentId: held.paymentId,
      amount: 80_000,
    });
    // The held seat counts: the next one waits, and is not asked for money.
    expect(await registerFor(seminar.id, second)).toMatchObject({ status: "waitlisted" });
    // The office sees who holds the seat, under 결제 대기 with the hold's end (not under 확정).
    const office = await page(
      server,
      `/admin/seminars/${seminar.id}?tab=payment_pending`,
      admin.cookie,
    );
    expect(office.status).toBe(200);
    expect(mainText(office.html)).toContain("결제 대기 1");
    expect(mainText(office.html)).toContain("첫번째");
    expect(mainText(office.html)).toContain("까지");
    const confirmedTab = await page(server, `/admin/seminars/${seminar.id}`, admin.cookie);
    expect(mainText(confirmedTab.html)).not.toContain("첫번째");
    const heldCall = `/api/admin/seminars/${seminar.id}/registrations?status=payment_pending`;
    const listed = await json<{ items: { name: string; status: string }[]; total: number }>(
      await call("GET", heldCall, admin.cookie),
    );
    expect(listed).toMatchObject({
      total: 1,
      items: [{ name: "첫번째", status: "payment_pending" }],
    });
    expect((await call("GET", heldCall, first.cookie)).status).toBe(403);
    expect((await call("GET", heldCall, null)).status).toBe(401);
    const refusedVbank = await call(
      "POST",
      `/api/me/payments/${held.paymentId}/checkout`,
      first.cookie,
      {
        method: "virtual_account",
      },
    );
    expect(refusedVbank.status).toBe(400);

    expect(await move(held.paymentId!, "paid")).toMatchObject({ body: { status: "paid" } });
    // The fee's mail points to its payment's page, and promises no 영수증 the fee does not have.
    const paidMail = (
      await server.db.select().from(mailQueue).where(eq(mailQueue.to, first.email))
    ).find((mail) => mail.subject.includes("결제가 완료되었습니다"));
    expect(paidMail?.text).toContain(`/mypage/payments/${held.paymentId}`);
    expect(paidMail?.text).not.toContain("영수증");
    const confirmed = await json<Registration & { ticketToken: string }>(
      await call("GET", `/api/seminars/${seminar.id}/registrations/me`, first.cookie),
    );
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.ticketToken).toBeTruthy();

    const cancelled = await call(
      "DELETE",
      `/api/seminars/${seminar.id}/registrations/me`,
      first.cookie,
    );
    expect(await json(cancelled)).toEqual({ status: "cancelled", refund: { amount: 80_000 } });
    expect((await mine(first, held.paymentId!)).status).toBe("refunded");
    const offered = await registrationOf(seminar.id, second);
    expect(offered).toMatchObject({ status: "payment_pending", amount: 80_000 });
    expect(new Date(offered.expiresAt!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, second.email));
    expect(mails.some((mail) => mail.subject.includes("자리가 났습니다"))).toBe(true);
    const [offerText] = await textsOf(second, "seatOffered");
    expect(offerText?.text).toContain("결제하시면 참가가 확정됩니다");
    expect((await textsOf(first, "seminarRegistered")).length).toBe(1);
  });

  it("a member who cancels a paid seat on the page is told the refund and its amount", async () => {
    const seminar = await paidSeminar(5);
    const member = await regular("취소환불");
    const held = await registerFor(seminar.id, member);
    await move(held.paymentId!, "paid");
    // 마이페이지 says, once paid, until when a cancellation returns the fee, and where it was paid.
    const mySeminars = async () => {
      const { html } = await page(server, "/mypage/seminars", member.cookie);
      return { text: mainText(html), links: tags(html, "a").map((a) => a.href) };
    };
    const paid = await mySeminars();
    expect(paid.text).toMatch(/등록비 80,000원 결제 완료 · .+까지 취소하면 전액 환불됩니다\./);
    expect(paid.links).toContain(`/mypage/payments/${held.paymentId}`);
    const res = await server.fetch(`/activities/${seminar.id}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: member.cookie,
        Origin: server.baseUrl,
      },
      body: new URLSearchParams({ intent: "cancel" }).toString(),
    });
    expect(res.status).toBe(302);
    expect(flashToastOf(res)).toMatchObject({
      title: "신청을 취소했습니다",
      description: expect.stringContaining("80,000원을 결제한 수단으로 환불했습니다"),
    });
    expect((await mine(member, held.paymentId!)).status).toBe("refunded");
    // The cancelled line keeps what came back, after the toast has gone.
    const cancelled = await mySeminars();
    expect(cancelled.text).toContain("등록비 80,000원을 환불했습니다.");
    expect(cancelled.links).toContain(`/mypage/payments/${held.paymentId}`);
  });

  it("the office cancels a paid seat: the fee goes back with the box ticked, and is kept without it", async () => {
    const seminar = await paidSeminar(5);
    const refundedMember = await regular("사무국환불");
    const keptMember = await regular("사무국보유");
    const paidIds: string[] = [];
    for (const member of [refundedMember, keptMember]) {
      const held = await registerFor(seminar.id, member);
      await move(held.paymentId!, "paid");
      paidIds.push(held.paymentId!);
    }
    // The office's list says who paid, and so what its cancellation can refund; its CSV too.
    const list = await page(server, `/admin/seminars/${seminar.id}`, admin.cookie);
    expect(mainText(list.html)).toContain("확정 등록비 80,000원 결제");
    const csv = await (
      await server.fetch(
        `/admin/seminars/${seminar.id}/registrants.csv?purpose=${encodeURIComponent("결제 확인")}`,
        { headers: { Cookie: admin.cookie } },
      )
    ).text();
    expect(csv).toContain('"상태","결제한 등록비(원)","대기 순번"');
    expect(csv.split("\r\n").find((line) => line.startsWith('"사무국환불"'))).toContain(
      '"확정","80000"',
    );
    const cancel = (member: Member, extra: Record<string, string>) =>
      postForm(
        server,
        `/admin/seminars/${seminar.id}`,
        { intent: "cancel", userId: member.id, ...extra },
        { cookie: admin.cookie },
      );
    // Only the office: a member posting the office's form, or a visitor, refunds nothing.
    for (const cookie of [keptMember.cookie, null]) {
      const foreign = await postForm(
        server,
        `/admin/seminars/${seminar.id}`,
        { intent: "cancel", userId: refundedMember.id, refund: "on" },
        { cookie },
      );
      expect([401, 403]).toContain(foreign.status);
    }
    expect((await mine(refundedMember, paidIds[0]!)).status).toBe("paid");
    // A box value a checkbox never sends is refused, and nothing is cancelled.
    const odd = await cancel(refundedMember, { refund: "yes" });
    expect(odd.status).toBe(400);
    expect((await mine(refundedMember, paidIds[0]!)).status).toBe("paid");

    const ticked = await cancel(refundedMember, { refund: "on" });
    expect(ticked.status).toBe(302);
    expect(flashToastOf(ticked)?.description).toContain("등록비 80,000원을 환불하고");
    expect(await mine(refundedMember, paidIds[0]!)).toMatchObject({
      status: "refunded",
      refundedAmount: 80_000,
    });
    const [refund] = await server.db
      .select()
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentRowId))
      .where(eq(payments.paymentId, paidIds[0]!));
    expect(refund?.payment_refunds.reason).toBe("사무국의 신청 취소 (전액 환불)");
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "seminar_registration_cancel"), eq(auditLog.actorId, admin.id)),
      );
    expect(entry?.detail).toMatchObject({ refundedAmount: 80_000 });
    const mails = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, refundedMember.email));
    const cancelledMail = mails.find((mail) => mail.subject.includes("신청이 취소되었습니다"));
    expect(cancelledMail?.text).toContain("등록비 80,000원은 전액 환불했습니다");

    // Unticked, the fee is kept and the mail promises nothing; a new registration pays again.
    const unticked = await cancel(keptMember, {});
    expect(unticked.status).toBe(302);
    expect(flashToastOf(unticked)?.description).toBe("본인에게 메일로 알렸습니다.");
    expect((await mine(keptMember, paidIds[1]!)).status).toBe("paid");
    // The cancelled line promises no refund; the payments list says the fee was kept.
    const keptLine = mainText((await page(server, "/mypage/seminars", keptMember.cookie)).html);
    expect(keptLine).not.toContain("환불");
    // The member's payments say the seat is gone, not a plain 결제 완료.
    expect((await mine(keptMember, paidIds[1]!)).feeKept).toBe(true);
    expect((await mine(refundedMember, paidIds[0]!)).feeKept).toBe(false);
    const keptList = mainText((await page(server, "/mypage/dues", keptMember.cookie)).html);
    expect(keptList).toContain("신청 취소 · 환불 없음");
    const keptPage = mainText(
      (await page(server, `/mypage/payments/${paidIds[1]}`, keptMember.cookie)).html,
    );
    expect(keptPage).toContain("등록비는 환불되지 않았습니다");
    const keptMails = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, keptMember.email));
    const keptMail = keptMails.find((mail) => mail.subject.includes("신청이 취소되었습니다"));
    // It says who cancelled and that the fee was kept, not refunded.
    expect(keptMail?.text).toContain("학회 사무국에서");
    expect(keptMail?.text).toContain(
      "등록비 80,000원은 학회 사무국의 결정에 따라 환불되지 않았습니다",
    );
    expect(keptMail?.text).not.toContain("전액 환불했습니다");
    const again = await registerFor(seminar.id, keptMember);
    expect(again).toMatchObject({ status: "payment_pending", amount: 80_000 });
    // The new seat's payment is the one a cancellation returns, never the kept fee.
    await move(again.paymentId!, "paid");
    const relist = await page(server, `/admin/seminars/${seminar.id}`, admin.cookie);
    expect(mainText(relist.html)).toContain("사무국보유");
    expect(mainText(relist.html)).not.toContain("160,000원");
    const own = await call(
      "DELETE",
      `/api/seminars/${seminar.id}/registrations/me`,
      keptMember.cookie,
    );
    expect(await json(own)).toEqual({ status: "cancelled", refund: { amount: 80_000 } });
    expect((await mine(keptMember, again.paymentId!)).status).toBe("refunded");
    expect((await mine(keptMember, paidIds[1]!)).status).toBe("paid");
  });

  it("the payment page states the refund rule before the member pays", async () => {
    const seminar = await paidSeminar(5);
    const member = await regular("환불안내");
    const held = await registerFor(seminar.id, member);
    const seminarPage = await page(server, `/mypage/payments/${held.paymentId}`, member.cookie);
    expect(seminarPage.status).toBe(200);
    const text = mainText(seminarPage.html);
    expect(text).toContain("환불 안내");
    // The default deadline: three days before the seminar, 20 days away.
    const deadline = new Date(Date.now() + 17 * 24 * 3600_000);
    const day = new Intl.DateTimeFormat("ko-KR", {
      timeZone: "Asia/Seoul",
      month: "long",
      day: "numeric",
    }).format(deadline);
    expect(text).toContain(day);
    expect(text).toContain("까지 신청을 취소하시면 등록비 전액을 환불해 드립니다");
    expect(text).toContain("세미나가 취소되면 전액 환불해 드립니다");

    const duesMember = await regular("회비환불안내");
    const invoice = await openDues(duesMember);
    const duesPage = mainText(
      (await page(server, `/mypage/payments/${invoice.paymentId}`, duesMember.cookie)).html,
    );
    expect(duesPage).toContain("회비의 환불은 학회 사무국으로 문의해주세요");
    expect(duesPage).not.toContain("등록비");
    // Someone else's payment page is a 404, rule and all.
    expect(
      (await page(server, `/mypage/payments/${held.paymentId}`, duesMember.cookie)).status,
    ).toBe(404);
  });

  it("a payment completed after the member cancelled the held seat goes back, and the mail and page say why", async () => {
    const seminar = await paidSeminar(5);
    const member = await regular("취소후결제");
    const held = await registerFor(seminar.id, member);
    // The member opens the payment window by card, then cancels the registration in another tab.
    await checkoutByCard(member, held.paymentId);
    const cancelled = await call(
      "DELETE",
      `/api/seminars/${seminar.id}/registrations/me`,
      member.cookie,
    );
    expect(cancelled.status).toBe(200);
    // The payment window completes anyway.
    expect((await move(held.paymentId!, "paid")).status).toBe(200);

    const registration = await call(
      "GET",
      `/api/seminars/${seminar.id}/registrations/me`,
      member.cookie,
    );
    expect(
      registration.status === 404 ||
        (await json<Registration>(registration)).status === "cancelled",
    ).toBe(true);
    expect(await mine(member, held.paymentId!)).toMatchObject({
      status: "refunded",
      refundedAmount: 80_000,
    });
    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, member.email));
    expect(mails.some((mail) => mail.subject.includes("신청이 확정되었습니다"))).toBe(false);
    const refundMail = mails.find((mail) =>
      mail.text.includes("신청을 취소한 뒤에 결제가 완료되었습니다"),
    );
    expect(refundMail?.text).toContain("80,000원");
    const page = await server.fetch(`/mypage/payments/${held.paymentId}`, {
      headers: { cookie: member.cookie },
    });
    const html = await page.text();
    expect(html).toContain("환불 사유");
    expect(html).toContain("신청을 취소한 뒤에 결제가 완료되었습니다. 자동으로 전액 환불했습니다.");
  });

  it("the office cancelling a paid seminar refunds every fee paid, closes the held seats' payments and says so", async () => {
    const seminar = await paidSeminar(1);
    const paidMember = await regular("취소세미나결제");
    const heldMember = await regular("취소세미나대기");
    const paid = await registerFor(seminar.id, paidMember);
    await move(paid.paymentId!, "paid");
    // The seat is taken: the second member waits, and is offered nothing before the cancellation.
    expect((await registerFor(seminar.id, heldMember)).status).toBe("waitlisted");
    const other = await paidSeminar(5);
    const holder = await regular("취소세미나보류");
    const hold = await registerFor(other.id, holder);
    // Another holder has the card window open when the seminar is called off.
    const paying = await regular("취소세미나결제중");
    const window = await registerFor(other.id, paying);
    await checkoutByCard(paying, window.paymentId);

    for (const id of [seminar.id, other.id]) {
      const res = await call("PATCH", `/api/seminars/${id}`, admin.cookie, { status: "cancelled" });
      expect(res.status, await res.clone().text()).toBe(200);
    }

    const refunded = await mine(paidMember, paid.paymentId!);
    expect(refunded).toMatchObject({ status: "refunded", refundedAmount: 80_000 });
    const [cancelAudit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "seminar_cancel"), eq(auditLog.subjectId, seminar.id)));
    expect(cancelAudit?.detail).toMatchObject({
      refunds: 1,
      refundedAmount: 80_000,
      refundedPayments: paid.paymentId,
      refundsFailed: 0,
    });
    const mails = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, paidMember.email));
    const cancelMail = mails.find((mail) => mail.subject.includes("세미나가 취소되었습니다"));
    expect(cancelMail?.text).toContain("등록비 80,000원은 전액 환불했습니다");
    expect(cancelMail?.text).toContain("계좌이체는 결제하신 계좌로 돌려드립니다");
    const waiting = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, heldMember.email));
    const waitMail = waiting.find((mail) => mail.subject.includes("세미나가 취소되었습니다"));
    expect(waitMail?.text).not.toContain("환불");

    // The held seat's payment can no longer be made, and its holder is told so.
    expect(await invoiceStatus(hold.paymentId!)).toBe("cancelled");
    // Never begun, it is not listed among the member's payments as a 취소 they made.
    expect(await mine(holder, hold.paymentId!)).toBeUndefined();
    const late = await move(hold.paymentId!, "paid");
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).toBeLessThan(500);
    const holderMails = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, holder.email));
    expect(
      holderMails.find((mail) => mail.subject.includes("세미나가 취소되었습니다"))?.text,
    ).toContain("결제하실 필요가 없습니다");

    // The window completes after the cancellation: the money goes back, and no seat is confirmed.
    expect((await move(window.paymentId!, "paid")).status).toBe(200);
    expect(await mine(paying, window.paymentId!)).toMatchObject({
      status: "refunded",
      refundedAmount: 80_000,
    });
    const seat = await registrationOf(other.id, paying);
    expect(seat.status).not.toBe("confirmed");
    const payingMails = await server.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, paying.email));
    expect(payingMails.some((mail) => mail.subject.includes("신청이 확정되었습니다"))).toBe(false);
    expect(
      payingMails.some((mail) =>
        mail.text.includes("세미나가 취소되었습니다. 자동으로 전액 환불했습니다."),
      ),
    ).toBe(true);
  });

  it("cancelling the seminar also returns a fee the office had kept, and reopening it releases every old seat", async () => {
    const seminar = await paidSeminar(5);
    const kept = await regular("보유후재신청");
    const keptOnly = await regular("보유만");
    const stays = await regular("재개확정");
    const keptPayments: string[] = [];
    for (const member of [kept, keptOnly]) {
      const held = await registerFor(seminar.id, member);
      await move(held.paymentId!, "paid");
      keptPayments.push(held.paymentId!);
      // The office cancels the seat and keeps the fee (the box unticked).
      const res = await postForm(
        server,
        `/admin/seminars/${seminar.id}`,
        { intent: "cancel", userId: member.id },
        { cookie: admin.cookie },
      );
      expect(res.status).toBeLessThan(400);
    }
    // One of them registers and pays again; another member simply pays.
    const again = await registerFor(seminar.id, kept);
    await move(again.paymentId!, "paid");
    const other = await registerFor(seminar.id, stays);
    await move(other.paymentId!, "paid");

    const cancelled = await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, {
      status: "cancelled",
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    for (const [member, paymentId] of [
      [kept, keptPayments[0]!],
      [kept, again.paymentId!],
      [keptOnly, keptPayments[1]!],
    ] as const) {
      expect(await mine(member, paymentId), paymentId).toMatchObject({
        status: "refunded",
        refundedAmount: 80_000,
      });
    }
    // Each is told the whole of what went back, including the one without a seat any more.
    const cancelMail = async (member: Member) =>
      (await mailTo(member)).find((mail) => mail.subject.includes("세미나가 취소되었습니다"));
    expect((await cancelMail(kept))?.text).toContain("등록비 160,000원은 전액 환불했습니다");
    expect((await cancelMail(keptOnly))?.text).toContain("등록비 80,000원은 전액 환불했습니다");

    // Opened again: nobody keeps a seat whose fee went back; registering again asks for the fee.
    const reopened = await call("PATCH", `/api/seminars/${seminar.id}`, admin.cookie, {
      status: "open",
    });
    expect(reopened.status, await reopened.clone().text()).toBe(200);
    expect((await registrationOf(seminar.id, stays)).status).toBe("cancelled");
    expect((await registrationOf(seminar.id, kept)).status).toBe("cancelled");
    const anew = await registerFor(seminar.id, stays);
    expect(anew.status).toBe("payment_pending");
    expect(anew.paymentId).toBeTruthy();
  });

  it("a hold not paid in time is released to the next in line; paying after that returns the money", async () => {
    const seminar = await paidSeminar(1);
    const slow = await regular("늦은결제");
    const next = await regular("대기자");
    const held = await registerFor(seminar.id, slow);
    await registerFor(seminar.id, next);
    // The payment window is opened in time, and left open too long.
    await checkoutByCard(slow, held.paymentId);
    advanceClock(16 * 60_000);
    // A new registration releases the expired hold first: the seat goes to the first in line.
    const late = await regular("나중신청");
    expect(await registerFor(seminar.id, late)).toMatchObject({ status: "waitlisted" });
    const [slowRow] = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.id, held.id!));
    expect(slowRow?.status).toBe("cancelled");
    expect(await registrationOf(seminar.id, next)).toMatchObject({ status: "payment_pending" });
    expect((await mine(slow, held.paymentId!)).status).toBe("cancelled");
    const mails = await server.db.select().from(mailQueue).where(eq(mailQueue.to, slow.email));
    expect(mails.some((mail) => mail.subject.includes("결제 시간이 지나"))).toBe(true);
    // Paid in the window after all: the seat is gone, so the money goes back at once.
    expect(await move(held.paymentId!, "paid")).toMatchObject({ body: { status: "refunded" } });
    const [after] = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.id, held.id!));
    expect(after?.status).toBe("cancelled");
  });

  it("a fee paid after its hold was released, with the webhook and the return both lost, is read back an hour after the close and returned", async () => {
    const seminar = await paidSeminar(1);
    const member = await regular("이중유실");
    const next = await regular("이중유실대기");
    const held = await registerFor(seminar.id, member);
    await registerFor(seminar.id, next);
    await checkoutByCard(member, held.paymentId);
    advanceClock(16 * 60_000);
    const { releaseExpiredHolds } = await import("~/features/seminars/registrations.server");
    const { settleStalePayments } = await import("~/features/payments/payments.server");
    await releaseExpiredHolds();
    expect(await invoiceStatus(held.paymentId!)).toBe("cancelled");
    // The window completes at the provider; neither its webhook nor the phone comes back.
    await payWithoutWord(held.paymentId!);
    await settleStalePayments();
    expect(await invoiceStatus(held.paymentId!)).toBe("cancelled");
    advanceClock(61 * 60_000);
    await settleStalePayments();
    expect(await invoiceStatus(held.paymentId!)).toBe("refunded");
    const [refund] = await refundsOf(held.paymentId!);
    expect(refund?.amount).toBe((await mine(member, held.paymentId!)).amount);
    expect(refund?.amount).toBeGreaterThan(0);
    expect(refund!.reason).toContain("좌석 보유 시간이 지나");
    const told = (await mailTo(member)).map((mail) => mail.subject).join("\n");
    expect(told).toContain("환불");
    expect(await registrationOf(seminar.id, member)).toMatchObject({ status: "cancelled" });
    expect(await registrationOf(seminar.id, next)).toMatchObject({ status: "payment_pending" });
  });

  it("a closed invoice is read back once only, and a phone's return reads it back at once", async () => {
    const seminar = await paidSeminar(2);
    const { releaseExpiredHolds } = await import("~/features/seminars/registrations.server");
    const { settleStalePayments } = await import("~/features/payments/payments.server");
    const unpaid = await regular("닫힌미결제");
    const returning = await regular("늦은복귀");
    const first = await registerFor(seminar.id, unpaid);
    const second = await registerFor(seminar.id, returning);
    await checkoutByCard(unpaid, first.paymentId);
    await checkoutByCard(returning, second.paymentId);
    advanceClock(16 * 60_000);
    await releaseExpiredHolds();
    // The phone comes back from the card company's app after the release: read back on the spot.
    // Nobody was waiting, so the seat is still free and is confirmed after all.
    await payWithoutWord(second.paymentId!);
    const back = await page(
      server,
      `/mypage/payments/${second.paymentId}?paymentId=${second.paymentId}`,
      returning.cookie,
    );
    expect(back.status).toBe(200);
    expect(await invoiceStatus(second.paymentId!)).toBe("paid");
    expect(await registrationOf(seminar.id, returning)).toMatchObject({ status: "confirmed" });
    // Nothing was paid on the other: read back once, an hour after, then left alone.
    advanceClock(61 * 60_000);
    await settleStalePayments(60_000, 1000);
    const readOnce = await readBackOf(first.paymentId!);
    expect(readOnce).toBeInstanceOf(Date);
    advanceClock(5 * 60_000);
    await settleStalePayments(60_000, 1000);
    expect(await readBackOf(first.paymentId!)).toEqual(readOnce);
    expect(await invoiceStatus(first.paymentId!)).toBe("cancelled");
  });

  it("a hold run out is released when its member looks, before the minute job: no payment offered that would be refused", async () => {
    // Two seminars, one look each: the seminar page releases one hold, the payment page the other.
    const byPageSeminar = await paidSeminar(1);
    const byPaymentSeminar = await paidSeminar(1);
    const byPage = await regular("만료세미나");
    const byPayment = await regular("만료결제");
    const next = await regular("만료대기");
    await registerFor(byPageSeminar.id, byPage);
    const held = await registerFor(byPaymentSeminar.id, byPayment);
    await registerFor(byPageSeminar.id, next);
    await registerFor(byPaymentSeminar.id, next);
    advanceClock(16 * 60_000);
    // The seminar page: the seat has gone to the first in line, and 신청 is offered again.
    const seminarPage = mainText(
      (await page(server, `/activities/${byPageSeminar.id}`, byPage.cookie)).html,
    );
    expect(seminarPage).not.toContain("등록비 결제를 기다리고 있습니다");
    expect(await registrationOf(byPageSeminar.id, next)).toMatchObject({
      status: "payment_pending",
    });
    // The other seminar's hold is untouched until its own member looks.
    expect(await registrationOf(byPaymentSeminar.id, next)).toMatchObject({ status: "waitlisted" });
    // The payment page: why it ended, and where to start again, not "다시 결제하실 수 있습니다".
    const paymentPage = await page(server, `/mypage/payments/${held.paymentId}`, byPayment.cookie);
    const text = mainText(paymentPage.html);
    expect(text).toContain("결제 시간이 지나 좌석이 해제되었습니다.");
    expect(text).not.toContain("다시 결제하실 수 있습니다");
    expect(tags(paymentPage.html, "a").map((a) => a.href)).toContain(
      `/activities/${byPaymentSeminar.id}`,
    );
    expect(await registrationOf(byPaymentSeminar.id, next)).toMatchObject({
      status: "payment_pending",
    });
    expect(await invoiceStatus(held.paymentId!)).toBe("cancelled");
    expect(await mine(byPayment, held.paymentId!)).toBeUndefined();
  });

  it("a run-out hold whose payment was begun is not released by the seminar page: the payment page reads it back first", async () => {
    const seminar = await paidSeminar(1);
    const member = await regular("결제중만료");
    const held = await registerFor(seminar.id, member);
    await checkoutByCard(member, held.paymentId);
    advanceClock(16 * 60_000);
    // The window may have been paid with its webhook on the way: the seminar page leaves it.
    await page(server, `/activities/${seminar.id}`, member.cookie);
    expect(await registrationOf(seminar.id, member)).toMatchObject({ status: "payment_pending" });
    // The payment page asks the provider (nothing paid), then releases the hold.
    const text = mainText(
      (await page(server, `/mypage/payments/${held.paymentId}`, member.cookie)).html,
    );
    expect(text).toContain("결제 시간이 지나 좌석이 해제되었습니다.");
    expect((await registrationOf(seminar.id, member)).status).not.toBe("payment_pending");
  });

  it("a payment of the wrong amount is returned, and a new invoice for the same held seat lets the member pay again", async () => {
    const seminar = await paidSeminar(1);
    const member = await regular("금액불일치");
    const held = await registerFor(seminar.id, member);
    await checkoutByCard(member, held.paymentId);
    // The provider reports another amount (a forged window): the money goes back.
    await move(held.paymentId!, "paid", { amount: 100 });
    expect(await invoiceStatus(held.paymentId!)).toBe("cancelled");
    const oldPage = mainText(
      (await page(server, `/mypage/payments/${held.paymentId}`, member.cookie)).html,
    );
    expect(oldPage).toContain("결제 금액이 청구 금액과 달라 결제를 취소하고 전액 환불했습니다");
    // The seat is still held, now with a new invoice: paying it confirms the seat.
    const now = await registrationOf(seminar.id, member);
    expect(now).toMatchObject({ status: "payment_pending" });
    expect(now.paymentId).not.toBe(held.paymentId);
    await checkoutByCard(member, now.paymentId);
    expect(await move(now.paymentId!, "paid")).toMatchObject({ body: { status: "paid" } });
    expect(await registrationOf(seminar.id, member)).toMatchObject({ status: "confirmed" });
  });

  it("one seat, two payments: an old window paid after the new invoice is refunded, not kept", async () => {
    const seminar = await paidSeminar(2);
    const member = await regular("두번결제");
    const first = await registerFor(seminar.id, member);
    await checkoutByCard(member, first.paymentId);
    // The hold runs out; the member registers again and gets a new invoice for the same seat.
    advanceClock(16 * 60_000);
    const again = await registerFor(seminar.id, member);
    expect(again).toMatchObject({ status: "payment_pending" });
    expect(again.paymentId).not.toBe(first.paymentId);
    await checkoutByCard(member, again.paymentId);
    expect(await move(again.paymentId!, "paid")).toMatchObject({ body: { status: "paid" } });
    // The first window completes after all: the seat is already paid for, so this money goes back.
    expect(await move(first.paymentId!, "paid")).toMatchObject({ body: { status: "refunded" } });
    expect((await mine(member, first.paymentId!)).status).toBe("refunded");
    expect((await mine(member, again.paymentId!)).status).toBe("paid");
    const rows = await server.db
      .select()
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.userId, member.id));
    expect(rows.filter((row) => row.status === "confirmed")).toHaveLength(1);
  });

  it("50 members racing for 10 paid seats: exactly 10 holds", async () => {
    const seminar = await paidSeminar(10);
    const members = await Promise.all(Array.from({ length: 50 }, (_, i) => regular(`경쟁${i}`)));
    const answers = await Promise.all(members.map((member) => registerFor(seminar.id, member)));
    expect(answers.filter((a) => a.status === "payment_pending")).toHaveLength(10);
    expect(answers.filter((a) => a.status === "waitlisted")).toHaveLength(40);
    const invoices = await server.db
      .select()
      .from(payments)
      .where(eq(payments.seminarId, seminar.id));
    expect(invoices).toHaveLength(10);
  });
});

async function setFullStanding(member: Member) {
  const invoice = await openDues(member);
  await move(invoice.paymentId, "paid");
}

describe("a member who withdraws from the society", () => {
  const withdraw = (member: Member, password = member.password) =>
    postForm(
      server,
      "/mypage/security",
      { intent: "withdraw", password, confirm: "on" },
      { cookie: member.cookie },
    );
  it("gives up seats to come: the fee comes back before the deadline, the seat goes to the line", async () => {
    const seminar = await paidSeminar(1);
    const leaving = await insertMember(server, { name: "탈퇴회원" });
    const waiting = await insertMember(server, { name: "대기회원" });
    const late = await insertMember(server, { name: "늦은회원" });
    const held = await registerFor(seminar.id, leaving);
    await checkoutByCard(leaving, held.paymentId);
    expect(await move(held.paymentId!, "paid")).toMatchObject({ body: { status: "paid" } });
    expect((await registrationOf(seminar.id, leaving)).status).toBe("confirmed");
    expect((await registerFor(seminar.id, waiting)).status).toBe("waitlisted");

    // A wrong password gives nothing up.
    const refused = await withdraw(leaving, "wrong-password-1");
    expect(refused.status).toBe(400);
    expect((await registrationOf(seminar.id, leaving)).status).toBe("confirmed");
    expect(await invoiceStatus(held.paymentId!)).toBe("paid");

    const res = await withdraw(leaving);
    expect([302, 303], await res.clone().text()).toContain(res.status);
    expect(await invoiceStatus(held.paymentId!)).toBe("refunded");
    const [refund] = await server.db
      .select()
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentRowId))
      .where(eq(payments.paymentId, held.paymentId!));
    expect(refund?.payment_refunds.amount).toBe(80_000);
    // The office's payment list says why the money went back.
    expect(refund?.payment_refunds.reason).toBe("회원 탈퇴 (취소 기한 내 전액 환불)");
    // The first in line is offered the seat; whoever asks next only queues behind.
    expect(await registrationOf(seminar.id, waiting)).toMatchObject({
      status: "payment_pending",
      amount: 80_000,
    });
    expect((await registerFor(seminar.id, late)).status).toBe("waitlisted");
    const told = (await mailTo(leaving)).find((mail) =>
      mail.subject.includes("세미나 신청이 취소되었습니다"),
    );
    expect(told?.text).toContain("회원 탈퇴에 따라");
    expect(told?.text).toContain("80,000원은 전액 환불했습니다");
    // Paid by card: when a card's refund shows, and nothing of bank accounts.
    expect(told?.text).toContain("카드 결제는 카드사 사정에 따라");
    expect(told?.text).not.toContain("계좌");
    expect(told?.text).not.toContain("마이페이지");
  });

  it("after the deadline the seat still goes to the line, without a refund", async () => {
    const date = new Date(Date.now() + 20 * 24 * 3600_000);
    const created = await call("POST", "/api/seminars", admin.cookie, {
      title: `기한 지난 세미나 ${crypto.randomUUID().slice(0, 6)}`,
      description: "취소 기한이 가까운 세미나",
      speaker: "연자",
      date: date.toISOString(),
      cancellationDeadline: new Date(Date.now() + 3600_000).toISOString(),
      location: "대구",
      capacity: 1,
      fees: { full: 50_000, other: 80_000 },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const seminar = await json<{ id: string }>(created);
    const leaving = await insertMember(server, { name: "기한후탈퇴" });
    const waiting = await insertMember(server, { name: "기한후대기" });
    const held = await registerFor(seminar.id, leaving);
    await checkoutByCard(leaving, held.paymentId);
    await move(held.paymentId!, "paid");
    expect((await registerFor(seminar.id, waiting)).status).toBe("waitlisted");

    advanceClock(2 * 3600_000);
    const res = await withdraw(leaving);
    expect([302, 303], await res.clone().text()).toContain(res.status);
    expect(await invoiceStatus(held.paymentId!)).toBe("paid");
    expect((await registrationOf(seminar.id, waiting)).status).toBe("payment_pending");
    const told = (await mailTo(leaving)).find((mail) =>
      mail.subject.includes("세미나 신청이 취소되었습니다"),
    );
    expect(told?.text).toContain("회원 탈퇴에 따라");
    expect(told?.text).not.toContain("환불");
  });
});
