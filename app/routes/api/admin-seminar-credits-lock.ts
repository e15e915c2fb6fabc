import { requireActor } from "~/features/accounts/actor.server";
import { creditLockSchema } from "~/features/seminars/credit-validation";
import { lockCreditSheet } from "~/features/seminars/credits.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-seminar-credits-lock";

// POST /api/admin/seminars/{id}/credits/lock { reason? } → the sheet, locked (final mails,
// certificates). Before the objection deadline only with a reason (audited): 409 without one.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(creditLockSchema, await readJson(args.request));
  return Response.json(await lockCreditSheet(args.params.id, input, actor));
});

export const loader = methodNotAllowed("POST");
