import { requireActor } from "~/features/accounts/actor.server";
import { officeMessageSchema } from "~/features/admin/office-messages";
import {
  listOfficeMessages,
  parseOfficeFilters,
  sendOfficeMessage,
} from "~/features/admin/office-messages.server";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { pageFromUrl } from "~/lib/paging";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-messages";

// POST /api/admin/messages { filters, text, kind } → 201 { id, recipients }: the office's text
// to the members the roster's filters (or `seminarId`) pick; `{}` is every approved member. An
// advertisement reaches only members who agreed to it, framed by the server, never 21:00–08:00.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(officeMessageSchema, await readJson(args.request));
  const filters = parseOfficeFilters(input.filters);
  const sent = await sendOfficeMessage(actor, { filters, text: input.text, kind: input.kind });
  return Response.json(sent, { status: 201 });
});

// GET /api/admin/messages?page= → { items, total, page, pageSize }: the sends, newest first, each
// with its outcomes (queued, sent, fallback, failed).
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  return Response.json(await listOfficeMessages(actor, pageFromUrl(args.url.searchParams)));
});
