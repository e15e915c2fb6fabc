import { rejectMember } from "~/features/accounts/accounts.server";
import { adminContext } from "~/features/admin/admin-api.server";
import { signupRejectionSchema } from "~/features/members/validation";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/users-reject";

// POST /api/users/{id}/reject, with an optional `{ reason }` that the rejection mail includes.
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  const audit = await adminContext(request, context.get(clientIpContext));
  const { reason } = parse(signupRejectionSchema, await readJson(request));
  const user = await rejectMember(params.id, audit, reason);
  return Response.json({ message: "거부되었습니다.", id: user?.id });
});

export const loader = methodNotAllowed("POST");
