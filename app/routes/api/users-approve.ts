import { approveMember } from "~/features/accounts/accounts.server";
import { requireActor } from "~/features/accounts/actor.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/users-approve";

export const action = api(async (args: Route.ActionArgs) => {
  const { params } = args;
  const actor = await requireActor(args, "admin");
  const user = await approveMember(actor, params.id);
  return Response.json({ message: "승인되었습니다.", id: user?.id });
});

export const loader = methodNotAllowed("POST");
