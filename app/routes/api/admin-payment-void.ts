import { requireActor } from "~/features/accounts/actor.server";
import { voidPayment } from "~/features/dues/dues.server";
import { voidSchema } from "~/features/dues/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-payment-void";

// POST /api/admin/payments/{id}/void { reason } → the voided payment (400 without a reason, 409
// when already void). The payment stays in the books.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(voidSchema, await readJson(args.request));
  return Response.json(await voidPayment(actor, args.params.id, input.reason));
});

export const loader = methodNotAllowed("POST");
