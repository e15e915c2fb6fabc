import { describe, expect, it } from "vitest";
import { formatNumber } from "~/lib/numbers";

describe("formatNumber", () => {
  it("groups the digits as ko-KR does", () => {
    for (const value of [0, 7, 999, 1000, 12345, 100000, 1234567, 9007199254740991, -1, -1234]) {
      expect(formatNumber(value), String(value)).toBe(value.toLocaleString("ko-KR"));
    }
  });

  it("leaves fractions and numbers past the safe integers to toLocaleString", () => {
    expect(formatNumber(1234.5)).toBe((1234.5).toLocaleString("ko-KR"));
    expect(formatNumber(2 ** 60)).toBe((2 ** 60).toLocaleString("ko-KR"));
  });
});
