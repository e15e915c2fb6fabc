import { requireUser } from "~/features/accounts/session.server";
import { limitAuthRequestsByIp } from "~/features/security/rate-limit.server";
import { createUploadUrl } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/objects-upload";

// POST /api/objects/upload: an upload URL for a logged-in user (administrators' uploads are public).
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  const user = await requireUser(request);
  await limitAuthRequestsByIp(context.clientIp);
  return Response.json(createUploadUrl(new URL(request.url).origin, user));
});

export const loader = methodNotAllowed("POST");
