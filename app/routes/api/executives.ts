import { createAction } from "~/features/admin/admin-api.server";
import { createExecutive, listExecutives } from "~/features/executives/executives.server";
import { executiveSchema } from "~/features/executives/validation";
import { api } from "~/lib/errors.server";

export const loader = api(async () => {
  return Response.json(await listExecutives());
});

// POST /api/executives (administrators; beyond SPEC.md, the dashboard edits executives).
export const action = createAction(executiveSchema, createExecutive);
