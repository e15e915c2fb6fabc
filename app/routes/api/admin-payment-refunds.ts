import { requireActor } from "~/features/accounts/actor.server";
import { refundByOffice } from "~/features/payments/payments.server";
import { refundSchema } from "~/features/payments/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-payment-refunds";

// POST /api/admin/payments/{paymentId}/refunds { amount?, reason, refundAccount? } → 201, the payment after the
// refund: the office returns part (amount) or all (no amount) of an online payment through the
// provider, with a reason (audited; the member is mailed).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(refundSchema, await readJson(args.request));
  return Response.json(await refundByOffice(actor, args.params.paymentId, input), {
    status: 201,
  });
});

export const loader = methodNotAllowed("POST");
