import { describe, expect, it } from "vitest";
import { registrationWindow } from "~/features/seminars/rules";
import { type Seminar, splitByDate } from "~/features/seminars/seminars.server";

const NOW = new Date("2026-11-21T05:00:00Z");
const HOUR = 60 * 60 * 1000;

function seminar(title: string, offsetHours: number, status = "open"): Seminar {
  return {
    id: `00000000-0000-4000-8000-${String(Math.abs(offsetHours)).padStart(12, "0")}`,
    title,
    description: `${title} 설명`,
    speaker: "연자",
    date: new Date(NOW.getTime() + offsetHours * HOUR),
    location: "세미나실",
    registrationUrl: null,
    status,
    endDate: null,
    capacity: null,
    registrationOpensAt: null,
    registrationClosesAt: null,
    cancellationDeadline: null,
    audience: "members",
    cmeCredits: null,
    creditBands: null,
    creditBreaks: null,
    feeFull: null,
    feeOther: null,
    feeFullEarly: null,
    feeOtherEarly: null,
    feeEarlyUntil: null,
    posterUrl: null,
    createdAt: new Date("2026-01-01T00:00:00Z"),
  };
}

/** Ascending by date, as listSeminars answers. */
const LIST = [
  seminar("오래전", -24 * 100, "closed"),
  seminar("지난주", -24 * 7, "closed"),
  seminar("한 시간 전", -1),
  seminar("지금", 0),
  seminar("내일", 24),
  seminar("다음 달", 24 * 30),
];

describe("splitByDate", () => {
  const titles = (list: { title: string }[]) => list.map((s) => s.title);

  it("puts seminars not yet over in upcoming, soonest first, one under way marked ongoing", () => {
    const { upcoming } = splitByDate(LIST, NOW);
    // 한 시간 전 has no end time: two hours long, so still under way (issue 39).
    expect(upcoming.map((s) => [s.title, s.phase])).toEqual([
      ["한 시간 전", "ongoing"],
      ["지금", "ongoing"],
      ["내일", "upcoming"],
      ["다음 달", "upcoming"],
    ]);
  });

  it("puts ended seminars in past, most recent first", () => {
    const { past } = splitByDate(LIST, NOW);
    expect(past.map((s) => [s.title, s.phase])).toEqual([
      ["지난주", "past"],
      ["오래전", "past"],
    ]);
  });

  it("counts a seminar ending exactly now as past and one ending a millisecond later as ongoing", () => {
    const { upcoming, past } = splitByDate(
      [
        { ...seminar("방금 끝남", -3), endDate: NOW },
        { ...seminar("곧 끝남", -3), endDate: new Date(NOW.getTime() + 1) },
      ],
      NOW,
    );
    expect(titles(upcoming)).toEqual(["곧 끝남"]);
    expect(titles(past)).toEqual(["방금 끝남"]);
  });

  it("keeps every seminar exactly once and does not change the input", () => {
    const input = [...LIST];
    const { upcoming, past } = splitByDate(input, NOW);
    expect(upcoming.length + past.length).toBe(LIST.length);
    expect(new Set([...upcoming, ...past].map((s) => s.id))).toEqual(
      new Set(LIST.map((s) => s.id)),
    );
    expect(input).toEqual(LIST);
  });

  it("handles an empty list and lists entirely on one side", () => {
    expect(splitByDate([], NOW)).toEqual({ upcoming: [], past: [] });
    expect(splitByDate(LIST, new Date(NOW.getTime() + 24 * 365 * HOUR)).upcoming).toEqual([]);
    expect(splitByDate(LIST, new Date(0)).past).toEqual([]);
  });

  it("uses the current time by default", () => {
    const soon = { ...seminar("곧", 0), date: new Date(Date.now() + HOUR) };
    const gone = { ...seminar("방금", 0), date: new Date(Date.now() - 3 * HOUR) };
    const { upcoming, past } = splitByDate([gone, soon]);
    expect(upcoming).toEqual([{ ...soon, phase: "upcoming", feeEarly: false }]);
    expect(past).toEqual([{ ...gone, phase: "past" }]);
  });
});

describe("registrationWindow", () => {
  const date = new Date("2026-12-04T10:00:00Z");
  const base = {
    date,
    status: "open",
    registrationUrl: null as string | null,
    registrationOpensAt: null,
    registrationClosesAt: null,
    cancellationDeadline: null,
    audience: "members",
  };
  const before = new Date("2026-12-01T00:00:00Z");
  const after = new Date("2026-12-05T00:00:00Z");

  it("is open before the seminar and closed once it has started, though left open", () => {
    expect(registrationWindow(base, before)).toBe("open");
    expect(registrationWindow(base, after)).toBe("closed");
  });

  it("sends to the external page only until the seminar starts", () => {
    const external = { ...base, registrationUrl: "https://example.org/apply" };
    expect(registrationWindow(external, before)).toBe("external");
    expect(registrationWindow(external, after)).toBe("closed");
    // Closed by the office: no way in, through the external page either.
    expect(registrationWindow({ ...external, status: "closed" }, before)).toBe("closed");
  });
});
