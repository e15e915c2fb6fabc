// Solapi's HTTP API (messages v4), spoken directly: the official SDK cannot be pointed at another
// address, and the tests run against a loopback server shaped like Solapi. Every request carries
// the HMAC-SHA256 signature Solapi checks: hex HMAC of date + salt with the API secret.
import crypto from "node:crypto";
import { env } from "~/env.server";

export type SolapiMessage = {
  to: string;
  text: string;
  type: "ATA" | "SMS" | "LMS";
  subject?: string;
  templateId?: string;
  buttons?: { name: string; url: string }[];
};

/** The provider answered and refused this message (a rejected number, a template mismatch). */
export class SolapiRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export function solapiAuthorization(apiKey: string, apiSecret: string, date = new Date()) {
  const iso = date.toISOString();
  const salt = crypto.randomBytes(16).toString("hex");
  const signature = crypto
    .createHmac("sha256", apiSecret)
    .update(iso + salt)
    .digest("hex");
  return `HMAC-SHA256 apiKey=${apiKey}, date=${iso}, salt=${salt}, signature=${signature}`;
}

const baseUrl = () => (env.SOLAPI_API_URL ?? "https://api.solapi.com").replace(/\/+$/, "");

/**
 * Sends one message. Resolves when Solapi accepted it; throws SolapiRefusal when Solapi refused
 * this message, and any other error when Solapi could not be reached or failed (worth a retry).
 */
export async function sendThroughSolapi(message: SolapiMessage) {
  const body = {
    messages: [
      {
        to: message.to,
        from: env.SOLAPI_SENDER,
        text: message.text,
        type: message.type,
        ...(message.subject ? { subject: message.subject } : {}),
        ...(message.type === "ATA"
          ? {
              kakaoOptions: {
                pfId: env.KAKAO_PFID,
                templateId: message.templateId,
                // The fallback is ours (a refused 알림톡 is sent again as SMS/LMS), so Solapi's is off.
                disableSms: true,
                buttons: message.buttons?.map((b) => ({
                  buttonType: "WL",
                  buttonName: b.name,
                  linkMo: b.url,
                  linkPc: b.url,
                })),
              },
            }
          : {}),
      },
    ],
  };
  const response = await fetch(`${baseUrl()}/messages/v4/send-many/detail`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: solapiAuthorization(env.SOLAPI_API_KEY ?? "", env.SOLAPI_API_SECRET ?? ""),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) {
    throw new Error(`Solapi answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
  const result = (await response.json()) as {
    failedMessageList?: { statusCode?: string; statusMessage?: string }[];
  };
  const failed = result.failedMessageList?.[0];
  if (failed) {
    throw new SolapiRefusal(failed.statusMessage ?? "refused", String(failed.statusCode ?? ""));
  }
}
