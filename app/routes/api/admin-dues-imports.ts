import { requireActor } from "~/features/accounts/actor.server";
import { createImport } from "~/features/dues/import.server";
import { readStatementUpload } from "~/features/dues/upload.server";
import { yearSchema } from "~/features/dues/validation";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import type { Route } from "./+types/admin-dues-imports";

// POST /api/admin/dues/{year}/imports (multipart: `file`) → 201 { id, year, fileName, rows,
// counts }: the statement's deposits, each with its proposed member. Nothing is recorded yet.
export const action = api(async (args: Route.ActionArgs) => {
  requireMethod(args.request, "POST");
  const actor = await requireActor(args, "admin");
  const year = parse(yearSchema, args.params.year);
  const upload = await readStatementUpload(args.request);
  return Response.json(await createImport(actor, year, upload.fileName, upload.bytes), {
    status: 201,
  });
});

export const loader = methodNotAllowed("POST");
