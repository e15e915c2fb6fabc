// The outbox (no provider) writes each text with the channel a live site would send it by under
// the same settings: 알림톡 only for a template with an approved id and a KakaoTalk channel,
// otherwise SMS, or LMS over 90 bytes (docs/messages.md).
import { beforeAll, expect, it } from "vitest";
import { createAdmin, type LoggedIn, postJson, signUp } from "../support/accounts";
import { waitForText } from "../support/messages";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({
  env: {
    KAKAO_PFID: "KA01PF-TEST",
    KAKAO_TEMPLATE_IDS: JSON.stringify({ signupReceived: "KA01TP-RECEIVED" }),
  },
});
let admin: LoggedIn;

beforeAll(async () => {
  admin = await createAdmin(server);
});

it("writes 알림톡 for a template with an approved id, and a text for one without", async () => {
  const doctor = await signUp(server, { name: "채널확인의사", phone: "010-3111-0077" });
  expect((await waitForText("01031110077", "signupReceived")).channel).toBe("alimtalk");
  const res = await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
  // `approved` has no template id here: it would go as a text, over 90 bytes an LMS.
  const approved = await waitForText("01031110077", "approved");
  expect(approved.channel).toBe("lms");
});
