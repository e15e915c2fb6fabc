// The payment provider as the server sees it: PortOne V2's API through its own SDK, whether it is
// PortOne itself (PAYMENTS_PROVIDER=portone) or the test gateway's PortOne-shaped loopback API
// (PAYMENTS_PROVIDER=test). Both go through this one file, so the test gateway exercises the code
// that real money goes through: the pre-registered amount, the payment read back, the signed
// webhook, the cancel call.
import crypto from "node:crypto";
import { PortOneClient } from "@portone/server-sdk";
import * as Webhook from "@portone/server-sdk/webhook";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { appSecret } from "~/lib/secret.server";
import { logger } from "~/logger.server";
import { startTestGateway } from "./test-gateway.server";

export type PaymentsMode = "off" | "portone" | "test";

export const paymentsMode = (): PaymentsMode => env.PAYMENTS_PROVIDER ?? "off";

/** The ways to pay we offer, in the order the checkout lists them. */
export const PAY_METHODS = ["card", "transfer", "virtual_account", "easy_pay"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const EASY_PAYS = ["kakaopay", "naverpay", "tosspay"] as const;
export type EasyPay = (typeof EASY_PAYS)[number];

/** A derived test secret: stable across restarts and instances, never a real key. */
const testSecret = (label: string) =>
  crypto.createHmac("sha256", appSecret()).update(`portone-test:${label}`).digest("base64");

export type ProviderSettings = {
  storeId: string;
  apiSecret: string;
  webhookSecret: string;
  /** Channel keys by way of paying; a way without one is not offered. */
  channels: Partial<Record<PayMethod | EasyPay, string>>;
};

export function providerSettings(): ProviderSettings {
  const test = paymentsMode() === "test";
  const channels: ProviderSettings["channels"] = {
    card: env.PORTONE_CHANNEL_KEY_CARD,
    transfer: env.PORTONE_CHANNEL_KEY_TRANSFER,
    virtual_account: env.PORTONE_CHANNEL_KEY_VIRTUAL_ACCOUNT,
    kakaopay: env.PORTONE_CHANNEL_KEY_KAKAOPAY,
    naverpay: env.PORTONE_CHANNEL_KEY_NAVERPAY,
    tosspay: env.PORTONE_CHANNEL_KEY_TOSSPAY,
  };
  if (test) {
    for (const way of [...PAY_METHODS.filter((m) => m !== "easy_pay"), ...EASY_PAYS]) {
      channels[way] ??= `channel-key-test-${way}`;
    }
  }
  return {
    storeId: env.PORTONE_STORE_ID ?? (test ? "store-test-society" : ""),
    apiSecret: env.PORTONE_API_SECRET ?? (test ? testSecret("api") : ""),
    webhookSecret: env.PORTONE_WEBHOOK_SECRET ?? (test ? `whsec_${testSecret("webhook")}` : ""),
    channels: Object.fromEntries(Object.entries(channels).filter(([, key]) => key)),
  };
}

/** The ways to pay this site offers now (a way needs its channel key). */
export function offeredMethods(): { methods: PayMethod[]; easyPays: EasyPay[] } {
  const { channels } = providerSettings();
  const easyPays = EASY_PAYS.filter((e) => channels[e]);
  const methods = PAY_METHODS.filter((m) => (m === "easy_pay" ? easyPays.length > 0 : channels[m]));
  return { methods, easyPays };
}

async function client() {
  const settings = providerSettings();
  const baseUrl =
    env.PORTONE_API_URL ??
    (paymentsMode() === "test" ? await startTestGateway(settings.apiSecret) : undefined);
  return PortOneClient({ secret: settings.apiSecret, baseUrl, storeId: settings.storeId });
}

const unavailable = (error: unknown) => {
  logger.error({ err: error }, "payment provider call failed");
  return new AppError(
    "provider_failed",
    "결제 서비스와 통신하지 못했습니다. 잠시 후 다시 시도해주세요.",
  );
};

/** Fixes the amount at the provider before the browser opens the payment window. */
export async function preRegister(paymentId: string, amount: number) {
  const portone = await client();
  try {
    await portone.payment.preRegisterPayment({
      paymentId,
      totalAmount: amount,
      currency: "KRW",
    });
  } catch (error) {
    throw unavailable(error);
  }
}

/** What the provider says of a payment, in our words. Fields the status does not have are null. */
export type ProviderPayment = {
  status:
    | "ready"
    | "pending"
    | "vbank_issued"
    | "paid"
    | "failed"
    | "cancelled"
    | "partially_cancelled"
    | "unknown";
  storeId: string | null;
  total: number;
  cancelled: number;
  currency: string | null;
  method: PayMethod | null;
  easyPay: string | null;
  transactionId: string | null;
  paidAt: string | null;
  failReason: string | null;
  receiptUrl: string | null;
  cashReceiptNumber: string | null;
  virtualAccount: {
    bank: string;
    accountNumber: string;
    holder: string;
    dueAt: string | null;
  } | null;
  cancellations: { id: string; amount: number; reason: string }[];
};

const STATUS: Record<string, ProviderPayment["status"]> = {
  READY: "ready",
  PAY_PENDING: "pending",
  VIRTUAL_ACCOUNT_ISSUED: "vbank_issued",
  PAID: "paid",
  FAILED: "failed",
  CANCELLED: "cancelled",
  PARTIAL_CANCELLED: "partially_cancelled",
};

const METHOD: Record<string, PayMethod> = {
  PaymentMethodCard: "card",
  PaymentMethodTransfer: "transfer",
  PaymentMethodVirtualAccount: "virtual_account",
  PaymentMethodEasyPay: "easy_pay",
};

type Loose = Record<string, unknown> & { [key: string]: unknown };
const str = (value: unknown) => (typeof value === "string" ? value : null);

/** Reads a payment back from the provider; null when the provider does not know it. */
export async function readPayment(paymentId: string): Promise<ProviderPayment | null> {
  const portone = await client();
  let raw: Loose;
  try {
    raw = (await portone.payment.getPayment({ paymentId })) as unknown as Loose;
  } catch (error) {
    const type = (error as { data?: { type?: string } }).data?.type;
    if (type === "PAYMENT_NOT_FOUND") return null;
    throw unavailable(error);
  }
  const amount = (raw.amount ?? {}) as Loose;
  const method = (raw.method ?? {}) as Loose;
  const cashReceipt = (raw.cashReceipt ?? {}) as Loose;
  const cancellations = Array.isArray(raw.cancellations) ? (raw.cancellations as Loose[]) : [];
  const isVbank = method.type === "PaymentMethodVirtualAccount";
  return {
    status: STATUS[String(raw.status)] ?? "unknown",
    storeId: str(raw.storeId),
    total: Number(amount.total ?? 0),
    cancelled: Number(amount.cancelled ?? 0),
    currency: str(raw.currency),
    method: METHOD[String(method.type)] ?? null,
    easyPay: str(method.provider),
    transactionId: str(raw.pgTxId) ?? str(raw.transactionId),
    paidAt: str(raw.paidAt),
    failReason: str((raw.failure as Loose | undefined)?.reason),
    receiptUrl: str(raw.receiptUrl),
    cashReceiptNumber: cashReceipt.status === "ISSUED" ? str(cashReceipt.issueNumber) : null,
    virtualAccount: isVbank
      ? {
          bank: str(method.bank) ?? "",
          accountNumber: str(method.accountNumber) ?? "",
          holder: str(method.remitteeName) ?? "",
          dueAt: str(method.expiredAt),
        }
      : null,
    cancellations: cancellations
      .filter((c) => c.status === "SUCCEEDED")
      .map((c) => ({ id: String(c.id), amount: Number(c.totalAmount), reason: String(c.reason) })),
  };
}

/** Where a 가상계좌 deposit goes back: a PortOne `Bank` code, the account number, its holder. */
export type RefundAccount = { bank: string; number: string; holderName: string };

/** Returns `amount` of a paid payment through the provider's cancel call; answers its id. */
export async function cancelAtProvider(
  paymentId: string,
  amount: number,
  reason: string,
  refundAccount?: RefundAccount,
) {
  const portone = await client();
  try {
    const answer = await portone.payment.cancelPayment({
      paymentId,
      amount,
      reason,
      // A 가상계좌 deposit goes back to the account the payer named (PortOne's `Bank` codes).
      ...(refundAccount ? { refundAccount: refundAccount as never } : {}),
    });
    const cancellation = answer.cancellation as Loose;
    return { id: String(cancellation.id), status: String(cancellation.status) };
  } catch (error) {
    const type = (error as { data?: { type?: string } }).data?.type;
    if (type === "CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT") {
      throw new AppError("conflict", "환불할 수 있는 금액을 넘었습니다.");
    }
    if (type === "PAYMENT_NOT_PAID" || type === "PAYMENT_ALREADY_CANCELLED") {
      throw new AppError("conflict", "결제가 완료되지 않았거나 이미 취소된 결제입니다.");
    }
    if (type === "INVALID_REQUEST") {
      // A refund account the bank refused, say: the provider's own words, for the office.
      const said = (error as { data?: { message?: string } }).data?.message;
      throw new AppError(
        "invalid",
        `결제대행사가 환불 요청을 받지 않았습니다${said ? `: ${said.slice(0, 200)}` : "."}`,
      );
    }
    throw unavailable(error);
  }
}

/** A webhook, verified with the webhook secret; 400 when its signature does not hold. */
export async function verifyWebhook(body: string, headers: Record<string, string>) {
  try {
    return (await Webhook.verify(providerSettings().webhookSecret, body, headers)) as {
      type: string;
      data?: { paymentId?: string };
    };
  } catch (error) {
    if (error instanceof Webhook.WebhookVerificationError) {
      throw new AppError("invalid", "웹훅 서명이 올바르지 않습니다.");
    }
    throw new AppError("invalid", "웹훅 본문을 읽을 수 없습니다.");
  }
}

/** A payment id: random, unguessable, used once (PortOne allows letters, digits, - and _). */
export const newPaymentId = () => `pay-${crypto.randomBytes(15).toString("base64url")}`;
