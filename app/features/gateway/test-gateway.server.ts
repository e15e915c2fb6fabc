// The test gateway (PAYMENTS_PROVIDER=test): a loopback HTTP server shaped like PortOne V2's API,
// for the demo and the tests. The server talks to it through PortOne's own SDK exactly as it talks
// to PortOne, and `moveTestPayment` plays the part of the payment window and the provider's
// webhook. Its books are a table, so every instance of the site answers alike. It listens on
// 127.0.0.1 only, on a port of the system's choosing, and asks for the same API secret PortOne would.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now as clockNow } from "~/lib/clock.server";
import { AppError } from "~/lib/errors.server";
import { testGatewayPayments } from "~db/schema";

type TestPayment = Record<string, unknown> & {
  status: string;
  id: string;
  storeId: string;
  amount: {
    total: number;
    paid: number;
    cancelled: number;
    taxFree: number;
    discount: number;
    cancelledTaxFree: number;
  };
  currency: string;
  cancellations?: Record<string, unknown>[];
};

const holder = globalThis as typeof globalThis & {
  __societyTestGateway?: Promise<{ url: string; server: http.Server }>;
};

async function load(paymentId: string): Promise<TestPayment | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(testGatewayPayments)
    .where(eq(testGatewayPayments.paymentId, paymentId));
  return (row?.payment as TestPayment | undefined) ?? null;
}

async function save(payment: TestPayment) {
  const db = await getDb();
  await db
    .insert(testGatewayPayments)
    .values({ paymentId: payment.id, payment })
    .onConflictDoUpdate({ target: testGatewayPayments.paymentId, set: { payment } });
}

const fail = (status: number, type: string, message: string) => ({
  status,
  body: { type, message },
});

async function readBody(request: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) return null;
    chunks.push(chunk as Buffer);
  }
  if (chunks.length === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** One call to the loopback API, answered as PortOne answers it. */
async function answer(
  method: string,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const match = /^\/payments\/([^/?]+)(\/pre-register|\/cancel)?$/.exec(path);
  if (!match) return fail(404, "NOT_FOUND", "없는 API입니다.");
  const paymentId = decodeURIComponent(match[1]!);
  const existing = await load(paymentId);
  if (method === "POST" && match[2] === "/pre-register") {
    // A payment window that failed may be opened again with the same id, as at PortOne.
    if (existing && existing.status !== "READY" && existing.status !== "FAILED") {
      return fail(409, "ALREADY_PAID", "이미 결제된 결제 건입니다.");
    }
    const at = clockNow().toISOString();
    const total = Number(body.totalAmount);
    if (!Number.isInteger(total) || total <= 0) {
      return fail(400, "INVALID_REQUEST", "금액이 올바르지 않습니다.");
    }
    await save({
      status: "READY",
      id: paymentId,
      transactionId: crypto.randomUUID(),
      merchantId: "merchant-test",
      storeId: String(body.storeId ?? ""),
      channel: { type: "TEST" },
      version: "V2",
      requestedAt: at,
      updatedAt: at,
      statusChangedAt: at,
      orderName: "",
      amount: { total, taxFree: 0, discount: 0, paid: 0, cancelled: 0, cancelledTaxFree: 0 },
      currency: String(body.currency ?? "KRW"),
      customer: {},
    });
    return { status: 200, body: {} };
  }
  if (!existing) return fail(404, "PAYMENT_NOT_FOUND", "결제 건이 존재하지 않습니다.");
  if (method === "GET" && !match[2]) return { status: 200, body: existing };
  if (method === "POST" && match[2] === "/cancel") {
    if (existing.status !== "PAID" && existing.status !== "PARTIAL_CANCELLED") {
      return fail(409, "PAYMENT_NOT_PAID", "결제가 완료되지 않은 결제 건입니다.");
    }
    // As PortOne: a bank deposit cannot be sent back without the account it goes to.
    const account = body.refundAccount as Record<string, unknown> | undefined;
    if (
      (existing.method as { type?: string } | undefined)?.type === "PaymentMethodVirtualAccount" &&
      !(account?.bank && account.number && account.holderName)
    ) {
      return fail(400, "INVALID_REQUEST", "가상계좌 결제 취소에는 환불 계좌 정보가 필요합니다.");
    }
    const cancellable = existing.amount.paid - existing.amount.cancelled;
    const amount = body.amount === undefined ? cancellable : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > cancellable) {
      return fail(
        409,
        "CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT",
        "취소 금액이 취소 가능 금액을 초과했습니다.",
      );
    }
    const at = clockNow().toISOString();
    const cancellation = {
      status: "SUCCEEDED",
      id: crypto.randomUUID(),
      totalAmount: amount,
      taxFreeAmount: 0,
      vatAmount: 0,
      reason: String(body.reason ?? ""),
      cancelledAt: at,
      requestedAt: at,
    };
    existing.amount.cancelled += amount;
    existing.cancellations = [...(existing.cancellations ?? []), cancellation];
    existing.status =
      existing.amount.cancelled >= existing.amount.paid ? "CANCELLED" : "PARTIAL_CANCELLED";
    existing.updatedAt = at;
    existing.statusChangedAt = at;
    await save(existing);
    return { status: 200, body: { cancellation } };
  }
  return fail(404, "NOT_FOUND", "없는 API입니다.");
}

/** Starts the loopback API once per process; answers its base URL. */
export function startTestGateway(apiSecret: string): Promise<string> {
  holder.__societyTestGateway ??= new Promise((resolve, reject) => {
    const server = http.createServer(async (request, response) => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `PortOne ${apiSecret}`) {
        send(401, { type: "UNAUTHORIZED", message: "인증 정보가 올바르지 않습니다." });
        return;
      }
      const body = await readBody(request);
      if (body === null) {
        send(400, { type: "INVALID_REQUEST", message: "요청 본문이 올바르지 않습니다." });
        return;
      }
      try {
        const url = new URL(request.url ?? "/", "http://127.0.0.1");
        const result = await answer(request.method ?? "GET", url.pathname, body);
        send(result.status, result.body);
      } catch {
        send(500, { type: "INTERNAL", message: "테스트 게이트웨이 오류" });
      }
    });
    // The site's own shutdown must not wait for this listener.
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, server });
    });
  });
  return holder.__societyTestGateway.then(({ url }) => url);
}

export const TEST_OUTCOMES = ["paid", "failed", "vbank_issued", "vbank_deposited"] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

/** What the payment window would have sent the provider: the way chosen, the 현금영수증. */
export type TestPaymentChoice = {
  method: string;
  easyPay?: string | null;
  orderName: string;
  cashReceipt?: boolean;
  /** A different amount than the one registered: the case the server must refuse. */
  amount?: number;
};

const METHOD_TYPES: Record<string, string> = {
  card: "PaymentMethodCard",
  transfer: "PaymentMethodTransfer",
  virtual_account: "PaymentMethodVirtualAccount",
  easy_pay: "PaymentMethodEasyPay",
};

const conflict = (message: string) => new AppError("conflict", message);

/**
 * Moves a test payment as the payer and the provider would: paid, failed, a 가상계좌 issued, or
 * its deposit. Answers the webhook type the provider would then send.
 */
export async function moveTestPayment(
  paymentId: string,
  outcome: TestOutcome,
  choice: TestPaymentChoice,
): Promise<string> {
  const payment = await load(paymentId);
  if (!payment) throw new AppError("not_found", "결제 건을 찾을 수 없습니다.");
  const at = clockNow().toISOString();
  const vbank = choice.method === "virtual_account";
  const open = payment.status === "READY" || payment.status === "FAILED";
  let type: string;
  if (outcome === "paid") {
    if (!open) throw conflict("이미 처리된 결제입니다.");
    if (vbank) throw conflict("가상계좌는 발급 후 입금으로 결제됩니다.");
    type = "Transaction.Paid";
  } else if (outcome === "failed") {
    if (!open && payment.status !== "VIRTUAL_ACCOUNT_ISSUED") {
      throw conflict("이미 처리된 결제입니다.");
    }
    type = "Transaction.Failed";
  } else if (outcome === "vbank_issued") {
    if (!open) throw conflict("이미 처리된 결제입니다.");
    if (!vbank) throw conflict("가상계좌로 결제하는 건이 아닙니다.");
    type = "Transaction.VirtualAccountIssued";
  } else {
    if (payment.status !== "VIRTUAL_ACCOUNT_ISSUED") throw conflict("발급된 가상계좌가 없습니다.");
    type = "Transaction.Paid";
  }
  payment.orderName = choice.orderName;
  payment.method = {
    type: METHOD_TYPES[choice.method] ?? "PaymentMethodCard",
    ...(choice.method === "easy_pay" ? { provider: (choice.easyPay ?? "").toUpperCase() } : {}),
    ...(vbank
      ? {
          bank: "SHINHAN",
          accountNumber: `56211${String(crypto.randomInt(10 ** 8)).padStart(8, "0")}`,
          remitteeName: "대한개원의학회(테스트)",
          expiredAt: new Date(Date.parse(at) + 3 * 24 * 60 * 60 * 1000).toISOString(),
          ...(payment.method as Record<string, unknown> | undefined),
        }
      : {}),
  };
  payment.updatedAt = at;
  payment.statusChangedAt = at;
  if (type === "Transaction.Paid") {
    payment.status = "PAID";
    payment.paidAt = at;
    payment.pgTxId = `test-${crypto.randomBytes(6).toString("hex")}`;
    if (choice.amount !== undefined) payment.amount.total = choice.amount;
    payment.amount.paid = payment.amount.total;
    if (choice.cashReceipt && (vbank || choice.method === "transfer")) {
      payment.cashReceipt = {
        status: "ISSUED",
        issueNumber: String(crypto.randomInt(10 ** 9)).padStart(9, "0"),
        totalAmount: payment.amount.total,
        currency: "KRW",
        issuedAt: at,
      };
    }
  } else if (type === "Transaction.Failed") {
    payment.status = "FAILED";
    payment.failure = { reason: "테스트 결제 실패" };
  } else {
    payment.status = "VIRTUAL_ACCOUNT_ISSUED";
  }
  await save(payment);
  return type;
}

/** A webhook as PortOne signs it (Standard Webhooks: HMAC-SHA256 of id.timestamp.body). */
export function signTestWebhook(secret: string, type: string, paymentId: string, storeId: string) {
  const body = JSON.stringify({
    type,
    timestamp: clockNow().toISOString(),
    data: { paymentId, storeId, transactionId: crypto.randomUUID() },
  });
  const id = `msg_${crypto.randomBytes(12).toString("hex")}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = crypto
    .createHmac("sha256", key)
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return {
    body,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": timestamp,
      "webhook-signature": `v1,${signature}`,
    },
  };
}
