// The office's text when nobody could get it: without conditions the reason is the members' own
// choice (texts off, no consent to advertisements), which changing the conditions cannot help,
// and the office is told so; with conditions, they may be too narrow.
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin, json, type LoggedIn } from "../support/accounts";
import { mainText } from "../support/html";
import { insertMember, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer();
let admin: LoggedIn;

beforeAll(async () => {
  admin = await createAdmin(server);
  // A member with a mobile number and texts off: the demo society's members start so.
  await insertMember(server, { phone: "010-3333-4444", messagesEnabled: false });
});

const send = (body: unknown) =>
  sendJson(server, "POST", "/api/admin/messages", body, { cookie: admin.cookie });

describe("nobody to send to", () => {
  it("says nobody has texts on when no condition narrowed the list, and to change the conditions when one did", async () => {
    const everyone = await send({ filters: {}, text: "정기총회 안내", kind: "notice" });
    expect(everyone.status).toBe(409);
    expect((await json<{ message: string }>(everyone)).message).toBe(
      "문자 알림을 켜고 휴대전화 번호를 등록한 회원이 없습니다. 회원이 마이페이지에서 문자 알림을 켜야 보낼 수 있습니다.",
    );
    const narrowed = await send({
      filters: { q: "없는이름" },
      text: "정기총회 안내",
      kind: "notice",
    });
    expect(narrowed.status).toBe(409);
    expect((await json<{ message: string }>(narrowed)).message).toBe(
      "조건에 맞는 받는 사람이 없습니다. 조건을 바꿔주세요.",
    );
    // The page says the same before anything is sent, for an advertisement in its own words.
    const notice = mainText((await page(server, "/admin/messages", admin.cookie)).html);
    expect(notice).toContain("문자 알림을 켜고 휴대전화 번호를 등록한 회원이 없습니다.");
    const advertisement = mainText(
      (await page(server, "/admin/messages?kind=advertisement", admin.cookie)).html,
    );
    expect(advertisement).toContain(
      "광고성 문자 수신에 동의하고 휴대전화 번호를 등록한 회원이 없습니다.",
    );
  });
});
