import { requireActor } from "~/features/accounts/actor.server";
import { creditSendSchema } from "~/features/seminars/credit-validation";
import { sendCreditSheet } from "~/features/seminars/credits.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-seminar-credits-send";

// POST /api/admin/seminars/{id}/credits/send { objectionDays? } → the sheet, sent out (mails).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(creditSendSchema, await readJson(args.request));
  return Response.json(await sendCreditSheet(args.params.id, input, actor));
});

export const loader = methodNotAllowed("POST");
