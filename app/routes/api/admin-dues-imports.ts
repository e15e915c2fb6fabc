import { adminContext } from "~/features/admin/admin-api.server";
import { createImport } from "~/features/dues/import.server";
import { readStatementUpload } from "~/features/dues/upload.server";
import { yearSchema } from "~/features/dues/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-dues-imports";

// POST /api/admin/dues/{year}/imports (multipart: `file`) → 201 { id, year, fileName, rows,
// counts }: the statement's deposits, each with its proposed member. Nothing is recorded yet.
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  requireMethod(request, "POST");
  const audit = await adminContext(request, context.get(clientIpContext));
  const year = parse(yearSchema, params.year);
  const upload = await readStatementUpload(request);
  return Response.json(await createImport(year, upload.fileName, upload.bytes, audit), {
    status: 201,
    headers: { "Cache-Control": "private, no-store" },
  });
});

export const loader = methodNotAllowed("POST");
