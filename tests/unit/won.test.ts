import { describe, expect, it } from "vitest";
import { parseWon, wonInput } from "~/lib/won";

describe("parseWon", () => {
  it("reads amounts as the office types them", () => {
    const cases: [string, number][] = [
      ["200000", 200_000],
      ["200,000", 200_000],
      ["200,000원", 200_000],
      [" 200,000 원 ", 200_000],
      ["20만", 200_000],
      ["20만원", 200_000],
      ["20만 원", 200_000],
      ["1.5만", 15_000],
      ["2백만", 2_000_000],
      ["200만", 2_000_000],
      ["150만5천", 1_505_000],
      ["3만 5,000원", 35_000],
      ["5천", 5_000],
      ["5천원", 5_000],
      ["만원", 10_000],
      ["0", 0],
    ];
    for (const [text, won] of cases) expect(parseWon(text), text).toBe(won);
  });

  it("names no amount for anything else", () => {
    for (const text of ["", "원", "abc", "20,00", "2,0000", "-5000", "1.5", "20만a", "1e5", "０"])
      expect(parseWon(text), text).toBeNull();
  });

  it("leaves what it cannot read to the schema's own message", () => {
    expect(wonInput("20만")).toBe(200_000);
    expect(wonInput(150_000)).toBe(150_000);
    expect(wonInput("이십만")).toBe("이십만");
    expect(wonInput("")).toBe("");
  });
});
