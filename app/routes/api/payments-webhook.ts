import { receiveWebhook } from "~/features/payments/payments.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { DEFAULT_BODY_LIMIT, readBodyBytes } from "~/lib/request-body.server";
import type { Route } from "./+types/payments-webhook";

// POST /api/payments/webhook: PortOne's webhook (no session; its signature is the proof). A bad
// signature is a 400; the same delivery twice, or an event we do not use, is a 200 that changes
// nothing. The body is read raw: the signature covers its exact bytes.
export const action = api(async ({ request }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const body = (await readBodyBytes(request, DEFAULT_BODY_LIMIT)).toString("utf8");
  const headers: Record<string, string> = {};
  for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return Response.json(await receiveWebhook(body, headers));
});

export const loader = methodNotAllowed("POST");
