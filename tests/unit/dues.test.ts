// The pure parts of annual dues (features/dues): the standing rule over a year and its predecessor,
// the reminder windows, and reading a statement's dates and amounts.

import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { addDays, reminderDue } from "~/features/dues/reminders.server";
import { standsOn, type YearFacts } from "~/features/dues/standing.server";
import {
  declaredUnzippedSize,
  parseAmount,
  parseStatementDate,
} from "~/features/dues/statement.server";
import { isCalendarDay } from "~/lib/validation";

const settings = (year: number, regularFee = 100_000) => ({
  year,
  regularFee,
  lifetimeFee: 1_000_000,
  dueDate: `${year}-03-31`,
  graceUntil: `${year + 1}-03-31`,
  bankAccount: "은행",
});
const facts = (year: number | null, paid = 0, exempt = false): YearFacts => ({
  settings: year ? settings(year) : null,
  paid,
  exempt,
});

describe("standsOn", () => {
  it("lets honorary and lifetime members stand, and never associates", () => {
    for (const type of ["honorary", "lifetime"]) {
      expect(standsOn(type, "2027-05-01", facts(2027), { ...facts(2026), year: 2026 })).toBe(true);
    }
    expect(standsOn("associate", "2027-05-01", facts(null), { ...facts(null), year: 2026 })).toBe(
      false,
    );
  });

  it("asks a regular member for the year's fee, an exemption, or nothing when the year is not set up", () => {
    const previous = { ...facts(2026), year: 2026 };
    expect(standsOn("regular", "2027-05-01", facts(2027, 100_000), previous)).toBe(true);
    expect(standsOn("regular", "2027-05-01", facts(2027, 99_999), previous)).toBe(false);
    expect(standsOn("regular", "2027-05-01", facts(2027, 0, true), previous)).toBe(true);
    expect(standsOn("regular", "2027-05-01", facts(null), previous)).toBe(true);
  });

  it("holds last year's standing through the grace period's last day", () => {
    const paidLastYear = { ...facts(2026, 100_000), year: 2026 };
    const unpaidLastYear = { ...facts(2026), year: 2026 };
    expect(standsOn("regular", "2027-03-31", facts(2027), paidLastYear)).toBe(true);
    expect(standsOn("regular", "2027-04-01", facts(2027), paidLastYear)).toBe(false);
    expect(standsOn("regular", "2027-01-02", facts(2027), unpaidLastYear)).toBe(false);
    // A previous year that was not set up asks nothing, so its grace (31 March) holds too.
    expect(standsOn("regular", "2027-02-01", facts(2027), { ...facts(null), year: 2026 })).toBe(
      true,
    );
  });
});

describe("reminderDue", () => {
  const year = { dueDate: "2027-01-31", graceUntil: "2028-03-31" };
  it("opens each window on its day and closes it where the next begins", () => {
    expect(reminderDue(year, "2026-12-31")).toBeNull();
    expect(reminderDue(year, "2027-01-01")).toBe("before_due");
    expect(reminderDue(year, "2027-01-30")).toBe("before_due");
    expect(reminderDue(year, "2027-01-31")).toBe("due");
    expect(reminderDue(year, "2028-03-16")).toBe("due");
    expect(reminderDue(year, "2028-03-17")).toBe("grace");
    expect(reminderDue(year, "2028-03-31")).toBe("grace");
    expect(reminderDue(year, "2028-04-01")).toBeNull();
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });
});

describe("statement cells", () => {
  it("reads the dates banks write", () => {
    expect(parseStatementDate("2026.03.02 14:23:11")).toEqual({
      day: "2026-03-02",
      time: "14:23:11",
    });
    expect(parseStatementDate("2026-3-2")).toEqual({ day: "2026-03-02", time: "" });
    expect(parseStatementDate("2026/03/02 09:05")).toEqual({ day: "2026-03-02", time: "09:05:00" });
    expect(parseStatementDate("2026년 03월 02일")?.day).toBe("2026-03-02");
    expect(parseStatementDate("20260302")?.day).toBe("2026-03-02");
    expect(parseStatementDate("합계")).toBeNull();
    expect(parseStatementDate("2026.02.30")).toBeNull();
    expect(parseStatementDate("0001.01.01")).toBeNull();
    expect(parseStatementDate("9999-12-31")).toBeNull();
  });

  it("reads amounts with separators and marks, and refuses words", () => {
    expect(parseAmount("120,000")).toBe(120_000);
    expect(parseAmount("₩120,000원")).toBe(120_000);
    expect(parseAmount("120000.00")).toBe(120_000);
    expect(parseAmount("")).toBe(0);
    expect(parseAmount("-")).toBe(0);
    expect(parseAmount("십만원")).toBeNull();
    // More than one payment can record is no dues deposit: the row is left out, not a 500.
    expect(parseAmount("100,000,000")).toBe(100_000_000);
    expect(parseAmount("999,999,999,999")).toBeNull();
  });

  it("knows a calendar day", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-2-1")).toBe(false);
  });
});

describe("declaredUnzippedSize", () => {
  it("sums a workbook's declared sizes before unzipping, and knows a non-zip", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("a").addRow(["거래일시", "적요", "입금액"]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const size = declaredUnzippedSize(bytes);
    expect(size).toBeGreaterThan(bytes.length);
    expect(size).toBeLessThan(1024 * 1024);
    expect(declaredUnzippedSize(Buffer.from("PK\u0003\u0004 not really"))).toBeNull();
  });
});
