import { adminContext } from "~/features/admin/admin-api.server";
import { creditSendSchema } from "~/features/seminars/credit-validation";
import {
  creditSheetOf,
  lockCreditSheet,
  sendCreditSheet,
} from "~/features/seminars/credits.server";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-seminar-credits";

const PRIVATE = { "Cache-Control": "private, no-store" };

// GET /api/admin/seminars/{id}/credits → the credit sheet: { seminar, status, sentAt,
// objectionDeadline, lockedAt, lines } (administrators; check-in staff are refused).
export const loader = api(async ({ request, params, context, url }: Route.LoaderArgs) => {
  if (/\/(send|lock)$/.test(url.pathname)) requireMethod(request, "POST");
  await adminContext(request, context.get(clientIpContext));
  return Response.json(await creditSheetOf(params.id), { headers: PRIVATE });
});

// POST /api/admin/seminars/{id}/credits/send { objectionDays? } → the sheet, sent out (mails);
// POST /api/admin/seminars/{id}/credits/lock → the sheet, locked (mails, certificates).
export const action = api(async ({ request, params, context, url }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const audit = await adminContext(request, context.get(clientIpContext));
  if (url.pathname.endsWith("/lock")) {
    return Response.json(await lockCreditSheet(params.id, audit), { headers: PRIVATE });
  }
  const input = parse(creditSendSchema, await readJson(request));
  return Response.json(await sendCreditSheet(params.id, input, audit), { headers: PRIVATE });
});
