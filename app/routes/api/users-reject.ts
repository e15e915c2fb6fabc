import { rejectMember } from "~/features/accounts/accounts.server";
import { adminContext } from "~/features/admin/admin-api.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/users-reject";

export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  const audit = await adminContext(request, context.clientIp);
  const user = await rejectMember(params.id, audit);
  return Response.json({ message: "거부되었습니다.", id: user?.id });
});

export const loader = methodNotAllowed("POST");
