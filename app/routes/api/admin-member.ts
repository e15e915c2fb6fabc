import { adminContext } from "~/features/admin/admin-api.server";
import { findMemberRecord, updateMember } from "~/features/members/roster.server";
import { memberPatchSchema } from "~/features/members/validation";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-member";

const privately = { headers: { "Cache-Control": "private, no-store" } };

// GET /api/admin/members/{id}: the member record (administrators; never a password hash).
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  await adminContext(request, context.get(clientIpContext));
  return Response.json(await findMemberRecord(params.id), privately);
});

// PATCH /api/admin/members/{id}: correct fields, member type and role (audited).
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "PATCH");
  const audit = await adminContext(request, context.get(clientIpContext));
  const patch = parse(memberPatchSchema, await readJson(request));
  return Response.json(await updateMember(params.id, patch, audit), privately);
});
