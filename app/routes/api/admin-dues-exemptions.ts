import { requireActor } from "~/features/accounts/actor.server";
import { exemptMember } from "~/features/dues/dues.server";
import { exemptionSchema, yearSchema } from "~/features/dues/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-dues-exemptions";

// POST /api/admin/dues/{year}/exemptions { userId, reason } → 201 the exemption (409 twice).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const year = parse(yearSchema, args.params.year);
  const input = parse(exemptionSchema, await readJson(args.request));
  return Response.json(await exemptMember(actor, year, input.userId, input.reason), {
    status: 201,
  });
});

export const loader = methodNotAllowed("POST");
