import { adminContext } from "~/features/admin/admin-api.server";
import { voidPayment } from "~/features/dues/dues.server";
import { voidSchema } from "~/features/dues/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-payment-void";

// POST /api/admin/payments/{id}/void { reason } → the voided payment (400 without a reason, 409
// when already void). The payment stays in the books.
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const audit = await adminContext(request, context.get(clientIpContext));
  const input = parse(voidSchema, await readJson(request));
  return Response.json(await voidPayment(params.id, input.reason, audit));
});

export const loader = methodNotAllowed("POST");
