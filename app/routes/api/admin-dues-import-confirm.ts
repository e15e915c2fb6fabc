import { requireActor } from "~/features/accounts/actor.server";
import { confirmImport } from "~/features/dues/import.server";
import { importConfirmationSchema } from "~/features/dues/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-dues-import-confirm";

// POST /api/admin/dues/imports/{id}/confirm { picks: [{ index, userId }] } → { recorded, skipped }.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const input = parse(
    importConfirmationSchema,
    await readJson(args.request, { maxBytes: 1024 * 1024 }),
  );
  return Response.json(await confirmImport(actor, args.params.id, input.picks));
});

export const loader = methodNotAllowed("POST");
