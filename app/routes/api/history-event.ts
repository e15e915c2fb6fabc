import { itemAction } from "~/features/admin/admin-api.server";
import { deleteHistoryEvent, updateHistoryEvent } from "~/features/history/history.server";
import { historyPatchSchema } from "~/features/history/validation";
import { methodNotAllowed } from "~/lib/errors.server";

// PATCH and DELETE /api/history/{id} (administrators).
export const action = itemAction({
  patch: historyPatchSchema,
  update: updateHistoryEvent,
  remove: deleteHistoryEvent,
});
export const loader = methodNotAllowed("PATCH, DELETE");
