import { requireActor } from "~/features/accounts/actor.server";
import { itemKindOf } from "~/features/community/access.server";
import { pinPost } from "~/features/community/community.server";
import { pinSchema } from "~/features/community/validation";
import { AppError, api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-community-pin";

// POST /api/admin/community/posts/{id}/pin { pinned? } (administrators; audited): pinned to the
// top of the board, or unpinned with `pinned: false`. Comments are never pinned.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  if (itemKindOf(args.params.kind) !== "posts") {
    throw new AppError("invalid", "댓글은 고정할 수 없습니다.");
  }
  const { pinned } = parse(pinSchema, await readJson(args.request));
  return Response.json(await pinPost(actor, args.params.id, pinned));
});

export const loader = methodNotAllowed("POST");
