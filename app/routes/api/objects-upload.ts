import { requireUser } from "~/features/accounts/session.server";
import { requestUploadUrl } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import { requesterOf } from "~/lib/request-context.server";
import type { Route } from "./+types/objects-upload";

// POST /api/objects/upload: an upload URL for a logged-in user (administrators' uploads are public).
export const action = api(async ({ request, context, url }: Route.ActionArgs) => {
  const user = await requireUser({ request, url });
  return Response.json(await requestUploadUrl(user, requesterOf({ request, context })));
});

export const loader = methodNotAllowed("POST");
