import { requireActor } from "~/features/accounts/actor.server";
import { itemKindOf } from "~/features/community/access.server";
import { restoreItem } from "~/features/community/community.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-community-restore";

// POST /api/admin/community/{posts|comments}/{id}/restore (administrators; audited): shown again,
// its open reports decided.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const kind = itemKindOf(args.params.kind);
  await readJson(args.request);
  return Response.json(await restoreItem(actor, kind, args.params.id));
});

export const loader = methodNotAllowed("POST");
