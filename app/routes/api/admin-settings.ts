import { requireActor } from "~/features/accounts/actor.server";
import { saveSocietySettings } from "~/features/admin/site-settings.server";
import { societySettingsForm } from "~/features/society/settings.server";
import { societySettingsSchema } from "~/features/society/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-settings";

// GET /api/admin/settings → the footer's legal lines as the site shows them, and updatedAt.
export const loader = api(async (args: Route.LoaderArgs) => {
  await requireActor(args, "admin");
  return Response.json(await societySettingsForm());
});

// PUT /api/admin/settings { representative, registrationLabel, registrationNumber, address,
// phone, fax, email, privacyOfficer, privacyOfficerContact } → the lines as now shown.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "PUT");
  const actor = await requireActor(args, "admin");
  const input = parse(societySettingsSchema, await readJson(args.request));
  return Response.json(await saveSocietySettings(actor, input));
});
