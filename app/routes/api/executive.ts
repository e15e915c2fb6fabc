import { itemAction } from "~/features/admin/admin-api.server";
import { deleteExecutive, updateExecutive } from "~/features/executives/executives.server";
import { executivePatchSchema } from "~/features/executives/validation";
import { methodNotAllowed } from "~/lib/errors.server";

// PATCH and DELETE /api/executives/{id} (administrators).
export const action = itemAction({
  patch: executivePatchSchema,
  update: updateExecutive,
  remove: deleteExecutive,
});
export const loader = methodNotAllowed("PATCH, DELETE");
