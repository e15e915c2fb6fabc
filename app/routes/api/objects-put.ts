import { receiveUpload } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/objects-put";

// PUT to a signed upload URL: the file itself.
export const action = api(async ({ request, url }: Route.ActionArgs) => {
  requireMethod(request, "PUT");
  const token = url.searchParams.get("token");
  return Response.json(await receiveUpload(request, token));
});

export const loader = methodNotAllowed("PUT");
