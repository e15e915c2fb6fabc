import { adminContext } from "~/features/admin/admin-api.server";
import {
  endMemberSessions,
  reinstateMember,
  suspendMember,
} from "~/features/members/roster.server";
import { suspensionSchema } from "~/features/members/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-member-standing";

// POST /api/admin/members/{id}/suspend { reason }, …/reinstate and …/end-sessions
// (administrators; each audited) → the updated member.
export const action = api(async ({ request, params, context, url }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const audit = await adminContext(request, context.get(clientIpContext));
  const step = url.pathname.split("/").pop();
  const body = await readJson(request);
  const member =
    step === "suspend"
      ? await suspendMember(params.id, parse(suspensionSchema, body).reason, audit)
      : step === "reinstate"
        ? await reinstateMember(params.id, audit)
        : await endMemberSessions(params.id, audit);
  return Response.json(member, { headers: { "Cache-Control": "private, no-store" } });
});

export const loader = methodNotAllowed("POST");
