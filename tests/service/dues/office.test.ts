// The office's dues decide who may act themselves: a member's actor is refused by every dues
// service whatever route called it, and changes nothing; an administrator's sets up a year,
// records, voids and exempts, each audited with them. The rules of bad input (unknown members and
// payments, a year not set up, an exemption twice, a bad pick in a statement's confirmation) are
// the services' own and are checked here without HTTP.
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import { officeSummary } from "~/features/admin/summary.server";
import {
  exemptMember,
  recordImportedPayments,
  recordPayment,
  setDuesYear,
  voidPayment,
} from "~/features/dues/dues.server";
import { importStatementFile } from "~/features/dues/forms.server";
import { confirmImport, createImport, importPreview } from "~/features/dues/import.server";
import { exemptionSchema, paymentSchema } from "~/features/dues/validation";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { parse } from "~/lib/errors.server";
import { auditLog, duesExemptions, duesImports, duesPayments, duesYears } from "~db/schema";
import { insertActor } from "../support/people";
import {
  auditedBy,
  expectAdminOnly,
  expectRefused,
  refusalOf,
  UNKNOWN_ID,
} from "../support/refusals";

const YEAR = 2026;
const FEE = 100_000;
const BANK = "대구은행 123-45-678901 대한개원의AI마케팅학회";
const settings = {
  regularFee: FEE,
  lifetimeFee: 1_000_000,
  dueDate: `${YEAR}-03-31`,
  bankAccount: BANK,
};

let admin: SessionActor;

beforeAll(async () => {
  admin = await insertActor({ role: "admin" });
  await setDuesYear(admin, YEAR, settings);
});

const regular = (name: string) => insertActor({ memberType: "regular", name });

const payment = (userId: string, fields: Partial<Parameters<typeof recordPayment>[1]> = {}) => ({
  userId,
  year: YEAR,
  amount: FEE,
  method: "계좌이체" as const,
  paidAt: `${YEAR}-03-02`,
  ...fields,
});

const statement = (lines: string[]) =>
  Buffer.from(["거래일시,적요,입금액,잔액", ...lines, ""].join("\n"));

describe("a member's actor", () => {
  it("is refused by every dues service of the office: nothing changes, nothing is audited", async () => {
    const member = await regular("회비권한");
    const payer = await regular("회비납부자");
    const paid = await recordPayment(admin, payment(payer.user.id));
    const imported = await createImport(
      admin,
      YEAR,
      "권한.csv",
      statement(["2026-03-10 10:00,회비권한,100000,1"]),
    );
    const pick = { index: 0, userId: member.user.id };
    const csv = new File([statement(["2026-03-11 10:00,회비권한,100000,1"])], "a.csv");

    await expectAdminOnly({
      setDuesYear: () => setDuesYear(member, YEAR, { ...settings, regularFee: 1 }),
      recordPayment: () => recordPayment(member, payment(member.user.id)),
      recordImportedPayments: () =>
        recordImportedPayments(member, YEAR, [
          { input: payment(member.user.id), importRef: "member-ref" },
        ]),
      voidPayment: () => voidPayment(member, paid!.id, "회원이 취소"),
      exemptMember: () => exemptMember(member, YEAR, member.user.id, "스스로 면제"),
      createImport: () => createImport(member, YEAR, "a.csv", statement([])),
      importStatementFile: () => importStatementFile(member, String(YEAR), csv),
      importPreview: () => importPreview(member, imported.id),
      confirmImport: () => confirmImport(member, imported.id, [pick]),
      // Refused before the id is looked at: an unknown one answers the same.
      voidUnknown: () => voidPayment(member, UNKNOWN_ID, "x"),
    });

    const db = await getDb();
    const [year] = await db.select().from(duesYears).where(eq(duesYears.year, YEAR));
    expect(year?.regularFee).toBe(FEE);
    expect(
      await db.select().from(duesPayments).where(eq(duesPayments.userId, member.user.id)),
    ).toEqual([]);
    const [stillPaid] = await db.select().from(duesPayments).where(eq(duesPayments.id, paid!.id));
    expect(stillPaid).toMatchObject({ voidedAt: null, voidReason: null });
    expect(
      await db.select().from(duesExemptions).where(eq(duesExemptions.userId, member.user.id)),
    ).toEqual([]);
    expect(
      await db.select().from(duesImports).where(eq(duesImports.createdBy, member.user.id)),
    ).toEqual([]);
    expect(await auditedBy(member.user.id)).toEqual([]);
  });

  it("is refused even when it is the administrator's own account acting as a member", async () => {
    // A password-only session of an administrator without a second factor acts as a member
    // (the session's role); the service goes by that, not by the stored role.
    const enrolling = await insertActor({ role: "admin" });
    const asMember = { ...enrolling, user: { ...enrolling.user, role: "member" } };
    await expectRefused(
      () => setDuesYear(asMember, YEAR, { ...settings, regularFee: 2 }),
      403,
      "관리자만 이용할 수 있습니다.",
    );
    expect(await auditedBy(enrolling.user.id)).toEqual([]);
  });
});

describe("an administrator's actor", () => {
  it("sets up a year, records and voids a payment, each audited with who and from where", async () => {
    const member = await regular("회비기록");
    const summary = await setDuesYear(admin, YEAR + 1, { ...settings, dueDate: "2027-03-31" });
    // The grace period defaults to 31 March of the next year.
    expect(summary).toMatchObject({ year: YEAR + 1, regularFee: FEE, graceUntil: "2028-03-31" });

    const recorded = await recordPayment(admin, payment(member.user.id));
    expect(recorded).toMatchObject({ userId: member.user.id, amount: FEE, voidedAt: null });
    const voided = await voidPayment(admin, recorded!.id, "중복 입금 반환");
    expect(voided.voidReason).toBe("중복 입금 반환");
    await expectRefused(
      () => voidPayment(admin, recorded!.id, "다시"),
      409,
      "이미 취소된 납부 기록입니다.",
    );

    const db = await getDb();
    const [row] = await db.select().from(duesPayments).where(eq(duesPayments.id, recorded!.id));
    expect(row).toMatchObject({ recordedBy: admin.user.id, voidedBy: admin.user.id });
    const entries = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, admin.user.id),
          inArray(auditLog.action, ["dues_year_set", "dues_payment_record", "dues_payment_void"]),
        ),
      );
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["dues_year_set", "dues_payment_record", "dues_payment_void"]),
    );
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorEmail: admin.user.email, ip: "127.0.0.1" });
    }
    const [voidEntry] = entries.filter((entry) => entry.action === "dues_payment_void");
    expect(voidEntry).toMatchObject({ subjectId: member.user.id, subjectLabel: "회비기록" });
    expect(voidEntry?.detail).toMatchObject({ reason: "중복 입금 반환", amount: FEE });
  });

  it("exempts a member for a year with a reason (audited), once", async () => {
    const member = await regular("면제대상");
    const noReason = await refusalOf(() => parse(exemptionSchema, { userId: member.user.id }));
    expect(noReason.status).toBe(400);
    expect(noReason.errors?.reason).toBe("사유를 입력해주세요.");

    await expect(exemptMember(admin, YEAR, member.user.id, "투병 중")).resolves.toMatchObject({
      userId: member.user.id,
      year: YEAR,
      reason: "투병 중",
    });
    await expectRefused(
      () => exemptMember(admin, YEAR, member.user.id, "다시"),
      409,
      `이미 ${YEAR}년 회비가 면제된 회원입니다.`,
    );
    await expectRefused(
      () => exemptMember(admin, YEAR, UNKNOWN_ID, "없는 회원"),
      404,
      "회원을 찾을 수 없습니다.",
    );
    await expectRefused(() => exemptMember(admin, YEAR + 9, member.user.id, "x"), 400);

    const db = await getDb();
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, member.user.id), eq(auditLog.action, "dues_exemption")));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toMatchObject({ year: YEAR, reason: "투병 중" });
  });

  it("refuses bad payments with Korean messages, a year not set up, and unknown members", async () => {
    const member = await regular("잘못된납부");
    const bad = await refusalOf(() =>
      parse(paymentSchema, {
        userId: member.user.id,
        year: YEAR,
        amount: 0,
        method: "비트코인",
        paidAt: "어제",
      }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors ?? {})).toEqual(
      expect.arrayContaining(["amount", "method", "paidAt"]),
    );
    for (const message of Object.values(bad.errors ?? {})) expect(message).toMatch(/[가-힣]/);

    const noYear = await expectRefused(
      () => recordPayment(admin, payment(member.user.id, { year: 2031, paidAt: "2031-01-02" })),
      400,
    );
    expect(noYear.message).toContain("2031년 회비가 아직 설정되지");
    await expectRefused(
      () => recordPayment(admin, payment(UNKNOWN_ID)),
      404,
      "회원을 찾을 수 없습니다.",
    );
    await expectRefused(() => recordPayment(admin, payment("not-an-id")), 404);
    await expectRefused(
      () => voidPayment(admin, UNKNOWN_ID, "x"),
      404,
      "납부 기록을 찾을 수 없습니다.",
    );
    await expectRefused(() => voidPayment(admin, "not-an-id", "x"), 404);

    const db = await getDb();
    expect(
      await db.select().from(duesPayments).where(eq(duesPayments.userId, member.user.id)),
    ).toEqual([]);
  });
});

describe("a bank statement's import", () => {
  it("records only what an administrator confirms; a bad pick is a 400 that records nothing", async () => {
    const a = await regular("한꺼번가");
    const b = await regular("한꺼번나");
    const preview = await createImport(
      admin,
      YEAR,
      "together.csv",
      statement(["2026-03-13 10:00,한꺼번가,100000,1", "2026-03-13 10:01,한꺼번나,100000,2"]),
    );
    expect(preview.rows.map((row) => [row.depositor, row.status, row.proposed])).toEqual([
      ["한꺼번가", "match", a.user.id],
      ["한꺼번나", "match", b.user.id],
    ]);
    await expect(importPreview(admin, preview.id)).resolves.toMatchObject({ id: preview.id });

    const first = { index: 0, userId: a.user.id };
    const second = { index: 1, userId: b.user.id };
    const db = await getDb();
    const payments = () =>
      db
        .select()
        .from(duesPayments)
        .where(inArray(duesPayments.userId, [a.user.id, b.user.id]));
    for (const picks of [
      [first, second, first],
      [first, { ...second, userId: a.user.id }],
      [first, { index: 99, userId: b.user.id }],
    ]) {
      const refusal = await expectRefused(() => confirmImport(admin, preview.id, picks), 400);
      expect(refusal.message, JSON.stringify(picks)).toMatch(/[가-힣]/);
      expect(await payments()).toEqual([]);
    }

    await expect(confirmImport(admin, preview.id, [first, second])).resolves.toEqual({
      recorded: 2,
      skipped: 0,
    });
    // Confirmed again: each deposit is recorded once.
    await expect(confirmImport(admin, preview.id, [first, second])).resolves.toEqual({
      recorded: 0,
      skipped: 2,
    });
    expect(await payments()).toHaveLength(2);
    const imported = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, "dues_import")));
    expect(imported.length).toBeGreaterThan(0);
  });

  it("answers 404 for an unknown import and 400 for a year not set up", async () => {
    await expectRefused(
      () => importPreview(admin, UNKNOWN_ID),
      404,
      "가져온 거래내역을 찾을 수 없습니다.",
    );
    await expectRefused(() => confirmImport(admin, "not-an-id", []), 404);
    const notSet = await expectRefused(
      () => createImport(admin, 2040, "a.csv", statement(["2040-03-13 10:00,누구,100000,1"])),
      400,
    );
    expect(notSet.message).toContain("2040년 회비가 아직 설정되지");
    await expectRefused(
      () => importStatementFile(admin, String(YEAR), null),
      400,
      "파일을 선택해주세요.",
    );
  });
});

describe("the dashboard's unpaid dues", () => {
  // The dashboard counts this year's dues, and the year set up here is 2026: the clock is held in
  // it, whatever day the suite runs.
  beforeEach(() => advanceClock(new Date(`${YEAR}-11-27T10:00:00+09:00`).getTime() - Date.now()));
  afterEach(() => resetClock());

  // The count reads every member, so the embedded database keeps it until its next write: a new
  // member and a payment must each show on the very next look.
  it("follow a new regular member and a recorded payment at once", async () => {
    const before = (await officeSummary(admin)).unpaidDues!;
    expect((await officeSummary(admin)).unpaidDues).toBe(before);
    const payer = await regular("미납집계");
    expect((await officeSummary(admin)).unpaidDues).toBe(before + 1);
    await recordPayment(admin, payment(payer.user.id));
    expect((await officeSummary(admin)).unpaidDues).toBe(before);
  });
});
