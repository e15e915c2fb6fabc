import { requireActor } from "~/features/accounts/actor.server";
import { myPayments } from "~/features/payments/payments.server";
import { paymentListSchema } from "~/features/payments/validation";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/my-payments";

// GET /api/me/payments?page= → { items: [{ paymentId, purpose, orderName, amount, status, method,
// paidAt, refundedAmount, … }], total, page, pageSize }: the member's online payments, newest first.
export const loader = api(async (args: Route.LoaderArgs) => {
  const { user } = await requireActor(args, "member");
  const { page } = paymentListSchema.parse(Object.fromEntries(args.url.searchParams));
  return Response.json(await myPayments(user.id, page));
});
