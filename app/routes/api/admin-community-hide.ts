import { requireActor } from "~/features/accounts/actor.server";
import { itemKindOf } from "~/features/community/access.server";
import { hideItem } from "~/features/community/community.server";
import { hideSchema } from "~/features/community/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-community-hide";

// POST /api/admin/community/{posts|comments}/{id}/hide { reason } (administrators; audited, the
// author mailed the reason).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const kind = itemKindOf(args.params.kind);
  const { reason } = parse(hideSchema, await readJson(args.request));
  return Response.json(await hideItem(actor, kind, args.params.id, reason));
});

export const loader = methodNotAllowed("POST");
