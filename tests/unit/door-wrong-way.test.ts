// The door's warning of a scan in the wrong direction (the 퇴장 toggle left on), as the staff read
// it: an entry after an entry the same day, an exit with no entry that day; nothing for a resend
// (no `previous`) or for a multi-day seminar's new day.
import { expect, it } from "vitest";
import { wrongWay } from "~/features/seminars/components/check-in-station";

const at = (iso: string) => new Date(iso).toISOString();
const scan = (
  direction: "in" | "out",
  iso: string,
  previous?: { direction: "in" | "out"; at: string } | null,
) => ({
  registrationId: "r",
  name: "김의사",
  direction,
  at: at(iso),
  previous,
});

it("warns of an entry after an entry and an exit with no entry, the same Seoul day", () => {
  // 09:05 and 10:10 in Seoul.
  expect(
    wrongWay(
      scan("in", "2026-12-08T01:10:00Z", { direction: "in", at: at("2026-12-08T00:05:00Z") }),
    ),
  ).toBe("이미 09:05에 입장한 분입니다. 퇴장이었다면 '퇴장'을 고르고 다시 기록해주세요.");
  expect(wrongWay(scan("out", "2026-12-08T08:00:00Z", null))).toContain(
    "입장 기록이 없는 퇴장입니다",
  );
  expect(
    wrongWay(
      scan("out", "2026-12-08T08:00:00Z", { direction: "out", at: at("2026-12-08T05:00:00Z") }),
    ),
  ).toContain("입장 기록이 없는 퇴장입니다");
});

it("says nothing for the right direction, a resend, or a new day of a multi-day seminar", () => {
  expect(
    wrongWay(
      scan("out", "2026-12-08T08:00:00Z", { direction: "in", at: at("2026-12-08T00:05:00Z") }),
    ),
  ).toBeNull();
  expect(wrongWay(scan("in", "2026-12-08T00:05:00Z", null))).toBeNull();
  expect(wrongWay(scan("in", "2026-12-08T00:05:00Z"))).toBeNull();
  // Yesterday's entry with no exit: today's entry is no mistake, today's exit without one is.
  const yesterday = { direction: "in" as const, at: at("2026-12-07T00:05:00Z") };
  expect(wrongWay(scan("in", "2026-12-08T00:05:00Z", yesterday))).toBeNull();
  expect(wrongWay(scan("out", "2026-12-08T08:00:00Z", yesterday))).toContain("입장 기록이 없는");
});
