// A board post's links: http(s) addresses become links without the punctuation that ends the
// sentence around them, and a long run of such punctuation is walked once (the regular expression
// that did this before took time in the square of the run: 200,000 brackets would take minutes).
import { describe, expect, it } from "vitest";
import { linkParts } from "~/features/community/components/plain-text";

describe("linkParts", () => {
  it("makes links of addresses, leaving the sentence's punctuation outside", () => {
    expect(linkParts("자료는 (https://example.kr/a?b=1). 참고하세요")).toEqual([
      { text: "자료는 (" },
      { text: "https://example.kr/a?b=1", href: "https://example.kr/a?b=1" },
      { text: "). 참고하세요" },
    ]);
    expect(linkParts("“https://example.kr/가”")).toEqual([
      { text: "“" },
      { text: "https://example.kr/가", href: "https://example.kr/가" },
      { text: "”" },
    ]);
  });

  it("keeps an address that is only punctuation after the scheme as text", () => {
    expect(linkParts("https://))) 끝")).toEqual([{ text: "https://))) 끝" }]);
  });

  it("walks a run of 200,000 closing brackets once, ending the link before it", () => {
    const run = ")".repeat(200_000);
    const parts = linkParts(`https://a.kr${run}x`);
    expect(parts[0]).toEqual({ text: `https://a.kr${run}x`, href: `https://a.kr${run}x` });
    const trailing = linkParts(`https://a.kr/x${run}`);
    expect(trailing).toEqual([{ text: "https://a.kr/x", href: "https://a.kr/x" }, { text: run }]);
  });
});
