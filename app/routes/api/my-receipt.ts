import { requireActor } from "~/features/accounts/actor.server";
import { receiptDownload } from "~/features/dues/receipts.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/my-receipt";

// GET /api/me/payments/{id}/receipt.pdf: the 납부확인서 of the signed-in member's own payment
// (anyone else's, or a voided one, is a 404). The PDF is kept until what it shows changes;
// drawing new ones past the member's hourly allowance is a 429.
export const loader = api(async (args: Route.LoaderArgs) => {
  const { user } = await requireActor(args, "member");
  return receiptDownload(user, args.params.id);
});
