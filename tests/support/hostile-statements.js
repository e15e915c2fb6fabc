// @ts-check
// Hostile bank statements, and one large honest one, as bytes: the files the statement import
// must refuse (a 4xx in Korean) or read without stalling the server. Plain JavaScript so that
// scripts/bench-hostile.js sends the same files the tests do.
import ExcelJS from "exceljs";
import JSZip from "jszip";

const KB = 1024;
const MB = 1024 * KB;

/** A small honest workbook: the heading row and one deposit. */
function statementWorkbook() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("거래내역");
  sheet.addRow(["거래일시", "적요", "입금액", "출금액", "잔액"]);
  sheet.addRow(["2026-03-02 10:00:00", "홍길동", 100000, 0, 100000]);
  return workbook;
}

/**
 * The workbook with its first sheet's XML changed by `edit`, and any other part (by its path in
 * the zip) by `others` (a new part starts as a copy of the first sheet), zipped again with the
 * smallest output.
 * @param {(xml: string) => string} edit
 * @param {Record<string, (xml: string) => string>} [others]
 */
async function editedWorkbook(edit, others = {}) {
  const zip = await JSZip.loadAsync(await statementWorkbook().xlsx.writeBuffer());
  const sheet = (await zip.file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
  // A part the workbook does not have starts as a copy of the first sheet.
  for (const [part, change] of Object.entries({ "xl/worksheets/sheet1.xml": edit, ...others })) {
    zip.file(part, change((await zip.file(part)?.async("string")) ?? sheet));
  }
  return new Uint8Array(
    await zip.generateAsync({
      type: "uint8array",
      compression: "DEFLATE",
      compressionOptions: { level: 9 },
    }),
  );
}

/** 1 → A, 27 → AA. */
function columnLetters(/** @type {number} */ n) {
  let letters = "";
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) {
    letters = String.fromCharCode(65 + ((k - 1) % 26)) + letters;
  }
  return letters;
}

/** @param {string} xml @param {string} part placed after sheetData, where Excel writes it */
const afterSheetData = (xml, part) => xml.replace("</sheetData>", `</sheetData>${part}`);

/** The cell references of row `r` (exceljs writes `<row r="2" ...>`), replaced by `rows`. */
const withRows = (/** @type {string} */ xml, /** @type {string} */ rows) =>
  xml.replace(/<\/sheetData>/, `${rows}</sheetData>`);

/**
 * @typedef {{ name: string; file: string; bytes: () => Promise<Uint8Array>; status: 400 | 413 }} HostileStatement
 * @type {HostileStatement[]}
 */
export const HOSTILE_STATEMENTS = [
  {
    name: "merged range A3:XFD1048576",
    file: "merge.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) =>
        afterSheetData(xml, '<mergeCells count="1"><mergeCell ref="A3:XFD1048576"/></mergeCells>'),
      ),
  },
  {
    name: "merged range A3:H20000, a hundred times",
    file: "merges.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) =>
        afterSheetData(
          xml,
          `<mergeCells count="100">${'<mergeCell ref="A3:H20000"/>'.repeat(100)}</mergeCells>`,
        ),
      ),
  },
  {
    // exceljs takes any entry whose name holds xl/worksheets/sheet1.xml for the first sheet.
    name: "merged range in a sheet hidden under another folder",
    file: "hidden.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) => xml, {
        "x/xl/worksheets/sheet1.xml": (xml) =>
          afterSheetData(
            xml,
            '<mergeCells count="1"><mergeCell ref="A3:XFD1048576"/></mergeCells>',
          ),
      }),
  },
  {
    name: "200 rows with a cell in column XFD",
    file: "wide.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) =>
        withRows(
          xml,
          Array.from(
            { length: 200 },
            (_, i) =>
              `<row r="${i + 3}"><c r="XFD${i + 3}" t="inlineStr"><is><t>x</t></is></c></row>`,
          ).join(""),
        ),
      ),
  },
  {
    name: "declared dimension A1:XFD1048576",
    file: "dimension.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) =>
        xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>'),
      ),
  },
  {
    name: "data validation over A1:XFD1048576",
    file: "validation.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) =>
        afterSheetData(
          xml,
          '<dataValidations count="1"><dataValidation type="whole" sqref="A1:XFD1048576"><formula1>1</formula1></dataValidation></dataValidations>',
        ),
      ),
  },
  {
    name: "defined name over $A$1:$XFD$1048576",
    file: "names.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) => xml, {
        "xl/workbook.xml": (xml) =>
          xml.replace(
            /<definedNames\/>|<\/sheets>/,
            (found) =>
              `${found === "</sheets>" ? found : ""}<definedNames><definedName name="bomb">'거래내역'!$A$1:$XFD$1048576</definedName></definedNames>`,
          ),
      }),
  },
  {
    name: "a cell at row 1,048,576",
    file: "deep.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) =>
        withRows(xml, '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row>'),
      ),
  },
  {
    // Within every limit of rows, columns and cells, and under the unzipped size: what stops it is
    // the reading worker's memory ceiling or time limit.
    name: "60 MB of rich-text runs in shared strings",
    file: "strings.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook((xml) => xml, {
        "xl/sharedStrings.xml": () =>
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${`<si>${"<r><t>a</t></r>".repeat(100)}</si>`.repeat(Math.floor((60 * MB) / 1609))}</sst>`,
      }),
  },
  {
    name: "one 1 MB shared string in 250,000 cells",
    file: "repeated.xlsx",
    status: 413,
    bytes: () =>
      editedWorkbook(
        (xml) =>
          xml.replace(
            /<sheetData>[\s\S]*<\/sheetData>/,
            `<sheetData>${Array.from({ length: 2_500 }, (_, r) => {
              const cells = Array.from(
                { length: 100 },
                (_, c) => `<c r="${columnLetters(c + 1)}${r + 1}" t="s"><v>0</v></c>`,
              ).join("");
              return `<row r="${r + 1}">${cells}</row>`;
            }).join("")}</sheetData>`,
          ),
        {
          "xl/sharedStrings.xml": () =>
            `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>${"가".repeat(MB)}</t></si></sst>`,
        },
      ),
  },
  {
    name: "5 MB of < inside a table",
    file: "lt.xls",
    status: 400,
    bytes: async () => new TextEncoder().encode(`<table><tr><td>${"<".repeat(5 * MB - 64)}`),
  },
  {
    name: "5 MB of <tr",
    file: "tr.xls",
    status: 400,
    bytes: async () => new TextEncoder().encode(`<table>${"<tr".repeat((5 * MB - 64) / 3)}`),
  },
  {
    name: "5 MB of <tr>",
    file: "tr-closed.xls",
    status: 413,
    bytes: async () => new TextEncoder().encode(`<table>${"<tr>".repeat((5 * MB - 64) / 4)}`),
  },
  {
    name: "5 MB of <td",
    file: "td.xls",
    status: 400,
    bytes: async () => new TextEncoder().encode(`<table><tr>${"<td".repeat((5 * MB - 64) / 3)}`),
  },
  {
    name: "5 MB of <td>",
    file: "td-closed.xls",
    status: 413,
    bytes: async () => new TextEncoder().encode(`<table><tr>${"<td>".repeat((5 * MB - 64) / 4)}`),
  },
  {
    name: "5 MB of ((((( in a heading cell",
    file: "parens.xls",
    status: 400,
    bytes: async () =>
      new TextEncoder().encode(`<table><tr><td>${"(".repeat(5 * MB - 64)}</td></tr></table>`),
  },
  {
    name: "4 MB one-line CSV of commas",
    file: "commas.csv",
    status: 413,
    bytes: async () => new TextEncoder().encode(`거래일시,적요,입금액\n${",".repeat(4 * MB)}`),
  },
  {
    name: "4 MB one-line CSV of one field",
    file: "line.csv",
    status: 413,
    bytes: async () => new TextEncoder().encode(`거래일시,적요,입금액\n${"a".repeat(4 * MB)}`),
  },
  {
    name: "4 MB CSV of 1,000,000 short lines",
    file: "lines.csv",
    status: 413,
    bytes: async () => new TextEncoder().encode(`거래일시,적요,입금액\n${"1,a\n".repeat(MB)}`),
  },
];

/**
 * An honest statement at the size of a busy year: `rows` deposits (each `amount` won) from
 * depositors named `${prefix}1`…, as .xlsx (10 columns), HTML ".xls" or CSV.
 * @param {"xlsx" | "xls" | "csv"} format
 * @param {number} rows
 */
export async function largeStatement(format, rows, prefix = "입금자", amount = 10_000) {
  const heading = [
    "거래일시",
    "적요",
    "기재내용",
    "찾으신금액",
    "맡기신금액",
    "거래후잔액",
    "취급점",
    "메모",
    "구분",
    "비고",
  ];
  const line = (/** @type {number} */ i) => {
    const day = String((i % 28) + 1).padStart(2, "0");
    return [
      `2026-03-${day} 10:${String(i % 60).padStart(2, "0")}:00`,
      "타행이체",
      `${prefix}${i + 1}`,
      "0",
      String(amount),
      String(i * amount),
      "인터넷",
      "",
      "입금",
      "",
    ];
  };
  if (format === "xlsx") {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("거래내역");
    sheet.addRow(["OO은행 거래내역 조회"]);
    sheet.mergeCells("A1:J1");
    sheet.addRow(heading);
    for (let i = 0; i < rows; i++) sheet.addRow(line(i));
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }
  if (format === "xls") {
    const cells = (/** @type {string[]} */ row, /** @type {string} */ tag) =>
      `<tr>${row.map((cell) => `<${tag}>${cell}</${tag}>`).join("")}</tr>`;
    const body = Array.from({ length: rows }, (_, i) => cells(line(i), "td")).join("\n");
    return new TextEncoder().encode(
      `<html><body><table border="1">${cells(heading, "th")}\n${body}</table></body></html>`,
    );
  }
  const csv = [heading, ...Array.from({ length: rows }, (_, i) => line(i))]
    .map((row) => row.join(","))
    .join("\r\n");
  return new TextEncoder().encode(csv);
}
