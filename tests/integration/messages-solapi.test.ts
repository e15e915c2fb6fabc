// The Solapi provider against a loopback server shaped like Solapi's messages API: each request
// is signed (HMAC-SHA256 of date and salt with the API secret), a refused 알림톡 goes again as a
// text, an outage keeps the message queued and it goes once Solapi is back, and a number Solapi
// rejects is marked failed without retries.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { messageQueue } from "~db/schema";
import { createAdmin, type LoggedIn, postJson, signUp } from "../support/accounts";
import { waitUntil } from "../support/mail";
import { type FakeSolapi, startFakeSolapi } from "../support/messages";
import { setupTestServer } from "../support/test-server";

const API_KEY = "NCSTESTKEY0000001";
const API_SECRET = "TESTSECRET0123456789ABCDEFGHIJKL";
let solapi: FakeSolapi;
let admin: LoggedIn;

const server = setupTestServer(async () => {
  solapi = await startFakeSolapi(API_KEY, API_SECRET);
  return {
    env: {
      MESSAGING_PROVIDER: "solapi",
      SOLAPI_API_KEY: API_KEY,
      SOLAPI_API_SECRET: API_SECRET,
      SOLAPI_SENDER: "0530000000",
      KAKAO_PFID: "KA01PF-TEST",
      SOLAPI_API_URL: solapi.url,
      KAKAO_TEMPLATE_IDS: JSON.stringify({
        signupReceived: "KA01TP-RECEIVED",
        approved: "KA01TP-APPROVED",
      }),
    },
  };
});

beforeAll(async () => {
  admin = await createAdmin(server);
});
afterAll(async () => {
  await solapi?.stop();
});

function rowFor(to: string, template: string, timeout = 10_000) {
  return waitUntil(
    async () => {
      const rows = await server.db.select().from(messageQueue).where(eq(messageQueue.to, to));
      const row = rows.find((r) => r.template === template);
      return row && row.status !== "queued" ? row : undefined;
    },
    `${template} to ${to} settled`,
    timeout,
  );
}

it("sends a signed 알림톡 with the channel's profile and the approved template", async () => {
  await signUp(server, { name: "알림톡의사", phone: "010-4111-0001" });
  const row = await rowFor("01041110001", "signupReceived");
  expect(row).toMatchObject({ status: "sent", sentChannel: "alimtalk" });
  const request = solapi.requests.find((r) => r.message.to === "01041110001");
  expect(request?.signatureValid).toBe(true);
  expect(request?.authorization).toMatch(
    /^HMAC-SHA256 apiKey=NCSTESTKEY0000001, date=\S+, salt=[0-9a-f]+, signature=[0-9a-f]{64}$/,
  );
  expect(request?.message).toMatchObject({
    type: "ATA",
    from: "0530000000",
    kakaoOptions: { pfId: "KA01PF-TEST", templateId: "KA01TP-RECEIVED" },
  });
  expect(request?.message.text).toContain("접수");
});

it("falls back to SMS/LMS when the 알림톡 is refused", async () => {
  solapi.noKakao.add("01041110002");
  await signUp(server, { name: "카톡없는의사", phone: "010-4111-0002" });
  const row = await rowFor("01041110002", "signupReceived");
  expect(row.status).toBe("fallback");
  expect(["sms", "lms"]).toContain(row.sentChannel);
  const types = solapi.requests
    .filter((r) => r.message.to === "01041110002")
    .map((r) => r.message.type);
  expect(types[0]).toBe("ATA");
  expect(["SMS", "LMS"]).toContain(types[1]);
});

it("keeps a message queued through an outage and sends it when Solapi is back", {
  timeout: 40_000,
}, async () => {
  solapi.down = true;
  const doctor = await signUp(server, { name: "장애중의사", phone: "010-4111-0003" });
  const failedOnce = await waitUntil(async () => {
    const [row] = await server.db
      .select()
      .from(messageQueue)
      .where(eq(messageQueue.to, "01041110003"));
    return row && row.attempts >= 1 ? row : undefined;
  }, "a failed attempt");
  expect(failedOnce.status).toBe("queued");
  expect(failedOnce.lastError).toContain("503");
  solapi.down = false;
  // The retry is due in 30 s: made due now, as time would, for the worker's next poll (15 s).
  await server.db
    .update(messageQueue)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(messageQueue.id, failedOnce.id));
  const row = await rowFor("01041110003", "signupReceived", 25_000);
  expect(row.status).toBe("sent");
  expect(doctor.id).toBeTruthy();
});

it("marks a message to a rejected number failed, without retrying", async () => {
  solapi.rejected.add("01041110004");
  const doctor = await signUp(server, { name: "없는번호의사", phone: "010-4111-0004" });
  const row = await rowFor("01041110004", "signupReceived");
  expect(row.status).toBe("failed");
  expect(row.attempts).toBe(1);
  expect(row.lastError).toContain("수신번호");
  // Approval still works: a failed text never fails the action.
  const res = await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
});
