// Dates are shown in Korean and in Seoul time whatever the machine's time zone; the host time zone
// is set to one far from Seoul so a formatter that forgot the zone would fail.
import { describe, expect, it } from "vitest";

process.env.TZ = "America/Los_Angeles";
// Imported after the time zone is set, so formatters built at module load see it.
const {
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeParts,
  formatDateTimeRange,
  isoDate,
  seoulDate,
  seoulYear,
  toSeoulDateTimeInput,
} = await import("~/lib/dates");

it("runs with a host time zone other than Seoul's", () => {
  expect(new Date("2026-11-21T05:00:00Z").getHours()).not.toBe(14);
});

describe("formatDate", () => {
  it("shows the Seoul calendar day in Korean", () => {
    expect(formatDate(new Date("2026-11-21T05:00:00Z"))).toBe("2026년 11월 21일");
  });

  it("rolls over to the next Seoul day and year", () => {
    expect(formatDate(new Date("2026-12-31T15:30:00Z"))).toBe("2027년 1월 1일");
    expect(formatDate(new Date("2026-12-31T14:59:59Z"))).toBe("2026년 12월 31일");
  });

  it("accepts an ISO string as a loader's JSON delivers it", () => {
    expect(formatDate("2026-12-31T15:30:00.000Z")).toBe("2027년 1월 1일");
    expect(formatDate("2026-06-01T00:00:00+09:00")).toBe("2026년 6월 1일");
  });
});

describe("formatDateTimeRange", () => {
  it("names the day once when start and end fall on the same Seoul day", () => {
    expect(formatDateTimeRange("2026-11-21T05:00:00Z", "2026-11-21T09:00:00Z")).toBe(
      "2026년 11월 21일 (토) 오후 2:00 ~ 오후 6:00",
    );
  });

  it("writes both in full across midnight in Seoul", () => {
    expect(formatDateTimeRange("2026-11-21T05:00:00Z", "2026-11-21T15:30:00Z")).toBe(
      "2026년 11월 21일 (토) 오후 2:00 ~ 2026년 11월 22일 (일) 오전 12:30",
    );
  });
});

describe("formatDateTime", () => {
  it("shows date, weekday, 오전/오후 and the minute in Seoul time", () => {
    expect(formatDateTime(new Date("2026-12-31T15:30:00Z"))).toBe("2027년 1월 1일 (금) 오전 12:30");
    expect(formatDateTime(new Date("2026-11-21T05:00:00Z"))).toBe(
      "2026년 11월 21일 (토) 오후 2:00",
    );
  });

  it("writes noon as 오후 12 and midnight as 오전 12", () => {
    expect(formatDateTime("2026-11-21T03:05:00Z")).toBe("2026년 11월 21일 (토) 오후 12:05");
    expect(formatDateTime("2026-11-20T15:00:00Z")).toBe("2026년 11월 21일 (토) 오전 12:00");
  });

  it("writes single-digit hours without padding and minutes with two digits", () => {
    expect(formatDateTime("2026-03-02T00:07:00Z")).toBe("2026년 3월 2일 (월) 오전 9:07");
    expect(formatDateTime("2026-03-02T14:59:00Z")).toBe("2026년 3월 2일 (월) 오후 11:59");
  });

  it("names every weekday in Korean", () => {
    // 2026-11-22 is a Sunday in Seoul.
    const days = Array.from(
      { length: 7 },
      (_, i) => formatDateTime(new Date(Date.UTC(2026, 10, 22 + i, 1))).match(/\((.)\)/)?.[1],
    );
    expect(days).toEqual(["일", "월", "화", "수", "목", "금", "토"]);
  });

  it("gives the same text for a Date and its ISO string", () => {
    const date = new Date("2027-05-05T10:45:00Z");
    expect(formatDateTime(date)).toBe(formatDateTime(date.toISOString()));
    expect(formatDateTime(date)).toBe("2027년 5월 5일 (수) 오후 7:45");
  });
});

describe("against the Intl formatters they replace", () => {
  // The formatters as they were written with Intl.DateTimeFormat, in the Asia/Seoul time zone.
  const zone = { timeZone: "Asia/Seoul" } as const;
  const dateFormat = new Intl.DateTimeFormat("ko-KR", {
    ...zone,
    year: "numeric",
    month: "long",
    day: "numeric",
  });
  const dateTimeFormat = new Intl.DateTimeFormat("ko-KR", {
    ...zone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const clockFormat = new Intl.DateTimeFormat("en-GB", {
    ...zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const dayFormat = new Intl.DateTimeFormat("en-CA", {
    ...zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const inputFormat = new Intl.DateTimeFormat("en-CA", {
    ...zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const partsOf = (format: Intl.DateTimeFormat, instant: Date) =>
    Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value])) as Record<
      string,
      string
    >;

  function expectAsIntl(instant: Date) {
    const at = instant.toISOString();
    const p = partsOf(dateTimeFormat, instant);
    const hour = Number(p.hour);
    expect(formatDate(instant), at).toBe(dateFormat.format(instant));
    expect(formatDateTimeParts(instant), at).toEqual({
      day: `${p.year}년 ${p.month}월 ${p.day}일 (${p.weekday})`,
      time: `${hour < 12 ? "오전" : "오후"} ${hour % 12 === 0 ? 12 : hour % 12}:${p.minute}`,
    });
    expect(formatClock(instant), at).toBe(clockFormat.format(instant));
    expect(seoulDate(instant), at).toBe(dayFormat.format(instant));
    const i = partsOf(inputFormat, instant);
    expect(toSeoulDateTimeInput(instant), at).toBe(
      `${i.year}-${i.month}-${i.day}T${i.hour}:${i.minute}`,
    );
    expect(seoulYear(instant), at).toBe(Number(p.year));
  }

  it("agree at 5,000 instants from 1989 to 2100, and around every Seoul midnight and noon", () => {
    let seed = 20261126;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1988, 11, 31, 15);
    const to = Date.UTC(2100, 0, 1);
    for (let n = 0; n < 5000; n++)
      expectAsIntl(new Date(from + Math.floor(random() * (to - from))));
    for (const utcHour of [14, 15, 2, 3]) {
      for (const minute of [59, 0]) {
        expectAsIntl(new Date(Date.UTC(2026, 1, 28, utcHour, minute, 59, 999)));
        expectAsIntl(new Date(Date.UTC(2028, 1, 29, utcHour, minute)));
      }
    }
  });

  it("agree before 1989: summer time in 1987 and 1988, and Seoul's older offsets", () => {
    for (const at of [
      "1987-05-10T14:30:00Z", // 00:30 on 11 May, the first night of summer time (UTC+10)
      "1987-07-01T15:10:00Z",
      "1988-05-07T15:30:00Z",
      "1988-10-08T14:30:00Z", // the last night of summer time
      "1988-12-31T14:59:00Z", // 23:59 on the last day before UTC+9 all year
      "1970-01-01T00:00:00Z",
      "1955-08-15T03:00:00Z", // UTC+8:30
      "1900-01-01T00:00:00Z", // local mean time, UTC+8:27:52
    ]) {
      expectAsIntl(new Date(at));
    }
  });

  it("give a year before 1000 or after 9999 whole, where the old seoulYear gave NaN or four digits", () => {
    const early = new Date("0026-11-21T05:00:00Z");
    expect(formatDate(early)).toBe(dateFormat.format(early));
    expect(formatDateTimeParts(early).day).toBe(
      `26년 11월 21일 (${partsOf(dateTimeFormat, early).weekday})`,
    );
    expect(seoulYear(early)).toBe(26);
    expect(seoulYear(new Date("0999-03-02T14:59:00Z"))).toBe(999);
    expect(seoulYear(new Date("+010000-01-01T00:00:00Z"))).toBe(10000);
  });

  it("refuse a value that is no date, as Intl did", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("isoDate", () => {
  it("gives the machine-readable UTC instant", () => {
    expect(isoDate("2026-06-01T00:00:00+09:00")).toBe("2026-05-31T15:00:00.000Z");
    expect(isoDate(new Date(0))).toBe("1970-01-01T00:00:00.000Z");
  });
});

describe("DateTime", () => {
  it("lets a narrow column wrap only between the day and the time of day", async () => {
    const { createElement } = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { DateTime } = await import("~/components/ui/date-time");
    const html = renderToStaticMarkup(createElement(DateTime, { value: "2026-11-24T18:04:00Z" }));
    expect(html).toBe(
      '<time dateTime="2026-11-24T18:04:00.000Z">' +
        '<span class="whitespace-nowrap">2026년 11월 25일 (수)</span> ' +
        '<span class="whitespace-nowrap">오전 3:04</span></time>',
    );
    // The text is formatDateTime's, so both read the same.
    expect(html.replace(/<[^>]+>/g, "")).toBe(formatDateTime("2026-11-24T18:04:00Z"));
  });
});
