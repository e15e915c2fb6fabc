import { requireActor } from "~/features/accounts/actor.server";
import { creditSheetOf } from "~/features/seminars/credits.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/admin-seminar-credits";

// GET /api/admin/seminars/{id}/credits → the credit sheet: { seminar, status, sentAt,
// objectionDeadline, lockedAt, lines } (administrators; check-in staff are refused).
export const loader = api(async (args: Route.LoaderArgs) => {
  await requireActor(args, "admin");
  return Response.json(await creditSheetOf(args.params.id));
});

export const action = methodNotAllowed("GET");
