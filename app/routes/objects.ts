import { getCurrentUser } from "~/features/accounts/session.server";
import { readObject } from "~/features/uploads/uploads.server";
import { isUuid } from "~/lib/ids";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/objects";

// GET /objects/{id}: public images for anyone; private ones (licence images) only for their
// owner and administrators, and 404 for anyone else so their existence is not revealed.
// (helmet adds X-Content-Type-Options: nosniff to every response.)
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id;
  const notFound = () =>
    new Response("파일을 찾을 수 없습니다.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  if (!isUuid(id)) return notFound();
  const object = await readObject(id, await getCurrentUser(request), context.get(clientIpContext));
  if (!object) return notFound();
  return new Response(new Uint8Array(object.body), {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": "inline",
      "Cache-Control":
        object.visibility === "public"
          ? "public, max-age=31536000, immutable"
          : "private, no-store",
    },
  });
}
