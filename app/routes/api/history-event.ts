import { deleteHistoryEvent, updateHistoryEvent } from "~/features/history/history.server";
import { historyPatchSchema } from "~/features/history/validation";
import { itemAction } from "~/lib/admin-api.server";
import { methodNotAllowed } from "~/lib/errors.server";

// PATCH and DELETE /api/history/{id} (administrators).
export const action = itemAction({
  patch: historyPatchSchema,
  update: updateHistoryEvent,
  remove: deleteHistoryEvent,
});
export const loader = methodNotAllowed("PATCH, DELETE");
