import { createAction } from "~/features/admin/admin-api.server";
import { countHistory, createHistoryEvent, listHistory } from "~/features/history/history.server";
import { historySchema } from "~/features/history/validation";
import { api } from "~/lib/errors.server";
import { listCallResponse } from "~/lib/list-page.server";
import type { Route } from "./+types/history";

// GET /api/history: chronological; `?page=&pageSize=` (≤ 100) answers one page.
export const loader = api(async ({ request }: Route.LoaderArgs) =>
  listCallResponse(request, { rows: (window) => listHistory(window), count: countHistory }),
);

// POST /api/history (administrators; beyond SPEC.md, the dashboard edits the timeline).
export const action = createAction(historySchema, createHistoryEvent);
