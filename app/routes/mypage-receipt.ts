import { requireActor } from "~/features/accounts/actor.server";
import { receiptDownload } from "~/features/dues/receipts.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/mypage-receipt";

// GET /mypage/receipts/{id}: the 납부확인서 download linked from /mypage (the same PDF as
// /api/me/payments/{id}/receipt.pdf); a visitor is sent to log in.
export const loader = api(async (args: Route.LoaderArgs) => {
  const { user } = await requireActor(args, "member");
  return receiptDownload(user, args.params.id);
});
