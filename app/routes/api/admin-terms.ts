import { requireActor } from "~/features/accounts/actor.server";
import { publishTerms } from "~/features/admin/site-settings.server";
import { TERMS_BODY_BYTES, termsSchema } from "~/features/society/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-terms";

// POST /api/admin/terms { body } → 201 { version, publishedAt }: a new 이용약관 version, in force
// from now; sign-ups from now on record it as the version agreed to. The terms in force are read on
// /terms, so a GET here is a 405 as on every other call that only writes.
export const loader = methodNotAllowed("POST");

export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const { body } = parse(termsSchema, await readJson(args.request, { maxBytes: TERMS_BODY_BYTES }));
  return Response.json(await publishTerms(actor, body), { status: 201 });
});
