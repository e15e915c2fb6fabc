import { requireAdmin } from "~/features/accounts/session.server";
import { decideApplication } from "~/features/membership/applications.server";
import { decisionSchema } from "~/features/membership/validation";
import { AppError, api, methodNotAllowed, parse, readJson } from "~/lib/errors.server";
import type { Route } from "./+types/membership-application";

// PATCH /api/membership-applications/{id}: approve, or reject with a reason (administrators).
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PATCH") throw new AppError("invalid", "PATCH 요청만 허용됩니다.");
  await requireAdmin(request);
  const decision = parse(decisionSchema, await readJson(request));
  return Response.json(await decideApplication(params.id, decision));
});

export const loader = methodNotAllowed("PATCH");
