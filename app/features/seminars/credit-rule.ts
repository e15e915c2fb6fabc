// The credit rule of a seminar (연수평점): the KMA approves each course's maximum, and societies
// apply its partial-credit rule as a table of bands (minutes of lecture time present → credits).
// Breaks (lunch, coffee, sponsored symposia) do not count as time present. No server imports: the
// seminar form shows and parses the same text the service stores.

export type CreditBand = { fromMinutes: number; toMinutes: number | null; credits: number };
export type CreditBreak = { start: string; end: string; label: string };

import { formatClock, seoulDate } from "~/lib/dates";

const HOUR = 60;

/**
 * One credit per full hour present, up to the maximum: 60–120 → 1, 120–180 → 2, … and the last
 * band open-ended. No maximum, no bands (the sheet then shows minutes only, and 0 credits).
 */
export function defaultBands(maxCredits: number | null | undefined): CreditBand[] {
  if (!maxCredits || maxCredits < 1) return [];
  return Array.from({ length: maxCredits }, (_, i) => ({
    fromMinutes: (i + 1) * HOUR,
    toMinutes: i + 1 === maxCredits ? null : (i + 2) * HOUR,
    credits: i + 1,
  }));
}

/**
 * The one rule for a locked sheet's line: it earns a 참석확인서, and counts in the member's yearly
 * total, exactly when its final credits are above zero, whatever made them so (the bands, or the
 * office's correction or override). A line with zero credits is neither certified nor counted; an
 * incomplete attendance the office credited is both.
 */
export const earnsCertificate = (finalCredits: number | null | undefined) =>
  (finalCredits ?? 0) > 0;

/** The bands in force: as set on the seminar, or the default from its maximum. */
export const bandsOf = (seminar: {
  creditBands: CreditBand[] | null;
  cmeCredits: number | null;
}): CreditBand[] => seminar.creditBands ?? defaultBands(seminar.cmeCredits);

/**
 * Credits for minutes present: the band with fromMinutes ≤ minutes < toMinutes (a band without an
 * upper end holds everything from its start), none below the first band; never over the maximum.
 */
export function creditsFor(
  minutes: number,
  bands: CreditBand[],
  maxCredits?: number | null,
): number {
  const band = bands.find(
    (b) => minutes >= b.fromMinutes && (b.toMinutes === null || minutes < b.toMinutes),
  );
  const credits = band?.credits ?? 0;
  return maxCredits === null || maxCredits === undefined ? credits : Math.min(credits, maxCredits);
}

/** What is wrong with a band table (Korean), or null: bands in order, none overlapping. */
export function bandProblem(bands: CreditBand[]): string | null {
  for (const [i, band] of bands.entries()) {
    if (band.toMinutes !== null && band.toMinutes <= band.fromMinutes) {
      return `${i + 1}번째 구간: 끝(분)은 시작(분)보다 커야 합니다`;
    }
    const next = bands[i + 1];
    if (!next) continue;
    if (band.toMinutes === null) return `${i + 1}번째 구간: 끝이 없는 구간은 마지막이어야 합니다`;
    if (next.fromMinutes < band.toMinutes) {
      return `${i + 2}번째 구간: 구간은 시간 순서대로, 겹치지 않게 입력해주세요`;
    }
  }
  return null;
}

/** The band table as the form's lines: "120-180=3", the last open-ended as "240-=5". */
export const bandsToText = (bands: CreditBand[]) =>
  bands.map((b) => `${b.fromMinutes}-${b.toMinutes ?? ""}=${b.credits}`).join("\n");

const BAND_LINE = /^(\d{1,4})\s*[-~]\s*(\d{1,4})?\s*=\s*(\d{1,3})$/;

/** Parses the form's band lines; a line it cannot read is named in the answer's `problem`. */
export function parseBandText(text: string): { bands: CreditBand[] } | { problem: string } {
  const bands: CreditBand[] = [];
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    if (line === "") continue;
    const match = BAND_LINE.exec(line);
    if (!match) {
      return {
        problem: `평점 구간 ${i + 1}번째 줄을 읽을 수 없습니다. "120-180=3"처럼 입력해주세요`,
      };
    }
    bands.push({
      fromMinutes: Number(match[1]),
      toMinutes: match[2] === undefined ? null : Number(match[2]),
      credits: Number(match[3]),
    });
  }
  return { bands };
}

/** One row of the seminar form's band table, as typed: from, to (empty: no upper end), credits. */
export type BandRow = { from: string; to: string; credits: string };

const WHOLE_NUMBER = /^\s*\d{1,4}\s*$/;

/**
 * The form's band rows (repeated inputs bandFrom, bandTo, bandCredits) as bands; an empty row is
 * skipped, a row it cannot read is named in the answer's `problem`. Order and overlap are checked
 * after, by bandProblem, as for the JSON calls.
 */
export function parseBandRows(rows: BandRow[]): { bands: CreditBand[] } | { problem: string } {
  const bands: CreditBand[] = [];
  for (const [i, row] of rows.entries()) {
    const [from, to, credits] = [row.from.trim(), row.to.trim(), row.credits.trim()];
    if (from === "" && to === "" && credits === "") continue;
    const at = `평점 구간 ${i + 1}번째 행`;
    if (!WHOLE_NUMBER.test(from)) return { problem: `${at}: 시작(분)을 숫자로 입력해주세요` };
    if (to !== "" && !WHOLE_NUMBER.test(to)) {
      return { problem: `${at}: 끝(분)은 숫자로 입력하거나 비워두세요 (비우면 끝 없음)` };
    }
    if (!WHOLE_NUMBER.test(credits)) return { problem: `${at}: 평점을 숫자로 입력해주세요` };
    bands.push({
      fromMinutes: Number(from),
      toMinutes: to === "" ? null : Number(to),
      credits: Number(credits),
    });
  }
  return { bands };
}

/** A band in words, for the form's preview and the credit sheet: "120분 이상 180분 미만: 3점". */
export const bandInWords = (band: CreditBand) =>
  `${band.fromMinutes}분 이상${band.toMinutes === null ? "" : ` ${band.toMinutes}분 미만`}: ${band.credits}점`;

const TIME_ZONE_OFFSET = "+09:00";

/** A break's start or end: a full date-time, or a time of day on the seminar's (Seoul) date. */
export type BreakTime = Date | `${number}:${number}`;
export type BreakInput = { start: BreakTime; end: BreakTime; label: string };

/** A break time as an instant: a time of day falls on the seminar's Seoul date. */
export function resolveBreakTime(time: BreakTime, seminarDate: Date): Date {
  if (time instanceof Date) return time;
  const [h, m] = time.split(":");
  return new Date(
    `${seoulDate(seminarDate)}T${h!.padStart(2, "0")}:${m!.padStart(2, "0")}:00${TIME_ZONE_OFFSET}`,
  );
}

/** The breaks as the form's lines: "12:00-13:00 점심", with the date when not the seminar's. */
export function breaksToText(breaks: CreditBreak[], seminarDate: Date | null) {
  return breaks
    .map((b) => {
      const start = new Date(b.start);
      const end = new Date(b.end);
      const day = seoulDate(start);
      const prefix = seminarDate && seoulDate(seminarDate) === day ? "" : `${day} `;
      return `${prefix}${formatClock(start)}-${formatClock(end)}${b.label ? ` ${b.label}` : ""}`;
    })
    .join("\n");
}

const BREAK_LINE =
  /^(?:(\d{4}-\d{2}-\d{2})\s+)?(\d{1,2}:\d{2})\s*[-~]\s*(\d{1,2}:\d{2})(?:\s+(.*))?$/;

/** Parses the form's break lines ("12:00-13:00 점심" or "2026-12-05 12:00-13:00 점심"). */
export function parseBreakText(text: string): { breaks: BreakInput[] } | { problem: string } {
  const breaks: BreakInput[] = [];
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    if (line === "") continue;
    const match = BREAK_LINE.exec(line);
    const valid = (t: string) => {
      const [h, m] = t.split(":").map(Number);
      return h! <= 23 && m! <= 59;
    };
    if (!match || !valid(match[2]!) || !valid(match[3]!)) {
      return {
        problem: `제외 시간 ${i + 1}번째 줄을 읽을 수 없습니다. "12:00-13:00 점심"처럼 입력해주세요`,
      };
    }
    const [, day, from, to, label] = match;
    const at = (time: string): BreakTime =>
      day ? new Date(`${day}T${time.padStart(5, "0")}:00${TIME_ZONE_OFFSET}`) : (time as BreakTime);
    breaks.push({ start: at(from!), end: at(to!), label: (label ?? "").slice(0, 100) });
  }
  return { breaks };
}

type Scan = { direction: string; at: Date };

export type Attendance = {
  /** The first entry and the last exit, as scanned or as corrected. */
  entryAt: Date | null;
  exitAt: Date | null;
  /** Minutes of lecture time present: entry..exit within the seminar's time, less the breaks. */
  minutes: number;
  /** An entry without a later exit (or no entry at all): earns nothing until corrected. */
  incomplete: boolean;
};

const overlap = (a: [number, number], b: [number, number]) =>
  Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));

/** Minutes present between entry and exit, clipped to start..end, less the breaks in it. */
export function minutesPresent(
  entry: Date,
  exit: Date,
  seminar: { start: Date; end: Date | null },
  breaks: { start: Date; end: Date }[],
): number {
  const from = Math.max(entry.getTime(), seminar.start.getTime());
  const to = Math.min(exit.getTime(), seminar.end?.getTime() ?? exit.getTime());
  if (to <= from) return 0;
  // Merge the breaks first, so two overlapping ones are not taken off twice.
  const sorted = breaks
    .map((b) => [b.start.getTime(), b.end.getTime()] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  const off = merged.reduce((sum, span) => sum + overlap([from, to], span), 0);
  return Math.floor((to - from - off) / 60_000);
}

/**
 * One attendee's attendance from their scans (every scan, in any order) and the office's
 * corrections. The first entry and the last exit count; an entry after the last exit (they came
 * back and were not scanned out) leaves the attendance incomplete.
 */
export function attendanceOf(
  scans: Scan[],
  corrected: { entryAt: Date | null; exitAt: Date | null },
  seminar: { start: Date; end: Date | null },
  breaks: { start: Date; end: Date }[],
): Attendance {
  const ordered = [...scans].sort((a, b) => a.at.getTime() - b.at.getTime());
  const entries = ordered.filter((s) => s.direction === "in");
  const exits = ordered.filter((s) => s.direction === "out");
  const lastEntry = entries.at(-1)?.at ?? null;
  const lastExit = exits.at(-1)?.at ?? null;
  const entryAt = corrected.entryAt ?? entries[0]?.at ?? null;
  let exitAt = corrected.exitAt ?? lastExit;
  // Scanned back in after the last exit: where they left is unknown, unless corrected.
  if (!corrected.exitAt && lastEntry && lastExit && lastEntry > lastExit) exitAt = null;
  if (!entryAt || !exitAt || exitAt <= entryAt) {
    return { entryAt, exitAt, minutes: 0, incomplete: true };
  }
  return {
    entryAt,
    exitAt,
    minutes: minutesPresent(entryAt, exitAt, seminar, breaks),
    incomplete: false,
  };
}
