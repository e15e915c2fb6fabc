// Text messages in tests: the JSON files of DATA_DIR/outbox/messages, the queue's rows, and a
// loopback HTTP server shaped like Solapi's messages API (v4) that checks each request's signature.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { messageQueue } from "~db/schema";
import { waitUntil } from "./mail";
import type { TestServer } from "./test-server";

export type OutboxMessage = {
  to: string;
  channel: "alimtalk" | "sms" | "lms";
  template: string;
  text: string;
  buttons: { name: string; url: string }[];
  createdAt: string;
};

export function messageOutbox(dataDir = process.env.DATA_DIR ?? ""): OutboxMessage[] {
  const dir = path.join(dataDir, "outbox", "messages");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as OutboxMessage);
}

/** Waits for the outbox to hold a message of `template` to `to` (digits) and answers it. */
export function waitForText(to: string, template: string, timeout = 10_000) {
  return waitUntil(
    () => messageOutbox().find((m) => m.to === to && m.template === template),
    `a ${template} message to ${to} in the outbox`,
    timeout,
  );
}

export function queuedTextsTo(server: TestServer, to: string) {
  return server.db.select().from(messageQueue).where(eq(messageQueue.to, to));
}

export type SolapiRequest = {
  authorization: string;
  signatureValid: boolean;
  message: {
    to: string;
    from: string;
    text: string;
    type: string;
    kakaoOptions?: { pfId: string; templateId: string };
  };
};

export type FakeSolapi = {
  url: string;
  requests: SolapiRequest[];
  /** While true, every call answers 503 (an outage). */
  down: boolean;
  /** Numbers whose 알림톡 is refused (not a KakaoTalk user). */
  noKakao: Set<string>;
  /** Numbers refused on every channel (a number that does not exist). */
  rejected: Set<string>;
  stop: () => Promise<void>;
};

/** Solapi's signature: hex HMAC-SHA256 of date + salt, keyed with the API secret. */
function verify(header: string, apiKey: string, apiSecret: string) {
  const match =
    /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(header);
  if (!match || match[1] !== apiKey) return false;
  const [, , date, salt, signature] = match;
  if (Math.abs(Date.now() - new Date(date!).getTime()) > 15 * 60 * 1000) return false;
  const expected = crypto
    .createHmac("sha256", apiSecret)
    .update(date! + salt!)
    .digest("hex");
  return expected === signature;
}

export async function startFakeSolapi(apiKey: string, apiSecret: string): Promise<FakeSolapi> {
  const fake: FakeSolapi = {
    url: "",
    requests: [],
    down: false,
    noKakao: new Set(),
    rejected: new Set(),
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (fake.down) return answer(503, { errorCode: "ServiceUnavailable" });
      if (req.method !== "POST" || req.url !== "/messages/v4/send-many/detail") {
        return answer(404, { errorCode: "NotFound" });
      }
      const authorization = String(req.headers.authorization ?? "");
      const signatureValid = verify(authorization, apiKey, apiSecret);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        messages: SolapiRequest["message"][];
      };
      for (const message of body.messages) {
        fake.requests.push({ authorization, signatureValid, message });
      }
      if (!signatureValid) {
        return answer(401, { errorCode: "SignatureDoesNotMatch", errorMessage: "bad signature" });
      }
      const failed = body.messages.filter(
        (m) => fake.rejected.has(m.to) || (m.type === "ATA" && fake.noKakao.has(m.to)),
      );
      return answer(200, {
        groupInfo: { count: { total: body.messages.length } },
        failedMessageList: failed.map((m) => ({
          to: m.to,
          type: m.type,
          statusCode: fake.rejected.has(m.to) ? "1062" : "3104",
          statusMessage: fake.rejected.has(m.to) ? "수신번호 형식 오류" : "카카오톡 미사용자",
        })),
        messageList: body.messages
          .filter((m) => !failed.includes(m))
          .map((m, i) => ({ messageId: `M${Date.now()}${i}`, to: m.to, statusCode: "2000" })),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
