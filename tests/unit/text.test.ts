import { describe, expect, it } from "vitest";
import { withFullStop } from "~/lib/full-stop";
import { firstCharacters, htmlToPlainText, truncate, withRo } from "~/lib/text";

describe("htmlToPlainText", () => {
  it("strips tags and keeps the text", () => {
    expect(htmlToPlainText('<p>안녕<strong class="b">하세요</strong></p>')).toBe("안녕하세요");
  });

  it("separates block elements and line breaks with one space", () => {
    expect(
      htmlToPlainText(
        "<h1>제목</h1><p>첫째</p><ul><li>하나</li><li>둘</li></ul>둘째<br>셋째<br/>넷째",
      ),
    ).toBe("제목 첫째 하나 둘 둘째 셋째 넷째");
  });

  it("separates every block the rich-text editor writes (code blocks, quotes, rules)", () => {
    // TipTap's StarterKit writes code blocks as <pre><code>; its words must not run into the next
    // paragraph's in an excerpt.
    expect(htmlToPlainText("<pre><code>npm install</code></pre><p>다음 단계</p>")).toBe(
      "npm install 다음 단계",
    );
    expect(htmlToPlainText("<blockquote><p>인용</p></blockquote><p>본문</p>")).toBe("인용 본문");
    expect(htmlToPlainText("<p>위</p><hr><p>아래</p>")).toBe("위 아래");
  });

  it("collapses whitespace and trims", () => {
    expect(htmlToPlainText("  <p>  가 \n\n\t 나  </p>  ")).toBe("가 나");
    expect(htmlToPlainText("")).toBe("");
    expect(htmlToPlainText("<p></p><br>")).toBe("");
  });

  it("drops script and style elements with their content", () => {
    expect(
      htmlToPlainText(
        '<p>앞</p><script type="text/javascript">alert("x<p>")</script><STYLE>p{color:red}</STYLE><p>뒤</p>',
      ),
    ).toBe("앞 뒤");
  });

  it("decodes the named entities an editor writes", () => {
    expect(htmlToPlainText("A &amp; B &lt;C&gt; &quot;D&quot; &apos;E&apos; &#39;F&#39;")).toBe(
      `A & B <C> "D" 'E' 'F'`,
    );
    expect(htmlToPlainText("가&nbsp;나&nbsp;&nbsp;다")).toBe("가 나 다");
    expect(htmlToPlainText("&AMP; &Lt;")).toBe("& <");
  });

  it("decodes decimal and hexadecimal character references, Hangul and emoji included", () => {
    expect(htmlToPlainText("&#54620;&#xAE00; &#x1F600; &#X41;")).toBe("한글 😀 A");
  });

  it("decodes once: an escaped entity stays an entity", () => {
    expect(htmlToPlainText("&amp;lt;p&amp;gt;")).toBe("&lt;p&gt;");
  });

  it("turns escaped markup into text, not tags", () => {
    expect(htmlToPlainText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<script>alert(1)</script>",
    );
  });

  it("drops invalid character references and keeps unknown names as written", () => {
    expect(htmlToPlainText("a&#0;b&#x110000;c")).toBe("abc");
    expect(htmlToPlainText("R&D; &unknown;")).toBe("R&D; &unknown;");
  });
});

describe("firstCharacters", () => {
  it("counts Hangul syllables as one character each", () => {
    expect(firstCharacters("대한개원의학회", 3)).toBe("대한개");
  });

  it("never splits an emoji written as a surrogate pair", () => {
    const result = firstCharacters("😀🎉한글", 2);
    expect(result).toBe("😀🎉");
    expect(result).toHaveLength(4);
    expect(firstCharacters("a😀b", 2)).toBe("a😀");
  });

  it("returns short text unchanged and handles zero", () => {
    expect(firstCharacters("짧은 글", 100)).toBe("짧은 글");
    expect(firstCharacters("글", 0)).toBe("");
  });

  it("cuts a long Hangul text at exactly the requested length", () => {
    const text = "가".repeat(150);
    expect(Array.from(firstCharacters(text, 100))).toHaveLength(100);
  });
});

describe("truncate", () => {
  it("adds the ellipsis only when the text was cut", () => {
    expect(truncate("가나다라마", 3)).toBe("가나다...");
    expect(truncate("가나다", 3)).toBe("가나다");
    expect(truncate("가나", 3)).toBe("가나");
  });

  it("counts emoji as one character", () => {
    expect(truncate("😀😀😀😀", 2)).toBe("😀😀...");
    expect(truncate("😀😀", 2)).toBe("😀😀");
  });

  it("takes another ellipsis", () => {
    expect(truncate("abcdef", 4, "…")).toBe("abcd…");
  });

  it("makes the 80-character home preview of a long excerpt", () => {
    const text = "학".repeat(100);
    const preview = truncate(text, 80);
    expect(preview).toBe(`${"학".repeat(80)}...`);
  });
});

describe("withRo: 로 or 으로 after a word", () => {
  it("takes 로 after a vowel or ㄹ and 으로 after any other final consonant", () => {
    expect(withRo("가상계좌")).toBe("가상계좌로");
    expect(withRo("신용·체크카드")).toBe("신용·체크카드로");
    expect(withRo("서울")).toBe("서울로");
    expect(withRo("정회원")).toBe("정회원으로");
    expect(withRo("휴대폰")).toBe("휴대폰으로");
  });

  it("keeps (으)로 written out after a word that does not end in Hangul", () => {
    expect(withRo("PAYCO")).toBe("PAYCO(으)로");
    expect(withRo("")).toBe("(으)로");
  });
});

describe("withFullStop", () => {
  it("ends a sentence with its full stop once, and leaves an empty one empty", () => {
    expect(withFullStop("테스트 결제 실패")).toBe("테스트 결제 실패.");
    expect(withFullStop("카드 한도 초과입니다.")).toBe("카드 한도 초과입니다.");
    expect(withFullStop("취소했나요? ")).toBe("취소했나요?");
    expect(withFullStop("")).toBe("");
  });
});
