// Reading a Korean bank's statement (거래내역) as the office downloads it from internet banking:
// an .xlsx workbook, an ".xls" that is really an HTML table, or CSV in UTF-8 or CP949/EUC-KR.
// The columns are found by their Korean headings; the bank's title rows above the heading and the
// totals rows below the transactions are skipped. Only deposits are kept.
import crypto from "node:crypto";
import { parse as parseCsv } from "csv-parse/sync";
import type ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { AppError } from "~/lib/errors.server";

/** One deposit on a statement. `ref` identifies the transaction across re-imports. */
export type StatementRow = { ref: string; paidAt: string; depositor: string; amount: number };

/** The largest statement accepted (a year of a society's account is far below this). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const STATEMENT_MESSAGES = {
  legacy:
    "이 파일은 예전 엑셀 형식(.xls)이거나 암호가 걸린 통합 문서라서 읽을 수 없습니다. 엑셀에서 파일을 열고 암호가 있다면 해제한 뒤, [파일] → [다른 이름으로 저장]에서 'Excel 통합 문서(*.xlsx)' 또는 'CSV UTF-8(쉼표로 분리)(*.csv)'로 저장해 다시 올려주세요.",
  unreadable:
    "거래내역 파일을 읽을 수 없습니다. 인터넷뱅킹에서 '엑셀 저장'한 파일(.xlsx, .xls) 또는 CSV 파일을 올려주세요.",
  noHeading:
    "거래일시(거래일자), 적요(입금자명·내용), 입금액(맡기신금액) 열을 찾지 못했습니다. 은행에서 받은 거래내역 파일 그대로 올려주세요.",
  empty: "파일을 선택해주세요.",
  noDeposits: "거래내역에서 입금 거래를 찾지 못했습니다.",
  tooLarge: "거래내역 파일은 5MB 이하만 올릴 수 있습니다.",
} as const;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

type Grid = string[][];

/** Headings a column may carry, by what the column holds; earlier words win. */
const HEADINGS = {
  date: ["거래일시", "거래일자", "거래일", "거래날짜", "일시", "일자", "날짜"],
  depositor: ["입금자명", "입금자", "보낸분", "의뢰인", "기재내용", "내용", "적요"],
  deposit: ["입금액", "맡기신금액", "입금금액", "입금"],
  withdrawal: ["출금액", "찾으신금액", "출금금액", "출금"],
  balance: ["거래후잔액", "잔액"],
} as const;

const normalizeHeading = (text: string) => text.replace(/\s+/g, "").replace(/\(.*?\)/g, "");

/** The column of each heading kind in `row`, or null when the row is not the heading row. */
function headingColumns(row: string[]) {
  const cells = row.map(normalizeHeading);
  const find = (words: readonly string[]) => {
    for (const word of words) {
      const index = cells.indexOf(word);
      if (index >= 0) return index;
    }
    return -1;
  };
  const columns = {
    date: find(HEADINGS.date),
    depositor: find(HEADINGS.depositor),
    deposit: find(HEADINGS.deposit),
    withdrawal: find(HEADINGS.withdrawal),
    balance: find(HEADINGS.balance),
  };
  if (columns.date < 0 || columns.depositor < 0 || columns.deposit < 0) return null;
  return columns;
}

/** "2026.03.02 14:23:11", "2026-03-02", "2026/3/2 14:23", "20260302" → day and time, or null. */
export function parseStatementDate(text: string) {
  const match = text
    .trim()
    .match(
      /^(\d{4})[.\-/년\s]*(\d{1,2})[.\-/월\s]*(\d{1,2})일?(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?/,
    );
  if (!match) return null;
  const [, y, m, d, hh, mm, ss] = match;
  const day = `${y}-${m!.padStart(2, "0")}-${d!.padStart(2, "0")}`;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return null;
  const time = hh ? `${hh.padStart(2, "0")}:${mm}:${ss ?? "00"}` : "";
  return { day, time };
}

/** "120,000", "₩120,000원", "120000.00" → 120000; "" or "-" → 0; anything else → null. */
export function parseAmount(text: string) {
  const cleaned = text.replace(/[,\s원₩]/g, "");
  if (cleaned === "" || cleaned === "-") return 0;
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned));
}

// ---------------------------------------------------------------------------------------------
// File formats → a grid of text cells

/** Text as UTF-8 when it is valid UTF-8 (with or without BOM), else as CP949 (EUC-KR). */
export function decodeText(bytes: Buffer) {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, "cp949");
  }
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function htmlText(html: string) {
  return html
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]{0,1000}>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X"
            ? Number.parseInt(name.slice(2), 16)
            : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000
          ? String.fromCodePoint(code)
          : "";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The rows of every table in an HTML document (how several banks write their ".xls"). */
function htmlGrid(html: string): Grid {
  const grid: Grid = [];
  // Attribute runs are bounded, so a hostile file cannot make the splits quadratic.
  for (const row of html.split(/<tr\b[^>]{0,500}>/i).slice(1)) {
    const body = row.split(/<\/tr\s*>/i)[0] ?? "";
    const cells = body.split(/<t[dh]\b[^>]{0,500}>/i).slice(1);
    grid.push(cells.map((cell) => htmlText(cell.split(/<\/t[dh]\s*>/i)[0] ?? "")));
  }
  return grid;
}

function csvGrid(text: string): Grid {
  const firstLine = text.slice(0, text.indexOf("\n") >>> 0);
  const delimiter =
    (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? "\t" : ",";
  return parseCsv(text, {
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as Grid;
}

const pad = (n: number) => String(n).padStart(2, "0");

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    // exceljs reads a date cell as the wall-clock time written in UTC.
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
  }
  return String(value);
}

/** What a workbook may expand to: a statement is a few megabytes at most once unzipped. */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

/**
 * The sum of the uncompressed sizes a ZIP's central directory declares, or null when it has none
 * (not a readable ZIP). Read before unzipping, so a small "zip bomb" is refused unread.
 */
export function declaredUnzippedSize(bytes: Buffer): number | null {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(offset + 24);
    // ZIP64 entries (0xFFFFFFFF) are far beyond any statement.
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    offset +=
      46 +
      bytes.readUInt16LE(offset + 28) +
      bytes.readUInt16LE(offset + 30) +
      bytes.readUInt16LE(offset + 32);
  }
  return total;
}

async function xlsxGrid(bytes: Buffer): Promise<Grid> {
  const unzipped = declaredUnzippedSize(bytes);
  if (unzipped === null || unzipped > MAX_UNZIPPED_BYTES) {
    throw new AppError("unsupported_type", STATEMENT_MESSAGES.unreadable);
  }
  // Loaded on the first statement, not at start-up: exceljs is the largest module the server
  // would otherwise hold from its first second.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError("unsupported_type", STATEMENT_MESSAGES.unreadable);
  }
  // The first sheet that has a heading row.
  for (const sheet of workbook.worksheets) {
    const grid: Grid = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value).trim();
      });
      grid.push(Array.from(cells, (cell) => cell ?? ""));
    });
    if (grid.some((row) => headingColumns(row))) return grid;
  }
  return [];
}

/** The statement's file as a grid of cells, by what its bytes are (never by its name). */
async function gridOf(bytes: Buffer): Promise<Grid> {
  if (bytes.length === 0) throw new AppError("invalid", STATEMENT_MESSAGES.empty);
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) {
    throw new AppError("unsupported_type", STATEMENT_MESSAGES.legacy);
  }
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return xlsxGrid(bytes);
  // Anything else must be text: a NUL byte means a binary file we do not know.
  if (bytes.subarray(0, 4096).includes(0)) {
    throw new AppError("unsupported_type", STATEMENT_MESSAGES.unreadable);
  }
  const text = decodeText(bytes);
  if (/<table[\s>]/i.test(text.slice(0, 200_000))) return htmlGrid(text);
  try {
    return csvGrid(text);
  } catch {
    throw new AppError("unsupported_type", STATEMENT_MESSAGES.unreadable);
  }
}

/**
 * The deposits of a statement. Rows before the heading row and rows whose date cell is not a date
 * (totals, notes, blank lines) are skipped, and so are withdrawals. Each deposit's `ref` is a hash
 * of what the bank wrote about it (time, depositor, amount, balance) and how many identical rows
 * came before it, so the same statement gives the same references every time.
 */
export async function readStatement(bytes: Buffer): Promise<StatementRow[]> {
  if (bytes.length > STATEMENT_MAX_BYTES) {
    throw new AppError("too_large", STATEMENT_MESSAGES.tooLarge);
  }
  const grid = await gridOf(bytes);
  const headingIndex = grid.slice(0, 50).findIndex((row) => headingColumns(row));
  if (headingIndex < 0) throw new AppError("invalid", STATEMENT_MESSAGES.noHeading);
  const columns = headingColumns(grid[headingIndex]!)!;
  const rows: StatementRow[] = [];
  const seen = new Map<string, number>();
  for (const row of grid.slice(headingIndex + 1)) {
    const date = parseStatementDate(row[columns.date] ?? "");
    if (!date) continue;
    const amount = parseAmount(row[columns.deposit] ?? "");
    if (!amount || amount <= 0) continue;
    const depositor = (row[columns.depositor] ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    const balance = columns.balance >= 0 ? (row[columns.balance] ?? "").trim() : "";
    const key = [date.day, date.time, depositor, amount, balance].join("\u001f");
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    const ref = crypto.createHash("sha256").update(`${key}\u001f${occurrence}`).digest("hex");
    rows.push({ ref: ref.slice(0, 40), paidAt: date.day, depositor, amount });
    if (rows.length > 10_000) break;
  }
  if (rows.length === 0) throw new AppError("invalid", STATEMENT_MESSAGES.noDeposits);
  return rows;
}
