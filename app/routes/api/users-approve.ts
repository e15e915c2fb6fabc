import { approveMember } from "~/features/accounts/accounts.server";
import { adminContext } from "~/features/admin/admin-api.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/users-approve";

export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  const audit = await adminContext(request, context.get(clientIpContext));
  const user = await approveMember(params.id, audit);
  return Response.json({ message: "승인되었습니다.", id: user?.id });
});

export const loader = methodNotAllowed("POST");
