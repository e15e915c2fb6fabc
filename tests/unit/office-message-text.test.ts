// The office's text message takes what SMS/LMS (EUC-KR) can carry: an emoji is refused, the
// symbols Korean texts use (☎, ★, ※, ©) are not.
import { expect, it } from "vitest";
import { officeMessageSchema } from "~/features/admin/office-messages";

const parse = (text: string) =>
  officeMessageSchema.safeParse({ filters: {}, text, kind: "notice" });

it("refuses an emoji with a Korean message", () => {
  for (const text of ["총회 안내 🎉", "참석 확인 ✅", "문의 ☎️", "👍"]) {
    const result = parse(text);
    expect(result.success, text).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "문자에는 이모지를 쓸 수 없습니다. 이모지를 지워주세요.",
    );
  }
});

it("takes the symbols Korean texts use", () => {
  for (const text of ["문의 ☎ 053-000-0000", "★ 총회 안내 ※ 필독", "© 학회"]) {
    expect(parse(text).success, text).toBe(true);
  }
});
