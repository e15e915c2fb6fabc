import { formatClock, formatDateTime, seoulDate } from "~/lib/dates";

/** A time of the seminar's day as its clock alone ("09:02"), another day in full. */
export function dayTime(value: Date | string, day: Date | string) {
  return seoulDate(value) === seoulDate(day) ? formatClock(value) : formatDateTime(value);
}

const same = (a: Date | string | null, b: Date | string | null) =>
  (a === null ? null : new Date(a).getTime()) === (b === null ? null : new Date(b).getTime());

/**
 * One end of an attendance (entry or exit) as the door scanned it and, when the office corrected
 * it on the credit sheet, as corrected: "스캔 09:02 → 정정 09:00". The registrant list and
 * the credit sheet show the same line, so the two pages never disagree on one attendance (issue
 * 39, item 12).
 */
export function ScannedAndCorrected({
  label,
  scanned,
  corrected,
  day,
}: {
  /** "입장" or "퇴장" before the times; none in a column that is already headed so. */
  label?: string;
  scanned: Date | string | null;
  corrected: Date | string | null;
  day: Date | string;
}) {
  if (corrected === null || same(scanned, corrected)) {
    if (scanned === null) return null;
    return (
      <span className="block whitespace-nowrap">
        {label ? `${label} ` : null}
        <time dateTime={new Date(scanned).toISOString()}>{dayTime(scanned, day)}</time>
      </span>
    );
  }
  return (
    <span className="block">
      {label ? `${label} ` : null}
      <span className="whitespace-nowrap text-slate-500">
        스캔{" "}
        {scanned === null ? (
          "없음"
        ) : (
          <time dateTime={new Date(scanned).toISOString()}>{dayTime(scanned, day)}</time>
        )}
      </span>{" "}
      →{" "}
      <span className="font-semibold whitespace-nowrap text-violet-800">
        정정 <time dateTime={new Date(corrected).toISOString()}>{dayTime(corrected, day)}</time>
      </span>
    </span>
  );
}

/**
 * The attendance of one registrant: entry and exit, scanned and corrected, and the reason of the
 * correction. Nothing at all: "기록 없음".
 */
export function AttendanceTimes({
  day,
  scannedEntry,
  scannedExit,
  correction,
}: {
  day: Date | string;
  scannedEntry: Date | string | null;
  scannedExit: Date | string | null;
  correction: {
    entryAt: Date | string | null;
    exitAt: Date | string | null;
    reason: string;
  } | null;
}) {
  const entry = correction?.entryAt ?? null;
  const exit = correction?.exitAt ?? null;
  if (!scannedEntry && !scannedExit && !entry && !exit) {
    return <span className="text-slate-500">기록 없음</span>;
  }
  return (
    <>
      <ScannedAndCorrected label="입장" scanned={scannedEntry} corrected={entry} day={day} />
      <ScannedAndCorrected label="퇴장" scanned={scannedExit} corrected={exit} day={day} />
      {correction ? (
        <span className="block text-sm text-violet-800">{`정정 사유: ${correction.reason}`}</span>
      ) : null}
    </>
  );
}
