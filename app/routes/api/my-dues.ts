import { requireUser } from "~/features/accounts/session.server";
import { myDues } from "~/features/dues/dues.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/my-dues";

// GET /api/me/dues → the signed-in member's dues for the current Seoul year: { year, status,
// amountDue, bankAccount, depositorName, dueDate, payments: [{ id, year, amount, method, paidAt }] }.
export const loader = api(async ({ request, url }: Route.LoaderArgs) => {
  const user = await requireUser({ request, url });
  const dues = await myDues(user);
  return Response.json({
    year: dues.year,
    status: dues.status,
    amountDue: dues.amountDue,
    bankAccount: dues.bankAccount,
    depositorName: dues.depositorName,
    dueDate: dues.dueDate,
    graceUntil: dues.graceUntil,
    fullStanding: dues.fullStanding,
    payments: dues.payments.map(({ id, year, amount, method, paidAt }) => ({
      id,
      year,
      amount,
      method,
      paidAt,
    })),
  });
});
