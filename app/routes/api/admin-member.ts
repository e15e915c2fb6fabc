import { requireActor } from "~/features/accounts/actor.server";
import { findMemberRecord, updateMember } from "~/features/members/roster.server";
import { memberPatchSchema } from "~/features/members/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import type { Route } from "./+types/admin-member";

// GET /api/admin/members/{id}: the member record (administrators; never a password hash).
export const loader = api(async (args: Route.LoaderArgs) => {
  await requireActor(args, "admin");
  return Response.json(await findMemberRecord(args.params.id));
});

// PATCH /api/admin/members/{id}: correct fields, member type and role (audited).
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "PATCH");
  const actor = await requireActor(args, "admin");
  const patch = parse(memberPatchSchema, await readJson(args.request));
  return Response.json(await updateMember(actor, args.params.id, patch));
});
