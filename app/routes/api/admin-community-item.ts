import { adminContext } from "~/features/admin/admin-api.server";
import { hideItem, pinPost, restoreItem } from "~/features/community/community.server";
import { hideSchema, ITEM_KINDS, type ItemKind, pinSchema } from "~/features/community/validation";
import { AppError, api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-community-item";

// POST /api/admin/community/{posts|comments}/{id}/hide { reason } (the author is mailed),
// …/restore, and /api/admin/community/posts/{id}/pin { pinned? } (administrators; each audited).
export const action = api(async ({ request, params, context, url }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const audit = await adminContext(request, context.get(clientIpContext));
  if (!(ITEM_KINDS as readonly string[]).includes(params.kind)) {
    throw new AppError("not_found", "요청하신 항목을 찾을 수 없습니다.");
  }
  const kind = params.kind as ItemKind;
  const step = url.pathname.split("/").pop();
  const body = await readJson(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (step === "hide") {
    const { reason } = parse(hideSchema, body);
    return Response.json(await hideItem(kind, params.id, reason, audit), { headers });
  }
  if (step === "restore")
    return Response.json(await restoreItem(kind, params.id, audit), { headers });
  if (kind !== "posts") throw new AppError("invalid", "댓글은 고정할 수 없습니다.");
  const { pinned } = parse(pinSchema, body);
  return Response.json(await pinPost(params.id, pinned, audit), { headers });
});

export const loader = methodNotAllowed("POST");
