import { adminContext } from "~/features/admin/admin-api.server";
import { recordPayment } from "~/features/dues/dues.server";
import { paymentSchema } from "~/features/dues/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-payments";

// POST /api/admin/payments { userId, year, amount, method, paidAt, depositorName?, memo? } → 201.
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const audit = await adminContext(request, context.get(clientIpContext));
  const input = parse(paymentSchema, await readJson(request));
  return Response.json(await recordPayment(input, audit), { status: 201 });
});

export const loader = methodNotAllowed("POST");
