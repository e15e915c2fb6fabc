import { createAction } from "~/features/admin/admin-api.server";
import { createHistoryEvent, listHistory } from "~/features/history/history.server";
import { historySchema } from "~/features/history/validation";
import { api } from "~/lib/errors.server";

export const loader = api(async () => {
  return Response.json(await listHistory());
});

// POST /api/history (administrators; beyond SPEC.md, the dashboard edits the timeline).
export const action = createAction(historySchema, createHistoryEvent);
