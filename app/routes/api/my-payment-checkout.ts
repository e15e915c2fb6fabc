import { requireActor } from "~/features/accounts/actor.server";
import { checkout } from "~/features/payments/payments.server";
import { checkoutSchema } from "~/features/payments/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/my-payment-checkout";

// POST /api/me/payments/{paymentId}/checkout { method, easyPay?, cashReceiptType?,
// cashReceiptIdentifier? } → what the browser opens PortOne's payment window with (the amount is
// the invoice's, fixed at the provider first).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "member");
  const input = parse(checkoutSchema, await readJson(args.request));
  return Response.json(await checkout(actor, args.params.paymentId, input));
});

export const loader = methodNotAllowed("POST");
