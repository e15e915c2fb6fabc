import { attachmentDisposition } from "./content-disposition";
import { seoulDate } from "./dates";

// CSV that Excel opens correctly in Korean (UTF-8 with a BOM) and that cannot smuggle formulas:
// a cell starting with = + - @ (or a tab / carriage return) is prefixed with an apostrophe.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** A CSV download named `{name}-{YYYY-MM-DD}.csv`, dated by the day in Seoul. */
export function csvDownload(
  body: BodyInit,
  name: string,
  now: Date = new Date(),
  /** Said in the saved file's name (a seminar's title): two sheets of one day stay apart. */
  subject?: string,
) {
  const date = seoulDate(now);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": subject
        ? attachmentDisposition(`${name}-${date}-${subject.slice(0, 60)}.csv`)
        : `attachment; filename="${name}-${date}.csv"`,
    },
  });
}
