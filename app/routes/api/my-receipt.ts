import { requireUser } from "~/features/accounts/session.server";
import { myPayment } from "~/features/dues/dues.server";
import { receiptDisposition, receiptPdf } from "~/features/dues/receipts.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/my-receipt";

// GET /api/me/payments/{id}/receipt.pdf and /mypage/receipts/{id}: the 납부확인서 of the signed-in
// member's own payment (anyone else's, or a voided one, is a 404).
export const loader = api(async ({ request, params, url }: Route.LoaderArgs) => {
  const user = await requireUser({ request, url });
  const payment = await myPayment(user.id, params.id);
  const pdf = await receiptPdf({ ...payment, memberName: user.name });
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": receiptDisposition(payment.receiptCode),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
});
