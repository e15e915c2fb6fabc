// Password-reset requests are rate limited like login: with
// LOGIN_MAX_FAILURES_PER_ACCOUNT=2, the third request for one e-mail within 15 minutes answers 429
// with a Korean message, and no third mail goes out. An unknown e-mail is limited the same way, so
// the limit reveals nothing about which accounts exist; other e-mails are not affected.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, HANGUL, type LoggedIn, postForm, uniqueEmail } from "../support/accounts";
import { mainText } from "../support/html";
import { queueRowsTo, type SmtpPeer, startSmtpPeer, waitForQueueDrained } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const TOO_MANY = "요청이 너무 많습니다. 15분 후에 다시 시도해주세요.";
const SENT = "입력하신 이메일이 가입된 계정이라면 비밀번호 재설정 링크를 보내 드렸습니다.";

let peer: SmtpPeer;
let member: LoggedIn;

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer?.stop();
});
const server = setupTestServer(() => ({
  env: {
    SMTP_URL: peer.url,
    MAIL_FROM: "학회 <no-reply@society.example>",
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "2",
  },
}));
beforeAll(async () => {
  member = await createMember(server);
});

function requestReset(email: string) {
  return postForm(server, "/forgot-password", { email });
}

async function expectSent(res: Response) {
  expect(res.status).toBe(200);
  expect(mainText(await res.text())).toContain(SENT);
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const text = mainText(await res.text());
  expect(text).toContain(TOO_MANY);
  expect(text).toMatch(HANGUL);
  expect(text).not.toContain(SENT);
}

describe("POST /forgot-password, rate limited per e-mail", () => {
  it("answers the third request for an existing e-mail with 429, and mails only twice", async () => {
    await expectSent(await requestReset(member.email));
    await expectSent(await requestReset(member.email));
    await expectLimited(await requestReset(member.email));
    // The limit counts the address whatever its case.
    await expectLimited(await requestReset(member.email.toUpperCase()));

    // Only the reset mails count (the member also got the sign-up's 접수 mail).
    const isReset = (mail: { subject: string }) => mail.subject.includes("비밀번호 재설정");
    await peer.waitFor((m) => m.rcptTo.includes(member.email) && isReset(m), 2);
    await waitForQueueDrained(server);
    expect((await queueRowsTo(server, member.email)).filter(isReset)).toHaveLength(2);
    expect(peer.messagesTo(member.email).filter(isReset)).toHaveLength(2);
  });

  it("limits an unknown e-mail the same way, so the answer tells nothing", async () => {
    const unknown = uniqueEmail("nobody");
    await expectSent(await requestReset(unknown));
    await expectSent(await requestReset(unknown));
    await expectLimited(await requestReset(unknown));
    expect(await queueRowsTo(server, unknown)).toEqual([]);
  });

  it("limits each e-mail on its own: another address still gets its answer", async () => {
    const busy = uniqueEmail("nobody");
    await expectSent(await requestReset(busy));
    await expectSent(await requestReset(busy));
    await expectLimited(await requestReset(busy));
    const other = await createMember(server);
    await expectSent(await requestReset(other.email));
    await peer.waitForMessagesTo(other.email, 1);
    await waitForQueueDrained(server);
    expect(await queueRowsTo(server, busy)).toEqual([]);
  });
});
