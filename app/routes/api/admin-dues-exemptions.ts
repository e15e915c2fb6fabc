import { adminContext } from "~/features/admin/admin-api.server";
import { exemptMember } from "~/features/dues/dues.server";
import { exemptionSchema, yearSchema } from "~/features/dues/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-dues-exemptions";

// POST /api/admin/dues/{year}/exemptions { userId, reason } → 201 the exemption (409 twice).
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const audit = await adminContext(request, context.get(clientIpContext));
  const year = parse(yearSchema, params.year);
  const input = parse(exemptionSchema, await readJson(request));
  return Response.json(await exemptMember(year, input.userId, input.reason, audit), {
    status: 201,
  });
});

export const loader = methodNotAllowed("POST");
