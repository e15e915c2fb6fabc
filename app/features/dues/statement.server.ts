// Reading a Korean bank's statement (거래내역) as the office downloads it from internet banking:
// an .xlsx workbook, an ".xls" that is really an HTML table, or CSV in UTF-8 or CP949/EUC-KR.
// The columns are found by their Korean headings; the bank's title rows above the heading and the
// totals rows below the transactions are skipped. Only deposits are kept.
//
// The file itself is read off the serving thread, in a worker (statement-worker.mjs) with a
// memory ceiling and a time limit, a few at a time, and within stated limits of rows, columns and
// cells: a hostile file gets a 4xx in Korean, and every other request is answered meanwhile.
import crypto from "node:crypto";
import { Worker } from "node:worker_threads";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { formatNumber } from "~/lib/numbers";
import { FIRST_YEAR, LAST_YEAR } from "~/lib/validation";
import { MAX_PAYMENT_WON } from "./validation";

/** One deposit on a statement. `ref` identifies the transaction across re-imports. */
export type StatementRow = { ref: string; paidAt: string; depositor: string; amount: number };

/** The largest statement accepted (a year of a society's account is far below this). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What one sheet (or HTML table, or CSV file) of a statement may hold. A year of a society's
 * account is a few thousand transactions of about ten columns; the limits leave room for a busy
 * account and stop a file that declares or spreads over more (a merged range or a cell at column
 * XFD, row 1,048,576) before exceljs builds a cell object for each.
 */
export const STATEMENT_MAX_ROWS = 20_000;
export const STATEMENT_MAX_COLUMNS = 100;
export const STATEMENT_MAX_CELLS = 300_000;
/** The text read from one sheet, all cells together (each cell cut at 1,000 characters). */
export const STATEMENT_MAX_CHARACTERS = 10_000_000;
/** The reading worker's JavaScript heap: past it the worker dies, and the file is refused. */
export const STATEMENT_WORKER_MEMORY_MB = 256;
/** A file not read in this time is refused (a busy year's workbook takes a few seconds). */
export const STATEMENT_TIME_LIMIT_MS = 30_000;
/** Statements read at once by one server process; more wait for a turn, briefly. */
export const STATEMENT_WORKERS = 2;

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
  tooComplex: `거래내역 파일이 너무 크거나 복잡해서 읽을 수 없습니다. 한 시트에 ${formatNumber(STATEMENT_MAX_ROWS)}행, ${formatNumber(STATEMENT_MAX_COLUMNS)}열, ${formatNumber(STATEMENT_MAX_CELLS)}칸까지 읽을 수 있습니다. 은행에서 받은 파일을 그대로 올리거나, 조회 기간을 나누어 내려받아 올려주세요.`,
  busy: "다른 거래내역 파일을 읽고 있습니다. 잠시 후 다시 올려주세요.",
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

/** A heading is a word or two: longer cells are not read as headings (nor scanned for one). */
const HEADING_MAX_CHARS = 40;

const normalizeHeading = (text: string) =>
  text.length > HEADING_MAX_CHARS ? "" : text.replace(/\s+/g, "").replace(/\(.*?\)/g, "");

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

/** A date or an amount is short; a longer cell is neither, and is not scanned as one. */
const CELL_VALUE_MAX_CHARS = 100;

/** "2026.03.02 14:23:11", "2026-03-02", "2026/3/2 14:23", "20260302" → day and time, or null. */
export function parseStatementDate(text: string) {
  if (text.length > CELL_VALUE_MAX_CHARS) return null;
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
  if (Number(y) < FIRST_YEAR || Number(y) > LAST_YEAR) return null;
  const time = hh ? `${hh.padStart(2, "0")}:${mm}:${ss ?? "00"}` : "";
  return { day, time };
}

/**
 * "120,000", "₩120,000원", "120000.00" → 120000; "" or "-" → 0; anything else, or more than one
 * payment can record, → null (such a row is no dues deposit, and would fail the insert).
 */
export function parseAmount(text: string) {
  if (text.length > CELL_VALUE_MAX_CHARS) return null;
  const cleaned = text.replace(/[,\s원₩]/g, "");
  if (cleaned === "" || cleaned === "-") return 0;
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  const amount = Math.round(Number(cleaned));
  return Math.abs(amount) > MAX_PAYMENT_WON ? null : amount;
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
  if (bytes.length === 0) throw new AppError("invalid", STATEMENT_MESSAGES.empty);
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) {
    throw new AppError("unsupported_type", STATEMENT_MESSAGES.legacy);
  }
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    const unzipped = declaredUnzippedSize(bytes);
    if (unzipped === null || unzipped > MAX_UNZIPPED_BYTES) {
      throw new AppError("unsupported_type", STATEMENT_MESSAGES.unreadable);
    }
  }
  const grid = await readInWorker(bytes);
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
    const depositor = (row[columns.depositor] ?? "")
      .slice(0, 200)
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 50);
    const balance = columns.balance >= 0 ? (row[columns.balance] ?? "").slice(0, 100).trim() : "";
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

// ---------------------------------------------------------------------------------------------
// The reading worker

// Next to this module in the sources, and next to the chunk holding it in the production build
// (vite.config.ts copies it there).
const WORKER_FILE = new URL("./statement-worker.mjs", import.meta.url);

const tooComplex = () => new AppError("too_large", STATEMENT_MESSAGES.tooComplex);

let reading = 0;
const turns: (() => void)[] = [];

/** A turn to read a statement: at most STATEMENT_WORKERS at once, waiting a little for one. */
async function takeTurn() {
  if (reading < STATEMENT_WORKERS) {
    reading += 1;
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const turn = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      turns.splice(turns.indexOf(turn), 1);
      reject(new AppError("rate_limited", STATEMENT_MESSAGES.busy));
    }, env.STATEMENT_QUEUE_WAIT_MS);
    turns.push(turn);
  });
}

function giveTurn() {
  const next = turns.shift();
  if (next) next();
  else reading -= 1;
}

/**
 * The file's grid of text cells, read by a worker of its own. A worker past its memory or time is
 * stopped, and the file refused; the worker failing to start at all (a broken build) is an error
 * of ours, not of the file, and is left to surface as one.
 */
async function readInWorker(bytes: Buffer): Promise<Grid> {
  await takeTurn();
  try {
    return await new Promise<Grid>((resolve, reject) => {
      const worker = new Worker(WORKER_FILE, {
        workerData: {
          statementLimits: {
            rows: STATEMENT_MAX_ROWS,
            columns: STATEMENT_MAX_COLUMNS,
            cells: STATEMENT_MAX_CELLS,
            characters: STATEMENT_MAX_CHARACTERS,
          },
          headings: {
            date: HEADINGS.date,
            depositor: HEADINGS.depositor,
            deposit: HEADINGS.deposit,
            maxChars: HEADING_MAX_CHARS,
          },
        },
        resourceLimits: {
          maxOldGenerationSizeMb: STATEMENT_WORKER_MEMORY_MB,
          maxYoungGenerationSizeMb: 16,
        },
      });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        outcome();
      };
      const timer = setTimeout(() => settle(() => reject(tooComplex())), STATEMENT_TIME_LIMIT_MS);
      worker.once("message", (answer: { grid?: Grid; refusal?: "unreadable" | "tooComplex" }) =>
        settle(() => {
          if (answer.grid) resolve(answer.grid);
          else if (answer.refusal === "tooComplex") reject(tooComplex());
          else reject(new AppError("unsupported_type", STATEMENT_MESSAGES.unreadable));
        }),
      );
      worker.once("error", (error: Error & { code?: string }) =>
        settle(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooComplex() : error)),
      );
      worker.once("exit", () => settle(() => reject(tooComplex())));
      worker.postMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
  } finally {
    giveTurn();
  }
}
