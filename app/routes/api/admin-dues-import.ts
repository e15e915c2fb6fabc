import { requireAdmin } from "~/features/accounts/session.server";
import { adminContext } from "~/features/admin/admin-api.server";
import { confirmImport, importPreview } from "~/features/dues/import.server";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-dues-import";

const confirmSchema = z.object({
  picks: z
    .array(
      z.object({
        index: z.number().int().min(0),
        userId: z.string().refine(isUuid, "회원을 선택해주세요."),
      }),
      { error: "확인할 거래를 선택해주세요." },
    )
    .max(10_000),
});

// GET /api/admin/dues/imports/{id} → the import with each deposit's match as it stands now.
const isConfirm = (request: Request) => new URL(request.url).pathname.endsWith("/confirm");

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdmin(request);
  if (isConfirm(request)) requireMethod(request, "POST");
  return Response.json(await importPreview(params.id), {
    headers: { "Cache-Control": "private, no-store" },
  });
});

// POST /api/admin/dues/imports/{id}/confirm { picks: [{ index, userId }] } → { recorded, skipped }.
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  if (!isConfirm(request)) requireMethod(request, "GET");
  const audit = await adminContext(request, context.get(clientIpContext));
  const input = parse(confirmSchema, await readJson(request, { maxBytes: 1024 * 1024 }));
  return Response.json(await confirmImport(params.id, input.picks, audit));
});
