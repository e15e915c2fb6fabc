import { describe, expect, it } from "vitest";
import {
  attendanceOf,
  bandInWords,
  bandProblem,
  bandsToText,
  breaksToText,
  creditsFor,
  defaultBands,
  minutesPresent,
  parseBandRows,
  parseBandText,
  parseBreakText,
  resolveBreakTime,
} from "~/features/seminars/credit-rule";

const at = (hhmm: string) => new Date(`2026-12-05T${hhmm}:00+09:00`);
const SEMINAR = { start: at("09:00"), end: at("17:00") };
const LUNCH = { start: at("12:00"), end: at("13:00") };

// One society's notice: under 2 hours none, 2–3 hours 3, 3–4 hours 4, over 4 hours 5.
const NOTICE = [
  { fromMinutes: 120, toMinutes: 180, credits: 3 },
  { fromMinutes: 180, toMinutes: 240, credits: 4 },
  { fromMinutes: 240, toMinutes: null, credits: 5 },
];

describe("bands", () => {
  it("prefills one credit per full hour up to the maximum", () => {
    expect(defaultBands(3)).toEqual([
      { fromMinutes: 60, toMinutes: 120, credits: 1 },
      { fromMinutes: 120, toMinutes: 180, credits: 2 },
      { fromMinutes: 180, toMinutes: null, credits: 3 },
    ]);
    expect(defaultBands(null)).toEqual([]);
    expect(bandsToText(defaultBands(2))).toBe("60-120=1\n120-=2");
  });

  it("reads the notice's bands: none under 2 hours, and each band from its start", () => {
    expect(creditsFor(119, NOTICE)).toBe(0);
    expect(creditsFor(120, NOTICE)).toBe(3);
    expect(creditsFor(179, NOTICE)).toBe(3);
    expect(creditsFor(180, NOTICE)).toBe(4);
    expect(creditsFor(600, NOTICE)).toBe(5);
    expect(creditsFor(600, NOTICE, 4)).toBe(4);
  });

  it("finds bands out of order or overlapping", () => {
    expect(bandProblem(NOTICE)).toBeNull();
    expect(bandProblem([NOTICE[1]!, NOTICE[0]!])).toMatch(/순서/);
    expect(
      bandProblem([
        { fromMinutes: 120, toMinutes: 200, credits: 3 },
        { fromMinutes: 180, toMinutes: 240, credits: 4 },
      ]),
    ).toMatch(/겹치지/);
    expect(bandProblem([{ fromMinutes: 120, toMinutes: 100, credits: 3 }])).toMatch(/커야/);
    expect(bandProblem([NOTICE[2]!, NOTICE[0]!])).toMatch(/마지막/);
  });

  it("parses the form's lines and names a bad one", () => {
    expect(parseBandText("120-180=3\n 180 ~ 240 = 4 \n\n240-=5")).toEqual({ bands: NOTICE });
    expect(parseBandText("120-180=3\n세 시간=4")).toEqual({
      problem: expect.stringContaining("2번째 줄"),
    });
  });
});

describe("band rows (the seminar form)", () => {
  it("reads rows of from, to and credits, an empty to open-ended, empty rows skipped", () => {
    expect(
      parseBandRows([
        { from: "120", to: "180", credits: "3" },
        { from: "", to: "", credits: "" },
        { from: " 180 ", to: "", credits: "4" },
      ]),
    ).toEqual({
      bands: [
        { fromMinutes: 120, toMinutes: 180, credits: 3 },
        { fromMinutes: 180, toMinutes: null, credits: 4 },
      ],
    });
    expect(parseBandRows([])).toEqual({ bands: [] });
  });

  it("names the row it cannot read, in Korean", () => {
    expect(parseBandRows([{ from: "두시간", to: "", credits: "3" }])).toEqual({
      problem: "평점 구간 1번째 행: 시작(분)을 숫자로 입력해주세요",
    });
    expect(
      parseBandRows([
        { from: "60", to: "120", credits: "1" },
        { from: "120", to: "3h", credits: "2" },
      ]),
    ).toEqual({
      problem: "평점 구간 2번째 행: 끝(분)은 숫자로 입력하거나 비워두세요 (비우면 끝 없음)",
    });
    expect(parseBandRows([{ from: "60", to: "", credits: "-1" }])).toEqual({
      problem: "평점 구간 1번째 행: 평점을 숫자로 입력해주세요",
    });
  });

  it("says a band in words for the preview", () => {
    expect(bandInWords({ fromMinutes: 120, toMinutes: 180, credits: 3 })).toBe(
      "120분 이상 180분 미만: 3점",
    );
    expect(bandInWords({ fromMinutes: 240, toMinutes: null, credits: 5 })).toBe("240분 이상: 5점");
  });
});

describe("breaks", () => {
  it("parses lines with or without a date, and writes them back", () => {
    const parsed = parseBreakText("12:00-13:00 점심\n2026-12-06 15:00-15:20 커피");
    expect(parsed).toEqual({
      breaks: [
        { start: "12:00", end: "13:00", label: "점심" },
        {
          start: new Date("2026-12-06T15:00:00+09:00"),
          end: new Date("2026-12-06T15:20:00+09:00"),
          label: "커피",
        },
      ],
    });
    expect(resolveBreakTime("12:00", at("09:00")).toISOString()).toBe(at("12:00").toISOString());
    const stored = [
      { start: at("12:00").toISOString(), end: at("13:00").toISOString(), label: "점심" },
      {
        start: "2026-12-06T06:00:00.000Z",
        end: "2026-12-06T06:20:00.000Z",
        label: "커피",
      },
    ];
    expect(breaksToText(stored, at("09:00"))).toBe("12:00-13:00 점심\n2026-12-06 15:00-15:20 커피");
    expect(parseBreakText("25:00-26:00")).toEqual({ problem: expect.stringContaining("1번째 줄") });
  });
});

describe("minutes present", () => {
  it("clips to the seminar's start and end and takes the breaks off", () => {
    expect(minutesPresent(at("08:30"), at("17:30"), SEMINAR, [LUNCH])).toBe(7 * 60);
    expect(minutesPresent(at("10:00"), at("12:30"), SEMINAR, [LUNCH])).toBe(120);
    expect(minutesPresent(at("13:30"), at("15:00"), SEMINAR, [LUNCH])).toBe(90);
    // Overlapping breaks are taken off once.
    expect(
      minutesPresent(at("09:00"), at("17:00"), SEMINAR, [
        LUNCH,
        { start: at("12:30"), end: at("13:30") },
      ]),
    ).toBe(8 * 60 - 90);
    // No end time: the exit bounds it.
    expect(minutesPresent(at("09:30"), at("11:00"), { start: SEMINAR.start, end: null }, [])).toBe(
      90,
    );
  });

  it("takes the first entry and the last exit of many scans", () => {
    const scans = [
      { direction: "out", at: at("15:00") },
      { direction: "in", at: at("09:10") },
      { direction: "out", at: at("11:00") },
      { direction: "in", at: at("11:20") },
      { direction: "in", at: at("09:12") },
    ];
    const attendance = attendanceOf(scans, { entryAt: null, exitAt: null }, SEMINAR, [LUNCH]);
    expect(attendance).toEqual({
      entryAt: at("09:10"),
      exitAt: at("15:00"),
      minutes: 5 * 60 + 50 - 60,
      incomplete: false,
    });
  });

  it("leaves an entry without a later exit incomplete until corrected", () => {
    const onlyIn = [{ direction: "in", at: at("09:00") }];
    expect(attendanceOf(onlyIn, { entryAt: null, exitAt: null }, SEMINAR, [])).toMatchObject({
      incomplete: true,
      minutes: 0,
      exitAt: null,
    });
    const backIn = [
      { direction: "in", at: at("09:00") },
      { direction: "out", at: at("10:00") },
      { direction: "in", at: at("10:30") },
    ];
    expect(attendanceOf(backIn, { entryAt: null, exitAt: null }, SEMINAR, [])).toMatchObject({
      incomplete: true,
    });
    expect(attendanceOf(onlyIn, { entryAt: null, exitAt: at("12:00") }, SEMINAR, [])).toEqual({
      entryAt: at("09:00"),
      exitAt: at("12:00"),
      minutes: 180,
      incomplete: false,
    });
    expect(attendanceOf([], { entryAt: null, exitAt: null }, SEMINAR, []).incomplete).toBe(true);
  });
});
