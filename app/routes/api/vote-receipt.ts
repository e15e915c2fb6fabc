import { checkReceipt } from "~/features/votes/votes.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/vote-receipt";

// GET /api/votes/{id}/receipts/{receipt} → { counted: true } after the close; 404 for an unknown
// receipt, 400 for a malformed one, 409 before the close. The receipt is the secret: the answer
// says only that a ballot was counted, never which.
export const loader = api(async ({ params }: Route.LoaderArgs) =>
  Response.json(await checkReceipt(params.id, params.receipt)),
);
