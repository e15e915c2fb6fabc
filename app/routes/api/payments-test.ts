import { moveTestPaymentAsProvider } from "~/features/payments/payments.server";
import { testOutcomeSchema } from "~/features/payments/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/payments-test";

// POST /api/payments/test/{paymentId} { outcome: "paid" | "failed" | "vbank_issued" |
// "vbank_deposited" } → { paymentId, status }. The test gateway standing in for the payer and the
// provider, so no session: it answers 404 unless PAYMENTS_PROVIDER=test. The move reaches the
// site as a signed webhook, handled as PortOne's would be.
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const input = parse(testOutcomeSchema, await readJson(request));
  return Response.json(
    await moveTestPaymentAsProvider(params.paymentId, input.outcome, { amount: input.amount }),
  );
});

export const loader = methodNotAllowed("POST");
