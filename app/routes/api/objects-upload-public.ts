import { limitAuthRequestsByIp } from "~/features/security/rate-limit.server";
import { createUploadUrl } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/objects-upload-public";

// POST /api/objects/upload-public: an upload URL for the licence image of a sign-up. The object
// stays private and belongs to nobody until a sign-up claims it.
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  await limitAuthRequestsByIp(context.clientIp);
  return Response.json(createUploadUrl(new URL(request.url).origin, null));
});

export const loader = methodNotAllowed("POST");
