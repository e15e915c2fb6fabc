// @ts-check
// Reads a bank statement's bytes into a grid of text cells, in a worker thread of its own
// (statement.server.ts starts it with a memory ceiling and a time limit), so that no file, however
// it is made, can stall or exhaust the process that serves the site.
//
// Plain JavaScript on purpose: the file is not bundled. The production build copies it next to
// the chunk that starts it (vite.config.ts), and development runs it from here.
//
// Every reader works in time linear in the file and refuses what is past the limits the main
// thread passes in (rows, columns, cells of one sheet or table):
// - HTML ".xls": htmlparser2's tokenizer, never regular expressions over the markup;
// - in HTML and in a workbook's XML no element nested deeper than MAX_DEPTH: htmlparser2 keeps
//   the open elements in an array it adds to at the front, so nesting alone costs time in its
//   square (400,000 nested tags in an 8 KB workbook held a reader for its whole 30 s);
// - CSV: csv-parse, once no line is longer than a statement's line can be;
// - .xlsx: the sheets' XML is read first with htmlparser2 in XML mode, and exceljs is given the
//   workbook only when every reference in it that exceljs expands cell by cell (the declared
//   dimension, merged ranges, data validations, defined names, tables, the columns' spans) and
//   every cell's own reference is within the limits.
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { parse as parseCsv } from "csv-parse/sync";
import { Parser } from "htmlparser2";
import iconv from "iconv-lite";

/**
 * @typedef {{ rows: number; columns: number; cells: number; characters: number }} Limits
 * @typedef {string[][]} Grid
 * @typedef {"unreadable" | "tooComplex"} Refusal
 */

/**
 * A cell's text is cut here: a heading, date, amount or depositor is far shorter, and one long
 * shared string repeated in every cell of a workbook is not copied a hundred thousand times.
 */
const CELL_MAX_CHARS = 1_000;

/** Excel's own last column (XFD): a column span past it is not a workbook Excel wrote. */
const EXCEL_COLUMNS = 16_384;

/**
 * The longest CSV line a statement has: a few hundred characters in practice. A longer one is
 * refused before csv-parse builds a record of it (a line of 4 million commas is 4 million fields).
 */
const CSV_MAX_LINE_CHARS = 64 * 1024;

class Refused extends Error {
  /** @param {Refusal} refusal */
  constructor(refusal) {
    super(refusal);
    this.refusal = refusal;
  }
}

const tooComplex = () => new Refused("tooComplex");

/** Deeper than any statement's table or any sheet's XML nests (they nest about ten deep). */
const MAX_DEPTH = 256;

/**
 * Runs htmlparser2 over `source` with `handlers`, refusing markup nested past MAX_DEPTH.
 * htmlparser2 closes every element it opened (void, implied or left open at the end), so the
 * count comes back down.
 * @param {string} source
 * @param {Partial<import("htmlparser2").Handler>} handlers
 * @param {import("htmlparser2").ParserOptions} options
 */
function parseMarkup(source, handlers, options) {
  let depth = 0;
  const parser = new Parser(
    {
      ...handlers,
      onopentag(name, attributes, implied) {
        depth += 1;
        if (depth > MAX_DEPTH) throw tooComplex();
        handlers.onopentag?.(name, attributes, implied);
      },
      onclosetag(name, implied) {
        depth -= 1;
        handlers.onclosetag?.(name, implied);
      },
    },
    options,
  );
  parser.write(source);
  parser.end();
}

/** Text as UTF-8 when it is valid UTF-8 (with or without BOM), else as CP949 (EUC-KR). */
function decodeText(/** @type {Buffer} */ bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, "cp949");
  }
}

const squeeze = (/** @type {string} */ text) => text.replace(/\s+/g, " ").trim();

/**
 * Cuts each cell's text to CELL_MAX_CHARS and refuses a grid whose text, all told, is past the
 * limit: what goes back to the serving thread is bounded, whatever the file repeats.
 * @param {Limits} limits
 */
function countedText(limits) {
  let total = 0;
  return (/** @type {string} */ text) => {
    const cut = text.length > CELL_MAX_CHARS ? text.slice(0, CELL_MAX_CHARS) : text;
    total += cut.length;
    if (total > limits.characters) throw tooComplex();
    return cut;
  };
}

/**
 * The rows of every table in an HTML document (how several banks write their ".xls"): each `tr`
 * a row, each `td`/`th` a cell, `br` a space, entities decoded, scripts and styles left out.
 * @param {string} html
 * @param {Limits} limits
 * @returns {Grid}
 */
function htmlGrid(html, limits) {
  /** @type {Grid} */
  const grid = [];
  /** @type {string[] | null} */
  let row = null;
  /** @type {string[] | null} */
  let cell = null;
  let cells = 0;
  let hidden = 0;
  const text = countedText(limits);
  const closeCell = () => {
    if (row && cell) row.push(text(squeeze(cell.join(""))));
    cell = null;
  };
  parseMarkup(
    html,
    {
      onopentag(name) {
        if (name === "tr") {
          closeCell();
          if (grid.length >= limits.rows) throw tooComplex();
          row = [];
          grid.push(row);
        } else if (name === "td" || name === "th") {
          closeCell();
          if (!row) return;
          cells += 1;
          if (row.length >= limits.columns || cells > limits.cells) throw tooComplex();
          cell = [];
        } else if (name === "br") cell?.push(" ");
        else if (name === "script" || name === "style") hidden += 1;
      },
      ontext(text) {
        if (cell && hidden === 0) cell.push(text);
      },
      onclosetag(name) {
        if (name === "td" || name === "th") closeCell();
        else if (name === "tr") {
          closeCell();
          row = null;
        } else if (name === "script" || name === "style") hidden = Math.max(0, hidden - 1);
      },
    },
    { decodeEntities: true },
  );
  closeCell();
  return grid;
}

/**
 * @param {string} text
 * @param {Limits} limits
 * @returns {Grid}
 */
function csvGrid(text, limits) {
  const newline = text.indexOf("\n");
  const firstLine = text.slice(0, newline < 0 ? 100_000 : Math.min(newline, 100_000));
  const delimiter =
    (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? "\t" : ",";
  let line = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) line = 0;
    else if (++line > CSV_MAX_LINE_CHARS) throw tooComplex();
  }
  let rows = 0;
  let cells = 0;
  const counted = countedText(limits);
  try {
    return parseCsv(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      on_record: (/** @type {string[]} */ record) => {
        rows += 1;
        cells += record.length;
        if (rows > limits.rows || record.length > limits.columns || cells > limits.cells) {
          throw tooComplex();
        }
        return record.map(counted);
      },
    });
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused("unreadable");
  }
}

// ---------------------------------------------------------------------------------------------
// .xlsx

/** "XFD" → 16384; null past three letters (no such column in Excel). */
function columnNumber(/** @type {string} */ letters) {
  if (letters.length > 3) return null;
  let n = 0;
  for (const letter of letters.toUpperCase()) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}

/** "B7", "$B$7" → { row: 7, column: 2 }; null when it is no cell reference. */
function cellReference(/** @type {string} */ text) {
  const match = /^\$?([A-Za-z]{1,4})\$?(\d{1,8})$/.exec(text);
  if (!match) return null;
  const column = columnNumber(/** @type {string} */ (match[1]));
  const row = Number(match[2]);
  if (column === null || row < 1) return null;
  return { row, column };
}

/**
 * The number of cells of a range ("A1:C4", or one cell "B2") within the limits, or a refusal.
 * @param {string} ref
 * @param {Limits} limits
 */
function rangeCells(ref, limits) {
  const [from = "", to = from, ...rest] = ref.split(":");
  const a = cellReference(from);
  const b = cellReference(to);
  if (!a || !b || rest.length) throw tooComplex();
  for (const end of [a, b]) {
    if (end.row > limits.rows || end.column > limits.columns) throw tooComplex();
  }
  return (Math.abs(b.row - a.row) + 1) * (Math.abs(b.column - a.column) + 1);
}

/** An element's local name: `x:mergeCell` and `mergeCell` alike. */
const localName = (/** @type {string} */ name) => name.slice(name.indexOf(":") + 1);

/**
 * Reads a worksheet's XML once, in order, and refuses it when a cell, row, merged range, data
 * validation, column span or the declared dimension is past the limits.
 * @param {string} xml
 * @param {Limits} limits
 */
function checkSheet(xml, limits) {
  let row = 0;
  let column = 0;
  let cells = 0;
  let expanded = 0;
  parseMarkup(
    xml,
    {
      onopentag(tag, attributes) {
        const name = localName(tag);
        if (name === "c") {
          const ref = attributes.r ? cellReference(attributes.r) : null;
          if (attributes.r && !ref) throw tooComplex();
          if (ref && ref.row !== row) row = ref.row;
          column = ref ? ref.column : column + 1;
          cells += 1;
          if (row > limits.rows || column > limits.columns || cells > limits.cells) {
            throw tooComplex();
          }
        } else if (name === "row") {
          const r = attributes.r === undefined ? row + 1 : Number(attributes.r);
          if (!Number.isInteger(r) || r < 1 || r > limits.rows) throw tooComplex();
          row = r;
          column = 0;
        } else if (name === "dimension") {
          rangeCells(attributes.ref ?? "", limits);
        } else if (name === "mergeCell") {
          expanded += rangeCells(attributes.ref ?? "", limits);
        } else if (name === "dataValidation") {
          for (const ref of (attributes.sqref ?? "").split(/\s+/).filter(Boolean)) {
            expanded += rangeCells(ref, limits);
          }
        } else if (name === "col") {
          const min = Number(attributes.min);
          const max = Number(attributes.max);
          if (!(Number.isInteger(min) && Number.isInteger(max) && 1 <= min && max <= EXCEL_COLUMNS))
            throw tooComplex();
        }
        if (expanded > limits.cells) throw tooComplex();
      },
    },
    { xmlMode: true },
  );
}

/**
 * Defined names (print areas, filters) that exceljs keeps cell by cell: every `$A$1:$B$2` in
 * them must be within the limits.
 * @param {string} xml
 * @param {Limits} limits
 */
function checkDefinedNames(xml, limits) {
  let inside = false;
  /** @type {string[]} */
  let text = [];
  parseMarkup(
    xml,
    {
      onopentag(tag) {
        if (localName(tag) !== "definedName") return;
        inside = true;
        text = [];
      },
      ontext(part) {
        if (inside) text.push(part);
      },
      onclosetag(tag) {
        if (localName(tag) !== "definedName") return;
        inside = false;
        let expanded = 0;
        // exceljs's own pattern ($col$row, optionally :$col$row); a match that is no cell
        // reference within the limits is refused. Each try starts at a "$", so this is linear.
        for (const match of text.join("").matchAll(/\$\w+\$\d+(?::\$\w+\$\d+)?/g)) {
          expanded += rangeCells(match[0], limits);
          if (expanded > limits.cells) throw tooComplex();
        }
      },
    },
    { xmlMode: true },
  );
}

/** A table's range (exceljs writes its heading and totals cells into the sheet). */
function checkTable(/** @type {string} */ xml, /** @type {Limits} */ limits) {
  parseMarkup(
    xml,
    {
      onopentag(tag, attributes) {
        if (localName(tag) === "table") rangeCells(attributes.ref ?? "", limits);
      },
    },
    { xmlMode: true },
  );
}

const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");

/** @param {import("exceljs").CellValue} value @returns {string} */
function cellText(value) {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    // exceljs reads a date cell as the wall-clock time written in UTC.
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("result" in value)
      return cellText(/** @type {import("exceljs").CellValue} */ (value.result));
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
  }
  return String(value);
}

/**
 * @param {Buffer} bytes
 * @param {Limits} limits
 * @param {(grid: Grid) => boolean} wanted whether a sheet's grid is the statement
 * @returns {Promise<Grid>}
 */
async function xlsxGrid(bytes, limits, wanted) {
  const { default: JSZip } = await import("jszip");
  /** @type {import("jszip")} */
  let zip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new Refused("unreadable");
  }
  // exceljs finds its parts by unanchored patterns (xl/worksheets/sheet1.xml anywhere in a name),
  // so every entry that could be taken for one is checked.
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    if (/xl\/worksheets\//i.test(entry.name)) {
      checkSheet(await entry.async("string"), limits);
    } else if (/xl\/workbook\.xml/i.test(entry.name)) {
      checkDefinedNames(await entry.async("string"), limits);
    } else if (/xl\/tables\//i.test(entry.name)) {
      checkTable(await entry.async("string"), limits);
    }
  }

  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(/** @type {ArrayBuffer} */ (/** @type {unknown} */ (bytes)));
  } catch {
    throw new Refused("unreadable");
  }
  // The first sheet that has a heading row. Only the cells the file has are visited: the columns
  // between them are filled with "" here, at most `limits.columns` wide.
  for (const sheet of workbook.worksheets) {
    const text = countedText(limits);
    /** @type {Grid} */
    const grid = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      /** @type {string[]} */
      const cells = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        if (column > limits.columns) throw tooComplex();
        cells[column - 1] = text(cellText(cell.value).trim());
      });
      grid.push(Array.from(cells, (cell) => cell ?? ""));
    });
    if (wanted(grid)) return grid;
  }
  return [];
}

// ---------------------------------------------------------------------------------------------

/**
 * The statement's grid by what its bytes are: a ZIP is a workbook, text with a table is HTML,
 * other text is CSV.
 * @param {Buffer} bytes
 * @param {Limits} limits
 * @param {(grid: Grid) => boolean} wanted
 */
export async function statementGrid(bytes, limits, wanted) {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    return xlsxGrid(bytes, limits, wanted);
  }
  // Anything else must be text: a NUL byte means a binary file we do not know.
  if (bytes.subarray(0, 4096).includes(0)) throw new Refused("unreadable");
  const text = decodeText(bytes);
  if (/<table[\s>]/i.test(text.slice(0, 200_000))) return htmlGrid(text, limits);
  return csvGrid(text, limits);
}

/**
 * Whether a grid has the statement's heading row: the main thread's rule (statement.server.ts),
 * its words sent along.
 * @param {{ date: string[]; depositor: string[]; deposit: string[]; maxChars: number }} words
 */
function headingTest(words) {
  const normalize = (/** @type {string} */ text) =>
    text.length > words.maxChars ? "" : text.replace(/\s+/g, "").replace(/\(.*?\)/g, "");
  return (/** @type {Grid} */ grid) =>
    grid.some((row) => {
      const cells = new Set(row.map(normalize));
      return [words.date, words.depositor, words.deposit].every((kind) =>
        kind.some((word) => cells.has(word)),
      );
    });
}

/**
 * This thread at the lowest CPU priority: on a busy machine the thread that serves the site comes
 * first, and a statement waits. Linux gives each thread its own nice value (setpriority on the
 * thread's id); elsewhere the thread keeps the process's priority.
 */
function yieldToServing() {
  try {
    const thread = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(thread) && thread !== process.pid) os.setPriority(thread, 19);
  } catch {
    // Not Linux, or not allowed: read at the ordinary priority.
  }
}

if (parentPort && workerData?.statementLimits) {
  yieldToServing();
  const port = parentPort;
  const { statementLimits, headings } = workerData;
  port.once("message", async (/** @type {Uint8Array} */ bytes) => {
    try {
      const grid = await statementGrid(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        statementLimits,
        headingTest(headings),
      );
      port.postMessage({ grid });
    } catch (error) {
      if (error instanceof Refused) port.postMessage({ refusal: error.refusal });
      else port.postMessage({ refusal: "unreadable" });
    }
  });
}
