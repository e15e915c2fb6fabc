// Reading a bank statement within its stated limits (statement.server.ts, statement-worker.mjs),
// from the sources: the reading worker is started for real. At each limit the honest file is read
// and one step past it is refused in Korean; HTML is read by a parser, not by patterns.
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import {
  readStatement,
  STATEMENT_MAX_COLUMNS,
  STATEMENT_MAX_ROWS,
  STATEMENT_MESSAGES,
} from "~/features/dues/statement.server";
import { AppError } from "~/lib/errors.server";

const HEADING = ["거래일시", "적요", "입금액"];

async function refusal(bytes: Buffer) {
  try {
    await readStatement(bytes);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("the statement was read");
}

async function workbook(build: (sheet: ExcelJS.Worksheet) => void) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("거래내역");
  build(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("statement limits", { timeout: 60_000 }, () => {
  it("reads a workbook as wide as the column limit, and refuses one cell past it", async () => {
    const wide = (columns: number) =>
      workbook((sheet) => {
        sheet.columns = Array.from({ length: 10 }, () => ({ width: 14 }));
        sheet.addRow(HEADING);
        const row = sheet.addRow(["2026-03-02 10:00", "홍길동", "100,000"]);
        row.getCell(columns).value = "끝";
      });
    const rows = await readStatement(await wide(STATEMENT_MAX_COLUMNS));
    expect(rows).toMatchObject([{ depositor: "홍길동", amount: 100_000, paidAt: "2026-03-02" }]);
    const past = await refusal(await wide(STATEMENT_MAX_COLUMNS + 1));
    expect(past).toEqual({ status: 413, message: STATEMENT_MESSAGES.tooComplex });
    expect(past.message).toContain("100열");
  });

  it("refuses a merged range past the limits before exceljs expands it", async () => {
    const merged = await workbook((sheet) => {
      sheet.addRow(HEADING);
      sheet.addRow(["2026-03-02", "홍길동", 1000]);
      // One column past the limit: CW is column 101.
      sheet.mergeCells("A3:CW3");
    });
    expect((await refusal(merged)).status).toBe(413);
    const title = await workbook((sheet) => {
      sheet.addRow(["OO은행 거래내역"]);
      sheet.mergeCells("A1:J1");
      sheet.addRow(HEADING);
      sheet.addRow(["2026-03-02", "홍길동", 1000]);
    });
    expect(await readStatement(title)).toHaveLength(1);
  });

  it("reads HTML cells as a browser would: entities, <br>, attributes with '>', no scripts", async () => {
    const html = `<html><head><style>td { color: red }</style><script>var a = "<td>x</td>";</script></head>
      <body><table><tr><th title="a>b">거래일시</th><th>적요</th><th>입금액</th></tr>
      <tr><td>2026.03.02</td><td>홍<br>길동 &amp; 1 &nbsp;</td><td>&#49;00,000</td></tr></table>`;
    expect(await readStatement(Buffer.from(html))).toMatchObject([
      { depositor: "홍 길동 & 1", amount: 100_000, paidAt: "2026-03-02" },
    ]);
  });

  it("reads markup nested as deep as a statement's, and refuses nesting past 256 levels", async () => {
    const nested = (depth: number) =>
      Buffer.from(
        `<table><tr><th>거래일시</th><th>적요</th><th>입금액</th></tr>` +
          `<tr><td>2026.03.02</td><td>${"<b>".repeat(depth)}홍길동${"</b>".repeat(depth)}</td>` +
          `<td>100,000</td></tr></table>`,
      );
    expect(await readStatement(nested(100))).toMatchObject([{ depositor: "홍길동" }]);
    expect(await refusal(nested(300))).toEqual({
      status: 413,
      message: STATEMENT_MESSAGES.tooComplex,
    });
    // The same in a workbook's sheet XML: an extension list nested past the limit.
    const book = await workbook((sheet) => {
      sheet.addRow(HEADING);
      sheet.addRow(["2026-03-02", "홍길동", 1000]);
    });
    const zip = await JSZip.loadAsync(book);
    const sheetPath = Object.keys(zip.files).find((name) => /worksheets\/sheet1\.xml$/.test(name))!;
    const xml = await zip.file(sheetPath)!.async("string");
    const deep = `<extLst>${"<ext>".repeat(300)}${"</ext>".repeat(300)}</extLst>`;
    zip.file(sheetPath, xml.replace("</worksheet>", `${deep}</worksheet>`));
    const tampered = await zip.generateAsync({ type: "nodebuffer" });
    expect(await refusal(tampered)).toEqual({
      status: 413,
      message: STATEMENT_MESSAGES.tooComplex,
    });
  });

  it("refuses a CSV line longer than any statement's, and too many rows", async () => {
    const long = `${HEADING.join(",")}\n2026-03-02,${"가".repeat(70_000)},1000\n`;
    expect((await refusal(Buffer.from(long))).status).toBe(413);
    const many = `${HEADING.join(",")}\n${"2026-03-02,홍길동,1000\n".repeat(STATEMENT_MAX_ROWS)}`;
    expect((await refusal(Buffer.from(many))).status).toBe(413);
    const enough = `${HEADING.join(",")}\n${"2026-03-02,홍길동,1000\n".repeat(STATEMENT_MAX_ROWS - 1)}`;
    expect(await readStatement(Buffer.from(enough))).toHaveLength(10_001);
  });
});
