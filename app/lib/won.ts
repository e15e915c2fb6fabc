// Amounts in won as the office types them: "200000", "200,000", "200,000원", "20만", "20만 원",
// "1.5만", "2백만", "150만5천". Client-safe; the schemas of every amount field read them through it.

const UNITS: Record<string, number> = { 천: 1_000, 백: 100, 십: 10 };

/** "1.5" → 1.5, "200,000" → 200000 (commas only in groups of three), or NaN. */
function plainNumber(text: string) {
  if (/^\d{1,3}(,\d{3})+$/.test(text)) return Number(text.replaceAll(",", ""));
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  return Number.NaN;
}

/** A part under 만: "5천", "500", "3백", or "" (0). NaN when it is not one. */
function belowTenThousand(text: string) {
  if (text === "") return 0;
  const unit = UNITS[text.at(-1) ?? ""];
  if (unit) {
    const head = text.slice(0, -1);
    const n = head === "" ? 1 : plainNumber(head);
    return n * unit;
  }
  return plainNumber(text);
}

/**
 * The amount `text` names in won, or null when it names none. Whole won only: "1.25천" (1,250)
 * is fine, "0.5원" is not.
 */
export function parseWon(text: string): number | null {
  const compact = text.replace(/\s+/g, "").replace(/원$/, "");
  if (compact === "") return null;
  const man = /^(.*?)(?:(백|천)?만)(.*)$/.exec(compact);
  let value: number;
  if (man) {
    const [, head = "", multiplier, tail = ""] = man;
    const count = head === "" ? 1 : plainNumber(head);
    value = count * (multiplier ? UNITS[multiplier]! : 1) * 10_000 + belowTenThousand(tail);
  } else {
    value = belowTenThousand(compact);
  }
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** For a schema's preprocess: a string that names an amount becomes its number; else unchanged. */
export function wonInput(value: unknown) {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return value;
  return parseWon(value) ?? value;
}
