import { receiveUpload } from "~/features/uploads/uploads.server";
import { AppError, api, methodNotAllowed } from "~/lib/errors.server";
import type { Route } from "./+types/objects-put";

// PUT to a signed upload URL: the file itself.
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "PUT") throw new AppError("invalid", "PUT 요청만 허용됩니다.");
  const token = new URL(request.url).searchParams.get("token");
  return Response.json(await receiveUpload(request, token));
});

export const loader = methodNotAllowed("PUT");
