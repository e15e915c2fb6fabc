import { requireActor } from "~/features/accounts/actor.server";
import { recordPayment } from "~/features/dues/dues.server";
import { paymentSchema } from "~/features/dues/validation";
import { listPayments } from "~/features/payments/payments.server";
import { paymentListSchema } from "~/features/payments/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-payments";

// POST /api/admin/payments { userId, year, amount, method, paidAt, depositorName?, memo? } → 201.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(paymentSchema, await readJson(args.request));
  return Response.json(await recordPayment(actor, input), { status: 201 });
});

// GET /api/admin/payments?purpose=&status=&q=&page= → { items, total, page, pageSize }: every
// online payment (dues and seminar fees), newest first, with the member, method and provider's
// transaction id.
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  const query = paymentListSchema.parse(Object.fromEntries(args.url.searchParams));
  return Response.json(await listPayments(actor, query));
});
