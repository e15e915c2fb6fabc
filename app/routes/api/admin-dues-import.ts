import { requireActor } from "~/features/accounts/actor.server";
import { importPreview } from "~/features/dues/import.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/admin-dues-import";

// GET /api/admin/dues/imports/{id} → the import with each deposit's match as it stands now.
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  return Response.json(await importPreview(actor, args.params.id));
});

export const action = methodNotAllowed("GET");
