import { requireActor } from "~/features/accounts/actor.server";
import { officeMessageLog } from "~/features/admin/office-messages.server";
import { api } from "~/lib/errors.server";
import { pageFromUrl } from "~/lib/paging";
import type { Route } from "./+types/admin-message";

// GET /api/admin/messages/{id}?page= → the send and its per-recipient log: each member's number,
// and whether the message was sent, fell back to SMS, failed (with why) or still waits.
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  return Response.json(
    await officeMessageLog(actor, args.params.id, pageFromUrl(args.url.searchParams)),
  );
});
