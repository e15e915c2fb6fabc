import { rejectMember } from "~/features/accounts/accounts.server";
import { requireActor } from "~/features/accounts/actor.server";
import { signupRejectionSchema } from "~/features/members/validation";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/users-reject";

// POST /api/users/{id}/reject, with an optional `{ reason }` that the rejection mail includes.
export const action = api(async (args: Route.ActionArgs) => {
  const { request, params } = args;
  const actor = await requireActor(args, "admin");
  const { reason } = parse(signupRejectionSchema, await readJson(request));
  const user = await rejectMember(actor, params.id, reason);
  return Response.json({ message: "거부되었습니다.", id: user?.id });
});

export const loader = methodNotAllowed("POST");
