import { requestUploadUrl } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed } from "~/lib/errors.server";
import { requesterOf } from "~/lib/request-context.server";
import type { Route } from "./+types/objects-upload-public";

// POST /api/objects/upload-public: an upload URL for the licence image of a sign-up. The object
// stays private and belongs to nobody until a sign-up claims it. Anyone may ask, so besides the
// general limit an address gets SIGNUP_UPLOADS_PER_IP_PER_HOUR of these an hour: enough for a
// sign-up retried a few times, not for using the site as free file storage (and unclaimed
// uploads are deleted after an hour, features/uploads/sweep.server.ts).
export const action = api(async ({ request, context }: Route.ActionArgs) =>
  Response.json(await requestUploadUrl(null, requesterOf({ request, context }))),
);

export const loader = methodNotAllowed("POST");
