import { requireActor } from "~/features/accounts/actor.server";
import { yearSchema } from "~/features/dues/validation";
import { payDuesOnline } from "~/features/payments/payments.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/my-dues-payments";

// POST /api/me/dues/{year}/payments (member, empty body) → 201 { paymentId, amount }: an invoice
// for what the member still owes for the year (409 when nothing is owed or payments are off).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "member");
  const year = parse(yearSchema, args.params.year);
  return Response.json(await payDuesOnline(actor, year), { status: 201 });
});

export const loader = methodNotAllowed("POST");
