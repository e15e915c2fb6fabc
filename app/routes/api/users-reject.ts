import { rejectMember } from "~/features/accounts/accounts.server";
import { requireAdmin } from "~/features/accounts/session.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/users-reject";

export const action = api(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  const user = await rejectMember(params.id);
  return Response.json({ message: "거부되었습니다.", id: user?.id });
});

export const loader = methodNotAllowed("POST");
