import { receiveUpload } from "~/features/uploads/uploads.server";
import { api, methodNotAllowed, requireMethod } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/objects-put";

// PUT to a signed upload URL: the file itself.
export const action = api(async ({ request, url, context }: Route.ActionArgs) => {
  requireMethod(request, "PUT");
  const token = url.searchParams.get("token");
  return Response.json(await receiveUpload(request, token, context.get(clientIpContext)));
});

export const loader = methodNotAllowed("PUT");
