import { requireActor } from "~/features/accounts/actor.server";
import { completePayment } from "~/features/payments/payments.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/my-payment-complete";

// POST /api/me/payments/{paymentId}/complete (empty body): back from the payment window, the
// server reads the payment from the provider and answers it as GET /api/me/payments lists it.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "member");
  return Response.json(await completePayment(actor, args.params.paymentId));
});

export const loader = methodNotAllowed("POST");
