// Numbers as Korean pages write them, 12,345, without Intl: a page's first use of Intl costs the
// browser its ICU data, tens of milliseconds of main thread (app/lib/dates.ts says more).

/** 12,345 — what `toLocaleString("ko-KR")` gives for a whole number. */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString("ko-KR");
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
}
