import { approveMember } from "~/features/accounts/accounts.server";
import { requireAdmin } from "~/features/accounts/session.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/users-approve";

export const action = api(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  const user = await approveMember(params.id);
  return Response.json({ message: "승인되었습니다.", id: user?.id });
});

export const loader = methodNotAllowed("POST");
