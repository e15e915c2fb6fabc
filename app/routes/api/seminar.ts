import { itemAction } from "~/features/admin/admin-api.server";
import { deleteSeminar, seminarView, updateSeminar } from "~/features/seminars/seminars.server";
import { seminarPatchSchema } from "~/features/seminars/validation";
import { methodNotAllowed } from "~/lib/errors.server";

// PATCH and DELETE /api/seminars/{id} (administrators).
export const action = itemAction({
  patch: seminarPatchSchema,
  update: async (id, patch, audit) => seminarView(await updateSeminar(id, patch, audit)),
  remove: deleteSeminar,
});
export const loader = methodNotAllowed("PATCH, DELETE");
