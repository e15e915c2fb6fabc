import { requireActor } from "~/features/accounts/actor.server";
import {
  getMessagePreferences,
  setMessagePreferences,
} from "~/features/messages/preferences.server";
import { preferencesSchema } from "~/features/messages/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/me-preferences";

// GET /api/me/preferences → { messages, marketing, marketingConsentAt }
export const loader = api(async (args: Route.LoaderArgs) => {
  const { user } = await requireActor(args, "member");
  return Response.json(await getMessagePreferences(user.id));
});

// PATCH /api/me/preferences { messages?, marketing? } → the same shape as GET
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "PATCH");
  const { user } = await requireActor(args, "member");
  const change = parse(preferencesSchema, await readJson(args.request));
  return Response.json(await setMessagePreferences(user.id, change));
});
