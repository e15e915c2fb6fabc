// The CSV of the administrators' exports: UTF-8 with a BOM so
// Excel shows Korean, every cell quoted with quotes doubled, cells that a spreadsheet would read
// as a formula (= + - @, tab, carriage return) prefixed with an apostrophe, CRLF line ends.
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/lib/csv";

const BOM = "\uFEFF";

describe("csvCell", () => {
  it("quotes every cell", () => {
    expect(csvCell("김의사")).toBe('"김의사"');
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("")).toBe('""');
  });

  it("doubles quotes inside a cell", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('"')).toBe('""""');
  });

  it("keeps commas, line breaks and Korean text inside the quotes intact", () => {
    expect(csvCell("대구광역시 수성구, 달구벌대로 2")).toBe('"대구광역시 수성구, 달구벌대로 2"');
    expect(csvCell("첫 줄\n둘째 줄")).toBe('"첫 줄\n둘째 줄"');
    expect(csvCell("서울내과의원 (내과·가정의학과)")).toBe('"서울내과의원 (내과·가정의학과)"');
  });

  it.each([
    ["=1+1", '"\'=1+1"'],
    ["+82-10-1234-5678", '"\'+82-10-1234-5678"'],
    ["-5", '"\'-5"'],
    ["@SUM(A1:A2)", '"\'@SUM(A1:A2)"'],
    ["\tcmd", '"\'\tcmd"'],
    ["\rcmd", '"\'\rcmd"'],
  ])("prefixes the formula-looking cell %j with an apostrophe", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("escapes a formula with quotes both ways: apostrophe first, then quotes doubled", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('=HYPERLINK("http://evil.example","클릭")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""클릭"")"',
    );
  });

  it("leaves the formula characters alone when they are not at the start", () => {
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("010-1234-5678")).toBe('"010-1234-5678"');
    expect(csvCell("doctor@example.com")).toBe('"doctor@example.com"');
    expect(csvCell(" =1+1")).toBe('" =1+1"');
  });

  it("writes null and undefined as empty cells and other values as text", () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(true)).toBe('"true"');
    // A negative number is a formula-looking cell too.
    expect(csvCell(-3)).toBe('"\'-3"');
  });
});

describe("toCsv", () => {
  const csv = toCsv(
    ["이름", "이메일", "병원명"],
    [
      ["김의사", "kim@example.com", "서울내과의원"],
      ['=HYPERLINK("http://x")', "@evil", '큰 "따옴표" 병원'],
    ],
  );

  it("starts with the UTF-8 byte-order mark, once", () => {
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).includes(BOM)).toBe(false);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("ends every line, the last included, with CRLF and has no bare LF", () => {
    expect(csv.endsWith("\r\n")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
    expect(csv.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  });

  it("writes the Korean header row first and each row's cells escaped, in order", () => {
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe('"이름","이메일","병원명"');
    expect(lines[1]).toBe('"김의사","kim@example.com","서울내과의원"');
    expect(lines[2]).toBe('"\'=HYPERLINK(""http://x"")","\'@evil","큰 ""따옴표"" 병원"');
  });

  it("keeps Korean text intact through UTF-8", () => {
    const bytes = Buffer.from(csv, "utf8");
    const decoded = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(decoded).toBe(csv);
    expect(decoded).toContain("서울내과의원");
    expect(decoded).toContain("따옴표");
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv(["이름", "상태"], [])).toBe(`${BOM}"이름","상태"\r\n`);
  });

  it("writes an empty cell for missing values", () => {
    expect(toCsv(["a", "b"], [[null, undefined]])).toBe(`${BOM}"a","b"\r\n"",""\r\n`);
  });
});
