import { createAction } from "~/features/admin/admin-api.server";
import {
  countExecutives,
  createExecutive,
  listExecutives,
} from "~/features/executives/executives.server";
import { executiveSchema } from "~/features/executives/validation";
import { api } from "~/lib/errors.server";
import { listCallResponse } from "~/lib/list-page.server";
import type { Route } from "./+types/executives";

// GET /api/executives: ascending by order; `?page=&pageSize=` (≤ 100) answers one page.
export const loader = api(async ({ request }: Route.LoaderArgs) =>
  listCallResponse(request, { rows: (window) => listExecutives(window), count: countExecutives }),
);

// POST /api/executives (administrators; beyond SPEC.md, the dashboard edits executives).
export const action = createAction(executiveSchema, createExecutive);
